import { data, href, Link, redirect } from "react-router";
import type { Route } from "./+types/empresa.dashboard.produtos.novo";
import { ProductForm } from "~/components/product-form";
import { TitledSection } from "~/components/titled-section";
import { productSchema } from "~/forms/product";
import { BASIC_LIMIT_MESSAGE } from "~/lib/plans";
import { guardedAccount } from "~/platform/auth.server";
import { productRoom, publishProduct } from "~/services/company-products.server";
import { IMAGE_LIMIT_MESSAGE } from "~/platform/images.server";
import { readNewListingForm } from "~/services/new-listing-form.server";
import { flashToast } from "~/platform/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Novo Produto | Patas Conectadas" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  // At the Basic limit the page explains it instead of showing the form; the action
  // enforces it anyway (docs/decisions/0014).
  const { canAdd } = await productRoom(context, user.id);
  return { canAdd };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  const form = await readNewListingForm(context, request, productSchema);
  if (!form.ok) return data({ ...form.answer, limitReached: false }, { status: 400 });
  const { submission, place } = form;
  // Checked before any photo goes to R2; the INSERT checks again, atomically.
  const refused = () =>
    data(
      { result: submission.reply({ formErrors: [BASIC_LIMIT_MESSAGE] }), photoErrors: [], limitReached: true, cityChoices: null },
      { status: 403 },
    );
  if (!(await productRoom(context, user.id)).canAdd) return refused();
  let id: number | null;
  try {
    id = await publishProduct(context, user.id, submission.value, place, form.images);
  } catch (error) {
    console.error("Falha ao publicar produto:", error instanceof Error ? error.message : error);
    return data(
      {
        result: submission.reply({ formErrors: ["Não foi possível publicar o produto. Tente novamente."] }),
        photoErrors: [],
        limitReached: false,
        cityChoices: null,
      },
      { status: 500 },
    );
  }
  if (id === null) return refused();
  flashToast(context, { type: "success", title: "Produto publicado", description: "O produto já aparece na sua vitrine." });
  if (form.truncated)
    flashToast(context, { type: "info", title: IMAGE_LIMIT_MESSAGE, description: "Só as 3 primeiras fotos foram guardadas." });
  return redirect(href("/empresa/dashboard"), 303);
}

export default function NovoProduto({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.canAdd || actionData?.limitReached) return <LimitReached />;
  return (
    <TitledSection id="novo-produto" title="Novo Produto" className="mt-6">
      <ProductForm
        id="produto-novo"
        action={href("/empresa/dashboard/produtos/novo")}
        answer={actionData}
        errorTitle="Erro ao publicar"
        submitLabel="Publicar produto"
      />
    </TitledSection>
  );
}

function LimitReached() {
  return (
    <section className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-6" role="alert" data-testid="limite-basico">
      <h2 className="text-xl font-bold text-slate-900">Novo Produto</h2>
      <p className="mt-2 text-amber-900">{BASIC_LIMIT_MESSAGE}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/empresa-landing?plano=premium" className="btn btn-primary">
          Assinar Premium
        </Link>
        <Link to={href("/empresa/dashboard")} className="btn btn-ghost">
          Voltar
        </Link>
      </div>
    </section>
  );
}
