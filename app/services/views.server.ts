// View counters ("relevantes" orders by them) count at most one view per visitor, per
// item, per UTC day, so a loop of requests cannot buy a place at the top
// (docs/decisions/0012-input-bounds-views-and-caching-headers.md). Every detail page calls
// countView with its own increment. The mark is a D1 row written by one statement that
// also says whether it was new, so a burst counts once (docs/decisions/0038).
import {
  type ActivityDatabase,
  createActivityDatabase,
  createDatabase,
  type Database,
  getActivityDb,
  type RequestContext,
} from "~/context.server";
import { incrementClinicViews } from "~/models/clinics.server";
import { incrementEventViews } from "~/models/events.server";
import { incrementOrganizationViews } from "~/models/organizations.server";
import { incrementPetViews } from "~/models/pets.server";
import { incrementProductViews } from "~/models/products.server";
import { markViewed, viewMarkDay } from "~/models/rate-counters.server";
import { visitorIdOf } from "./favorites.server";
import { clientIp, subjectHash } from "~/platform/rate-limit.server";
import { getSession } from "~/platform/session.server";
import type { DetailKind } from "~/lib/page-policy";

// The kinds with a public detail page, as their routes declare them (app/lib/page-policy.ts).
export type ViewedItemKind = DetailKind;

/** Each kind's +1, for the Worker to count a view of a page it answers from the cache. */
export const VIEW_INCREMENTS: Record<ViewedItemKind, (db: Database, id: number) => Promise<unknown>> = {
  pet: incrementPetViews,
  product: incrementProductViews,
  organization: incrementOrganizationViews,
  event: incrementEventViews,
  clinic: incrementClinicViews,
};

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
 * Runs `increment` when this is the viewer's first view of the item today (UTC) and
 * says whether it did. The viewer is hashed: no user id or address sits in a mark.
 */
export async function countView(
  context: RequestContext,
  request: Request,
  item: { kind: ViewedItemKind; id: number },
  increment: () => Promise<unknown>,
  now = Date.now(),
): Promise<boolean> {
  return countViewBy(getActivityDb(context), await viewerOf(context, request), item, increment, now);
}

/**
 * countView for a known viewer (the Worker's cache hits, which run no loader). The mark is
 * in the activity database, the count in the main one (docs/decisions/0050).
 */
export async function countViewBy(
  activityDb: ActivityDatabase,
  viewerName: string,
  item: { kind: ViewedItemKind; id: number },
  increment: () => Promise<unknown>,
  now = Date.now(),
): Promise<boolean> {
  const viewer = await subjectHash(viewerName);
  if (!(await markViewed(activityDb, { day: viewMarkDay(now), kind: item.kind, id: item.id, viewer }))) return false;
  // Should the +1 fail now, the view is lost, never counted twice.
  await increment();
  return true;
}

// Views this isolate already counted today: a burst of hits from one visitor then costs
// no D1 query (the D1 mark stays the rule across isolates; docs/decisions/0012, 0038).
const countedHere = new Set<string>();

/**
 * A view of a detail page the edge cache served (no loader ran): counted as the loader
 * counts it, once per visitor per item per day (docs/decisions/0019). The Worker hands it
 * to the page cache.
 */
export async function countCachedPageView(env: Env, request: Request, item: { kind: ViewedItemKind; id: number }) {
  const viewer = anonymousViewer(request);
  const seen = `${item.kind}:${item.id}:${viewMarkDay(Date.now())}:${viewer}`;
  if (countedHere.has(seen)) return;
  const db = createDatabase(env.DB);
  const increment = () => VIEW_INCREMENTS[item.kind](db, item.id);
  const counted = await countViewBy(createActivityDatabase(env.ACTIVITY_DB), viewer, item, increment).catch(() => null);
  if (counted === null) return;
  if (countedHere.size >= 10_000) countedHere.clear();
  countedHere.add(seen);
}
