import { href, Link } from "react-router";
import { CardActions } from "~/components/cards/card-actions";
import { MapPinIcon } from "~/components/icons";
import { CardPhoto } from "~/components/cards/card-photo";
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
    <article id={`ong-${organization.id}`} className="card flex flex-col" data-testid="organization-card">
      <Link to={path} className="relative block overflow-hidden rounded-t-xl">
        <CardPhoto src={organization.mainImageUrl} kind="organization" alt={organization.name} />
        <span className="badge absolute top-2 left-2 bg-white/95 text-slate-800">
          {labelOf(ORGANIZATION_TYPE_LABELS, organization.type)}
        </span>
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="font-semibold text-slate-900">
          <Link to={path} className="card-link hover:text-brand-700">
            {organization.name}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-slate-600">{organization.description}</p>
        <p className="text-xs font-medium text-brand-700">
          Área de atuação: {labelOf(ACTION_AREA_LABELS, organization.actionArea)}
        </p>
        <p className="mt-auto flex items-center gap-1 text-sm text-slate-500">
          <MapPinIcon width={14} height={14} className="shrink-0" /> {organization.location}
        </p>
      </div>
      <CardActions kind="organizations" id={organization.id} name={organization.name} path={path} anchor={`ong-${organization.id}`} />
    </article>
  );
}
