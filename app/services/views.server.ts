// View counters ("relevantes" orders by them) count at most one view per visitor, per
// item, per UTC day, so a loop of requests cannot buy a place at the top
// (docs/decisions/0012-input-bounds-views-and-caching-headers.md). Any detail page
// (pets now; products, NGOs, events and clinics later) calls countView with its own
// increment.
import type { RouterContextProvider } from "react-router";
import { createDatabase, getCloudflare, type Database } from "~/context.server";
import { incrementClinicViews } from "~/models/clinics.server";
import { incrementEventViews } from "~/models/events.server";
import { incrementOrganizationViews } from "~/models/organizations.server";
import { incrementPetViews } from "~/models/pets.server";
import { incrementProductViews } from "~/models/products.server";
import { visitorIdOf } from "./favorites.server";
import { clientIp, subjectHash } from "~/platform/rate-limit.server";
import { getSession } from "~/platform/session.server";

type Context = Readonly<RouterContextProvider>;

export type ViewedItemKind = "pet" | "product" | "organization" | "event" | "clinic";

// The mark only has to outlive its UTC day (the day is part of the key).
export const VIEW_MARK_TTL_SECONDS = 60 * 60 * 24;

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
export async function viewerOf(context: Context, request: Request): Promise<string> {
  const userId = getSession(context).get("userId");
  if (userId) return `usuario:${userId}`;
  const visitorId = await visitorIdOf(context, request);
  if (visitorId) return `visitante:${visitorId}`;
  return anonymousViewer(request);
}

/**
 * Runs `increment` when this is the viewer's first view of the item today (UTC) and
 * says whether it did. KV marks are hashed: no user id or address sits in a key name.
 * KV is eventually consistent across locations, so a viewer who moves between data
 * centres within a minute may count twice: still a handful, never a loop.
 */
export async function countView(
  context: Context,
  request: Request,
  item: { kind: ViewedItemKind; id: number },
  increment: () => Promise<unknown>,
  now = Date.now(),
): Promise<boolean> {
  const { env } = getCloudflare(context);
  return countViewBy(env.KV, await viewerOf(context, request), item, increment, now);
}

/** countView for a known viewer (the Worker's cache hits, which run no loader). */
export async function countViewBy(
  kv: KVNamespace,
  viewerName: string,
  item: { kind: ViewedItemKind; id: number },
  increment: () => Promise<unknown>,
  now = Date.now(),
): Promise<boolean> {
  const viewer = await subjectHash(viewerName);
  const day = new Date(now).toISOString().slice(0, 10);
  const key = `visto:${item.kind}:${item.id}:${viewer}:${day}`;
  if ((await kv.get(key)) !== null) return false;
  await kv.put(key, "1", { expirationTtl: VIEW_MARK_TTL_SECONDS });
  await increment();
  return true;
}

// Views this isolate already counted today: a burst of hits from one visitor then costs
// no KV read (the KV mark stays the rule across isolates; docs/decisions/0012).
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
  const db = createDatabase(env.DB);
  const increment = () => VIEW_INCREMENTS[item.kind](db, item.id);
  const counted = await countViewBy(env.KV, viewer, item, increment).catch(() => null);
  if (counted === null) return;
  if (countedHere.size >= 10_000) countedHere.clear();
  countedHere.add(seen);
}
