import { href, Link } from "react-router";
import type { Route } from "./+types/eventos";
import { EventCard } from "~/components/cards/event-card";
import { CategoryLinks } from "~/components/category-links";
import { categoryFromUrl } from "~/lib/category";
import { ListingPage } from "~/components/listing-page";
import { getDb } from "~/context.server";
import { EVENT_CATEGORIES } from "~/db/values";
import { brasiliaToday, weekendRange } from "~/lib/format";
import { EVENT_CATEGORY_LABELS } from "~/lib/labels";
import { pageCount, pageFromUrl } from "~/lib/pagination";
import { pluralize } from "~/lib/text";
import { cityKeep } from "~/lib/city-filter";
import { ListingSearch } from "~/components/listing-search";
import { listEventsPage } from "~/models/listings.server";
import { readCityFilter } from "~/services/city-filter.server";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { pagePolicy, radiusAsRead } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({
  light: true,
  cache: { params: { quando: "first", categoria: "first", cidade: "first", raio: radiusAsRead, page: "first" }, lists: ["event"] },
});
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export const meta: Route.MetaFunction = () => [
  { title: "Todos os Eventos | Patas Conectadas" },
  { name: "description", content: "Feiras de adoção, mutirões de castração e vacinação, e mais." },
];

const WHEN = ["proximos", "fim-de-semana", "passados"] as const;
type When = (typeof WHEN)[number];

// Upcoming events (from today on, Brasília) first; this weekend's behind
// ?quando=fim-de-semana (docs/decisions/0033); the past ones behind
// ?quando=passados; one category through ?categoria= (docs/decisions/0016); a city and
// radius through ?cidade= and ?raio= (docs/decisions/0032).
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const when: When = WHEN.find((w) => w === url.searchParams.get("quando")) ?? "proximos";
  const category = categoryFromUrl(url, EVENT_CATEGORIES);
  const db = getDb(context);
  const { city, area } = await readCityFilter(db, url);
  const today = brasiliaToday();
  const range = when === "fim-de-semana" ? weekendRange(today) : { from: today, before: undefined };
  const page = await listEventsPage(db, pageFromUrl(url), {
    from: range.from,
    before: range.before,
    when: when === "passados" ? "passados" : "proximos",
    category,
    area,
  });
  return { ...page, when, category: category ?? null, city };
}

const WHEN_LINKS: { when: When; label: string }[] = [
  { when: "proximos", label: "Próximos" },
  { when: "fim-de-semana", label: "Este fim de semana" },
  { when: "passados", label: "Passados" },
];

export default function Eventos({ loaderData }: Route.ComponentProps) {
  const { items, total, page, when, category, city } = loaderData;
  const past = when === "passados";
  const hrefWhen = (value: When) => {
    const params = new URLSearchParams(cityKeep(city));
    if (value !== "proximos") params.set("quando", value);
    if (category) params.set("categoria", category);
    const query = params.toString();
    return `${href("/eventos")}${query ? `?${query}` : ""}`;
  };
  const kept: Record<string, string> = {};
  if (when !== "proximos") kept.quando = when;
  if (category) kept.categoria = category;
  return (
    <ListingPage
      title={past ? "Eventos passados" : when === "fim-de-semana" ? "Eventos deste fim de semana" : "Todos os Eventos"}
      subtitle={
        past ? pluralize(total, "evento realizado", "eventos realizados") : pluralize(total, "evento agendado", "eventos agendados")
      }
      emptyMessage="Nenhum evento encontrado no momento."
      isEmpty={items.length === 0}
      page={page}
      totalPages={pageCount(total)}
      filters={
        // 'Quando' and the category are links: they sit in 'Filtros' with the distance.
        <ListingSearch city={city} keep={kept} submit="Filtrar" active={Object.keys(kept).length}>
          <nav aria-label="Quando">
            <ul className="flex flex-wrap gap-2">
              {WHEN_LINKS.map((link) => (
                <li key={link.when}>
                  <Link
                    to={hrefWhen(link.when)}
                    aria-current={link.when === when ? "page" : undefined}
                    className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
                      link.when === when
                        ? "border-brand-600 bg-brand-600 text-white"
                        : "border-slate-300 bg-white text-slate-700 hover:border-brand-500"
                    }`}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <CategoryLinks
            basePath={href("/eventos")}
            categories={EVENT_CATEGORIES}
            labels={EVENT_CATEGORY_LABELS}
            current={category}
            q=""
            keep={{ ...(when !== "proximos" ? { quando: when } : {}), ...cityKeep(city) }}
          />
        </ListingSearch>
      }
    >
      {items.map((event) => (
        <EventCard key={event.id} event={event} />
      ))}
    </ListingPage>
  );
}
