import { Form, href, Link } from "react-router";
import type { Route } from "./+types/pets";
import { PetCard } from "~/components/cards/pet-card";
import { ListingPage } from "~/components/listing-page";
import { getDb } from "~/context.server";
import { PET_STATUSES, type PetStatus } from "~/db/values";
import { PET_STATUS_LABELS } from "~/lib/labels";
import { pageCount, pageFromUrl } from "~/lib/pagination";
import { listPetsPage } from "~/models/listings.server";
import { SavedSearchBox } from "~/components/saved-search-form";
import { CityFilterNotice, RadiusField } from "~/components/city-filter";
import { FiltersPanel, SearchLine } from "~/components/listing-search";
import { PetFilters } from "~/components/pet-filters";
import { parsePanelFilters, resultCountLabel } from "~/lib/pet-search";
import { cityKeep } from "~/lib/city-filter";
import { criteriaForPetsPage, describeCriteria } from "~/lib/saved-search";
import { readCityFilter } from "~/services/city-filter.server";
import { nearbyOrganizationsOffer } from "~/services/nearby-organizations.server";
import { NearbyOrganizations } from "~/components/nearby-organizations";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { pagePolicy, radiusAsRead } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({
  light: true,
  cache: {
    params: { status: "first", encerrados: "first", cidade: "first", raio: radiusAsRead, filter: "all", page: "first" },
    lists: ["pet"],
    // And the first page of each status tab.
    purges: ["", ...PET_STATUSES.map((status) => `?status=${status}`)],
  },
});
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export const meta: Route.MetaFunction = () => [
  { title: "Todos os Pets | Patas Conectadas" },
  { name: "description", content: "Pets perdidos, encontrados, avistados e para adoção." },
];

function statusFrom(url: URL): PetStatus | undefined {
  const value = url.searchParams.get("status");
  return PET_STATUSES.find((s) => s === value);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = statusFrom(url);
  // Closed and expired ads only on request (docs/decisions/0023).
  const includeClosed = url.searchParams.get("encerrados") === "1";
  // The filters /pets shares with the search (`?filter=`: species, size, sex; 0033).
  const filters = parsePanelFilters(url);
  const { type, size, gender } = filters;
  const db = getDb(context);
  // `?cidade=` + `?raio=` (docs/decisions/0032): only a resolved city narrows the list.
  const { city, area } = await readCityFilter(db, url);
  const { items, total, totalCapped, page } = await listPetsPage(db, pageFromUrl(url), { status, includeClosed, area, filters });
  // 'Avise-me' saves the status, the resolved city and the filters as the search's criteria (0026).
  const saved = criteriaForPetsPage(status ?? null, city.state === "found" ? cityKeep(city) : {}, [...type, ...size, ...gender]);
  const placeLabel = city.state === "found" ? city.label : undefined;
  const savedSearch = { criteria: saved, description: describeCriteria(saved, { placeLabel }) };
  // No pet for adoption in the city: the NGOs near it (docs/decisions/0047).
  const nearbyOrganizations =
    total === 0 && status === "adocao" && city.state === "found" && area
      ? await nearbyOrganizationsOffer(db, { code: area.code, label: city.label, param: city.param })
      : null;
  return { items, total, totalCapped, page, status: status ?? null, includeClosed, savedSearch, city, filters, nearbyOrganizations };
}

const FILTERS = [
  { value: null, label: "Todos" },
  ...(["perdido", "encontrado", "adocao", "avistado"] as const).map((value) => ({
    value,
    label: PET_STATUS_LABELS[value]!,
  })),
];

export default function Pets({ loaderData }: Route.ComponentProps) {
  const { items, total, totalCapped, page, status, includeClosed, savedSearch, city, filters, nearbyOrganizations } = loaderData;
  const keepCity = cityKeep(city);
  const chosen = [...filters.type, ...filters.size, ...filters.gender];
  const hrefFor = (value: string | null, closed: boolean, withFilters = true) => {
    const params = new URLSearchParams();
    if (value) params.set("status", value);
    if (closed) params.set("encerrados", "1");
    if (withFilters) {
      for (const [name, param] of Object.entries(keepCity)) params.set(name, param);
      for (const filter of chosen) params.append("filter", filter);
    }
    const query = params.toString();
    return query ? `${href("/pets")}?${query}` : href("/pets");
  };
  // What 'Filtros' holds: the distance and the panel's boxes (the city is on the line).
  const active = chosen.length + (city.radius ? 1 : 0);
  const clearable = chosen.length > 0 || city.state !== "none" || city.radius > 0;
  return (
    <>
      <ListingPage
        title="Todos os Pets"
        // A count within a city or filter stops at its cap (docs/decisions/0017).
        subtitle={resultCountLabel(total, totalCapped, status ?? "")}
        emptyMessage="Nenhum pet encontrado."
        isEmpty={items.length === 0}
        page={page}
        totalPages={pageCount(total)}
        filters={
          <>
            {/* One line on a phone, scrolled sideways; wrapped from sm up. */}
            <nav aria-label="Filtrar por situação">
              <ul className="flex gap-2 overflow-x-auto sm:flex-wrap">
                {FILTERS.map((filter) => {
                  const current = filter.value === status;
                  return (
                    <li key={filter.label} className="shrink-0">
                      <Link
                        to={hrefFor(filter.value, includeClosed)}
                        aria-current={current ? "page" : undefined}
                        className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
                          current
                            ? "border-brand-600 bg-brand-600 text-white"
                            : "border-slate-300 bg-white text-slate-700 hover:border-brand-500"
                        }`}
                      >
                        {filter.label}
                      </Link>
                    </li>
                  );
                })}
                <li className="shrink-0">
                  <Link
                    to={hrefFor(status, !includeClosed)}
                    className="inline-flex min-h-11 items-center rounded-full border border-dashed border-slate-300 px-4 text-sm font-medium text-slate-700 hover:border-brand-500"
                  >
                    {includeClosed ? "Ocultar casos encerrados" : "Mostrar casos encerrados"}
                  </Link>
                </li>
              </ul>
            </nav>
            {/* The city on one line, the filters /buscar-pets has in 'Filtros' (docs/decisions/0032,
                0033): folded on phones so the pets come first, open from md up (app.css). */}
            <Form method="get" action={href("/pets")} role="search" className="mt-3">
              {status ? <input type="hidden" name="status" value={status} /> : null}
              {includeClosed ? <input type="hidden" name="encerrados" value="1" /> : null}
              <SearchLine idPrefix="pets" city={city} submit="Filtrar" />
              <FiltersPanel active={active} className="mt-3 max-w-3xl">
                <RadiusField radius={city.radius} id="pets-raio" />
                <PetFilters filters={{ ...filters, status: [] }}>
                  <div className="flex flex-wrap gap-2">
                    <button type="submit" className="btn btn-outline">
                      Aplicar
                    </button>
                    {clearable ? (
                      <Link to={hrefFor(status, includeClosed, false)} className="btn btn-ghost">
                        Limpar
                      </Link>
                    ) : null}
                  </div>
                </PetFilters>
              </FiltersPanel>
            </Form>
            <CityFilterNotice city={city} />
          </>
        }
      >
        {items.map((pet) => (
          <PetCard key={pet.id} pet={pet} />
        ))}
      </ListingPage>
      <div className="container-page pb-8">
        {nearbyOrganizations ? <NearbyOrganizations offer={nearbyOrganizations} /> : null}
        <SavedSearchBox criteria={savedSearch.criteria} description={savedSearch.description} back={hrefFor(status, false)} />
      </div>
    </>
  );
}
