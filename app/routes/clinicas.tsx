import { href } from "react-router";
import type { Route } from "./+types/clinicas";
import { ClinicCard } from "~/components/cards/clinic-card";
import { CategoryLinks } from "~/components/category-links";
import { categoryFromUrl } from "~/lib/category";
import { ListingPage } from "~/components/listing-page";
import { ListingSearch } from "~/components/listing-search";
import { getDb } from "~/context.server";
import { CLINIC_CATEGORIES } from "~/db/values";
import { CLINIC_CATEGORY_LABELS } from "~/lib/labels";
import { pageCount, pageFromUrl } from "~/lib/pagination";
import { pluralize } from "~/lib/text";
import { cleanSearchText } from "~/lib/search-text";
import { cityKeep } from "~/lib/city-filter";
import { listClinicsPage } from "~/models/listings.server";
import { readCityFilter } from "~/services/city-filter.server";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { pagePolicy, radiusAsRead } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({
  light: true,
  cache: { params: { q: "first", categoria: "first", cidade: "first", raio: radiusAsRead, page: "first" }, lists: ["clinic"] },
});
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export const meta: Route.MetaFunction = () => [
  { title: "Todas as Clínicas | Patas Conectadas" },
  { name: "description", content: "Clínicas, hospitais e consultórios veterinários." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = cleanSearchText(url.searchParams.get("q"));
  const category = categoryFromUrl(url, CLINIC_CATEGORIES);
  const db = getDb(context);
  // `?cidade=` + `?raio=` (docs/decisions/0032): only a resolved city narrows the list.
  const { city, area } = await readCityFilter(db, url);
  // `page` comes back from the model: a page past the last one is served as the last.
  return { ...(await listClinicsPage(db, pageFromUrl(url), q, category, area)), q, category: category ?? null, city };
}

export default function Clinicas({ loaderData }: Route.ComponentProps) {
  const { items, total, totalCapped, page, q, category, city } = loaderData;
  return (
    <ListingPage
      title="Todas as Clínicas"
      // A filtered count stops at its cap (docs/decisions/0017).
      subtitle={`${totalCapped ? "mais de " : ""}${pluralize(total, "clínica cadastrada", "clínicas cadastradas")}`}
      emptyMessage="Nenhuma clínica encontrada."
      isEmpty={items.length === 0}
      page={page}
      totalPages={pageCount(total)}
      filters={
        <ListingSearch
          q={q}
          placeholder="Buscar clínicas..."
          keep={category ? { categoria: category } : {}}
          city={city}
          active={category ? 1 : 0}
        >
          <CategoryLinks
            basePath={href("/clinicas")}
            categories={CLINIC_CATEGORIES}
            labels={CLINIC_CATEGORY_LABELS}
            current={category}
            q={q}
            keep={cityKeep(city)}
          />
        </ListingSearch>
      }
    >
      {items.map((clinic) => (
        <ClinicCard key={clinic.id} clinic={clinic} />
      ))}
    </ListingPage>
  );
}
