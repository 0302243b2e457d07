// Images in R2, served through a Worker route with immutable caching. Keys are random
// ids plus an extension, so an object never changes once written. Each photo has a
// card-size WebP copy beside it, made after the response (docs/decisions/0018, 0029).
import type { RouterContextProvider } from "react-router";
import { getCloudflare } from "~/context.server";
import { cardKeyFor, cardKeyStem, IMAGE_URL_PREFIX } from "~/lib/card-image-url";
import { sniffImageType, type ImageType } from "~/lib/image-type";
import { placeholderForImageKey } from "~/lib/placeholders";
import type { CardImageJobs } from "./card-image-jobs.server";
import { MAX_SOURCE_PIXELS } from "./card-image.server";

export { IMAGE_URL_PREFIX };

export function imageUrlForKey(key: string): string {
  return IMAGE_URL_PREFIX + key;
}

/**
 * Every answer of `/imagens/*`: an upload is never a page, so even a file a browser would
 * render (a stored SVG, an HTML body with an image's signature) runs no script, loads
 * nothing and gets its own origin (docs/decisions/0029).
 */
const IMAGE_CSP = "default-src 'none'; sandbox";

const notFound = () => new Response("Imagem não encontrada.", { status: 404, headers: { "Content-Security-Policy": IMAGE_CSP } });

