// 'Vi este pet' (docs/decisions/0024-sightings.md): sightings of lost pets sent by anyone.
// Every permission lives in the queries: a sighting is only written for a pet that is
// lost and open, only hidden by the pet's owner, and the public read never selects the
// reporter's contact, notes or photo.
// The sightings live in the activity database, the pets in the main one (docs/decisions/
// 0050): no query joins them. What the owner may do is checked on the main database first
// (the pet ids that are the owner's), then the activity database is read by those ids.
import { and, count, desc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { ActivityDatabase, Database } from "~/context.server";
import { sightings } from "~/db/activity-schema";
import { municipalities, pets, users } from "~/db/schema";
import { inIds } from "./id-list";
import { isPublic } from "./visibility";
import { petTitleColumns, withTitle } from "./pet-titles.server";

/** What the form and the mail need to know about the pet (null: no such pet). */
export async function getSightingTarget(db: Database, petId: number) {
  const [row] = await db
    .select({
      id: pets.id,
      ...petTitleColumns,
      closedAs: pets.closedAs,
      missingSince: pets.missingSince,
      createdAt: pets.createdAt,
      ownerId: pets.userId,
      ownerEmail: users.email,
      // The pet's city: the sighting's city unless the reporter types another (0032).
      municipalityCode: pets.municipalityCode,
      cityName: municipalities.name,
      cityUf: municipalities.uf,
    })
    .from(pets)
    .innerJoin(users, eq(users.id, pets.userId))
    .leftJoin(municipalities, eq(municipalities.ibgeCode, pets.municipalityCode))
    // A held or removed ad takes no sightings: for the public it is gone (docs/decisions/0035).
    .where(and(eq(pets.id, petId), isPublic(pets.moderation)))
    .limit(1);
  return row ? withTitle(row) : null;
}

export type SightingTarget = NonNullable<Awaited<ReturnType<typeof getSightingTarget>>>;

export interface NewSighting {
  place: string;
  /** The city typed with the sighting; null takes the pet's (docs/decisions/0032). */
  municipalityCode: number | null;
  /** Brasília wall-clock "yyyy-MM-ddTHH:mm" (docs/decisions/0005). */
  seenAt: string;
  notes: string | null;
  imageUrl: string | null;
  contact: string | null;
  reporterUserId: string | null;
}

/** The ids of the owner's pets among `petIds` (or all of them): the ownership check on main. */
export async function petIdsOfOwner(db: Database, ownerId: string, petIds?: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.userId, ownerId), petIds ? inIds(pets.id, petIds) : undefined));
  return rows.map((r) => r.id);
}

/**
 * Inserts the sighting of `pet`, which the caller read from the main database a moment
 * before as lost, open and public (getSightingTarget, takesSightings): the two databases
 * share no transaction, so that read is the check. A pet closed in between gets one last
 * sighting its owner sees; one deleted in between leaves an orphan the daily sweep removes.
 */
export async function insertSighting(
  activityDb: ActivityDatabase,
  pet: Pick<SightingTarget, "id" | "municipalityCode">,
  s: NewSighting,
): Promise<number> {
  const [row] = await activityDb
    .insert(sightings)
    .values({
      petId: pet.id,
      place: s.place,
      municipalityCode: s.municipalityCode ?? pet.municipalityCode,
      seenAt: s.seenAt,
      notes: s.notes,
      imageUrl: s.imageUrl,
      contact: s.contact,
      reporterUserId: s.reporterUserId,
      createdAt: new Date(),
    })
    .returning({ id: sightings.id });
  return row!.id;
}

// How many a page shows: a viral ad must not make the page unbounded.
export const SIGHTINGS_ON_PAGE = 50;

/** The public timeline: place and time only, newest first, hidden ones left out. */
export function listPublicSightings(activityDb: ActivityDatabase, petId: number, limit = SIGHTINGS_ON_PAGE) {
  return (
    activityDb
      .select({ id: sightings.id, place: sightings.place, seenAt: sightings.seenAt })
      .from(sightings)
      // A sighting removed by a moderator (or its sender suspended) shows to no one (0035).
      .where(and(eq(sightings.petId, petId), isNull(sightings.hiddenAt), isPublic(sightings.moderation)))
      .orderBy(desc(sightings.seenAt), desc(sightings.id))
      .limit(limit)
  );
}

export type PublicSighting = Awaited<ReturnType<typeof listPublicSightings>>[number];

const ownerColumns = {
  id: sightings.id,
  place: sightings.place,
  seenAt: sightings.seenAt,
  notes: sightings.notes,
  imageUrl: sightings.imageUrl,
  contact: sightings.contact,
  createdAt: sightings.createdAt,
};

