// A pet ad that could not be published yet, kept on the server: a visitor's adoption or
// lost-pet form (published after sign-in), or the photos of a form sent back with
// errors (browsers cannot refill file inputs). Fields live in KV, photos in R2 under
// rascunhos/ (an R2 lifecycle rule removes what is abandoned: see README). Draft photos
// belong to the session that uploaded them (docs/decisions/0008).
import { cardKeyFor } from "~/lib/card-image-url";
import { sniffImageType } from "~/lib/image-type";
import { deleteImagesByUrl, IMAGE_URL_PREFIX, type ImageStore } from "~/platform/images.server";
import type { AppSession } from "~/platform/session.server";

export const DRAFT_TTL_SECONDS = 60 * 60 * 24;
export const DRAFT_FOLDER = "rascunhos";
const DRAFT_PREFIX = "pet-draft:";

export type DraftKind = "adocao" | "perdido";

export interface PetDraft {
  kind: DraftKind;
  fields: Record<string, string>;
  photoUrls: string[];
  createdAt: number;
}

export function isDraftPhotoUrl(url: string): boolean {
  return new RegExp(`^${IMAGE_URL_PREFIX}${DRAFT_FOLDER}/[0-9a-f-]{36}\\.(jpg|png|webp|gif|avif)$`).test(url);
}

export async function saveDraft(kv: KVNamespace, draft: Omit<PetDraft, "createdAt">): Promise<string> {
  const id = crypto.randomUUID();
  await kv.put(DRAFT_PREFIX + id, JSON.stringify({ ...draft, createdAt: Date.now() }), {
    expirationTtl: DRAFT_TTL_SECONDS,
  });
  return id;
}

export async function loadDraft(kv: KVNamespace, id: string | undefined | null): Promise<PetDraft | null> {
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return null;
  return kv.get<PetDraft>(DRAFT_PREFIX + id, "json");
}

/** Forgets the draft; its photos go too unless they were moved into a published ad. */
export async function discardDraft(kv: KVNamespace, bucket: R2Bucket, id: string, { keepPhotos = false } = {}) {
  const draft = await loadDraft(kv, id);
  await kv.delete(DRAFT_PREFIX + id);
  if (draft && !keepPhotos) await deleteImagesByUrl(bucket, draft.photoUrls);
}

/** The draft photos this session uploaded and still holds. */
export function ownedDraftPhotos(session: AppSession): string[] {
  const urls = session.get("draftPhotoUrls");
  return Array.isArray(urls) ? urls.filter((url) => typeof url === "string" && isDraftPhotoUrl(url)) : [];
}

/**
 * Makes `urls` the session's draft photos and deletes the ones it held before that are
 * not among them: a session holds one ad's worth of draft photos at most, and an
 * anonymous visitor cannot pile up objects in R2 by failing the form again and again.
 */
export async function replaceOwnedDraftPhotos(
  session: AppSession,
  bucket: R2Bucket,
  urls: string[],
  held: Iterable<string> = ownedDraftPhotos(session),
) {
  const keep = new Set(urls);
  await deleteImagesByUrl(
    bucket,
    [...held].filter((url) => isDraftPhotoUrl(url) && !keep.has(url)),
  );
  if (urls.length) session.set("draftPhotoUrls", urls);
  else session.unset("draftPhotoUrls");
}

/** The draft photo URLs a form sent back that still exist in R2. */
export async function existingDraftPhotos(bucket: R2Bucket, urls: string[]): Promise<string[]> {
  const candidates = urls.filter(isDraftPhotoUrl);
  const heads = await Promise.all(candidates.map((url) => bucket.head(url.slice(IMAGE_URL_PREFIX.length))));
  return candidates.filter((_, i) => heads[i] !== null);
}

/** Moves draft photos to their final folder (drafts expire; published photos must not). */
export async function promoteDraftPhotos(store: ImageStore, urls: string[], folder: string): Promise<string[]> {
  const { bucket } = store;
  const promoted: string[] = [];
  for (const url of urls) {
    const key = url.slice(IMAGE_URL_PREFIX.length);
    const object = await bucket.get(key);
    if (!object) continue;
    const extension = key.split(".").pop();
    const newKey = `${folder}/${crypto.randomUUID()}.${extension}`;
    const bytes = await object.arrayBuffer();
    await bucket.put(newKey, bytes, { httpMetadata: object.httpMetadata });
    // The card copy moves too (docs/decisions/0018): still to make when the photo came in
    // this request, made already for an earlier one, or made now if that one failed.
    if (!store.cardImages.move(key, newKey)) {
      const cardKey = cardKeyFor(key);
      const card = cardKey ? await bucket.get(cardKey) : null;
      const newCardKey = cardKeyFor(newKey);
      const type = sniffImageType(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 64)));
      if (card && newCardKey) await bucket.put(newCardKey, await card.arrayBuffer(), { httpMetadata: card.httpMetadata });
      else if (type) store.cardImages.add(newKey, bytes, type);
    }
    promoted.push(IMAGE_URL_PREFIX + newKey);
  }
  await deleteImagesByUrl(bucket, urls);
  return promoted;
}
