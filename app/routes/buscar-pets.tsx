import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/buscar-pets";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { pagePolicy, radiusAsRead } from "~/lib/page-policy";
import { PetCard } from "~/components/cards/pet-card";
import { ResultsSection } from "~/components/listing-page";
import { getDb } from "~/context.server";
import { SEARCH_CATEGORIES } from "~/lib/labels";
import { PAGE_SIZE } from "~/lib/pagination";
import {
  FILTER_GROUPS,
  filterLabel,
  ftsQuery,
  parsePetSearch,
  type PetSearchCriteria,
  resultCountLabel,
  type SearchCursor,
  searchHref,
  searchTerms,
} from "~/lib/pet-search";
import { brasiliaNow, formatLongDateTime } from "~/lib/format";
import { upcomingEventsMatchingQuery } from "~/models/events.server";
import { readRadius } from "~/lib/place-names";
import { cleanSearchText } from "~/lib/search-text";
import { pluralize } from "~/lib/text";
import { RELEVANCE_POOL, searchPets } from "~/models/pet-search.server";
import { SavedSearchBox } from "~/components/saved-search-form";
import { CityFilterNotice, RadiusField } from "~/components/city-filter";
import { FiltersPanel, SearchLine } from "~/components/listing-search";
import { CategorySelect } from "~/components/search-bar";
import { PetFilters } from "~/components/pet-filters";
import { describeCriteria, normaliseCriteria } from "~/lib/saved-search";
import { readCityFilter } from "~/services/city-filter.server";
import { nearbyOrganizationsOffer } from "~/services/nearby-organizations.server";
import { NearbyOrganizations } from "~/components/nearby-organizations";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({
  light: true,
  cache: {
    params: {
      q: "first",
      // Old links' city; the page redirects it to `cidade` (docs/decisions/0032).
      location: "first",
      cidade: "first",
      raio: radiusAsRead,
      category: "first",
      filter: "all",
      order: "first",
      view: "first",
      page: "first",
      depois: "first",
      vistas: "first",
      encerrados: "first",
    },
    lists: ["pet"],
  },
});
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export const meta: Route.MetaFunction = () => [
  { title: "Buscar Pets | Patas Conectadas" },
  { name: "description", content: "Busque pets perdidos, encontrados e para adoção perto de você." },
];

/** Events offered when a search finds no pet. */
const EVENTS_WHEN_NO_PET = 3;

// Categories that are not pets live on their own listing pages, which read the same
// `cidade` and `raio` (docs/decisions/0032); all but the events take the text as `q`.
const CATEGORY_PAGES: Record<string, { path: string; takesText: boolean }> = {
  ongs: { path: "/ongs", takesText: true },
  produtos: { path: "/produtos", takesText: true },
  clinicas: { path: "/clinicas", takesText: true },
  eventos: { path: "/eventos", takesText: false },
};

/** The home search sent to a listing page: its text, city and radius (0 is the default). */
function categoryPageHref(page: { path: string; takesText: boolean }, params: URLSearchParams): string {
  const kept = new URLSearchParams();
  const q = page.takesText ? cleanSearchText(params.get("q")) : "";
  if (q) kept.set("q", q);
  const city = (params.get("cidade") ?? "").trim();
  if (city) {
    kept.set("cidade", city);
    const radius = readRadius(params.get("raio"));
    if (radius) kept.set("raio", String(radius));
  }
  return kept.size ? `${page.path}?${kept}` : page.path;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const elsewhere = CATEGORY_PAGES[url.searchParams.get("category") ?? ""];
  if (elsewhere) throw redirect(categoryPageHref(elsewhere, url.searchParams));
  // Old links named one of four cities (`?location=São Paulo`): the same search by `cidade`.
  if (url.searchParams.has("location") && !url.searchParams.has("cidade")) {
    const params = new URLSearchParams(url.search);
    params.set("cidade", params.get("location") ?? "");
    params.delete("location");
    throw redirect(`${href("/buscar-pets")}?${params}`, 301);
  }
  const db = getDb(context);
  const criteria = parsePetSearch(url);
  // Any municipality, and a radius around it (docs/decisions/0032, Search): only a city
  // that resolves filters; a name in several states or an unknown one gets a notice.
  const { city, area } = await readCityFilter(db, url);
  let placeLabel: string | undefined;
  let place: { code: number; label: string; param: string } | null = null;
  if (city.state === "found" && area) {
    place = { code: area.code, label: city.label, param: city.param };
    criteria.area = area;
    criteria.city = city.param;
    placeLabel = city.label;
  }
  const { page, after, ...result } = await searchPets(db, criteria, PAGE_SIZE);
  // No pet, but words: maybe an event was meant ('feira de adoção'; docs/decisions/0033 §6).
  const words = searchTerms(criteria.q).phrases;
  const [events, nearbyOrganizations] = await Promise.all([
    result.items.length === 0 && words.length
      ? upcomingEventsMatchingQuery(db, { from: brasiliaNow(), words, limit: EVENTS_WHEN_NO_PET })
      : [],
    // No pet for adoption in the city: the NGOs near it (docs/decisions/0047).
    result.matching === 0 && criteria.category === "adocao" && place ? nearbyOrganizationsOffer(db, place) : null,
  ]);
  // A cursor or page past the end was served as another page: links and badges follow it.
  // With text, "Mais relevantes" ranks only the newest matches: the page says so.
  const relevancePool = criteria.order === "relevantes" && ftsQuery(criteria) ? RELEVANCE_POOL : null;
  // 'Avise-me' saves these criteria (docs/decisions/0026).
  const saved = normaliseCriteria(searchHref(criteria, {}).replace(/^[^?]*/, ""));
  return {
    ...result,
    events,
    nearbyOrganizations,
    relevancePool,
    city,
    criteria: { ...criteria, page, after },
    saved: { criteria: saved, description: describeCriteria(saved, { placeLabel }) },
  };
}