export interface OwnerSighting {
  id: number;
  place: string;
  seenAt: string;
  notes: string | null;
  imageUrl: string | null;
  contact: string | null;
  createdAt: Date;
  /** Read from the pet's record in R2, not from D1 (docs/decisions/0050, "Archive"). */
  archived?: boolean;
}

/**
 * The owner's timeline: everything (notes, photo, the reporter's contact), newest first.
 * The pet must be the owner's on the main database, so anyone else gets an empty list.
 */
export async function listSightingsForOwner(
  db: Database,
  activityDb: ActivityDatabase,
  petId: number,
  ownerId: string,
  limit = SIGHTINGS_ON_PAGE,
): Promise<OwnerSighting[]> {
  if ((await petIdsOfOwner(db, ownerId, [petId])).length === 0) return [];
  return activityDb
    .select(ownerColumns)
    .from(sightings)
    .where(and(eq(sightings.petId, petId), isNull(sightings.hiddenAt), isPublic(sightings.moderation)))
    .orderBy(desc(sightings.seenAt), desc(sightings.id))
    .limit(limit);
}

/**
 * Hides a sighting (spam, a scam) for everyone. Only the pet's owner: the pet is checked
 * to be the owner's on the main database, and the UPDATE names both the sighting and that
 * pet. Says whether a visible sighting of that pet was hidden.
 */
export async function hideSightingForOwner(
  db: Database,
  activityDb: ActivityDatabase,
  { id, petId, ownerId }: { id: number; petId: number; ownerId: string },
): Promise<boolean> {
  if ((await petIdsOfOwner(db, ownerId, [petId])).length === 0) return false;
  const rows = await activityDb
    .update(sightings)
    .set({ hiddenAt: new Date() })
    .where(and(eq(sightings.id, id), eq(sightings.petId, petId), isNull(sightings.hiddenAt)))
    .returning({ id: sightings.id });
  return rows.length > 0;
}

export interface SightingsSummary {
  count: number;
  latest: { id: number; place: string; seenAt: string }[];
}

/**
 * Meus Pets: per pet of the owner, how many visible sightings it has and the newest few.
 * The owner's pet ids from the main database, then one query on the activity database
 * (window functions: one query however many pets).
 */
export async function sightingsSummaryForOwner(
  db: Database,
  activityDb: ActivityDatabase,
  ownerId: string,
  perPet = 3,
): Promise<Map<number, SightingsSummary>> {
  const summary = new Map<number, SightingsSummary>();
  const petIds = await petIdsOfOwner(db, ownerId);
  if (petIds.length === 0) return summary;
  const rows = await activityDb.all<{ id: number; pet_id: number; place: string; seen_at: string; total: number }>(sql`
    SELECT id, pet_id, place, seen_at, total FROM (
      SELECT id, pet_id, place, seen_at,
        count(*) OVER (PARTITION BY pet_id) AS total,
        row_number() OVER (PARTITION BY pet_id ORDER BY seen_at DESC, id DESC) AS position
      FROM ${sightings}
      WHERE ${inIds(sightings.petId, petIds)} AND hidden_at IS NULL AND moderation IS NULL
    )
    WHERE position <= ${perPet}
    ORDER BY pet_id, position`);
  for (const row of rows) {
    const entry = summary.get(row.pet_id) ?? { count: Number(row.total), latest: [] };
    entry.latest.push({ id: row.id, place: row.place, seenAt: row.seen_at });
    summary.set(row.pet_id, entry);
  }
  return summary;
}

/** Per pet of `petIds`, its visible sightings and those created since `since` (the overview). */
export async function visibleSightingCounts(
  activityDb: ActivityDatabase,
  petIds: readonly number[],
  since: Date,
): Promise<Map<number, { total: number; fresh: number }>> {
  if (petIds.length === 0) return new Map();
  const rows = await activityDb.all<{ pet_id: number; total: number; fresh: number | null }>(sql`
    SELECT pet_id, count(*) AS total, sum(created_at >= ${since.getTime()}) AS fresh
    FROM ${sightings}
    WHERE ${inIds(sightings.petId, petIds)} AND hidden_at IS NULL AND moderation IS NULL
    GROUP BY pet_id`);
  return new Map(rows.map((r) => [r.pet_id, { total: Number(r.total), fresh: Number(r.fresh ?? 0) }]));
}

// Pets (or senders) per statement when sightings are deleted by them: the JSON list stays
// far below D1's statement size, and one statement's deletes stay short.
const PETS_PER_DELETE = 500;

