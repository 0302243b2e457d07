// Where the card-size copy of an uploaded image lives (docs/decisions/0018-card-images.md):
// beside the original, under a key made from the original's, so no table stores it.
//   pets/3f2a….jpg  →  pets/3f2a….card.webp
// Shared by the server (R2 keys) and the components (srcset URLs).
export const IMAGE_URL_PREFIX = "/imagens/";
export const CARD_IMAGE_WIDTH = 480;
const CARD_SUFFIX = ".card.webp";
// Only the types the Worker shrinks: GIF (often animated) and AVIF keep their original.
const ORIGINAL_KEY = /^([a-z0-9][a-z0-9/_-]*)\.(jpe?g|png|webp)$/i;
const CARD_KEY = /^([a-z0-9][a-z0-9/_-]*)\.card\.webp$/i;

/** `pets/abc.jpg` → `pets/abc.card.webp`; null for keys that get no card copy. */
export function cardKeyFor(key: string): string | null {
  const match = ORIGINAL_KEY.exec(key);
  return match ? match[1] + CARD_SUFFIX : null;
}

/** `pets/abc.card.webp` → `pets/abc` (the original's key without its extension), or null. */
export function cardKeyStem(key: string): string | null {
  return CARD_KEY.exec(key)?.[1] ?? null;
}

/** The card copy's URL for one of our uploaded images; null for seed and external URLs. */
export function cardImageUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(IMAGE_URL_PREFIX)) return null;
  const key = cardKeyFor(url.slice(IMAGE_URL_PREFIX.length));
  return key ? IMAGE_URL_PREFIX + key : null;
}
