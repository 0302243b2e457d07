import { href, Link } from "react-router";
import { viewsLabel } from "~/lib/text";
import type { Route } from "./+types/empresa.dashboard._index";
import { CardPhoto } from "~/components/cards/card-photo";
import { getDb } from "~/context.server";
import { formatBRL } from "~/lib/format";
import { labelOf, PRODUCT_CATEGORY_LABELS } from "~/lib/labels";
import { BASIC_LIMIT_MESSAGE } from "~/lib/plans";
import { listProductsByOwner } from "~/models/products.server";
import { requireCompany } from "~/platform/auth.server";
import { productRoom } from "~/services/company-products.server";

export const meta: Route.MetaFunction = () => [{ title: "Meus Produtos | Patas Conectadas" }];

// 'Meus Produtos' (spec §2): only the signed-in company's own products.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCompany(context, request);
  const [items, room] = await Promise.all([listProductsByOwner(getDb(context), user.id), productRoom(context, user.id)]);
  return { items, canAdd: room.canAdd };
}

export default function MeusProdutos({ loaderData }: Route.ComponentProps) {
  const { items, canAdd } = loaderData;
  return (
    <section aria-labelledby="meus-produtos" className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="meus-produtos" className="text-xl font-bold text-slate-900">
          Meus Produtos
        </h2>
        <Link to={href("/empresa/dashboard/produtos/novo")} className="btn btn-primary">
          Novo Produto
        </Link>
      </div>
      {!canAdd ? (
        <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="limite-basico">
          {BASIC_LIMIT_MESSAGE}{" "}
          <Link to="/empresa-landing?plano=premium" className="font-semibold underline">
            Assinar Premium
          </Link>
        </p>
      ) : null}
      {items.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="text-slate-700">Você ainda não cadastrou nenhum produto.</p>
          <Link to={href("/empresa/dashboard/produtos/novo")} className="btn btn-primary mt-4">
            Cadastrar produto
          </Link>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((product) => (
            <li key={product.id} className="card flex flex-col" data-testid="meu-produto">
              <Link to={href("/produto/:id", { id: String(product.id) })} className="block overflow-hidden rounded-t-xl">
                <CardPhoto src={product.mainImageUrl} kind="product" alt={product.title} />
              </Link>
              <div className="flex flex-1 flex-col gap-1 p-3">
                <p className="text-xs font-medium text-slate-500">{labelOf(PRODUCT_CATEGORY_LABELS, product.category)}</p>
                <h3 className="font-semibold text-slate-900">{product.title}</h3>
                <p className="text-lg font-bold text-brand-700">{formatBRL(product.priceCents)}</p>
                <p className="text-sm text-slate-500">{viewsLabel(product.views)}</p>
                <div className="mt-auto flex flex-wrap gap-2 pt-2">
                  <Link
                    to={href("/empresa/dashboard/produtos/:id/editar", { id: String(product.id) })}
                    className="btn btn-primary"
                    aria-label={`Editar ${product.title}`}
                  >
                    Editar
                  </Link>
                  <Link
                    to={href("/empresa/dashboard/produtos/:id/excluir", { id: String(product.id) })}
                    className="btn border border-red-300 text-red-700 hover:bg-red-50"
                    aria-label={`Excluir ${product.title}`}
                  >
                    Excluir
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
