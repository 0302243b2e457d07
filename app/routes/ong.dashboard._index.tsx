import type { FormAnswer } from "~/components/form/form-fields";
import { viewsLabel } from "~/lib/text";
import { parseWithZod } from "@conform-to/zod/v4";
import { forgetPage } from "~/platform/edge-cache.server";
import { data, Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/ong.dashboard._index";
import { RequiredLegend } from "~/components/form/field";
import { FilePicker } from "~/components/form/file-picker";
import { SubmitButton } from "~/components/form/submit-button";
import { OrganizationForm } from "~/components/organization-form";
import { SafeImage } from "~/components/safe-image";
import { TitledSection } from "~/components/titled-section";
import { getCloudflare, getDb } from "~/context.server";
import { organizationFields, organizationSchema } from "~/forms/organization";
import { ACTION_AREA_LABELS, labelOf, ORGANIZATION_TYPE_LABELS } from "~/lib/labels";
import { parseId } from "~/lib/links";
import {
  getOrganizationOfUser,
  organizationIdOfUser,
  organizationSocialMediaOfUser,
  updateOrganizationOfUser,
} from "~/models/organizations.server";
import { readFormData } from "~/platform/form-data.server";
import { checkImageUploads, chosenFiles, imageReader } from "~/platform/images.server";
import {
  addGalleryPhotos,
  chooseMainPhoto,
  MAX_ORGANIZATION_PHOTOS,
  ORGANIZATION_SAVE_ERROR,
  removeGalleryPhoto,
} from "~/services/organizations.server";
import { guardedAccount } from "~/platform/auth.server";
import { type CityChoices, cityErrors, mergeFieldErrors, resolveCityField, storedCity } from "~/services/places.server";
import { flashToast } from "~/platform/session.server";
import { withPendingViews } from "~/services/view-counter.server";

export const meta: Route.MetaFunction = () => [{ title: "Perfil da ONG | Patas Conectadas" }];

const IMAGE_UPDATE_ERROR = "Não foi possível atualizar a imagem. Tente novamente.";
const IMAGE_REMOVE_ERROR = "Não foi possível remover a imagem.";
const UPLOAD_ERROR = "Falha no upload da imagem";

// Perfil da ONG (docs/decisions/0016): the account's organization as the public
// sees it, its edit form and its gallery. Every write is a small POST form with an
// `intent` (works without JavaScript); ownership is checked inside each query.
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const stored = await getOrganizationOfUser(getDb(context), user.id);
  const organization = stored && (await withPendingViews(getCloudflare(context).env, "organization", [stored]))[0]!;
  // Cidade and Bairro from the stored text (docs/decisions/0032, Forms).
  const city = organization ? await storedCity(getDb(context), organization) : null;
  return { organization, city, maxPhotos: MAX_ORGANIZATION_PHOTOS };
}

