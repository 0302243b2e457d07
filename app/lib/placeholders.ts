// The drawing shown for an item without a usable photo, one per kind (static files under
// public/placeholders/). Shared by the components (a missing or broken image) and the image
// route (a card copy that was never made: docs/decisions/0029).
export type PlaceholderKind = "pet" | "product" | "organization" | "event" | "clinic" | "avatar";

export function placeholderFor(kind: PlaceholderKind) {
  return `/placeholders/${kind}.svg`;
}

/** Upload folders (the first part of an R2 key) and the drawing of what they hold. */
const FOLDER_KINDS: Record<string, PlaceholderKind> = {
  produtos: "product",
  logos: "product",
  ongs: "organization",
  eventos: "event",
  clinicas: "clinic",
  avatares: "avatar",
};

/** `produtos/abc.card.webp` → `/placeholders/product.svg`; pets, drafts and sightings are pets. */
export function placeholderForImageKey(key: string): string {
  return placeholderFor(FOLDER_KINDS[key.split("/")[0]!] ?? "pet");
}