function Badges({ criteria, placeLabel }: { criteria: PetSearchCriteria; placeLabel: string | null }) {
  const badges: { label: string; href: string }[] = [];
  if (criteria.q) badges.push({ label: `"${criteria.q}"`, href: searchHref(criteria, { remove: { key: "q" } }) });
  if (placeLabel) {
    const label = criteria.radius ? `${placeLabel} e até ${criteria.radius} km` : placeLabel;
    badges.push({ label, href: searchHref(criteria, { remove: { key: "city" } }) });
  }
  if (criteria.category) {
    const label = SEARCH_CATEGORIES.find((c) => c.value === criteria.category)?.label ?? criteria.category;
    badges.push({ label, href: searchHref(criteria, { remove: { key: "category" } }) });
  }
  for (const group of FILTER_GROUPS) {
    for (const value of criteria.filters[group.key]) {
      badges.push({ label: filterLabel(value), href: searchHref(criteria, { remove: { filter: value } }) });
    }
  }
  if (badges.length === 0) return null;
  return (
    // One line on a phone, scrolled sideways, so the results stay on the first screen; wrapped from sm up.
    <div role="group" className="flex items-center gap-2 overflow-x-auto sm:flex-wrap" aria-label="Filtros ativos">
      {badges.map((badge) => (
        <Link
          key={badge.href + badge.label}
          to={badge.href}
          className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full bg-brand-100 px-3 text-sm font-medium whitespace-nowrap text-brand-800 hover:bg-brand-200"
          aria-label={`Remover filtro ${badge.label}`}
        >
          {badge.label} <span aria-hidden="true">×</span>
        </Link>
      ))}
      <Link
        to="/buscar-pets"
        className="inline-flex min-h-11 shrink-0 items-center text-sm font-semibold whitespace-nowrap text-slate-600 underline hover:text-slate-900"
      >
        Limpar filtros
      </Link>
    </div>
  );
}

/**
 * Keyset pages (docs/decisions/0017): "Próxima" carries the last card (`?depois=`), so a
 * deep page reads one page of rows; plain links, so paging works without JavaScript.
 */
function SearchPages({ criteria, next }: { criteria: PetSearchCriteria; next: SearchCursor | null }) {
  const first = !criteria.after && criteria.page <= 1;
  if (first && !next) return null;
  const item = "grid h-11 place-items-center rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50";
  return (
    <nav aria-label="Paginação" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {first ? null : (
        <Link to={searchHref(criteria, {})} className={item}>
          Primeira página
        </Link>
      )}
      {next ? (
        <Link to={searchHref(criteria, { set: { after: next } })} rel="next" className={item}>
          Próxima
        </Link>
      ) : null}
    </nav>
  );
}

