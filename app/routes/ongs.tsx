import type { Route } from "./+types/ongs";
import { OrganizationCard } from "~/components/cards/organization-card";
import { ListingPage } from "~/components/listing-page";
import { ListingSearch } from "~/components/listing-search";
import { getDb } from "~/context.server";
import { pageCount, pageFromUrl } from "~/lib/pagination";
import { pluralize } from "~/lib/text";
import { cleanSearchText } from "~/lib/search-text";
import { listOrganizationsPage } from "~/models/listings.server";

export const meta: Route.MetaFunction = () => [
  { title: "Todas as ONGs | Patas Conectadas" },
  { name: "description", content: "ONGs, abrigos, protetores e voluntários da causa animal." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = cleanSearchText(url.searchParams.get("q"));
  // `page` comes back from the model: a page past the last one is served as the last.
  return { ...(await listOrganizationsPage(getDb(context), pageFromUrl(url), q)), q };
}

export default function Ongs({ loaderData }: Route.ComponentProps) {
  const { items, total, page, q } = loaderData;
  return (
    <ListingPage
      title="Todas as ONGs"
      subtitle={pluralize(total, "organização", "organizações")}
      emptyMessage="Nenhuma organização encontrada."
      isEmpty={items.length === 0}
      page={page}
      totalPages={pageCount(total)}
      filters={<ListingSearch q={q} placeholder="Buscar ONGs e voluntários..." />}
    >
      {items.map((organization) => (
        <OrganizationCard key={organization.id} organization={organization} />
      ))}
    </ListingPage>
  );
}
