// The favourites store in KV (DESIGN decision 3). One JSON value per owner: a signed-in
// user ("usuario:{id}") or an anonymous visitor ("visitante:{uuid}").
import { type FavoriteKind, type Favorites, mergeFavoriteLists, normalizeFavorites, withFavorite, countFavorites } from "~/lib/favorites";

const KEY_PREFIX = "favoritos:";
// A visitor's list lives as long as their cookie; an account's has no expiry.
export const VISITOR_FAVORITES_TTL_SECONDS = 60 * 60 * 24 * 365;

export type FavoritesOwner = { type: "user"; id: string } | { type: "visitor"; id: string };

function keyOf(owner: FavoritesOwner) {
  return `${KEY_PREFIX}${owner.type === "user" ? "usuario" : "visitante"}:${owner.id}`;
}

export async function readFavorites(kv: KVNamespace, owner: FavoritesOwner): Promise<Favorites> {
  return normalizeFavorites(await kv.get(keyOf(owner), "json"));
}

async function writeFavorites(kv: KVNamespace, owner: FavoritesOwner, favorites: Favorites) {
  if (countFavorites(favorites) === 0) {
    await kv.delete(keyOf(owner));
    return;
  }
  await kv.put(
    keyOf(owner),
    JSON.stringify(favorites),
    owner.type === "visitor" ? { expirationTtl: VISITOR_FAVORITES_TTL_SECONDS } : undefined,
  );
}

/** Adds (on) or removes (off) one id and returns the new lists. */
export async function setFavorite(kv: KVNamespace, owner: FavoritesOwner, kind: FavoriteKind, id: number, on: boolean): Promise<Favorites> {
  const current = await readFavorites(kv, owner);
  const next = withFavorite(current, kind, id, on);
  if (next[kind].join() !== current[kind].join()) await writeFavorites(kv, owner, next);
  return next;
}

/** Forgets an owner's whole list (a deleted account, docs/decisions/0036). */
export async function deleteFavorites(kv: KVNamespace, owner: FavoritesOwner) {
  await kv.delete(keyOf(owner));
}

/** Moves a visitor's favourites into an account (at sign-in); the visitor's list is removed. */
export async function mergeFavorites(kv: KVNamespace, from: FavoritesOwner, into: FavoritesOwner) {
  const visitor = await readFavorites(kv, from);
  if (countFavorites(visitor) === 0) return;
  const account = await readFavorites(kv, into);
  // The visitor's picks are the most recent ones.
  await writeFavorites(kv, into, mergeFavoriteLists(visitor, account));
  await kv.delete(keyOf(from));
}

/**
 * Drops ids of items that no longer exist (found missing when the lists were resolved
 * against D1). Re-reads first so a favourite added meanwhile is kept.
 */
export async function dropMissingFavorites(kv: KVNamespace, owner: FavoritesOwner, kind: FavoriteKind, missing: number[]) {
  if (missing.length === 0) return;
  const current = await readFavorites(kv, owner);
  const gone = new Set(missing);
  await writeFavorites(kv, owner, { ...current, [kind]: current[kind].filter((id) => !gone.has(id)) });
}
