import { href, Link } from "react-router";
import { CardActions } from "~/components/cards/card-actions";
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
    <article id={`clinica-${clinic.id}`} className="item-card" data-testid="clinic-card">
      <CardPhoto bare src={clinic.mainImageUrl} kind="clinic" alt="" />
      <span className="badge bg-white/95 text-slate-800">{labelOf(CLINIC_CATEGORY_LABELS, clinic.category)}</span>
      {clinic.highlighted ? (
        <span className="badge absolute top-2 right-2 bg-amber-400 text-amber-950" data-testid="destaque">
          Destaque
        </span>
      ) : null}
      <h3>
        <Link to={path}>
          {clinic.name}
        </Link>
      </h3>
      <p >{clinic.address || `Endereço não informado - ${clinic.location}`}</p>
      {clinic.hasHomeService ? <p className="text-xs font-medium text-emerald-700">Atendimento a domicílio</p> : null}
      <p className="icon-pin">{clinic.location}</p>
      <CardActions kind="clinics" id={clinic.id} name={clinic.name} path={path} anchor={`clinica-${clinic.id}`} />
    </article>
  );
}
