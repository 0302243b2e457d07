import type { Route } from "./+types/produtos";
import { ProductCard } from "~/components/cards/product-card";
import { ListingPage } from "~/components/listing-page";
import { ListingSearch } from "~/components/listing-search";
import { getDb } from "~/context.server";
import { pageCount, pageFromUrl } from "~/lib/pagination";
import { pluralize } from "~/lib/text";
import { cleanSearchText } from "~/lib/search-text";
import { listProductsPage } from "~/models/listings.server";

export const meta: Route.MetaFunction = () => [
  { title: "Todos os Produtos | Patas Conectadas" },
  { name: "description", content: "Produtos e serviços para pets de lojas e profissionais." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = cleanSearchText(url.searchParams.get("q"));
  // `page` comes back from the model: a page past the last one is served as the last.
  return { ...(await listProductsPage(getDb(context), pageFromUrl(url), q)), q };
}

export default function Produtos({ loaderData }: Route.ComponentProps) {
  const { items, total, page, q } = loaderData;
  return (
    <ListingPage
      title="Todos os Produtos"
      subtitle={pluralize(total, "produto ou serviço", "produtos e serviços")}
      emptyMessage="Nenhum produto encontrado."
      isEmpty={items.length === 0}
      page={page}
      totalPages={pageCount(total)}
      filters={<ListingSearch q={q} placeholder="Buscar produtos e serviços..." />}
    >
      {items.map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
    </ListingPage>
  );
}
