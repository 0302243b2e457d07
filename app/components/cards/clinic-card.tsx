import { href, Link } from "react-router";
import { CardActions } from "~/components/cards/card-actions";
import { MapPinIcon } from "~/components/icons";
import { CardPhoto } from "~/components/cards/card-photo";
import { CLINIC_CATEGORY_LABELS, labelOf } from "~/lib/labels";

export interface ClinicCardData {
  id: number;
  name: string;
  category: string;
  location: string;
  address: string | null;
  hasHomeService: boolean;
  mainImageUrl: string | null;
  /** A Premium company's clinic on /clinicas (docs/decisions/0015). */
  highlighted?: boolean;
}

export function ClinicCard({ clinic }: { clinic: ClinicCardData }) {
  const path = href("/clinica/:id", { id: String(clinic.id) });
  return (
    <article id={`clinica-${clinic.id}`} className="card flex flex-col" data-testid="clinic-card">
      <Link to={path} className="relative block overflow-hidden rounded-t-xl">
        <CardPhoto src={clinic.mainImageUrl} kind="clinic" alt={clinic.name} />
        <span className="badge absolute top-2 left-2 bg-white/95 text-slate-800">
          {labelOf(CLINIC_CATEGORY_LABELS, clinic.category)}
        </span>
        {clinic.highlighted ? (
          <span className="badge absolute top-2 right-2 bg-amber-400 text-amber-950" data-testid="destaque">
            Destaque
          </span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="font-semibold text-slate-900">
          <Link to={path} className="card-link hover:text-brand-700">
            {clinic.name}
          </Link>
        </h3>
        <p className="text-sm text-slate-600">
          {clinic.address || `Endereço não informado - ${clinic.location}`}
        </p>
        {clinic.hasHomeService ? (
          <p className="text-xs font-medium text-emerald-700">Atendimento a domicílio</p>
        ) : null}
        <p className="mt-auto flex items-center gap-1 text-sm text-slate-500">
          <MapPinIcon width={14} height={14} className="shrink-0" /> {clinic.location}
        </p>
      </div>
      <CardActions kind="clinics" id={clinic.id} name={clinic.name} path={path} anchor={`clinica-${clinic.id}`} />
    </article>
  );
}
