import { href } from "react-router";
import { CardPhoto } from "~/components/cards/card-photo";
import { HighlightBadge, ItemCard, PlaceLine } from "~/components/cards/item-card";
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
  /** From the city the visitor gave, when a list was filtered by one (docs/decisions/0041). */
  distanceKm?: number | null;
}

export function ClinicCard({ clinic }: { clinic: ClinicCardData }) {
  const path = href("/clinica/:id", { id: String(clinic.id) });
  return (
    <ItemCard
      anchor={`clinica-${clinic.id}`}
      testId="clinic-card"
      kind="clinics"
      id={clinic.id}
      name={clinic.name}
      path={path}
      photo={<CardPhoto src={clinic.mainImageUrl} kind="clinic" alt="" />}
      badges={
        <>
          <span className="badge bg-white/95 text-slate-800">{labelOf(CLINIC_CATEGORY_LABELS, clinic.category)}</span>
          <HighlightBadge shown={clinic.highlighted} />
        </>
      }
    >
      <p className="[overflow-wrap:anywhere]">{clinic.address || `Endereço não informado - ${clinic.location}`}</p>
      {clinic.hasHomeService ? <p className="text-xs font-medium text-emerald-700">Atendimento a domicílio</p> : null}
      <PlaceLine location={clinic.location} distanceKm={clinic.distanceKm} />
    </ItemCard>
  );
}
