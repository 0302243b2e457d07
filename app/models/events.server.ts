import { and, asc, count, eq, gte } from "drizzle-orm";
import type { Database } from "~/context.server";
import { inIds, inOrder } from "./id-list";
import { events, organizations } from "~/db/schema";

export const eventCardColumns = {
  id: events.id,
  title: events.title,
  category: events.category,
  date: events.date,
  location: events.location,
  mainImageUrl: events.mainImageUrl,
  views: events.views,
  organizationId: events.organizationId,
  organizationName: organizations.name,
};


/**
 * Events from `from` (Brasília wall-clock text) on, soonest first (spec §7: date
 * ascending; spec §9: 6 by default). Past events are not advertised.
 */
export function upcomingEventsQuery(
  db: Database,
  {
    from,
    organizationId,
    limit = 6,
    offset = 0,
  }: { from: string; organizationId?: number; limit?: number; offset?: number },
) {
  return db
    .select(eventCardColumns)
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(
      and(
        gte(events.date, from),
        organizationId ? eq(events.organizationId, organizationId) : undefined,
      ),
    )
    .orderBy(asc(events.date), asc(events.id))
    .limit(limit)
    .offset(offset);
}

/** Counted over events_date_idx: only the upcoming rows are read. */
export function countUpcomingEventsQuery(db: Database, from: string) {
  return db.select({ value: count() }).from(events).where(gte(events.date, from));
}

/** Cards for a list of ids (favourites), in the order given; missing ids are skipped. */
export async function getEventCardsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(eventCardColumns)
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(inIds(events.id, ids));
  return inOrder(rows, ids);
}