type ActionData = {
  intent: string;
  result?: FormAnswer;
  cityChoices?: CityChoices | null;
  galleryErrors?: string[];
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const done = async () => {
    const organizationId = await organizationIdOfUser(getDb(context), user.id);
    if (organizationId !== null) forgetPage(context, request, "organization", organizationId);
    return redirect(href("/ong/dashboard"), 303);
  };
  const toast = (type: "success" | "error", title: string) => flashToast(context, { type, title });

  if (intent === "salvar") {
    const submission = parseWithZod(formData, { schema: organizationSchema });
    const place = await resolveCityField(getDb(context), formData);
    if (submission.status !== "success" || !place.ok) {
      const result = submission.reply({ fieldErrors: mergeFieldErrors(cityErrors(place)) });
      return data<ActionData>({ intent, result, cityChoices: place.choices }, { status: 400 });
    }
    let updated = false;
    try {
      const previousSocial = await organizationSocialMediaOfUser(getDb(context), user.id);
      updated = await updateOrganizationOfUser(getDb(context), user.id, organizationFields(submission.value, place, previousSocial));
    } catch (error) {
      console.error("Falha ao salvar a organização:", error instanceof Error ? error.message : error);
      return data<ActionData>({ intent, result: submission.reply({ formErrors: [ORGANIZATION_SAVE_ERROR] }) }, { status: 500 });
    }
    if (!updated) {
      return data<ActionData>({ intent, result: submission.reply({ formErrors: ["Você ainda não cadastrou uma ONG."] }) }, { status: 404 });
    }
    flashToast(context, { type: "success", title: "Perfil atualizado!", description: "As informações da ONG foram salvas." });
    return done();
  }

  if (intent === "adicionar-fotos") {
    const check = await checkImageUploads(imageReader(context), chosenFiles(formData.getAll("photos")), MAX_ORGANIZATION_PHOTOS);
    if (check.errors.length > 0 || check.images.length === 0) {
      const galleryErrors = check.errors.length ? check.errors : ["Escolha pelo menos uma foto."];
      return data<ActionData>({ intent, galleryErrors }, { status: 400 });
    }
    let kept: number;
    try {
      kept = await addGalleryPhotos(context, user.id, check.images);
    } catch (error) {
      console.error("Falha ao adicionar fotos à galeria:", error instanceof Error ? error.message : error);
      toast("error", UPLOAD_ERROR);
      return data<ActionData>({ intent, galleryErrors: [UPLOAD_ERROR] }, { status: 500 });
    }
    if (kept === 0) {
      const message = `A galeria já tem o limite de ${MAX_ORGANIZATION_PHOTOS} fotos.`;
      toast("error", UPLOAD_ERROR);
      return data<ActionData>({ intent, galleryErrors: [message] }, { status: 409 });
    }
    if (kept < check.images.length) {
      flashToast(context, {
        type: "info",
        title: `Limite de ${MAX_ORGANIZATION_PHOTOS} fotos`,
        description: "Só as primeiras fotos foram guardadas.",
      });
    }
    toast("success", "Imagem atualizada");
    return done();
  }

  const imageId = parseId(String(formData.get("imageId") ?? ""));
  if (intent === "remover-foto") {
    if (imageId === null || !(await removeGalleryPhoto(context, user.id, imageId))) {
      toast("error", IMAGE_REMOVE_ERROR);
      return data<ActionData>({ intent, galleryErrors: [IMAGE_REMOVE_ERROR] }, { status: 404 });
    }
    toast("success", "Imagem removida");
    return done();
  }
  if (intent === "foto-principal") {
    if (imageId === null || !(await chooseMainPhoto(context, user.id, imageId))) {
      toast("error", IMAGE_UPDATE_ERROR);
      return data<ActionData>({ intent, galleryErrors: [IMAGE_UPDATE_ERROR] }, { status: 404 });
    }
    toast("success", "Imagem atualizada");
    return done();
  }
  return data<ActionData>({ intent, galleryErrors: ["Ação desconhecida."] }, { status: 400 });
}

