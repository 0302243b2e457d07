import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link, redirect } from "react-router";
import type { Route } from "./+types/ong.dashboard.cadastrar";
import { OrganizationForm } from "~/components/organization-form";
import { getDb } from "~/context.server";
import { ORGANIZATION_EXISTS_MESSAGE } from "~/forms/choices";
import { organizationFields, organizationSchema } from "~/forms/organization";
import { organizationIdOfUser } from "~/models/organizations.server";
import { readFormData } from "~/platform/form-data.server";
import { checkImageUploads, chosenFiles, IMAGE_LIMIT_MESSAGE, imageReader } from "~/platform/images.server";
import { ORGANIZATION_SAVE_ERROR, registerOrganization } from "~/services/organizations.server";
import { guardedAccount } from "~/platform/auth.server";
import { cityErrors, mergeFieldErrors, resolveCityField } from "~/services/places.server";
import { flashToast } from "~/platform/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Cadastrar ONG | Patas Conectadas" }];

const PHOTO_REQUIRED = "Adicione pelo menos uma foto.";

// Cadastrar ONG (spec §5 NGO registration). One organization per account (DESIGN
// decision 4; docs/decisions/0016): the page shows the notice instead of the form, and
// the action refuses a second one before anything is written.
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  return { hasOrganization: (await organizationIdOfUser(getDb(context), user.id)) !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  if ((await organizationIdOfUser(getDb(context), user.id)) !== null) {
    return data({ result: undefined, photoErrors: [], exists: true, cityChoices: null }, { status: 409 });
  }
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: organizationSchema });
  const place = await resolveCityField(getDb(context), formData);
  // At least 1 photo, at most 3: more are cut to the first 3 (spec §5).
  const check = await checkImageUploads(imageReader(context), chosenFiles(formData.getAll("photos")));
  const photoErrors = [...check.errors];
  if (check.images.length === 0 && check.errors.length === 0) photoErrors.push(PHOTO_REQUIRED);
  if (submission.status !== "success" || !place.ok || photoErrors.length > 0) {
    if (check.truncated) photoErrors.unshift(IMAGE_LIMIT_MESSAGE);
    return data(
      {
        result: submission.reply({ fieldErrors: mergeFieldErrors(cityErrors(place)) }),
        photoErrors,
        exists: false,
        cityChoices: place.choices,
      },
      { status: 400 },
    );
  }
  const saved = await registerOrganization(context, user.id, organizationFields(submission.value, place), check.images);
  if (!saved.ok) {
    if (saved.reason === "exists") return data({ result: undefined, photoErrors: [], exists: true, cityChoices: null }, { status: 409 });
    const message = saved.reason === "upload" ? "Falha no upload da imagem" : ORGANIZATION_SAVE_ERROR;
    return data(
      { result: submission.reply({ formErrors: [message] }), photoErrors: [], exists: false, cityChoices: null },
      { status: 500 },
    );
  }
  flashToast(context, { type: "success", title: "ONG cadastrada", description: "Sua organização já aparece na página de ONGs." });
  if (check.truncated)
    flashToast(context, { type: "info", title: IMAGE_LIMIT_MESSAGE, description: "Só as 3 primeiras fotos foram guardadas." });
  return redirect(href("/ong/dashboard"), 303);
}

export default function CadastrarOng({ loaderData, actionData }: Route.ComponentProps) {
  const exists = loaderData.hasOrganization || actionData?.exists;
  return (
    <section aria-labelledby="cadastrar-ong-titulo" className="mt-6 space-y-4">
      <h2 id="cadastrar-ong-titulo" className="text-xl font-bold text-slate-900">
        Cadastrar ONG
      </h2>
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
          lastResult={actionData?.result}
          photoErrors={actionData?.photoErrors}
          cityChoices={actionData?.cityChoices}
          errorTitle="Erro no cadastro"
          submitLabel="Cadastrar ONG"
          busyLabel="Cadastrando..."
        />
      )}
    </section>
  );
}