/** Upcoming events whose text holds the searched words, under an empty pet search. */
function MatchingEvents({ events }: { events: { id: number; title: string; date: string; location: string | null }[] }) {
  return (
    <section aria-labelledby="eventos-da-busca" className="mt-6 text-left">
      <h3 id="eventos-da-busca" className="font-semibold text-slate-900">
        Procurando um evento? Estes combinam com a sua busca:
      </h3>
      <ul className="mt-2 divide-y divide-slate-200">
        {events.map((event) => (
          <li key={event.id}>
            <Link to={href("/evento/:id", { id: String(event.id) })} className="block py-3 hover:bg-slate-50">
              <span className="block font-medium text-brand-700 underline">{event.title}</span>
              <span className="block text-sm text-slate-600">
                {formatLongDateTime(event.date)}
                {event.location ? ` · ${event.location}` : ""}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={href("/eventos")} className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline">
        Ver todos os eventos
      </Link>
    </section>
  );
}

const SEARCH_FORM = "busca-pets";

export default function BuscarPets({ loaderData }: Route.ComponentProps) {
  const { items, events, nearbyOrganizations, matching, matchingCapped, total, next, relevancePool, city, criteria, saved } = loaderData;
  const count = resultCountLabel(matching, matchingCapped, criteria.category);
  // What 'Filtros' holds: everything but the words and the city, which are on the line.
  const activeFilters =
    (criteria.radius ? 1 : 0) +
    (criteria.category ? 1 : 0) +
    Object.values(criteria.filters).flat().length +
    (criteria.order !== "recentes" ? 1 : 0) +
    (criteria.includeClosed ? 1 : 0);
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold text-slate-900">Buscar Pets</h1>
      {/* One GET form: the line (words, city, button), and the sidebar's controls through
          form="busca-pets". The results stay outside it: every card holds its own form
          (favourite), and forms cannot nest. With JavaScript, the light page's script applies
          a ticked box or a new choice at once (docs/decisions/0042); without it, 'Aplicar' does. */}
      <div data-submit-on-change="">
        <Form id={SEARCH_FORM} method="get" action="/buscar-pets" role="search" className="mt-4">
          <input type="hidden" name="view" value={criteria.view} />
          <SearchLine
            idPrefix="busca"
            query={{ value: criteria.q, placeholder: "Estou procurando...", label: "O que você procura" }}
            city={city}
            submit="Buscar"
          />
        </Form>
        <CityFilterNotice city={city} />

        <div className="mt-3 grid grid-cols-1 gap-3 md:mt-6 md:grid-cols-[15rem_1fr] md:gap-6">
          <aside aria-label="Filtros" className="h-fit md:rounded-xl md:border md:border-slate-200 md:p-4">
            {/* Closed on phones so the results come first (docs/decisions/0033), unless the
                search found nothing with one of these on: then they are what to loosen. */}
            <FiltersPanel active={activeFilters} open={items.length === 0 && activeFilters > 0}>
              <RadiusField radius={criteria.radius} id="busca-raio" form={SEARCH_FORM} />
              <div>
                <CategorySelect
                  value={criteria.category}
                  form={SEARCH_FORM}
                  labelClassName="mb-1 block text-sm font-semibold text-slate-900"
                />
              </div>
              <PetFilters filters={criteria.filters} form={SEARCH_FORM}>
                {/* Closed and expired ads are out of the search by default (docs/decisions/0023). */}
                <label className="check-label text-sm text-slate-700">
                  <input
                    type="checkbox"
                    form={SEARCH_FORM}
                    name="encerrados"
                    value="1"
                    defaultChecked={criteria.includeClosed}
                    className="accent-brand-600"
                  />
                  Mostrar casos encerrados
                </label>
                <div>
                  <label htmlFor="busca-order" className="mb-1 block text-sm font-semibold text-slate-900">
                    Ordenar por
                  </label>
                  <select id="busca-order" form={SEARCH_FORM} name="order" defaultValue={criteria.order} className="input">
                    <option value="recentes">Mais recentes</option>
                    <option value="relevantes">Mais relevantes</option>
                  </select>
                </div>
                <button type="submit" form={SEARCH_FORM} className="btn btn-outline w-full">
                  Aplicar
                </button>
              </PetFilters>
            </FiltersPanel>
          </aside>

          {/* min-w-0: the badges' line scrolls inside the column instead of widening it. */}
          <ResultsSection className="min-w-0 space-y-4">
            <Badges criteria={criteria} placeLabel={city.state === "found" ? city.label : null} />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-slate-600" aria-live="polite">
                {count} entre {pluralize(total, "anúncio", "anúncios")}
              </p>
              <nav aria-label="Visualização" className="flex gap-1 rounded-lg bg-slate-100 p-1 text-sm">
                {(["grade", "lista"] as const).map((view) => (
                  <Link
                    key={view}
                    to={searchHref(criteria, { set: { view } })}
                    aria-current={criteria.view === view ? "page" : undefined}
                    className={`inline-flex min-h-11 items-center rounded-md px-3 font-semibold ${criteria.view === view ? "bg-white text-brand-700 shadow-sm" : "text-slate-600"}`}
                  >
                    {view === "grade" ? "Grade" : "Lista"}
                  </Link>
                ))}
              </nav>
            </div>
            {items.length === 0 ? (
              <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
                <p className="text-slate-600">Nenhum pet encontrado.</p>
                <Link to="/buscar-pets" className="btn btn-outline mt-4">
                  Limpar filtros
                </Link>
                {events.length ? <MatchingEvents events={events} /> : null}
              </div>
            ) : (
              <div
                data-view={criteria.view}
                className={
                  criteria.view === "lista" ? "grid grid-cols-1 gap-4 sm:max-w-md" : "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
                }
              >
                {items.map((pet) => (
                  <PetCard key={pet.id} pet={pet} />
                ))}
              </div>
            )}
            {nearbyOrganizations ? <NearbyOrganizations offer={nearbyOrganizations} /> : null}
            {relevancePool && matchingCapped ? (
              <p className="text-sm text-slate-600">
                Com texto na busca, “Mais relevantes” ordena pelas visualizações os {relevancePool.toLocaleString("pt-BR")} anúncios mais
                recentes que correspondem a ela.
              </p>
            ) : null}
            <SearchPages criteria={criteria} next={next} />
            <SavedSearchBox criteria={saved.criteria} description={saved.description} />
          </ResultsSection>
        </div>
      </div>
    </div>
  );
}
