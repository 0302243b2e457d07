// One-off backfill of card-size copies (docs/decisions/0018-card-images.md): makes the
// copy of every image in R2 that lacks one. Not part of the app and never deployed:
// `npm run images:derivatives` serves this entry with `wrangler dev`, on the local R2 or,
// with --remote, on the real bucket, and calls it until it has walked the whole bucket.
// Idempotent: an image that has its copy is skipped.
import { cardKeyFor } from "../app/lib/card-image-url";
import { sniffImageType } from "../app/lib/image-type";
import { makeCardImage } from "../app/platform/card-image.server";

interface Env {
  IMAGES: R2Bucket;
  // The Images binding makes the copies, as for new uploads (docs/decisions/0029).
  IMAGE_TRANSFORMS: ImagesBinding;
}

/** Copies attempted per request: each reads one original of up to 5 MB from R2. */
const ATTEMPTS_PER_REQUEST = 5;

export interface BackfillPage {
  /** Pass as `?depois=` to go on; null when the bucket has been walked. */
  next: string | null;
  created: number;
  existing: number;
  skipped: Record<string, number>;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (request.method !== "POST") return new Response("Use POST.", { status: 405 });
    const after = new URL(request.url).searchParams.get("depois") || undefined;
    const listed = await env.IMAGES.list({ startAfter: after, limit: 200 });
    const keys = new Set(listed.objects.map((o) => o.key));
    const page: BackfillPage = { next: null, created: 0, existing: 0, skipped: {} };
    let attempts = 0;
    let last = after ?? null;
    let stopped = false;
    for (const object of listed.objects) {
      const cardKey = cardKeyFor(object.key);
      if (cardKey && !keys.has(cardKey) && !(await env.IMAGES.head(cardKey))) {
        if (attempts === ATTEMPTS_PER_REQUEST) {
          stopped = true;
          break;
        }
        attempts++;
        const original = await env.IMAGES.get(object.key);
        const bytes = original ? new Uint8Array(await original.arrayBuffer()) : null;
        const type = bytes ? sniffImageType(bytes.subarray(0, 64)) : null;
        const card = bytes && type ? await makeCardImage(env.IMAGE_TRANSFORMS, bytes, type.extension) : "decode";
        if (typeof card === "string") {
          page.skipped[card] = (page.skipped[card] ?? 0) + 1;
        } else {
          await env.IMAGES.put(cardKey, card.bytes, { httpMetadata: { contentType: "image/webp" } });
          page.created++;
        }
      } else if (cardKey) {
        page.existing++;
      }
      last = object.key;
    }
    page.next = stopped || listed.truncated ? last : null;
    return Response.json(page);
  },
};
