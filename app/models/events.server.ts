import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { likeContainsPattern } from "~/lib/search-text";
import type { Database } from "~/context.server";
import { inIds, inOrder } from "./id-list";
import { isPublic } from "./visibility";
import { type EVENT_CATEGORIES, events, organizations } from "~/db/schema";

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
 * An event is public when it and its organization are (docs/decisions/0035): the cards
 * read the organization's row already (its name), so the second condition is free.
 */
const eventIsPublic = [isPublic(events.moderation), isPublic(organizations.moderation)];

/**
 * Events from `from` (Brasília wall-clock text) on, soonest first (spec §7: date
 * ascending; spec §9: 6 by default). Past events are not advertised.
 */
export function upcomingEventsQuery(
  db: Database,
  { from, organizationId, limit = 6, offset = 0 }: { from: string; organizationId?: number; limit?: number; offset?: number },
) {
  return db
    .select(eventCardColumns)
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(and(gte(events.date, from), organizationId ? eq(events.organizationId, organizationId) : undefined, ...eventIsPublic))
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
    .where(and(inIds(events.id, ids), ...eventIsPublic));
  return inOrder(rows, ids);
}

// --- /eventos: upcoming or past, by category (docs/decisions/0016) -------------

export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/** `where`: a further condition (the city filter, docs/decisions/0032). */
function eventsWhere(from: string, when: "proximos" | "passados", category?: EventCategory, where?: SQL): SQL | undefined {
  return and(
    when === "passados" ? lt(events.date, from) : gte(events.date, from),
    category ? eq(events.category, category) : undefined,
    where,
  );
}

/**
 * Upcoming events soonest first; past ones most recent first. The card's municipality too:
 * a list filtered by a city tells each card's distance (docs/decisions/0041).
 */
export function listedEventsQuery(
  db: Database,
  {
    from,
    when,
    category,
    where,
    limit,
    offset,
  }: { from: string; when: "proximos" | "passados"; category?: EventCategory; where?: SQL; limit: number; offset: number },
) {
  return db
    .select({ ...eventCardColumns, municipalityCode: events.municipalityCode })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(and(eventsWhere(from, when, category, where), ...eventIsPublic))
    .orderBy(...(when === "passados" ? [desc(events.date), desc(events.id)] : [asc(events.date), asc(events.id)]))
    .limit(limit)
    .offset(offset);
}

export function countListedEventsQuery(
  db: Database,
  { from, when, category, where }: { from: string; when: "proximos" | "passados"; category?: EventCategory; where?: SQL },
) {
  return db
    .select({ value: count() })
    .from(events)
    .where(eventsWhere(from, when, category, where));
}

// --- the public page ------------------------------------------------------------------

/**
 * An event and its organization for /evento/{id}. The owner's user id comes apart so the
 * page can tell the owner without sending it to the browser (docs/decisions/0011).
 */
export async function getPublicEvent(db: Database, id: number) {
  const [row] = await db
    .select({
      ...eventCardColumns,
      description: events.description,
      // The organization's public WhatsApp, the one its own page shows (docs/decisions/0022).
      organizationWhatsapp: organizations.whatsapp,
      ownerId: organizations.userId,
      moderation: events.moderation,
      organizationModeration: organizations.moderation,
    })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(eq(events.id, id))
    .limit(1);
  if (!row) return null;
  const { ownerId, moderation, organizationModeration, ...event } = row;
  // An event of a held or removed organization is hidden with it (docs/decisions/0035).
  return { event, ownerId, moderation: moderation ?? organizationModeration };
}

// --- the NGO's own events (ownership inside every query: through organizations.user_id) --

export interface OwnedEvent {
  id: number;
  userId: string;
}

const ownOrganizationIds = (userId: string) =>
  sql`${events.organizationId} IN (SELECT ${organizations.id} FROM ${organizations} WHERE ${organizations.userId} = ${userId})`;

