import type { Route } from "./+types/ongs";
import { OrganizationCard } from "~/components/cards/organization-card";
import { ListingPage } from "~/components/listing-page";
import { getDb } from "~/context.server";
import { pageCount, pageFromUrl } from "~/lib/pagination";
import { pluralize } from "~/lib/text";
import { listOrganizationsPage } from "~/models/listings.server";

export const meta: Route.MetaFunction = () => [
  { title: "Todas as ONGs | Patas Conectadas" },
  { name: "description", content: "ONGs, abrigos, protetores e voluntários da causa animal." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageFromUrl(new URL(request.url));
  return { ...(await listOrganizationsPage(getDb(context), page)), page };
}

export default function Ongs({ loaderData }: Route.ComponentProps) {
  const { items, total, page } = loaderData;
  return (
    <ListingPage
      title="Todas as ONGs"
      subtitle={pluralize(total, "organização", "organizações")}
      emptyMessage="Nenhuma organização encontrada."
      isEmpty={items.length === 0}
      page={page}
      totalPages={pageCount(total)}
    >
      {items.map((organization) => (
        <OrganizationCard key={organization.id} organization={organization} />
      ))}
    </ListingPage>
  );
}
