// Events of the NGO dashboard: the writes that touch D1 and R2 together
// (docs/decisions/0016). The routes stay thin and call these.
import { parseWithZod } from "@conform-to/zod/v4";
import { getCloudflare, getDb, type RequestContext } from "~/context.server";
import { eventSchema, type EventFormValues } from "~/forms/event";
import { deleteEventForOwner, type EventFields, insertEventForOwner, type OwnedEvent, updateEventForOwner } from "~/models/events.server";
import { cityErrors, mergeFieldErrors, type ResolvedCity, resolveCityField } from "./places.server";
import { readFormData } from "~/platform/form-data.server";
import { checkImageUploads, chosenFiles, deleteImagesByUrl, imageReader, imageStore, putImages } from "~/platform/images.server";

export const EVENT_PUBLISH_ERROR = "Não foi possível publicar seu evento. Tente novamente.";
export const EVENT_NO_ORGANIZATION = "Você precisa selecionar uma organização para criar um evento";
export const EVENT_IMAGE_FOLDER = "eventos";

/** The banner sent with the form: at most one, judged by its bytes (docs/decisions/0008). */
async function checkEventImage(context: RequestContext, formData: FormData) {
  const files = chosenFiles(formData.getAll("image"));
  const check = await checkImageUploads(imageReader(context), files, 1);
  return { image: check.images[0] ?? null, errors: check.errors };
}

/**
 * The event form as posted, read the same way by the create and the edit page: its values,
 * city and banner, or what sends it back (400) with every field's error at once.
 */
export async function readEventForm(context: RequestContext, request: Request) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: eventSchema });
  const place = await resolveCityField(getDb(context), formData);
  const image = await checkEventImage(context, formData);
  if (submission.status !== "success" || !place.ok || image.errors.length > 0) {
    const fieldErrors = mergeFieldErrors({ image: image.errors }, cityErrors(place));
    return { ok: false as const, answer: { result: submission.reply({ fieldErrors }), cityChoices: place.choices } };
  }
  return { ok: true as const, submission, place, image: image.image };
}

export type SaveEventResult =
  | { ok: true; id: number }
  | { ok: false; reason: "not-found" | "no-organization" | "failed"; message?: string };

/**
 * Creates (no `id`) or updates an owned event with its banner: the new image goes to R2
 * first and is removed again if D1 refuses or fails; the replaced or removed one is
 * deleted once D1 no longer points to it.
 */
export async function saveEvent(
  context: RequestContext,
  owner: { userId: string; id?: number; currentImage?: string | null },
  values: EventFormValues,
  place: ResolvedCity,
  image: Awaited<ReturnType<typeof checkEventImage>>["image"],
): Promise<SaveEventResult> {
  const { env } = getCloudflare(context);
  const db = getDb(context);
  const { removeImage, city: _city, neighbourhood: _neighbourhood, ...rest } = values;
  const fields: EventFields = { ...rest, location: place.location, municipalityCode: place.municipalityCode };
  let uploaded: string | null = null;
  try {
    if (image) uploaded = (await putImages(imageStore(context), [image], EVENT_IMAGE_FOLDER))[0] ?? null;
  } catch (error) {
    console.error("Falha ao guardar a imagem do evento:", error instanceof Error ? error.message : error);
    return { ok: false, reason: "failed", message: "Falha no upload da imagem" };
  }
  if (uploaded) fields.mainImageUrl = uploaded;
  else if (removeImage && owner.id !== undefined) fields.mainImageUrl = null;
  try {
    if (owner.id === undefined) {
      const id = await insertEventForOwner(db, owner.userId, fields);
      if (id === null) {
        await deleteImagesByUrl(env.IMAGES, [uploaded]);
        return { ok: false, reason: "no-organization", message: EVENT_NO_ORGANIZATION };
      }
      return { ok: true, id };
    }
    const updated = await updateEventForOwner(db, { id: owner.id, userId: owner.userId }, fields);
    if (!updated) {
      await deleteImagesByUrl(env.IMAGES, [uploaded]);
      return { ok: false, reason: "not-found" };
    }
  } catch (error) {
    await deleteImagesByUrl(env.IMAGES, [uploaded]);
    console.error("Falha ao salvar o evento:", error instanceof Error ? error.message : error);
    return { ok: false, reason: "failed" };
  }
  if (fields.mainImageUrl !== undefined && owner.currentImage && owner.currentImage !== fields.mainImageUrl) {
    await deleteImagesByUrl(env.IMAGES, [owner.currentImage]);
  }
  return { ok: true, id: owner.id };
}

/** Deletes an owned event and then its R2 banner. */
export async function deleteEvent(context: RequestContext, owned: OwnedEvent): Promise<boolean> {
  const { env } = getCloudflare(context);
  const deleted = await deleteEventForOwner(getDb(context), owned);
  if (!deleted) return false;
  await deleteImagesByUrl(env.IMAGES, [deleted.mainImageUrl]);
  return true;
}
