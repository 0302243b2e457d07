// Images in R2, served through a Worker route with immutable caching. Keys are random
// ids plus an extension, so an object never changes once written. Each photo has a
// card-size WebP copy beside it, made after the response (docs/decisions/0018, 0029).
import type { RouterContextProvider } from "react-router";
import { getCloudflare } from "~/context.server";
import { cardKeyFor, cardKeyStem, IMAGE_URL_PREFIX } from "~/lib/card-image-url";
import { sniffImageType, type ImageType } from "~/lib/image-type";
import type { CardImageJobs } from "./card-image-jobs.server";

export { IMAGE_URL_PREFIX };

export function imageUrlForKey(key: string): string {
  return IMAGE_URL_PREFIX + key;
}

/** Answers a GET/HEAD for one R2 object, honouring conditional and range requests. */
export async function serveImage(bucket: R2Bucket, key: string, request: Request) {
  const cardStem = cardKeyStem(key);
  if (!cardStem && !/^[a-z0-9][a-z0-9/_-]*\.(jpe?g|png|webp|gif|avif)$/i.test(key)) {
    return new Response("Imagem não encontrada.", { status: 404 });
  }
  const options = { onlyIf: request.headers, range: request.headers };
  let object = await bucket.get(key, options);
  // A card copy that was never made (a photo that did not decode, or one stored before
  // card copies existed): the original answers instead, so a card never breaks. It may be
  // made later (npm run images:derivatives), hence the short cache (docs/decisions/0018).
  let standIn = false;
  if (!object && cardStem) {
    const original = await originalKeyFor(bucket, cardStem);
    if (original) {
      object = await bucket.get(original, options);
      standIn = true;
    }
  }
  if (!object) return new Response("Imagem não encontrada.", { status: 404 });

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", standIn ? "public, max-age=3600" : "public, max-age=31536000, immutable");
  headers.set("Accept-Ranges", "bytes");

  // No body: a precondition (If-None-Match, If-Modified-Since...) failed.
  if (!("body" in object)) {
    const status = request.headers.has("If-Match") || request.headers.has("If-Unmodified-Since")
      ? 412
      : 304;
    return new Response(null, { status, headers });
  }
  if (request.method === "HEAD") {
    headers.set("Content-Length", String(object.size));
    return new Response(null, { headers });
  }
  const range = object.range as { offset?: number; length?: number } | undefined;
  if (range && request.headers.has("Range")) {
    const offset = range.offset ?? 0;
    const length = range.length ?? object.size - offset;
    headers.set("Content-Range", `bytes ${offset}-${offset + length - 1}/${object.size}`);
    headers.set("Content-Length", String(length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES_PER_AD = 3;
export const IMAGE_LIMIT_MESSAGE = "Limite de 3 imagens por anúncio.";

export interface AcceptedImage {
  name: string;
  bytes: ArrayBuffer;
  type: ImageType;
}

export interface ImageUploadCheck {
  images: AcceptedImage[];
  errors: string[];
  /** More files than allowed were sent: only the first ones were kept. */
  truncated: boolean;
}

/** Browsers send an empty part for a file input left empty. */
export function chosenFiles(values: FormDataEntryValue[]): File[] {
  return values.filter((v): v is File => typeof v !== "string" && v.size > 0);
}

/** Keeps the first `max` files and checks each by its bytes and size. */
export async function checkImageUploads(files: File[], max = MAX_IMAGES_PER_AD): Promise<ImageUploadCheck> {
  const kept = files.slice(0, max);
  const images: AcceptedImage[] = [];
  const errors: string[] = [];
  for (const file of kept) {
    if (file.size > MAX_IMAGE_BYTES) {
      errors.push(`A imagem "${file.name}" tem mais de 5 MB. Escolha uma foto menor.`);
      continue;
    }
    const bytes = await file.arrayBuffer();
    const type = sniffImageType(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 64)));
    if (!type) {
      errors.push(`O arquivo "${file.name}" não é uma imagem aceita (JPEG, PNG, WebP, GIF ou AVIF).`);
      continue;
    }
    images.push({ name: file.name, bytes, type });
  }
  return { images, errors, truncated: files.length > max };
}

/** The original's key for a card key's stem (`pets/abc` → `pets/abc.jpg`), or null. */
async function originalKeyFor(bucket: R2Bucket, stem: string): Promise<string | null> {
  const listed = await bucket.list({ prefix: `${stem}.`, limit: 10 });
  return listed.objects.map((o) => o.key).find((k) => cardKeyFor(k) !== null || /\.(gif|avif)$/i.test(k)) ?? null;
}

/** Where uploads go: the R2 bucket, and the copies to make once the response is ready. */
export interface ImageStore {
  bucket: R2Bucket;
  cardImages: CardImageJobs;
}

export function imageStore(context: Readonly<RouterContextProvider>): ImageStore {
  const { env, cardImages } = getCloudflare(context);
  return { bucket: env.IMAGES, cardImages };
}

/**
 * Writes the images under random keys, all or nothing, and asks for the card-size copy of
 * each (made after the response). Returns their URLs in order.
 */
export async function putImages(store: ImageStore, images: AcceptedImage[], folder: string): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const image of images) {
      const key = `${folder}/${crypto.randomUUID()}.${image.type.extension}`;
      await store.bucket.put(key, image.bytes, { httpMetadata: { contentType: image.type.mime } });
      keys.push(key);
    }
  } catch (error) {
    if (keys.length) await store.bucket.delete(withCardKeys(keys));
    throw error;
  }
  images.forEach((image, i) => store.cardImages.add(keys[i]!, image.bytes, image.type));
  return keys.map(imageUrlForKey);
}

/** The keys plus the card copy of each (deleting a key that does not exist is harmless). */
function withCardKeys(keys: string[]): string[] {
  return keys.flatMap((key) => {
    const card = cardKeyFor(key);
    return card ? [key, card] : [key];
  });
}

/**
 * Removes the R2 objects behind our image URLs, card copies included (seed and external
 * URLs are left alone).
 */
export async function deleteImagesByUrl(bucket: R2Bucket, urls: (string | null | undefined)[]) {
  const keys = urls
    .filter((url): url is string => Boolean(url?.startsWith(IMAGE_URL_PREFIX)))
    .map((url) => url.slice(IMAGE_URL_PREFIX.length));
  if (keys.length) await bucket.delete(withCardKeys(keys));
}
