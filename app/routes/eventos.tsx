import type { Route } from "./+types/eventos";
import { EventCard } from "~/components/cards/event-card";
import { ListingPage } from "~/components/listing-page";
import { getDb } from "~/context.server";
import { brasiliaNow } from "~/lib/format";
import { pageCount, pageFromUrl } from "~/lib/pagination";
import { pluralize } from "~/lib/text";
import { listUpcomingEventsPage } from "~/models/listings.server";

export const meta: Route.MetaFunction = () => [
  { title: "Todos os Eventos | Patas Conectadas" },
  { name: "description", content: "Feiras de adoção, mutirões de castração e vacinação, e mais." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return listUpcomingEventsPage(getDb(context), pageFromUrl(new URL(request.url)), brasiliaNow());
}

export default function Eventos({ loaderData }: Route.ComponentProps) {
  const { items, total, page } = loaderData;
  return (
    <ListingPage
      title="Todos os Eventos"
      subtitle={pluralize(total, "evento agendado", "eventos agendados")}
      emptyMessage="Nenhum evento encontrado no momento."
      isEmpty={items.length === 0}
      page={page}
      totalPages={pageCount(total)}
    >
      {items.map((event) => (
        <EventCard key={event.id} event={event} />
      ))}
    </ListingPage>
  );
}
