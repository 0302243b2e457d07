import { data, href, Link, redirect } from "react-router";
import type { Route } from "./+types/ong.dashboard.cadastrar";
import { TitledSection } from "~/components/titled-section";
import { OrganizationForm } from "~/components/organization-form";
import { getDb } from "~/context.server";
import { ORGANIZATION_EXISTS_MESSAGE } from "~/forms/choices";
import { organizationFields, organizationSchema } from "~/forms/organization";
import { organizationIdOfUser } from "~/models/organizations.server";
import { IMAGE_LIMIT_MESSAGE } from "~/platform/images.server";
import { readNewListingForm } from "~/services/new-listing-form.server";
import { ORGANIZATION_SAVE_ERROR, registerOrganization } from "~/services/organizations.server";
import { guardedAccount } from "~/platform/auth.server";
import { flashToast } from "~/platform/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Cadastrar organização | Patas Conectadas" }];

const PHOTO_REQUIRED = "Adicione pelo menos uma foto.";

// Cadastrar ONG (spec §5 NGO registration). One organization per account (DESIGN
// decision 4; docs/decisions/0016): the page shows the notice instead of the form, and
// the action refuses a second one before anything is written.
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  if ((await organizationIdOfUser(getDb(context), user.id)) !== null) return { hasOrganization: true as const };
  // The form starts with the account's name and e-mail: most NGOs sign up under the
  // organization's own (docs/decisions/0016).
  return { hasOrganization: false as const, defaults: { name: user.name ?? "", email: user.email } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  if ((await organizationIdOfUser(getDb(context), user.id)) !== null) {
    return data({ result: undefined, photoErrors: [], exists: true, cityChoices: null }, { status: 409 });
  }
  // At least 1 photo, at most 3: more are cut to the first 3 (spec §5).
  const form = await readNewListingForm(context, request, organizationSchema, PHOTO_REQUIRED);
  if (!form.ok) return data({ ...form.answer, exists: false }, { status: 400 });
  const { submission, place } = form;
  const saved = await registerOrganization(context, user.id, organizationFields(submission.value, place), form.images);
  if (!saved.ok) {
    if (saved.reason === "exists") return data({ result: undefined, photoErrors: [], exists: true, cityChoices: null }, { status: 409 });
    const message = saved.reason === "upload" ? "Falha no upload da imagem" : ORGANIZATION_SAVE_ERROR;
    return data(
      { result: submission.reply({ formErrors: [message] }), photoErrors: [], exists: false, cityChoices: null },
      { status: 500 },
    );
  }
  flashToast(context, { type: "success", title: "ONG cadastrada", description: "Sua organização já aparece na página de ONGs." });
  if (form.truncated)
    flashToast(context, { type: "info", title: IMAGE_LIMIT_MESSAGE, description: "Só as 3 primeiras fotos foram guardadas." });
  return redirect(href("/ong/dashboard"), 303);
}

export default function CadastrarOng({ loaderData, actionData }: Route.ComponentProps) {
  const exists = loaderData.hasOrganization || actionData?.exists;
  return (
    <TitledSection id="cadastrar-ong-titulo" title="Cadastrar organização" className="mt-6 space-y-4">
      {exists ? (
        <div className="rounded-xl border border-yellow-300 bg-yellow-50 p-4 text-yellow-900" role="status" data-testid="ong-ja-cadastrada">
          <p className="font-semibold">{ORGANIZATION_EXISTS_MESSAGE}</p>
          <Link to={href("/ong/dashboard")} className="btn btn-primary mt-3">
            Ver Perfil da ONG
          </Link>
        </div>
      ) : (
        <OrganizationForm
          id="ong-cadastro"
          action={href("/ong/dashboard/cadastrar")}
          answer={actionData}
          prefill={loaderData.hasOrganization ? undefined : loaderData.defaults}
          errorTitle="Erro no cadastro"
          submitLabel="Cadastrar organização"
          busyLabel="Cadastrando..."
        />
      )}
    </TitledSection>
  );
}
