// The NGO's organization across D1 and R2 (docs/decisions/0016): one per
// account, its gallery, and the writes the thin routes of /ong/dashboard call. Photos
// follow the pets' rules (byte checks, 5 MB, random R2 keys; docs/decisions/0008); R2
// objects of rows that were not written, or that went, are deleted.
import { categoryFromUrl } from "~/lib/category";
import { ORGANIZATION_TYPES } from "~/db/schema";
import { pageFromUrl } from "~/lib/pagination";
import { cleanSearchText } from "~/lib/search-text";
import { listOrganizationsPage } from "~/models/listings.server";
import { readCityFilter } from "./city-filter.server";
import { getCloudflare, getDb, type RequestContext } from "~/context.server";
import {
  addOrganizationImagesOfUser,
  chooseMainImageOfUser,
  insertOrganization,
  type OrganizationFields,
  organizationIdOfUser,
  removeOrganizationImageOfUser,
} from "~/models/organizations.server";
import { deleteImagesByUrl, imageStore, putImages, type AcceptedImage } from "~/platform/images.server";
import type { Toast } from "~/lib/toast";

export const ORGANIZATION_LOGIN_MESSAGE = "Você precisa estar logado para cadastrar uma ONG ou voluntário.";
export const ORGANIZATION_SAVE_ERROR = "Não foi possível salvar a organização. Tente novamente.";
export const ORGANIZATION_FOLDER = "ongs";
/** Photos of an organization in all, the main image included (docs/decisions/0016). */
export const MAX_ORGANIZATION_PHOTOS = 12;

/** An organization form sent after the session ended: the spec's message (§5) on /entrar. */
export const ORGANIZATION_SIGNED_OUT_TOAST: Toast = {
  type: "error",
  title: "Erro de autenticação",
  description: ORGANIZATION_LOGIN_MESSAGE,
};

export type RegisterResult = { ok: true; id: number } | { ok: false; reason: "exists" | "upload" | "failed" };

/**
 * Registers the account's organization: the first photo is the main image, the others
 * start the gallery. Refused before anything reaches R2 when the account has one; the
 * unique index refuses a concurrent second one, and its photos leave R2 again.
 */
export async function registerOrganization(
  context: RequestContext,
  userId: string,
  values: OrganizationFields,
  photos: AcceptedImage[],
): Promise<RegisterResult> {
  const db = getDb(context);
  const { env } = getCloudflare(context);
  if ((await organizationIdOfUser(db, userId)) !== null) return { ok: false, reason: "exists" };
  let urls: string[];
  try {
    urls = await putImages(imageStore(context), photos, ORGANIZATION_FOLDER);
  } catch (error) {
    console.error("Falha ao guardar as fotos da organização:", error instanceof Error ? error.message : error);
    return { ok: false, reason: "upload" };
  }
  const [main, ...gallery] = urls;
  try {
    const id = await insertOrganization(db, userId, values, main!, gallery);
    if (id === null) {
      await deleteImagesByUrl(env.IMAGES, urls);
      return { ok: false, reason: "exists" };
    }
    return { ok: true, id };
  } catch (error) {
    await deleteImagesByUrl(env.IMAGES, urls);
    console.error("Falha ao salvar a organização:", error instanceof Error ? error.message : error);
    return { ok: false, reason: "failed" };
  }
}

/**
 * Adds photos to the account's gallery within MAX_ORGANIZATION_PHOTOS; photos past the
 * limit (or with no organization) leave R2 again. Returns how many were kept.
 */
export async function addGalleryPhotos(context: RequestContext, userId: string, photos: AcceptedImage[]) {
  const { env } = getCloudflare(context);
  const urls = await putImages(imageStore(context), photos, ORGANIZATION_FOLDER);
  let kept: string[] = [];
  try {
    kept = await addOrganizationImagesOfUser(getDb(context), userId, urls, MAX_ORGANIZATION_PHOTOS);
  } catch (error) {
    await deleteImagesByUrl(env.IMAGES, urls);
    throw error;
  }
  await deleteImagesByUrl(
    env.IMAGES,
    urls.filter((url) => !kept.includes(url)),
  );
  return kept.length;
}

/** Removes one gallery photo of the account's organization and its R2 object. */
export async function removeGalleryPhoto(context: RequestContext, userId: string, imageId: number) {
  const { env } = getCloudflare(context);
  const url = await removeOrganizationImageOfUser(getDb(context), userId, imageId);
  if (url === null) return false;
  await deleteImagesByUrl(env.IMAGES, [url]);
  return true;
}

/** Makes a gallery photo the main image (they swap places; nothing leaves R2). */
export function chooseMainPhoto(context: RequestContext, userId: string, imageId: number) {
  return chooseMainImageOfUser(getDb(context), userId, imageId);
}

/**
 * The organizations listing of /ongs and /ver-ongs (the same list under both URLs):
 * optional `q` and type filter (`?categoria=`, a known type only; docs/decisions/0016).
 */
export async function loadOrganizationListing(context: RequestContext, request: Request) {
  const url = new URL(request.url);
  const q = cleanSearchText(url.searchParams.get("q"));
  const type = categoryFromUrl(url, ORGANIZATION_TYPES);
  const db = getDb(context);
  // `?cidade=` + `?raio=` (docs/decisions/0032): only a resolved city narrows the list.
  const { city, area } = await readCityFilter(db, url);
  // `page` comes back from the model: a page past the last one is served as the last.
  const listing = await listOrganizationsPage(db, pageFromUrl(url), q, type, area);
  return { ...listing, q, type: type ?? null, city };
}
