// Favourites (DESIGN decision 3): kept on the server, one list of ids per kind of item.
// Shared by the server store and the heart on the cards.

export const FAVORITE_KINDS = ["pets", "products", "organizations", "events", "clinics"] as const;
export type FavoriteKind = (typeof FAVORITE_KINDS)[number];

export type Favorites = Record<FavoriteKind, number[]>;

/** Most recent first; a list never grows past this (keeps the KV value small). */
export const MAX_FAVORITES_PER_KIND = 500;

export function emptyFavorites(): Favorites {
  return { pets: [], products: [], organizations: [], events: [], clinics: [] };
}

export function isFavoriteKind(value: unknown): value is FavoriteKind {
  return typeof value === "string" && (FAVORITE_KINDS as readonly string[]).includes(value);
}

/** Sets or clears one id; the same call twice is harmless (idempotent, unlike a flip). */
export function withFavorite(favorites: Favorites, kind: FavoriteKind, id: number, on: boolean): Favorites {
  const rest = favorites[kind].filter((existing) => existing !== id);
  const next = on ? [id, ...rest].slice(0, MAX_FAVORITES_PER_KIND) : rest;
  return { ...favorites, [kind]: next };
}

/** Union of two sets of favourites; `first`'s ids come first. */
export function mergeFavoriteLists(first: Favorites, second: Favorites): Favorites {
  const merged = emptyFavorites();
  for (const kind of FAVORITE_KINDS) {
    merged[kind] = [...new Set([...first[kind], ...second[kind]])].slice(0, MAX_FAVORITES_PER_KIND);
  }
  return merged;
}

/** Reads a stored value defensively: unknown kinds and non-ids are dropped. */
export function normalizeFavorites(value: unknown): Favorites {
  const favorites = emptyFavorites();
  if (!value || typeof value !== "object") return favorites;
  for (const kind of FAVORITE_KINDS) {
    const list = (value as Record<string, unknown>)[kind];
    if (!Array.isArray(list)) continue;
    favorites[kind] = [...new Set(list.filter((id): id is number => Number.isSafeInteger(id) && id > 0))].slice(0, MAX_FAVORITES_PER_KIND);
  }
  return favorites;
}

export function countFavorites(favorites: Favorites): number {
  return FAVORITE_KINDS.reduce((total, kind) => total + favorites[kind].length, 0);
}

/**
 * The heart's words, shared by the button (FavoriteButton), the action's flash message
 * and the light pages' script (docs/decisions/0042), so all three say the same.
 */
export const FAVORITE_TEXTS = {
  pressed: "Favoritado",
  unpressed: "Favoritar",
  added: "Adicionado aos favoritos",
  removed: "Removido dos favoritos",
  failed: "Não foi possível atualizar seus favoritos. Tente novamente.",
  // The icon-only heart's accessible name; % is the item's name.
  add: "Adicionar % aos favoritos",
  remove: "Remover % dos favoritos",
} as const;

/** Whether the item is among these favourites (none before the root data is there). */
export function isFavorite(favorites: Favorites | undefined, kind: FavoriteKind, id: number): boolean {
  return Boolean(favorites?.[kind].includes(id));
}

/** The icon-only heart's accessible name. */
export function heartLabel(on: boolean, name: string): string {
  return (on ? FAVORITE_TEXTS.remove : FAVORITE_TEXTS.add).replace("%", () => name);
}
