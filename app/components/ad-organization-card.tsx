// The NGO behind an ad (docs/decisions/0047): an ad an NGO posted shows who stands behind
// it, with its logo, name and city and the way to its page, where a small grey link was.
import { href, Link } from "react-router";
import { SafeImage } from "~/components/safe-image";

export interface AdOrganizationData {
  id: number;
  name: string;
  location: string;
  mainImageUrl: string | null;
}

export function AdOrganizationCard({ organization }: { organization: AdOrganizationData }) {
  const path = href("/ong/:id", { id: String(organization.id) });
  return (
    <section
      aria-labelledby="ong-do-anuncio"
      className="flex items-center gap-3 rounded-xl border border-slate-200 p-3"
      data-testid="ad-organization"
    >
      {/* The name beside it says what the logo is. */}
      <SafeImage
        src={organization.mainImageUrl}
        kind="organization"
        alt=""
        width={64}
        height={64}
        variant="card"
        copyAsSource
        className="h-16 w-16 shrink-0 rounded-full bg-slate-100 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Anunciado por</p>
        <h2 id="ong-do-anuncio" className="font-semibold text-slate-900">
          <Link to={path} className="tap-link text-brand-700 underline">
            {organization.name}
          </Link>
        </h2>
        <p className="icon-pin flex items-center gap-1 text-sm text-slate-600">{organization.location}</p>
      </div>
    </section>
  );
}
