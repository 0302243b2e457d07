// View counters ("relevantes" orders by them) count at most one view per visitor, per
// item, per UTC day, so a loop of requests cannot buy a place at the top
// (docs/decisions/0012-input-bounds-views-and-caching-headers.md). Every detail page calls
// countView. The marks and the views not yet in D1 live in Durable Objects, each answering
// one call at a time, so a burst counts once; D1's `views` gets them in bulk, weekly, or
// daily for a hot item (docs/decisions/0051).
import { getCloudflare, type RequestContext } from "~/context.server";
import type { DetailKind } from "~/lib/page-policy";
import { clientIp, subjectHash } from "~/platform/rate-limit.server";
import { getSession } from "~/platform/session.server";
import { visitorIdOf } from "./favorites.server";
import { type ViewAnswer, viewCounterOf } from "./view-counter.server";

export type { ViewAnswer };

// The kinds with a public detail page, as their routes declare them (app/lib/page-policy.ts).
export type ViewedItemKind = DetailKind;

/** The viewer of a request without session or visitor cookie (see viewerOf). */
export function anonymousViewer(request: Request): string {
  return `cliente:${clientIp(request)}|${request.headers.get("User-Agent") ?? ""}`;
}

/**
 * Who is looking: the signed-in user, else the visitor cookie's id, else the client's
 * address (IPv6 grouped by /64) with its User-Agent. Several phones behind one carrier
 * address with the same browser count once a day: a small undercount, on purpose.
 */
export async function viewerOf(context: RequestContext, request: Request): Promise<string> {
  const userId = getSession(context).get("userId");
  if (userId) return `usuario:${userId}`;
  const visitorId = await visitorIdOf(context, request);
  if (visitorId) return `visitante:${visitorId}`;
  return anonymousViewer(request);
}

/**
 * Counts the view when it is the viewer's first of the item today (UTC), and answers the
 * item's views D1 does not have yet, so a page can show the exact count. The viewer is
 * hashed: no user id or address reaches the object.
 */
export async function countView(
  context: RequestContext,
  request: Request,
  item: { kind: ViewedItemKind; id: number },
  now = Date.now(),
): Promise<ViewAnswer> {
  return countViewBy(getCloudflare(context).env, await viewerOf(context, request), item, now);
}

/** countView for a known viewer (the Worker's cache hits, which run no loader). */
export async function countViewBy(
  env: Env,
  viewerName: string,
  item: { kind: ViewedItemKind; id: number },
  now = Date.now(),
): Promise<ViewAnswer> {
  const viewer = await subjectHash(viewerName);
  return viewCounterOf(env, item.kind, item.id).view(item.kind, item.id, viewer, now);
}

// Views this isolate already counted today: a burst of hits from one visitor then costs
// no call to the object (the object stays the rule across isolates; docs/decisions/0012).
const countedHere = new Set<string>();

/**
 * A view of a detail page the edge cache served (no loader ran): counted as the loader
 * counts it, once per visitor per item per day (docs/decisions/0019). The Worker hands it
 * to the page cache.
 */
export async function countCachedPageView(env: Env, request: Request, item: { kind: ViewedItemKind; id: number }) {
  const viewer = anonymousViewer(request);
  const seen = `${item.kind}:${item.id}:${new Date().toISOString().slice(0, 10)}:${viewer}`;
  if (countedHere.has(seen)) return;
  const answer = await countViewBy(env, viewer, item).catch(() => null);
  if (answer === null) return;
  if (countedHere.size >= 10_000) countedHere.clear();
  countedHere.add(seen);
}
