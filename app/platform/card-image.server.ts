// The card-size copy of an uploaded photo (docs/decisions/0018-card-images.md,
// docs/decisions/0029-card-images-from-the-images-binding.md): at most 480 px wide, WebP,
// at most 60 KB, made by Cloudflare's Images binding. The Worker never decodes a picture:
// it asks the binding for the header's size first and refuses a declared size over the
// cap, so a decompression bomb of a few bytes is never decoded (uploads are refused on
// the same check before they are stored: images.server.ts).
import type { ImageType } from "~/lib/image-type";

export const CARD_MAX_WIDTH = 480;
const CARD_MAX_HEIGHT = 960;
export const CARD_MAX_BYTES = 60 * 1024;
/**
 * Largest declared picture the binding is asked to transform, and the largest an upload
 * may declare (docs/decisions/0029): 40 MP holds a phone's photo (12–24 MP; a full 50 MP
 * one is over the 5 MB upload cap) and is well under what Cloudflare Images accepts.
 */
export const MAX_SOURCE_PIXELS = 40_000_000;
/**
 * Lowered in turn until the WebP fits in CARD_MAX_BYTES. The local mode of the binding
 * ignores the quality (docs/decisions/0029): there the first answer is the only one.
 */
const WEBP_QUALITIES = [75, 60, 45, 30];

/** Why no copy was made: a type we keep as is (GIF, AVIF), a declared size over the cap, bytes the binding cannot read, or no quality that fits. */
export type CardImageSkip = "type" | "size" | "decode" | "bytes";

export interface CardImageResult {
  bytes: Uint8Array;
  quality: number;
}

const CARD_TYPES = new Set<ImageType["extension"]>(["jpg", "png", "webp"]);

const streamOf = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();

/**
 * Makes the card-size WebP of an accepted upload, or says why not. Callers keep and serve
 * the original then. Never throws.
 */
export async function makeCardImage(
  transforms: ImagesBinding,
  bytes: Uint8Array,
  type: ImageType["extension"],
): Promise<CardImageResult | CardImageSkip> {
  if (!CARD_TYPES.has(type)) return "type";
  let size: { width: number; height: number };
  try {
    // The header only: nothing is decoded before the declared size is known to be sane.
    const info = await transforms.info(streamOf(bytes));
    if (!("width" in info)) return "type";
    size = info;
  } catch {
    return "decode";
  }
  if (!(size.width > 0 && size.height > 0) || size.width * size.height > MAX_SOURCE_PIXELS) return "size";
  try {
    let last = -1;
    for (const quality of WEBP_QUALITIES) {
      const result = await transforms
        .input(streamOf(bytes))
        .transform({ width: CARD_MAX_WIDTH, height: CARD_MAX_HEIGHT, fit: "scale-down" })
        .output({ format: "image/webp", quality });
      const webp = new Uint8Array(await result.response().arrayBuffer());
      if (webp.byteLength <= CARD_MAX_BYTES) return { bytes: webp, quality };
      // Same size at a lower quality: the quality is ignored (local mode); stop asking.
      if (webp.byteLength === last) break;
      last = webp.byteLength;
    }
    return "bytes";
  } catch {
    return "decode";
  }
}
