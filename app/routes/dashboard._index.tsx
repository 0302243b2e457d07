import { href, Link } from "react-router";
import type { Route } from "./+types/dashboard._index";
import { SafeImage } from "~/components/safe-image";
import { getActivityDb, getDb } from "~/context.server";
import { daysBefore } from "~/lib/ad-lifecycle";
import { labelOf, PET_STATUS_LABELS } from "~/lib/labels";
import { pluralize } from "~/lib/text";
import { listMyOpenAds, type MyOpenAd } from "~/models/my-ads.server";
import { guardedAccount } from "~/platform/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Visão geral | Patas Conectadas" }];

/**
 * "New" sightings and matches are those that arrived in the last 7 days: nothing records
 * when the owner last looked, and a GET that wrote it would make every visit a write
 * (docs/decisions/0033 §8).
 */
const NEW_WITHIN_DAYS = 7;

// Visão geral (docs/decisions/0033 §8): the owner's open ads with their sightings
// and matches, in one query; the profile form is in /dashboard/perfil.
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const ads = await listMyOpenAds(getDb(context), getActivityDb(context), user.id, daysBefore(new Date(), NEW_WITHIN_DAYS));
  return { ads };
}

export default function VisaoGeral({ loaderData }: Route.ComponentProps) {
  const { ads } = loaderData;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="meus-anuncios" className="text-xl font-bold text-slate-900">
        Meus anúncios abertos
      </h2>
      {ads.length === 0 ? (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center">
          <p className="text-slate-600">Você não tem nenhum anúncio aberto.</p>
          <Link to={href("/cadastrar-pet")} className="btn btn-primary mt-4">
            Anunciar um pet
          </Link>
        </div>
      ) : (
        <ul aria-labelledby="meus-anuncios" className="mt-4 space-y-3">
          {ads.map((ad) => (
            <OpenAd key={ad.id} ad={ad} />
          ))}
        </ul>
      )}
      <nav aria-label="Atalhos" className="mt-5 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        {ads.length > 0 ? (
          <Link to={href("/cadastrar-pet")} className="btn btn-primary">
            Anunciar um pet
          </Link>
        ) : null}
        <Link to={href("/dashboard/favoritos/:tipo?")} className="btn btn-outline">
          Ver favoritos
        </Link>
        <Link to={href("/dashboard/alertas")} className="btn btn-outline">
          Ver alertas
        </Link>
      </nav>
    </div>
  );
}

function OpenAd({ ad }: { ad: MyOpenAd }) {
  const page = href("/pet/:id", { id: String(ad.id) });
  const lost = ad.status === "perdido";
  return (
    <li className="flex gap-3 rounded-lg border border-slate-200 p-3" data-testid="meu-anuncio">
      <SafeImage
        src={ad.mainImageUrl}
        kind="pet"
        variant="card"
        alt=""
        width={64}
        height={64}
        sizes="64px"
        className="size-16 shrink-0 rounded-lg object-cover"
      />
      <div className="min-w-0 flex-1 text-sm">
        <h3 className="text-base font-semibold text-slate-900">
          <Link to={page} className="tap-link hover:text-brand-700 hover:underline">
            {ad.title}
          </Link>
        </h3>
        <p className="text-slate-600">
          {labelOf(PET_STATUS_LABELS, ad.status)}
          {ad.listed ? null : (
            <>
              {" · fora da busca: "}
              <Link to={href("/dashboard/pets")} className="font-medium text-brand-700 underline">
                renovar em Meus Pets
              </Link>
            </>
          )}
        </p>
        {lost || ad.sightings > 0 ? (
          <Count
            total={ad.sightings}
            fresh={ad.newSightings}
            to={`${page}#avistamentos`}
            words={["avistamento", "avistamentos"]}
            none="Nenhum avistamento ainda"
            freshWords={["novo", "novos"]}
            testId="avistamentos-do-anuncio"
          />
        ) : null}
        {lost ? (
          <Count
            total={ad.matches}
            fresh={ad.newMatches}
            to={`${page}#correspondencias`}
            words={["possível correspondência", "possíveis correspondências"]}
            none="Nenhuma correspondência ainda"
            freshWords={["nova", "novas"]}
            testId="correspondencias-do-anuncio"
          />
        ) : null}
      </div>
    </li>
  );
}

/** "2 avistamentos · 1 novo nos últimos 7 dias", linked to the ad's section. */
function Count({
  total,
  fresh,
  to,
  words,
  none,
  freshWords,
  testId,
}: {
  total: number;
  fresh: number;
  to: string;
  words: [string, string];
  none: string;
  freshWords: [string, string];
  testId: string;
}) {
  if (total === 0) {
    return (
      <p className="mt-1 text-slate-500" data-testid={testId}>
        {none}
      </p>
    );
  }
  return (
    <p className="mt-1" data-testid={testId}>
      <Link to={to} className="tap-link font-semibold text-brand-700 underline">
        {pluralize(total, ...words)}
      </Link>
      {fresh > 0 ? (
        <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          {pluralize(fresh, ...freshWords)} nos últimos {NEW_WITHIN_DAYS} dias
        </span>
      ) : null}
    </p>
  );
}
