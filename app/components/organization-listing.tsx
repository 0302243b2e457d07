// The organizations listing shared by /ongs and /ver-ongs (docs/decisions/0016).
import { OrganizationCard, type OrganizationCardData } from "~/components/cards/organization-card";
import { CategoryLinks } from "~/components/category-links";
import { ListingPage } from "~/components/listing-page";
import { ListingSearch } from "~/components/listing-search";
import { type CityFilterState, cityKeep } from "~/lib/city-filter";
import { ORGANIZATION_TYPES } from "~/db/values";
import { ORGANIZATION_TYPE_LABELS } from "~/lib/labels";
import { pageCount } from "~/lib/pagination";
import { pluralize } from "~/lib/text";
import { type PageCachePolicy, radiusAsRead } from "~/lib/page-policy";

/** How the edge cache keeps the listing (docs/decisions/0019): its filters, purged by a write to an organization. */
export const ORGANIZATION_LISTING_CACHE: PageCachePolicy = {
  params: { q: "first", categoria: "first", cidade: "first", raio: radiusAsRead, page: "first" },
  lists: ["organization"],
};

/** The listing's title and description, under either URL. */
export const ORGANIZATION_LISTING_META = [
  { title: "Todas as ONGs | Patas Conectadas" },
  { name: "description", content: "ONGs, abrigos, protetores e voluntários da causa animal." },
];

export function OrganizationListing({
  basePath,
  items,
  total,
  totalCapped,
  page,
  q,
  type,
  city,
}: {
  basePath: string;
  items: OrganizationCardData[];
  total: number;
  /** The filtered count stopped at its cap (docs/decisions/0017): "mais de 1.200". */
  totalCapped: boolean;
  page: number;
  q: string;
  type: string | null;
  /** `?cidade=` + `?raio=` (docs/decisions/0032). */
  city: CityFilterState;
}) {
  return (
    <ListingPage
      title="Todas as ONGs"
      subtitle={`${totalCapped ? "mais de " : ""}${pluralize(total, "organização", "organizações")}`}
      emptyMessage="Nenhuma organização encontrada."
      isEmpty={items.length === 0}
      page={page}
      totalPages={pageCount(total)}
      filters={
        <ListingSearch
          q={q}
          placeholder="Buscar ONGs e voluntários..."
          keep={type ? { categoria: type } : {}}
          city={city}
          active={type ? 1 : 0}
        >
          <CategoryLinks
            basePath={basePath}
            categories={ORGANIZATION_TYPES}
            labels={ORGANIZATION_TYPE_LABELS}
            current={type}
            q={q}
            keep={cityKeep(city)}
          />
        </ListingSearch>
      }
    >
      {items.map((organization) => (
        <OrganizationCard key={organization.id} organization={organization} />
      ))}
    </ListingPage>
  );
}
