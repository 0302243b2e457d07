// The hearts' state in the browser between a click and the next load of the root data:
// every heart for the same item shows the same state, and an answer from the server
// that is newer than the click wins.
import { createBrowserStore } from "./browser-store";
import { FAVORITE_TEXTS, type FavoriteKind, type Favorites } from "./favorites";

interface Override {
  on: boolean;
  // The root favourites the click was made against; newer server data replaces it.
  basis: Favorites | undefined;
}

const overrides = createBrowserStore(new Map<string, Override>());

export function setFavoriteOverride(kind: FavoriteKind, id: number, on: boolean, basis: Favorites | undefined) {
  overrides.set(new Map(overrides.get()).set(`${kind}:${id}`, { on, basis }));
}

export function useFavoriteState(kind: FavoriteKind, id: number, server: Favorites | undefined): boolean {
  const override = overrides.useValue().get(`${kind}:${id}`);
  if (override && override.basis === server) return override.on;
  return Boolean(server?.[kind].includes(id));
}

// One request at a time: each one reads and writes the whole list in KV, so two at
// once could undo each other.
let queue: Promise<unknown> = Promise.resolve();

export function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** A heart sent in the background was refused; its message is what the toast says. */
export class HeartFailure extends Error {}

/** Too many hearts (429) carries the server's words; anything else is the generic failure. */
export async function heartFailureMessage(response: Response): Promise<string> {
  if (response.status !== 429) return FAVORITE_TEXTS.failed;
  const body: unknown = await response.json().catch(() => null);
  const message = body && typeof body === "object" && "message" in body ? body.message : null;
  return typeof message === "string" ? message : FAVORITE_TEXTS.failed;
}