/** The account's own organization (one per user), or null. */
export async function getOwnOrganizationRef(db: Database, userId: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Meus Eventos: upcoming ones soonest first, then past ones most recent first. */
export async function eventsOfOwner(db: Database, userId: string, from: string) {
  const columns = { ...eventCardColumns };
  const [upcoming, past] = await db.batch([
    db
      .select(columns)
      .from(events)
      .innerJoin(organizations, eq(organizations.id, events.organizationId))
      .where(and(eq(organizations.userId, userId), gte(events.date, from)))
      .orderBy(asc(events.date), asc(events.id))
      .limit(200),
    db
      .select(columns)
      .from(events)
      .innerJoin(organizations, eq(organizations.id, events.organizationId))
      .where(and(eq(organizations.userId, userId), lt(events.date, from)))
      .orderBy(desc(events.date), desc(events.id))
      .limit(200),
  ]);
  return { upcoming, past };
}

const ownedEventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  category: events.category,
  date: events.date,
  location: events.location,
  municipalityCode: events.municipalityCode,
  mainImageUrl: events.mainImageUrl,
};

/** The event when `userId` owns its organization; otherwise null. */
export async function getOwnedEvent(db: Database, { id, userId }: OwnedEvent) {
  const [row] = await db
    .select(ownedEventColumns)
    .from(events)
    .where(and(eq(events.id, id), ownOrganizationIds(userId)))
    .limit(1);
  return row ?? null;
}

export interface EventFields {
  title: string;
  description: string;
  category: EventCategory;
  date: string;
  location: string;
  /** The IBGE municipality of `location` (docs/decisions/0032). */
  municipalityCode: number;
  /** Undefined keeps the current image (edit); null removes it. */
  mainImageUrl?: string | null;
}

/**
 * Inserts an event for the user's own organization (INSERT … SELECT: an account without
 * one inserts nothing). Returns the new id, or null.
 */
export async function insertEventForOwner(db: Database, userId: string, fields: EventFields): Promise<number | null> {
  const now = Date.now();
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO ${events} (organization_id, title, description, category, date, location, municipality_code, main_image_url, views, created_at, updated_at)
    SELECT ${organizations.id}, ${fields.title}, ${fields.description}, ${fields.category}, ${fields.date},
      ${fields.location}, ${fields.municipalityCode}, ${fields.mainImageUrl ?? null}, 0, ${now}, ${now}
    FROM ${organizations} WHERE ${organizations.userId} = ${userId}
    LIMIT 1
    RETURNING id`);
  return rows[0]?.id ?? null;
}

/** Updates the event only when `userId` owns its organization; says whether it did. */
export async function updateEventForOwner(db: Database, { id, userId }: OwnedEvent, fields: EventFields) {
  const rows = await db
    .update(events)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(events.id, id), ownOrganizationIds(userId)))
    .returning({ id: events.id });
  return rows.length > 0;
}

/** Deletes an owned event; returns its image URL (for R2), or undefined when nothing went. */
export async function deleteEventForOwner(db: Database, { id, userId }: OwnedEvent) {
  const rows = await db
    .delete(events)
    .where(and(eq(events.id, id), ownOrganizationIds(userId)))
    .returning({ mainImageUrl: events.mainImageUrl });
  const row = rows[0];
  return row ? { mainImageUrl: row.mainImageUrl } : undefined;
}

/**
 * Upcoming events whose title or description holds every word: what a pet search that
 * found no pet ('feira de adoção') points to (docs/decisions/0033 §6).
 * The walk is events_date_idx from now, so only upcoming events are read, and only when
 * the pet search came back empty.
 */
export function upcomingEventsMatchingQuery(db: Database, { from, words, limit }: { from: string; words: string[]; limit: number }) {
  const each = words.map((word) => {
    const pattern = likeContainsPattern(word);
    return or(sql`${events.title} LIKE ${pattern} ESCAPE '\\'`, sql`${events.description} LIKE ${pattern} ESCAPE '\\'`)!;
  });
  return listedEventsQuery(db, { from, when: "proximos", where: and(...each), limit, offset: 0 });
}