/**
 * Deletes the sightings of `petIds` and those the accounts `reporterUserIds` sent; returns
 * their photos' URLs (to remove from R2). For pets or accounts already deleted on the main
 * database: D1 cannot cascade across databases (docs/decisions/0050).
 */
export async function deleteSightingsOf(
  activityDb: ActivityDatabase,
  { petIds = [], reporterUserIds = [] }: { petIds?: readonly number[]; reporterUserIds?: readonly string[] },
): Promise<string[]> {
  const statements = [];
  for (const [column, values] of [
    [sightings.petId, petIds],
    [sightings.reporterUserId, reporterUserIds],
  ] as const) {
    for (let i = 0; i < values.length; i += PETS_PER_DELETE) {
      statements.push(
        activityDb
          .delete(sightings)
          .where(inIds(column, values.slice(i, i + PETS_PER_DELETE)))
          .returning({ imageUrl: sightings.imageUrl }),
      );
    }
  }
  if (statements.length === 0) return [];
  const [first, ...rest] = statements;
  const results = await activityDb.batch([first!, ...rest]);
  return results.flat().flatMap((r) => (r.imageUrl ? [r.imageUrl] : []));
}

/**
 * Up to `limit` distinct values of `column` above `after`, ascending: a skip scan of the
 * column's index (one index seek per value, not one row read per sighting). The comparison
 * on the column also lets SQLite use a partial index (sightings_reporter_user_id_idx).
 */
async function distinctValuesPage<Value extends number | string>(
  activityDb: ActivityDatabase,
  column: typeof sightings.petId | typeof sightings.reporterUserId,
  after: Value,
  limit: number,
): Promise<Value[]> {
  const rows = await activityDb.all<{ value: Value }>(sql`
    WITH RECURSIVE next(value, n) AS (
      SELECT (SELECT min(${column}) FROM ${sightings} WHERE ${column} > ${after}), 1
      UNION ALL
      SELECT (SELECT min(${column}) FROM ${sightings} WHERE ${column} > next.value), n + 1
      FROM next WHERE next.value IS NOT NULL AND n < ${limit}
    )
    SELECT value FROM next WHERE value IS NOT NULL`);
  return rows.map((r) => r.value);
}

/** Up to `limit` pet ids that have sightings, above `after` (sightings_pet_id_idx). */
export const sightingPetIdsPage = (activityDb: ActivityDatabase, after: number, limit: number) =>
  distinctValuesPage<number>(activityDb, sightings.petId, after, limit);

/** Up to `limit` ids of accounts that sent sightings, above `after` (sightings_reporter_user_id_idx). */
export const sightingReporterIdsPage = (activityDb: ActivityDatabase, after: string, limit: number) =>
  distinctValuesPage<string>(activityDb, sightings.reporterUserId, after, limit);

/** Which of `petIds` exist on the main database (the daily sweep's check). */
export async function existingPetIds(db: Database, petIds: readonly number[]): Promise<Set<number>> {
  if (petIds.length === 0) return new Set();
  const rows = await db.select({ id: pets.id }).from(pets).where(inIds(pets.id, petIds));
  return new Set(rows.map((r) => r.id));
}

/** Which of `userIds` are accounts on the main database (the daily sweep's check). */
export async function existingUserIds(db: Database, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.select({ id: users.id }).from(users).where(inIds(users.id, userIds));
  return new Set(rows.map((r) => r.id));
}

export type PageSightings = { view: "owner"; items: OwnerSighting[] } | { view: "public"; items: PublicSighting[] };

/**
 * What /pet/{id} shows: the owner's full timeline, or everyone else's place-and-time one
 * (the page is cached for visitors without cookies, so the public view must be the same
 * for every visitor: docs/decisions/0019).
 */
export async function sightingsForPage(
  db: Database,
  activityDb: ActivityDatabase,
  petId: number,
  ownerId: string | null,
): Promise<PageSightings> {
  if (ownerId) return { view: "owner", items: await listSightingsForOwner(db, activityDb, petId, ownerId) };
  return { view: "public", items: await listPublicSightings(activityDb, petId) };
}

/** How many sightings the pet got in [from, to) (the owner's summary mail, docs/decisions/0030). */
export async function countSightingsBetween(activityDb: ActivityDatabase, petId: number, from: Date, to: Date): Promise<number> {
  const [row] = await activityDb
    .select({ n: count() })
    .from(sightings)
    .where(and(eq(sightings.petId, petId), gte(sightings.createdAt, from), lt(sightings.createdAt, to)));
  return row?.n ?? 0;
}