export default function PerfilDaOng({ loaderData, actionData }: Route.ComponentProps) {
  const { organization, city, maxPhotos } = loaderData;
  if (!organization) {
    return (
      <TitledSection
        id="perfil-ong-titulo"
        title="Perfil da ONG"
        className="mt-6 rounded-xl border border-slate-200 p-6"
        testId="convite-cadastrar-ong"
      >
        <p className="mt-2 text-slate-700">
          Você ainda não cadastrou sua ONG. Cadastre sua organização para aparecer na página de ONGs e publicar eventos.
        </p>
        <Link to={href("/ong/dashboard/cadastrar")} className="btn btn-primary mt-4">
          Cadastrar organização
        </Link>
      </TitledSection>
    );
  }
  const publicPath = href("/ong/:id", { id: String(organization.id) });
  const photoCount = organization.images.length + (organization.mainImageUrl ? 1 : 0);
  const room = maxPhotos - photoCount;
  const galleryErrors = actionData?.galleryErrors;
  return (
    <div className="mt-6 space-y-10">
      <section aria-labelledby="perfil-ong-titulo" className="rounded-xl border border-slate-200 p-4">
        {/* On a phone the image sits above the text, which keeps the card's width: beside a
            160 px image the name wrapped over four lines (docs/decisions/0033, 'Dashboards on a phone'). */}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <SafeImage
            src={organization.mainImageUrl}
            kind="organization"
            alt={`Imagem principal de ${organization.name}`}
            width={160}
            height={120}
            className="aspect-[16/9] w-full shrink-0 rounded-lg bg-slate-100 object-cover sm:aspect-[4/3] sm:w-40"
          />
          <div className="min-w-0 flex-1">
            <h2 id="perfil-ong-titulo" className="text-xl font-bold break-words text-slate-900">
              {organization.name}
            </h2>
            <p className="text-sm text-slate-600">
              {labelOf(ORGANIZATION_TYPE_LABELS, organization.type)} · {organization.location}
            </p>
            <p className="text-sm text-slate-600">Área de atuação: {labelOf(ACTION_AREA_LABELS, organization.actionArea)}</p>
            <p className="mt-1 text-sm text-slate-500">{viewsLabel(organization.views)}</p>
            <a href={publicPath} target="_blank" rel="noopener" className="btn btn-outline mt-3">
              Ver página pública
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="galeria-titulo" className="space-y-4">
        <h2 id="galeria-titulo" className="text-lg font-semibold text-slate-900">
          Galeria ({photoCount} de {maxPhotos} fotos)
        </h2>
        {galleryErrors?.length ? (
          <p className="field-error" role="alert">
            {galleryErrors[0]}
          </p>
        ) : null}
        {/* The count includes the main image (docs/decisions/0016), so the empty text only
            says "no photos" when there are none at all. */}
        {organization.images.length ? (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3" data-testid="galeria-dashboard">
            {organization.images.map((image, index) => (
              <li key={image.id} className="space-y-2">
                <SafeImage
                  src={image.imageUrl}
                  kind="organization"
                  alt={`Foto ${index + 1} da galeria`}
                  width={240}
                  height={180}
                  className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
                />
                <div className="flex flex-wrap gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="foto-principal" />
                    <input type="hidden" name="imageId" value={image.id} />
                    <button type="submit" className="btn btn-outline text-xs">
                      Usar como principal
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remover-foto" />
                    <input type="hidden" name="imageId" value={image.id} />
                    <button type="submit" className="btn btn-ghost text-xs text-red-700">
                      Remover
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        ) : photoCount > 0 ? (
          <p className="text-slate-600">Por enquanto a galeria tem só a imagem principal. Adicione mais fotos abaixo.</p>
        ) : (
          <p className="text-slate-600">Esta organização ainda não possui fotos na galeria.</p>
        )}
        {room > 0 ? (
          <Form method="post" encType="multipart/form-data" noValidate className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="adicionar-fotos" />
            <div className="w-full">
              <RequiredLegend />
            </div>
            <FilePicker
              id="galeria-fotos"
              name="photos"
              label="Adicionar fotos"
              hint={`Você pode adicionar mais ${room}.`}
              multiple
              required
            />
            <SubmitButton busyLabel="Enviando...">Adicionar à galeria</SubmitButton>
          </Form>
        ) : (
          <p className="text-sm text-slate-600">A galeria chegou ao limite de {maxPhotos} fotos.</p>
        )}
      </section>

      <section aria-labelledby="editar-ong-titulo" className="space-y-4">
        <h2 id="editar-ong-titulo" className="text-lg font-semibold text-slate-900">
          Editar informações
        </h2>
        <OrganizationForm
          id="ong-editar"
          // An index route's own action is reached with ?index (a plain /ong/dashboard is the layout's).
          action={`${href("/ong/dashboard")}?index`}
          intent="salvar"
          organization={{ ...organization, ...(city ?? { city: organization.location, neighbourhood: "" }) }}
          answer={actionData?.intent === "salvar" ? actionData : undefined}
          errorTitle="Erro ao atualizar"
          submitLabel="Salvar alterações"
          busyLabel="Salvando..."
        />
      </section>
    </div>
  );
}
