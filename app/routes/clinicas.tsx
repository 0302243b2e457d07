import { href, Link } from "react-router";
import type { Route } from "./+types/clinicas";
import { ClinicCard } from "~/components/cards/clinic-card";
import { ListingPage } from "~/components/listing-page";
import { ListingSearch } from "~/components/listing-search";
import { getDb } from "~/context.server";
import { CLINIC_CATEGORIES } from "~/db/schema";
import { CLINIC_CATEGORY_LABELS } from "~/lib/labels";
import { pageCount, pageFromUrl } from "~/lib/pagination";
import { pluralize } from "~/lib/text";
import { cleanSearchText } from "~/lib/search-text";
import { listClinicsPage } from "~/models/listings.server";

export const meta: Route.MetaFunction = () => [
  { title: "Todas as Clínicas | Patas Conectadas" },
  { name: "description", content: "Clínicas, hospitais e consultórios veterinários." },
];

type ClinicCategory = (typeof CLINIC_CATEGORIES)[number];

/** ?categoria= accepts only known values; the first one counts (docs/decisions/0012). */
function categoryFrom(url: URL): ClinicCategory | undefined {
  const value = url.searchParams.get("categoria");
  return CLINIC_CATEGORIES.find((c) => c === value);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = cleanSearchText(url.searchParams.get("q"));
  const category = categoryFrom(url);
  // `page` comes back from the model: a page past the last one is served as the last.
  return { ...(await listClinicsPage(getDb(context), pageFromUrl(url), q, category)), q, category: category ?? null };
}

/** The listing with another category (or none), keeping the search text. */
function categoryHref(category: string | null, q: string) {
  const params = new URLSearchParams();
  if (category) params.set("categoria", category);
  if (q) params.set("q", q);
  const query = params.toString();
  return `${href("/clinicas")}${query ? `?${query}` : ""}`;
}

function CategoryFilter({ current, q }: { current: string | null; q: string }) {
  const options = [{ value: null, label: "Todas" }, ...CLINIC_CATEGORIES.map((value) => ({ value, label: CLINIC_CATEGORY_LABELS[value]! }))];
  return (
    <nav aria-label="Categorias" className="mt-3 flex flex-wrap gap-2">
      {options.map((option) => {
        const active = option.value === current;
        return (
          <Link
            key={option.value ?? "todas"}
            to={categoryHref(option.value, q)}
            aria-current={active ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm font-medium ${
              active ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 text-slate-700 hover:bg-slate-50"
            }`}
          >
            {option.label}
          </Link>
        );
      })}
    </nav>
  );
}

export default function Clinicas({ loaderData }: Route.ComponentProps) {
  const { items, total, page, q, category } = loaderData;
  return (
    <ListingPage
      title="Todas as Clínicas"
      subtitle={pluralize(total, "clínica cadastrada", "clínicas cadastradas")}
      emptyMessage="Nenhuma clínica encontrada."
      isEmpty={items.length === 0}
      page={page}
      totalPages={pageCount(total)}
      filters={
        <>
          <ListingSearch q={q} placeholder="Buscar clínicas..." keep={category ? { categoria: category } : {}} />
          <CategoryFilter current={category} q={q} />
        </>
      }
    >
      {items.map((clinic) => (
        <ClinicCard key={clinic.id} clinic={clinic} />
      ))}
    </ListingPage>
  );
}