/** Answers a GET/HEAD for one R2 object, honouring conditional and range requests. */
export async function serveImage(bucket: R2Bucket, key: string, request: Request) {
  const cardStem = cardKeyStem(key);
  if (!cardStem && !/^[a-z0-9][a-z0-9/_-]*\.(jpe?g|png|webp|gif|avif)$/i.test(key)) return notFound();
  const options = { onlyIf: request.headers, range: request.headers };
  const object = await bucket.get(key, options);
  if (!object) {
    // A card copy that was never made (a photo stored before card copies existed, or a
    // copy that failed): the drawing of its kind answers, never the original, whose size
    // a card must not hand to a phone. Short cache: a copy made later (npm run
    // images:derivatives) takes its place (docs/decisions/0018, 0029).
    if (cardStem && (await hasOriginal(bucket, cardStem))) {
      return new Response(null, {
        status: 302,
        headers: {
          Location: placeholderForImageKey(key),
          "Cache-Control": "public, max-age=300",
          "Content-Security-Policy": IMAGE_CSP,
        },
      });
    }
    return notFound();
  }

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  headers.set("Accept-Ranges", "bytes");
  headers.set("Content-Security-Policy", IMAGE_CSP);

  // No body: a precondition (If-None-Match, If-Modified-Since...) failed.
  if (!("body" in object)) {
    const status = request.headers.has("If-Match") || request.headers.has("If-Unmodified-Since") ? 412 : 304;
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
/**
 * Largest declared picture an upload may be (docs/decisions/0029): a phone's photo is
 * 12–24 MP, and a full 48–50 MP one is over MAX_IMAGE_BYTES anyway. Also the card copy's
 * cap, so whatever is accepted can become a card.
 */
export const MAX_UPLOAD_PIXELS = MAX_SOURCE_PIXELS;

export const IMAGE_TOO_LARGE_MESSAGE = (name: string) =>
  `A imagem "${name}" é grande demais (mais de ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels). Escolha uma foto menor.`;
export const IMAGE_UNREADABLE_MESSAGE = (name: string) =>
  `Não foi possível ler a imagem "${name}". Escolha outra foto (JPEG, PNG, WebP, GIF ou AVIF).`;

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

/** The Images binding that reads uploads' headers (and makes their card copies). */
export function imageReader(context: Readonly<RouterContextProvider>): ImagesBinding {
  return getCloudflare(context).env.IMAGE_TRANSFORMS;
}

/**
 * The size the picture's header declares, read by the Images binding (its header only:
 * nothing is decoded), or null when the binding cannot read it (docs/decisions/0029).
 */
async function declaredPixels(reader: ImagesBinding, bytes: ArrayBuffer): Promise<number | null> {
  try {
    const info = await reader.info(new Blob([bytes]).stream());
    if (!("width" in info) || !(info.width > 0 && info.height > 0)) return null;
    return info.width * info.height;
  } catch {
    return null;
  }
}

/**
 * Keeps the first `max` files and checks each by its bytes and size, then asks the Images
 * binding for its header: a picture it cannot read, or that declares more than
 * MAX_UPLOAD_PIXELS, is refused, so every stored upload can become a card copy
 * (docs/decisions/0029).
 */
export async function checkImageUploads(reader: ImagesBinding, files: File[], max = MAX_IMAGES_PER_AD): Promise<ImageUploadCheck> {
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
    const pixels = await declaredPixels(reader, bytes);
    if (pixels === null) {
      errors.push(IMAGE_UNREADABLE_MESSAGE(file.name));
      continue;
    }
    if (pixels > MAX_UPLOAD_PIXELS) {
      errors.push(IMAGE_TOO_LARGE_MESSAGE(file.name));
      continue;
    }
    images.push({ name: file.name, bytes, type });
  }
  return { images, errors, truncated: files.length > max };
}

/**
 * The photos sent with an ad's form (a pet's, a product's) beside the `kept` ones it
 * already has: at most MAX_IMAGES_PER_AD in all, each checked by its bytes. `truncated`:
 * more than fit, the new ones beyond are dropped; `messages`: what the form says under its
 * photos, the limit first (docs/decisions/0008).
 */
export async function checkAdPhotos(context: Readonly<RouterContextProvider>, formData: FormData, kept: number) {
  const files = chosenFiles(formData.getAll("photos"));
  const check = await checkImageUploads(imageReader(context), files, Math.max(0, MAX_IMAGES_PER_AD - kept));
  const truncated = kept + files.length > MAX_IMAGES_PER_AD;
  return { ...check, truncated, messages: truncated ? [IMAGE_LIMIT_MESSAGE, ...check.errors] : [...check.errors] };
}

/**
 * An edited ad's photos: its `current` ones not ticked 'Remover' (`kept`) and the new ones
 * sent, as checkAdPhotos. Read even when another field is refused, so the count and its
 * message are right in the same answer (docs/decisions/0033 §14). An ad saved with more
 * than the limit before it was enforced must lose some first (`tooManyKept`, 0008).
 */
export async function checkEditedAdPhotos(context: Readonly<RouterContextProvider>, formData: FormData, current: string[]) {
  const removed = formData.getAll("removeImage").filter((v): v is string => typeof v === "string");
  const kept = current.filter((url) => !removed.includes(url));
  const check = await checkAdPhotos(context, formData, kept.length);
  const tooManyKept = kept.length > MAX_IMAGES_PER_AD;
  if (tooManyKept) check.messages.push(`Marque "Remover" em ${kept.length - MAX_IMAGES_PER_AD} das fotos atuais para salvar.`);
  return { ...check, removed, kept, tooManyKept };
}

/** Whether the original of a card key's stem (`pets/abc` → `pets/abc.jpg`) is stored. */
async function hasOriginal(bucket: R2Bucket, stem: string): Promise<boolean> {
  const listed = await bucket.list({ prefix: `${stem}.`, limit: 10 });
  return listed.objects.some((o) => cardKeyFor(o.key) !== null);
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
 * URLs are left alone). R2 deletes at most 1,000 keys per call: 500 photos with their card
 * copies (a pet with years of sightings has more).
 */
export async function deleteImagesByUrl(bucket: R2Bucket, urls: (string | null | undefined)[]) {
  const keys = urls
    .filter((url): url is string => Boolean(url?.startsWith(IMAGE_URL_PREFIX)))
    .map((url) => url.slice(IMAGE_URL_PREFIX.length));
  for (let i = 0; i < keys.length; i += 500) await bucket.delete(withCardKeys(keys.slice(i, i + 500)));
}
