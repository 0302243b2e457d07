import type { Route } from "./+types/produtos";
import { ProductCard } from "~/components/cards/product-card";
import { ListingPage } from "~/components/listing-page";
import { getDb } from "~/context.server";
import { pageCount, pageFromUrl } from "~/lib/pagination";
import { pluralize } from "~/lib/text";
import { listProductsPage } from "~/models/listings.server";

export const meta: Route.MetaFunction = () => [
  { title: "Todos os Produtos | Patas Conectadas" },
  { name: "description", content: "Produtos e serviços para pets de lojas e profissionais." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageFromUrl(new URL(request.url));
  return { ...(await listProductsPage(getDb(context), page)), page };
}

export default function Produtos({ loaderData }: Route.ComponentProps) {
  const { items, total, page } = loaderData;
  return (
    <ListingPage
      title="Todos os Produtos"
      subtitle={pluralize(total, "produto ou serviço", "produtos e serviços")}
      emptyMessage="Nenhum produto encontrado."
      isEmpty={items.length === 0}
      page={page}
      totalPages={pageCount(total)}
    >
      {items.map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
    </ListingPage>
  );
}
