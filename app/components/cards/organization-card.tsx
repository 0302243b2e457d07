import { href, Link } from "react-router";
import { CardActions } from "~/components/cards/card-actions";
import { CardPhoto } from "~/components/cards/card-photo";
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
}

export function OrganizationCard({ organization }: { organization: OrganizationCardData }) {
  const path = href("/ong/:id", { id: String(organization.id) });
  return (
    <article id={`ong-${organization.id}`} className="item-card" data-testid="organization-card">
      <CardPhoto bare src={organization.mainImageUrl} kind="organization" alt="" />
      <span className="badge bg-white/95 text-slate-800">{labelOf(ORGANIZATION_TYPE_LABELS, organization.type)}</span>
      <h3>
        <Link to={path}>
          {organization.name}
        </Link>
      </h3>
      {/* Two lines show: the rest of a long description stays on the ONG's page. */}
      <p className="line-clamp-2">{excerpt(organization.description, 160)}</p>
      <p className="text-xs font-medium text-brand-700">
        {`Área de atuação: ${labelOf(ACTION_AREA_LABELS, organization.actionArea)}`}
      </p>
      <p className="icon-pin">{organization.location}</p>
      <CardActions kind="organizations" id={organization.id} name={organization.name} path={path} anchor={`ong-${organization.id}`} />
    </article>
  );
}
