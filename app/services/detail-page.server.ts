// The one loader pipeline of the five public detail pages (/pet, /produto, /clinica,
// /evento, /ong; docs/decisions/0034, Detail pages): the id from the URL, the item, who
// may see it while moderation holds it, the view, and whether the visitor is its owner.
// Each route adds only what its own page shows.
import type { RouterContextProvider } from "react-router";
import { getDb, type Database } from "~/context.server";
import type { ModerationState } from "~/db/schema";
import { parseId } from "~/lib/links";
import { notFound, withScreen } from "~/lib/not-found";
import { DETAIL_NOT_FOUND } from "~/lib/not-found-screens";
import { getCurrentUser } from "~/platform/auth.server";
import { moderationBannerFor } from "./moderation.server";
import { countView, type ViewedItemKind } from "./views.server";

/** What a detail route's loader is called with (its own `Route.LoaderArgs` fits). */
export interface DetailArgs {
  params: { id?: string };
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** What a model's public read answers: the item, plus what stays on the server. */
export interface DetailFound {
  /** The owner's account id: only compared here, never sent to the browser (docs/decisions/0011). */
  ownerId: string | null;
  moderation: ModerationState | null;
}

export interface DetailOptions<Found> {
  /** What the 404 of a missing item carries besides its message, for the page's boundary. */
  notFoundDetails?: Record<string, unknown>;
  /**
   * Throws when the item, visible to the moderation rules, is still not for this visitor
   * (a closed ad past its public days, docs/decisions/0023). Runs before the view counts.
   */
  assertShown?: (found: Found, viewer: { isOwner: boolean }) => void;
  /**
   * Throws when an id that names nothing in D1 named something that left it (an archived
   * ad answers 410, as a closed one past its days: docs/decisions/0050).
   */
  whenMissing?: (id: number) => Promise<void>;
}

/**
 * Loads a detail page's item or throws its 404: an id that does not parse or names
 * nothing, a held, removed or suspended item for anyone but its owner and the admins
 * (with the moderation data the boundary reads, docs/decisions/0035). Then counts the view
 * without making the visitor wait (at most once a day per visitor, docs/decisions/0012,
 * 0038) and answers the item with its moderation banner and the owner flag.
 */
export async function loadDetail<Found extends DetailFound>(
  kind: ViewedItemKind,
  { params, request, context }: DetailArgs,
  load: (db: Database, id: number) => Promise<Found | null>,
  options: DetailOptions<Found> = {},
): Promise<{ found: Found; id: number; banner: string | null; isOwner: boolean; pendingViews: number }> {
  const id = parseId(params.id);
  const db = getDb(context);
  const found = id ? await load(db, id) : null;
  // The answer names nothing of an item that is not shown: nothing of it leaves the server.
  // With the page's not-found screen, for the general boundary (docs/decisions/0034).
  if (id && !found && options.whenMissing) {
    try {
      await options.whenMissing(id);
    } catch (error) {
      throw withScreen(error, DETAIL_NOT_FOUND[kind]);
    }
  }
  if (!id || !found) throw notFound(DETAIL_NOT_FOUND[kind], options.notFoundDetails);
  const banner = await moderationBannerFor(context, found.moderation, found.ownerId);
  const user = await getCurrentUser(context);
  const isOwner = user?.id === found.ownerId;
  try {
    options.assertShown?.(found, { isOwner });
  } catch (error) {
    throw withScreen(error, DETAIL_NOT_FOUND[kind]);
  }
  // The view's object answers the views D1 does not have yet: the page shows the exact
  // count (docs/decisions/0051). Should it fail, the page shows D1's count.
  const answer = await countView(context, request, { kind, id }).catch(() => null);
  return { found, id, banner, isOwner, pendingViews: answer?.pending ?? 0 };
}
