// Clinics of the company dashboard: who may edit them and the writes that touch D1 and
// R2 together (docs/decisions/0015). The routes stay thin and call these.
import { getCloudflare, getDb, type RequestContext } from "~/context.server";
import type { Plan } from "~/db/schema";
import type { ClinicFormValues } from "~/forms/clinic";
import { effectivePlan } from "~/lib/plans";
import { getCompany } from "~/models/companies.server";
import { type ClinicFields, deleteClinicForOwner, insertClinic, type Owned, updateClinicForOwner } from "~/models/clinics.server";
import { checkImageUploads, chosenFiles, deleteImagesByUrl, imageReader, imageStore, putImages } from "~/platform/images.server";
import type { ResolvedCity } from "./places.server";
import type { Toast } from "~/lib/toast";

export const CLINIC_LOGIN_MESSAGE = "Você precisa estar logado para atualizar uma clínica.";
export const CLINIC_UPDATE_ERROR = "Não foi possível atualizar a clínica. Tente novamente.";
export const CLINIC_IMAGE_FOLDER = "clinicas";

/** A clinic form sent after the session ended: the spec's message (§5) on /empresas. */
export const CLINIC_SIGNED_OUT_TOAST: Toast = { type: "error", title: "Erro de autenticação", description: CLINIC_LOGIN_MESSAGE };

/** The company's plan: creating and editing clinics is Premium (docs/decisions/0015). */
export async function clinicPlan(context: RequestContext, userId: string): Promise<Plan> {
  const company = await getCompany(getDb(context), userId);
  return company ? effectivePlan(company) : "basic";
}

/** The form's values as columns: blank optional fields are NULL, social media a map. */
export function clinicFields(values: ClinicFormValues, place: ResolvedCity): ClinicFields {
  const { facebook, instagram, removeImage: _remove, city: _city, neighbourhood: _neighbourhood, ...rest } = values;
  const social: Record<string, string> = {};
  if (facebook) social.facebook = facebook;
  if (instagram) social.instagram = instagram;
  return {
    ...rest,
    location: place.location,
    municipalityCode: place.municipalityCode,
    socialMedia: Object.keys(social).length ? social : null,
  };
}

/** The main image sent with the form: at most one, judged by its bytes (docs/decisions/0008). */
export async function checkClinicImage(context: RequestContext, formData: FormData) {
  const files = chosenFiles(formData.getAll("image"));
  const check = await checkImageUploads(imageReader(context), files, 1);
  return { image: check.images[0] ?? null, errors: check.errors };
}

export type SaveClinicResult = { ok: true; id: number } | { ok: false; reason: "not-found" | "failed"; message?: string };

/**
 * Creates (no `id`) or updates an owned clinic with its main image: the new image goes to
 * R2 first and is removed again if D1 fails; the replaced or removed one is deleted once
 * D1 no longer points to it.
 */
export async function saveClinic(
  context: RequestContext,
  owner: { userId: string; id?: number; currentImage?: string | null },
  values: ClinicFormValues,
  place: ResolvedCity,
  image: Awaited<ReturnType<typeof checkClinicImage>>["image"],
): Promise<SaveClinicResult> {
  const { env } = getCloudflare(context);
  const db = getDb(context);
  const fields = clinicFields(values, place);
  let uploaded: string | null = null;
  try {
    if (image) uploaded = (await putImages(imageStore(context), [image], CLINIC_IMAGE_FOLDER))[0] ?? null;
  } catch (error) {
    console.error("Falha ao guardar a imagem da clínica:", error instanceof Error ? error.message : error);
    return { ok: false, reason: "failed", message: "Falha no upload da imagem" };
  }
  if (uploaded) fields.mainImageUrl = uploaded;
  else if (values.removeImage && owner.id !== undefined) fields.mainImageUrl = null;
  try {
    if (owner.id === undefined) {
      return { ok: true, id: await insertClinic(db, owner.userId, fields) };
    }
    const updated = await updateClinicForOwner(db, { id: owner.id, userId: owner.userId }, fields);
    if (!updated) {
      await deleteImagesByUrl(env.IMAGES, [uploaded]);
      return { ok: false, reason: "not-found" };
    }
  } catch (error) {
    await deleteImagesByUrl(env.IMAGES, [uploaded]);
    console.error("Falha ao salvar a clínica:", error instanceof Error ? error.message : error);
    return { ok: false, reason: "failed" };
  }
  if (fields.mainImageUrl !== undefined && owner.currentImage && owner.currentImage !== fields.mainImageUrl) {
    await deleteImagesByUrl(env.IMAGES, [owner.currentImage]);
  }
  return { ok: true, id: owner.id };
}

/** Deletes an owned clinic, its veterinarians (one D1 batch) and then its R2 image. */
export async function deleteClinic(context: RequestContext, owned: Owned): Promise<boolean> {
  const { env } = getCloudflare(context);
  const deleted = await deleteClinicForOwner(getDb(context), owned);
  if (!deleted) return false;
  await deleteImagesByUrl(env.IMAGES, [deleted.mainImageUrl]);
  return true;
}
