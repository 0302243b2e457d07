import { Form, href, Link } from "react-router";
import type { Route } from "./+types/pets";
import { PetCard } from "~/components/cards/pet-card";
import { ListingPage } from "~/components/listing-page";
import { getDb } from "~/context.server";
import { PET_STATUSES, type PetStatus } from "~/db/schema";
import { PET_STATUS_LABELS } from "~/lib/labels";
import { pageCount, pageFromUrl } from "~/lib/pagination";
import { pluralize } from "~/lib/text";
import { listPetsPage } from "~/models/listings.server";
import { SavedSearchBox } from "~/components/saved-search-form";
import { CityFilterFields, CityFilterNotice } from "~/components/city-filter";
import { cityKeep } from "~/lib/city-filter";
import { criteriaForPetsPage, describeCriteria } from "~/lib/saved-search";
import { readCityFilter } from "~/services/city-filter.server";

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
  const db = getDb(context);
  // `?cidade=` + `?raio=` (docs/decisions/0032): only a resolved city narrows the list.
  const { city, area } = await readCityFilter(db, url);
  const { items, total, totalCapped, page } = await listPetsPage(db, pageFromUrl(url), status, includeClosed, area);
  // 'Avise-me' saves the status (and the resolved city) as the search's criteria; 'Avistado'
  // has no filter there (0026).
  const saved = criteriaForPetsPage(status ?? null, city.state === "found" ? cityKeep(city) : {});
  const placeLabel = city.state === "found" ? city.label : undefined;
  const savedSearch = saved === null ? null : { criteria: saved, description: describeCriteria(saved, { placeLabel }) };
  return { items, total, totalCapped, page, status: status ?? null, includeClosed, savedSearch, city };
}

const FILTERS = [
  { value: null, label: "Todos" },
  ...(["perdido", "encontrado", "adocao", "avistado"] as const).map((value) => ({
    value,
    label: PET_STATUS_LABELS[value]!,
  })),
];

export default function Pets({ loaderData }: Route.ComponentProps) {
  const { items, total, totalCapped, page, status, includeClosed, savedSearch, city } = loaderData;
  const keepCity = cityKeep(city);
  const hrefFor = (value: string | null, closed: boolean, withCity = true) => {
    const params = new URLSearchParams();
    if (value) params.set("status", value);
    if (closed) params.set("encerrados", "1");
    if (withCity) for (const [name, param] of Object.entries(keepCity)) params.set(name, param);
    const query = params.toString();
    return query ? `${href("/pets")}?${query}` : href("/pets");
  };
  return (
    <>
      <ListingPage
        title="Todos os Pets"
        // A count within a city stops at its cap (docs/decisions/0017).
        subtitle={`${totalCapped ? "mais de " : ""}${pluralize(total, "pet encontrado", "pets encontrados")}`}
        emptyMessage="Nenhum pet encontrado."
        isEmpty={items.length === 0}
        page={page}
        totalPages={pageCount(total)}
        filters={
          <>
          <nav aria-label="Filtrar por situação">
            <ul className="flex flex-wrap gap-2">
              {FILTERS.map((filter) => {
                const active = filter.value === status;
                return (
                  <li key={filter.label}>
                    <Link
                      to={hrefFor(filter.value, includeClosed)}
                      aria-current={active ? "page" : undefined}
                      className={`inline-flex rounded-full border px-3 py-1.5 text-sm font-medium ${
                        active
                          ? "border-brand-600 bg-brand-600 text-white"
                          : "border-slate-300 bg-white text-slate-700 hover:border-brand-500"
                      }`}
                    >
                      {filter.label}
                    </Link>
                  </li>
                );
              })}
              <li>
                <Link
                  to={hrefFor(status, !includeClosed)}
                  className="inline-flex rounded-full border border-dashed border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-500"
                >
                  {includeClosed ? "Ocultar casos encerrados" : "Mostrar casos encerrados"}
                </Link>
              </li>
            </ul>
          </nav>
            {/* Pets of a city and its region, in place (docs/decisions/0032, Search and city pages). */}
            <Form method="get" action={href("/pets")} className="mt-3 flex max-w-xl flex-wrap items-end gap-2">
              {status ? <input type="hidden" name="status" value={status} /> : null}
              {includeClosed ? <input type="hidden" name="encerrados" value="1" /> : null}
              <div className="min-w-0 flex-1">
                <CityFilterFields city={city} idPrefix="pets" />
              </div>
              <button type="submit" className="btn btn-primary">
                Filtrar
              </button>
              {city.state !== "none" ? (
                <Link to={hrefFor(status, includeClosed, false)} className="btn btn-ghost">
                  Limpar
                </Link>
              ) : null}
            </Form>
            <CityFilterNotice city={city} />
          </>
        }
      >
        {items.map((pet) => (
          <PetCard key={pet.id} pet={pet} />
        ))}
      </ListingPage>
      {savedSearch ? (
        <div className="container-page pb-8">
          <SavedSearchBox
            criteria={savedSearch.criteria}
            description={savedSearch.description}
            back={hrefFor(status, false)}
          />
        </div>
      ) : null}
    </>
  );
}
