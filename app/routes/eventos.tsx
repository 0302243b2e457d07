import { href, Link } from "react-router";
import type { Route } from "./+types/eventos";
import { EventCard } from "~/components/cards/event-card";
import { CategoryLinks, categoryFromUrl } from "~/components/category-links";
import { ListingPage } from "~/components/listing-page";
import { getDb } from "~/context.server";
import { EVENT_CATEGORIES } from "~/db/schema";
import { brasiliaToday } from "~/lib/format";
import { EVENT_CATEGORY_LABELS } from "~/lib/labels";
import { pageCount, pageFromUrl } from "~/lib/pagination";
import { pluralize } from "~/lib/text";
import { cityKeep } from "~/lib/city-filter";
import { CityFilterForm, CityFilterNotice } from "~/components/city-filter";
import { listEventsPage } from "~/models/listings.server";
import { readCityFilter } from "~/services/city-filter.server";

export const meta: Route.MetaFunction = () => [
  { title: "Todos os Eventos | Patas Conectadas" },
  { name: "description", content: "Feiras de adoção, mutirões de castração e vacinação, e mais." },
];

// Upcoming events (from today on, Brasília) first; the past ones behind ?quando=passados;
// one category through ?categoria= (docs/decisions/0016); a city and radius through
// ?cidade= and ?raio= (docs/decisions/0032).
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const when = url.searchParams.get("quando") === "passados" ? "passados" : "proximos";
  const category = categoryFromUrl(url, EVENT_CATEGORIES);
  const db = getDb(context);
  const { city, area } = await readCityFilter(db, url);
  const page = await listEventsPage(db, pageFromUrl(url), { from: brasiliaToday(), when, category, area });
  return { ...page, when, category: category ?? null, city };
}

export default function Eventos({ loaderData }: Route.ComponentProps) {
  const { items, total, page, when, category, city } = loaderData;
  const past = when === "passados";
  const other = new URLSearchParams(cityKeep(city));
  if (!past) other.set("quando", "passados");
  if (category) other.set("categoria", category);
  const kept: Record<string, string> = {};
  if (past) kept.quando = "passados";
  if (category) kept.categoria = category;
  const otherQuery = other.toString();
  return (
    <ListingPage
      title={past ? "Eventos passados" : "Todos os Eventos"}
      subtitle={past ? pluralize(total, "evento realizado", "eventos realizados") : pluralize(total, "evento agendado", "eventos agendados")}
      emptyMessage="Nenhum evento encontrado no momento."
      isEmpty={items.length === 0}
      page={page}
      totalPages={pageCount(total)}
      filters={
        <>
          <CityFilterForm city={city} keep={kept} />
          <CityFilterNotice city={city} />
          <Link to={`${href("/eventos")}${otherQuery ? `?${otherQuery}` : ""}`} className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
            {past ? "Ver próximos eventos" : "Ver eventos passados"}
          </Link>
          <CategoryLinks
            basePath={href("/eventos")}
            categories={EVENT_CATEGORIES}
            labels={EVENT_CATEGORY_LABELS}
            current={category}
            q=""
            keep={{ ...(past ? { quando: "passados" } : {}), ...cityKeep(city) }}
          />
        </>
      }
    >
      {items.map((event) => (
        <EventCard key={event.id} event={event} />
      ))}
    </ListingPage>
  );
}
