// A company's products across D1 and R2 (docs/decisions/0014): the thin actions of
// /empresa/dashboard/produtos/* call these. Photos follow the pets' rules (byte checks,
// 5 MB, at most 3, random R2 keys; docs/decisions/0008); R2 objects written for a
// product that was not saved are deleted, and a deleted product takes its objects along.
import { getCloudflare, getDb, type RequestContext } from "~/context.server";
import type { ProductFormValue } from "~/forms/product";
import { BASIC_PRODUCT_LIMIT, canAddProduct, effectivePlan } from "~/lib/plans";
import { socialMediaWith } from "~/lib/social";
import { getCompany } from "~/models/companies.server";
import { diffPetPhotos } from "~/models/pets.server";
import {
  countProductsByOwner,
  createProductWithinPlan,
  deleteProductForOwner,
  type NewProduct,
  type OwnedProduct,
  updateProductForOwner,
} from "~/models/products.server";
import { deleteImagesByUrl, imageStore, putImages, type AcceptedImage } from "~/platform/images.server";
import type { ResolvedCity } from "./places.server";
import type { Toast } from "~/lib/toast";

export const SIGNED_OUT_MESSAGE = "Você precisa estar logado para atualizar um produto.";
export const PRODUCT_FOLDER = "produtos";

/**
 * A product form sent after the session ended (expired, or signed out in another tab):
 * the spec's message (§8) on /empresas, where the company guard sends it.
 */
export const PRODUCT_SIGNED_OUT_TOAST: Toast = { type: "error", title: SIGNED_OUT_MESSAGE };

/** Whether the company may add a product now (the form is shown; the INSERT decides). */
export async function productRoom(context: RequestContext, userId: string) {
  const db = getDb(context);
  const [company, count] = await Promise.all([getCompany(db, userId), countProductsByOwner(db, userId)]);
  const plan = company ? effectivePlan(company) : "basic";
  return { plan, count, canAdd: canAddProduct(plan, count), limit: BASIC_PRODUCT_LIMIT };
}

/** The form's values as columns; an edit keeps the other networks of `previousSocial`. */
function productFields(value: ProductFormValue, place: ResolvedCity, previousSocial?: Record<string, string> | null): NewProduct {
  const { removeImage: _removed, price, city: _city, instagram, facebook, ...rest } = value;
  return {
    ...rest,
    priceCents: price,
    location: place.location,
    municipalityCode: place.municipalityCode,
    socialMedia: socialMediaWith(previousSocial, { instagram, facebook }),
  };
}

/** Stores the photos and the product; null when the plan refused it (nothing kept). */
export async function publishProduct(
  context: RequestContext,
  userId: string,
  value: ProductFormValue,
  place: ResolvedCity,
  photos: AcceptedImage[],
) {
  const { env } = getCloudflare(context);
  const urls = await putImages(imageStore(context), photos, PRODUCT_FOLDER);
  try {
    const id = await createProductWithinPlan(getDb(context), userId, productFields(value, place), urls);
    if (id === null) await deleteImagesByUrl(env.IMAGES, urls);
    return id;
  } catch (error) {
    await deleteImagesByUrl(env.IMAGES, urls);
    throw error;
  }
}

/**
 * Saves an edit: `kept` are the product's photos that stay (in order), `photos` the new
 * ones (already within the 3). Returns false when the product is not the owner's.
 */
export async function saveProductEdit(
  context: RequestContext,
  userId: string,
  product: OwnedProduct,
  value: ProductFormValue,
  place: ResolvedCity,
  kept: string[],
  photos: AcceptedImage[],
) {
  const { env } = getCloudflare(context);
  const current = [product.mainImageUrl, ...product.images].filter((u): u is string => Boolean(u));
  const uploaded = await putImages(imageStore(context), photos, PRODUCT_FOLDER);
  const diff = diffPetPhotos(product.images, [...kept, ...uploaded]);
  let updated = false;
  try {
    updated = await updateProductForOwner(
      getDb(context),
      { id: product.id, userId },
      productFields(value, place, product.socialMedia),
      diff,
    );
  } catch (error) {
    await deleteImagesByUrl(env.IMAGES, uploaded);
    throw error;
  }
  if (!updated) {
    await deleteImagesByUrl(env.IMAGES, uploaded);
    return false;
  }
  // Only photos D1 no longer points to (docs/decisions/0008).
  await deleteImagesByUrl(
    env.IMAGES,
    current.filter((url) => !kept.includes(url)),
  );
  return true;
}

/** Deletes the owner's product, its photo rows and its R2 objects; false when not theirs. */
export async function removeProduct(context: RequestContext, userId: string, id: number) {
  const { env } = getCloudflare(context);
  const images = await deleteProductForOwner(getDb(context), { id, userId });
  if (!images) return false;
  await deleteImagesByUrl(env.IMAGES, images);
  return true;
}
