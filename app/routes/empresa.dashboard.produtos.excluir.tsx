import { href, redirect } from "react-router";
import type { Route } from "./+types/empresa.dashboard.produtos.excluir";
import { forgetPage } from "~/platform/edge-cache.server";
import { getDb } from "~/context.server";
import { parseId } from "~/lib/links";
import { getOwnedProduct } from "~/models/products.server";
import { guardedAccount } from "~/platform/auth.server";
import { removeProduct } from "~/services/company-products.server";
import { flashToast } from "~/platform/session.server";
import { DeleteConfirmation } from "~/components/delete-confirmation";
import { notFound } from "~/lib/not-found";
import { OWNED_NOT_FOUND } from "~/lib/not-found-screens";

export const meta: Route.MetaFunction = () => [{ title: "Excluir produto | Patas Conectadas" }];

// The confirmation step of a delete, as its own page: it works without JavaScript.
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const id = parseId(params.id);
  const product = id ? await getOwnedProduct(getDb(context), { id, userId: user.id }) : null;
  if (!product) throw notFound(OWNED_NOT_FOUND.product);
  return { product: { id: product.id, title: product.title } };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  const id = parseId(params.id);
  let deleted = false;
  try {
    // The owner is part of the DELETE itself: anyone else deletes nothing.
    deleted = id ? await removeProduct(context, user.id, id) : false;
  } catch (error) {
    console.error("Falha ao excluir produto:", error instanceof Error ? error.message : error);
    flashToast(context, { type: "error", title: "Erro ao excluir produto", description: "Tente novamente em instantes." });
    return redirect(href("/empresa/dashboard"), 303);
  }
  if (!deleted) throw notFound(OWNED_NOT_FOUND.product);
  forgetPage(context, request, "product", id!);
  flashToast(context, { type: "success", title: "Produto excluído" });
  return redirect(href("/empresa/dashboard"), 303);
}

export default function ExcluirProduto({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <section className="mt-6 max-w-lg">
      <DeleteConfirmation title="Excluir produto" cancelTo={href("/empresa/dashboard")}>
        Tem certeza que deseja excluir <strong>{product.title}</strong>? Esta ação não pode ser desfeita.
      </DeleteConfirmation>
    </section>
  );
}
