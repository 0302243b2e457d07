import type { z } from "zod";
import { formProps, type FormAnswer, useFormFields } from "~/components/form/form-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { forgetPage } from "~/platform/edge-cache.server";
import { data, Form, Link, redirect, href } from "react-router";
import type { Route } from "./+types/pet.edit";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { RequiredLegend } from "~/components/form/field";
import { SelectInput, TextareaInput, TextInput } from "~/components/form/inputs";
import { CurrentPhotos, PhotoInput } from "~/components/form/photo-input";
import { SubmitButton } from "~/components/form/submit-button";
import { forbidden, notFound } from "~/lib/not-found";
import { PET_NOT_FOUND } from "~/lib/not-found-screens";
import { getCloudflare, getDb } from "~/context.server";
import { PET_GENDERS, PET_SIZES, PET_SPECIES } from "~/db/values";
import { editableStatuses, FINDER_CATEGORIES } from "~/forms/choices";
import { petEditSchema } from "~/forms/pet";
import { PET_SPECIES_LABELS, PET_STATUS_LABELS } from "~/lib/labels";
import { petTitle } from "~/lib/pet-title";
import { parseId } from "~/lib/links";
import { diffPetPhotos, getPet, updatePetForOwner } from "~/models/pets.server";
import { matchAfterPosting } from "~/services/pet-matches.server";
import { requireUser } from "~/platform/auth.server";
import { checkEditedAdPhotos, deleteImagesByUrl, IMAGE_LIMIT_MESSAGE, imageStore, putImages } from "~/platform/images.server";
import { flashToast } from "~/platform/session.server";
import { cityErrors, mergeFieldErrors, resolveCityField, storedCity } from "~/services/places.server";
import { CityFields } from "~/components/form/city-fields";
import { readFormData } from "~/platform/form-data.server";

export const meta: Route.MetaFunction = () => [{ title: "Editar pet | Patas Conectadas" }];

async function ownedPet(params: Route.LoaderArgs["params"], request: Request, context: Route.LoaderArgs["context"]) {
  const user = await requireUser(context, request);
  const id = parseId(params.id);
  const pet = id ? await getPet(getDb(context), id) : null;
  if (!pet) throw notFound(PET_NOT_FOUND);
  if (pet.userId !== user.id) {
    throw forbidden({ title: "Sem permissão", message: "Só quem publicou o anúncio pode editá-lo.", back: PET_NOT_FOUND.back });
  }
  return { user, pet };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { pet } = await ownedPet(params, request, context);
  // Cidade and Bairro from the stored text (docs/decisions/0032, Forms).
  const city = await storedCity(getDb(context), pet);
  return { pet, city };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { user, pet } = await ownedPet(params, request, context);
  const { env } = getCloudflare(context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: petEditSchema(pet.status) });
  const place = await resolveCityField(getDb(context), formData);

  const current = [pet.mainImageUrl, ...pet.images.map((i) => i.imageUrl)].filter((u): u is string => Boolean(u));
  // New files beyond the room are dropped (and the owner told).
  const check = await checkEditedAdPhotos(context, formData, current);
  const { removed, kept: remaining, truncated, tooManyKept, messages: photoErrors } = check;

  if (submission.status !== "success" || !place.ok || check.errors.length > 0 || tooManyKept) {
    return data(
      {
        result: submission.reply({ fieldErrors: mergeFieldErrors({ photos: photoErrors }, cityErrors(place)) }),
        cityChoices: place.choices,
        status: 400,
      },
      { status: 400 },
    );
  }
  const { removeImage: _removed, city: _city, neighbourhood: _neighbourhood, ...fields } = submission.value;
  const changes = { ...fields, location: place.location, municipalityCode: place.municipalityCode };
  const uploaded = await putImages(imageStore(context), check.images, "pets");
  const photos = diffPetPhotos(
    pet.images.map((i) => i.imageUrl),
    [...remaining, ...uploaded],
  );
  try {
    const updated = await updatePetForOwner(getDb(context), { id: pet.id, userId: user.id }, changes, photos);
    if (!updated) throw new Error("pet não encontrado na atualização");
  } catch (error) {
    await deleteImagesByUrl(env.IMAGES, uploaded);
    console.error("Falha ao atualizar pet:", error instanceof Error ? error.message : error);
    return data(
      { result: submission.reply({ formErrors: ["Erro ao atualizar o pet. Tente novamente."] }), cityChoices: null, status: 500 as const },
      { status: 500 },
    );
  }
  await deleteImagesByUrl(
    env.IMAGES,
    removed.filter((url) => current.includes(url)),
  );
  forgetPage(context, request, "pet", pet.id);
  // Now lost, found or sighted, or another species or place: look for matches again;
  // pairs already stored are neither repeated nor mailed again (docs/decisions/0025).
  if (changes.status !== pet.status || changes.type !== pet.type || changes.location !== pet.location) {
    await matchAfterPosting(context, request, pet.id);
  }
  flashToast(context, { type: "success", title: "Pet atualizado", description: "As alterações foram salvas." });
  if (truncated) {
    const saved = uploaded.length === 1 ? "Só 1 foto nova foi guardada." : `Só ${uploaded.length} fotos novas foram guardadas.`;
    flashToast(context, {
      type: "info",
      title: IMAGE_LIMIT_MESSAGE,
      description: uploaded.length ? saved : "Nenhuma foto nova foi guardada.",
    });
  }
  return redirect(href("/pet/:id", { id: String(pet.id) }));
}

