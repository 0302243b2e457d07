// Card copies are made after the response (docs/decisions/0029-card-images-from-the-images-binding.md):
// an upload answers as soon as its originals are in R2. The copies asked for during a
// request wait here and are made once the response is ready (workers/app.ts hands them to
// waitUntil), so a photo moved within the same request (a draft published at once) gets
// its copy where it ended up, and one deleted meanwhile gets none.
import { cardKeyFor } from "~/lib/card-image-url";
import type { ImageType } from "~/lib/image-type";
import { makeCardImage } from "./card-image.server";

interface CardImageJob {
  bytes: ArrayBuffer;
  type: ImageType;
}

export interface CardImageStores {
  bucket: R2Bucket;
  transforms: ImagesBinding;
}

export class CardImageJobs {
  #jobs = new Map<string, CardImageJob>();

  /** The copy of the original stored under `key`, to make after the response. */
  add(key: string, bytes: ArrayBuffer, type: ImageType) {
    if (cardKeyFor(key)) this.#jobs.set(key, { bytes, type });
  }

  /** The original moved from one key to another: its pending copy follows it. */
  move(from: string, to: string): boolean {
    const job = this.#jobs.get(from);
    if (!job) return false;
    this.#jobs.delete(from);
    this.add(to, job.bytes, job.type);
    return true;
  }

  get pending(): string[] {
    return [...this.#jobs.keys()];
  }

  /** Makes every pending copy, one at a time; returns how many were stored. Never throws. */
  async run(stores: CardImageStores): Promise<number> {
    const jobs = [...this.#jobs];
    this.#jobs.clear();
    let stored = 0;
    for (const [key, job] of jobs) {
      if (await storeCardImage(stores, key, job.bytes, job.type)) stored++;
    }
    return stored;
  }
}

/** Once a response is ready (workers/app.ts): the pending copies are made in waitUntil. */
export function makeCardImagesAfterResponse(
  jobs: CardImageJobs,
  env: { IMAGES: R2Bucket; IMAGE_TRANSFORMS: ImagesBinding },
  ctx: ExecutionContext,
) {
  if (jobs.pending.length) ctx.waitUntil(jobs.run({ bucket: env.IMAGES, transforms: env.IMAGE_TRANSFORMS }));
}

/**
 * Stores the card-size copy of the original under `key`, if that original is still there.
 * Never throws: a photo that cannot be shrunk keeps only its original, which then answers
 * for the card URL too. Returns whether a copy was stored.
 */
export async function storeCardImage(
  { bucket, transforms }: CardImageStores,
  key: string,
  bytes: ArrayBuffer,
  type: ImageType,
): Promise<boolean> {
  const cardKey = cardKeyFor(key);
  if (!cardKey) return false;
  try {
    if (!(await bucket.head(key))) return false;
    const card = await makeCardImage(transforms, new Uint8Array(bytes), type.extension);
    if (typeof card === "string") {
      console.warn(`Cópia de card não gerada para ${key}: ${card}`);
      return false;
    }
    await bucket.put(cardKey, card.bytes, { httpMetadata: { contentType: "image/webp" } });
    return true;
  } catch (error) {
    console.error(`Falha ao gerar a cópia de card de ${key}:`, error instanceof Error ? error.message : error);
    return false;
  }
}
