import { href, Link } from "react-router";
import type { Route } from "./+types/produtos";
import { ProductCard } from "~/components/cards/product-card";
import { ListingPage } from "~/components/listing-page";
import { ListingSearch } from "~/components/listing-search";
import { getDb } from "~/context.server";
import { PRODUCT_CATEGORIES, type ProductCategory } from "~/db/schema";
import { PRODUCT_CATEGORY_LABELS } from "~/lib/labels";
import { pageCount, pageFromUrl } from "~/lib/pagination";
import { pluralize } from "~/lib/text";
import { cleanSearchText } from "~/lib/search-text";
import { listProductsPage } from "~/models/listings.server";

export const meta: Route.MetaFunction = () => [
  { title: "Todos os Produtos | Patas Conectadas" },
  { name: "description", content: "Produtos e serviços para pets de lojas e profissionais." },
];

/** ?categoria= accepts only known values; the first one counts (docs/decisions/0012). */
function categoryFrom(url: URL): ProductCategory | undefined {
  const value = url.searchParams.get("categoria");
  return PRODUCT_CATEGORIES.find((c) => c === value);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = cleanSearchText(url.searchParams.get("q"));
  const category = categoryFrom(url);
  // `page` comes back from the model: a page past the last one is served as the last.
  return { ...(await listProductsPage(getDb(context), pageFromUrl(url), { q, category })), q, category: category ?? null };
}

/** The listing with another category (or none), keeping the search text. */
function categoryHref(category: string | null, q: string) {
  const params = new URLSearchParams();
  if (category) params.set("categoria", category);
  if (q) params.set("q", q);
  const query = params.toString();
  return `${href("/produtos")}${query ? `?${query}` : ""}`;
}

function CategoryFilter({ current, q }: { current: string | null; q: string }) {
  const options = [{ value: null, label: "Todas" }, ...PRODUCT_CATEGORIES.map((value) => ({ value, label: PRODUCT_CATEGORY_LABELS[value]! }))];
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

export default function Produtos({ loaderData }: Route.ComponentProps) {
  const { items, total, page, q, category } = loaderData;
  return (
    <ListingPage
      title="Todos os Produtos"
      subtitle={pluralize(total, "produto ou serviço", "produtos e serviços")}
      emptyMessage="Nenhum produto encontrado."
      isEmpty={items.length === 0}
      page={page}
      totalPages={pageCount(total)}
      filters={
        <>
          <ListingSearch q={q} placeholder="Buscar produtos e serviços..." keep={category ? { categoria: category } : {}} />
          <CategoryFilter current={category} q={q} />
        </>
      }
    >
      {items.map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
    </ListingPage>
  );
}
