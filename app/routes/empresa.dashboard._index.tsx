import { href, Link } from "react-router";
import type { Route } from "./+types/empresa.dashboard._index";
import { DashboardItemList } from "~/components/dashboard-item-list";
import { getCloudflare, getDb } from "~/context.server";
import { formatBRL } from "~/lib/format";
import { labelOf, PRODUCT_CATEGORY_LABELS } from "~/lib/labels";
import { BASIC_LIMIT_MESSAGE, productsOfPlan } from "~/lib/plans";
import { listProductsByOwner } from "~/models/products.server";
import { guardedAccount } from "~/platform/auth.server";
import { productRoom } from "~/services/company-products.server";
import { withPendingViews } from "~/services/view-counter.server";

export const meta: Route.MetaFunction = () => [{ title: "Meus Produtos | Patas Conectadas" }];

// 'Meus Produtos' (spec §2): only the signed-in company's own products.
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const [items, room] = await Promise.all([
    listProductsByOwner(getDb(context), user.id).then((own) => withPendingViews(getCloudflare(context).env, "product", own)),
    productRoom(context, user.id),
  ]);
  return { items, canAdd: room.canAdd, used: productsOfPlan(room.plan, room.count) };
}

export default function MeusProdutos({ loaderData }: Route.ComponentProps) {
  const { items, canAdd, used } = loaderData;
  return (
    <section aria-labelledby="meus-produtos" className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="meus-produtos" className="text-xl font-bold text-slate-900">
            Meus Produtos
          </h2>
          {/* How much of the plan is used: '3 de 5 produtos' (docs/decisions/0014). */}
          <p className="text-sm text-slate-600" data-testid="produtos-do-plano">
            {used}
          </p>
        </div>
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
        <DashboardItemList
          items={items.map((product) => ({
            id: product.id,
            title: product.title,
            page: href("/produto/:id", { id: String(product.id) }),
            imageUrl: product.mainImageUrl,
            category: labelOf(PRODUCT_CATEGORY_LABELS, product.category),
            facts: [{ text: formatBRL(product.priceCents), strong: true }],
            views: product.views,
            edit: href("/empresa/dashboard/produtos/:id/editar", { id: String(product.id) }),
            remove: href("/empresa/dashboard/produtos/:id/excluir", { id: String(product.id) }),
          }))}
          kind="product"
          testId="meu-produto"
          wide
          className="mt-4"
        />
      )}
    </section>
  );
}
