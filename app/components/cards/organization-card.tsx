import { href } from "react-router";
import { CardPhoto } from "~/components/cards/card-photo";
import { ItemCard, PlaceLine } from "~/components/cards/item-card";
import { excerpt } from "~/lib/text";
import { ACTION_AREA_LABELS, labelOf, ORGANIZATION_TYPE_LABELS } from "~/lib/labels";

export interface OrganizationCardData {
  id: number;
  name: string;
  type: string;
  actionArea: string;
  location: string;
  description: string;
  mainImageUrl: string | null;
  /** From the city the visitor gave, when a list was filtered by one (docs/decisions/0041). */
  distanceKm?: number | null;
}

export function OrganizationCard({ organization }: { organization: OrganizationCardData }) {
  const path = href("/ong/:id", { id: String(organization.id) });
  return (
    <ItemCard
      anchor={`ong-${organization.id}`}
      testId="organization-card"
      kind="organizations"
      id={organization.id}
      name={organization.name}
      path={path}
      photo={<CardPhoto src={organization.mainImageUrl} kind="organization" alt="" />}
      badges={<span className="badge bg-white/95 text-slate-800">{labelOf(ORGANIZATION_TYPE_LABELS, organization.type)}</span>}
    >
      {/* Two lines show: the rest of a long description stays on the ONG's page. */}
      <p className="line-clamp-2">{excerpt(organization.description, 160)}</p>
      <p className="text-xs font-medium text-brand-700">{`Área de atuação: ${labelOf(ACTION_AREA_LABELS, organization.actionArea)}`}</p>
      <PlaceLine location={organization.location} distanceKm={organization.distanceKm} />
    </ItemCard>
  );
}