const SPECIES = PET_SPECIES.map((value) => ({ value, label: PET_SPECIES_LABELS[value]! }));
const GENDERS = PET_GENDERS.map((value) => ({ value, label: value }));
const SIZES = PET_SIZES.map((value) => ({ value, label: value }));

export default function PetEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { pet, city } = loaderData;
  return <EditForm pet={pet} city={city} lastResult={actionData?.result} cityChoices={actionData?.cityChoices} />;
}

function EditForm({
  pet,
  city,
  lastResult,
  cityChoices,
}: {
  pet: NonNullable<Route.ComponentProps["loaderData"]["pet"]>;
  city: { city: string; neighbourhood: string } | null;
  lastResult: FormAnswer | undefined;
  cityChoices: Parameters<typeof CityFields>[0]["choices"];
}) {
  const statuses = editableStatuses(pet.status).map((value) => ({ value, label: PET_STATUS_LABELS[value]! }));
  const [form, fields] = useFormFields<z.input<ReturnType<typeof petEditSchema>>>({
    id: "pet-edit",
    answer: lastResult,
    defaults: {
      name: pet.name,
      type: pet.type,
      city: city?.city ?? pet.location,
      neighbourhood: city?.neighbourhood ?? "",
      // The pet's own status by default, avistado included (docs/decisions/0008).
      status: pet.status,
      breed: pet.breed ?? "",
      age: pet.age ?? "",
      gender: pet.gender ?? "",
      size: pet.size ?? "",
      color: pet.color ?? "",
      temperament: pet.temperament ?? "",
      contactWhatsapp: pet.contactWhatsapp ?? "",
      description: pet.description ?? "",
      youtube: pet.youtube ?? "",
    },
  });
  const f = fields as unknown as Record<string, Parameters<typeof TextInput>[0]["meta"]>;
  const photos = [pet.mainImageUrl, ...pet.images.map((i) => i.imageUrl)].filter((u): u is string => Boolean(u));
  const action = href("/pet/:id/edit", { id: String(pet.id) });
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-3xl font-bold text-slate-900">Editar {petTitle(pet)}</h1>
      <Form method="post" action={action} encType="multipart/form-data" className="mt-6 space-y-5" {...formProps(form)}>
        <ErrorSummary title="Erro ao atualizar o pet" errors={summaryErrors(form, { photos: "photos-input" })} />
        <RequiredLegend />
        <div className="grid gap-4 sm:grid-cols-2">
          {/* A finder's ad may stay without a name (docs/decisions/0045). */}
          <TextInput meta={f.name!} label="Nome" required={!FINDER_CATEGORIES.some((c) => c === pet.status)} />
          <SelectInput meta={f.status!} label="Situação" options={statuses} placeholder={null} />
          <SelectInput meta={f.type!} label="Espécie" options={SPECIES} required />
          <CityFields city={f.city!} neighbourhood={f.neighbourhood!} choices={cityChoices} required />
          <TextInput meta={f.breed!} label="Raça" />
          <TextInput meta={f.age!} label="Idade" />
          <SelectInput meta={f.gender!} label="Sexo" options={GENDERS} placeholder="Não informado" />
          <SelectInput meta={f.size!} label="Porte" options={SIZES} placeholder="Não informado" />
          <TextInput meta={f.color!} label="Cor" />
          <TextInput meta={f.temperament!} label="Temperamento" />
          <TextInput meta={f.contactWhatsapp!} label="WhatsApp" type="tel" />
          <TextInput meta={f.youtube!} label="YouTube" type="url" />
        </div>
        <TextareaInput meta={f.description!} label="Observações" />
        <CurrentPhotos photos={photos} altOf={(position) => `Foto ${position} de ${petTitle(pet)}`} />
        <PhotoInput label="Adicionar fotos" errors={f.photos?.errors} keptPhotos={[]} required={false} currentPhotoField="removeImage" />
        <div className="flex flex-wrap gap-2">
          <SubmitButton busyLabel="Salvando..." action={action}>
            Salvar alterações
          </SubmitButton>
          <Link to={href("/pet/:id", { id: String(pet.id) })} className="btn btn-ghost">
            Cancelar
          </Link>
        </div>
      </Form>
    </div>
  );
}
