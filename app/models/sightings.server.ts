// 'Vi este pet' (docs/decisions/0024-sightings.md): sightings of lost pets sent by anyone.
// Every permission lives in the query itself: a sighting is only written for a pet that is
// lost and open, only hidden by the pet's owner, and the public read never selects the
// reporter's contact, notes or photo.
import { and, count, desc, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { municipalities, pets, sightings, users } from "~/db/schema";
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
  petId: number;
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

/**
 * Inserts the sighting only while its pet is lost and open (INSERT … SELECT: a pet closed
 * or changed since the form was read inserts nothing). Returns the new id, or null.
 */
export async function insertSighting(db: Database, s: NewSighting): Promise<number | null> {
  const now = Date.now();
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO ${sightings} (pet_id, place, municipality_code, seen_at, notes, image_url, contact, reporter_user_id, created_at)
    SELECT ${pets.id}, ${s.place}, COALESCE(${s.municipalityCode}, ${pets.municipalityCode}), ${s.seenAt}, ${s.notes},
      ${s.imageUrl}, ${s.contact}, ${s.reporterUserId}, ${now}
    FROM ${pets}
    WHERE ${pets.id} = ${s.petId} AND ${pets.status} = 'perdido' AND ${pets.closedAs} IS NULL AND ${pets.moderation} IS NULL
    RETURNING id`);
  return rows[0]?.id ?? null;
}

// How many a page shows: a viral ad must not make the page unbounded.
export const SIGHTINGS_ON_PAGE = 50;

/** The public timeline: place and time only, newest first, hidden ones left out. */
export function listPublicSightings(db: Database, petId: number, limit = SIGHTINGS_ON_PAGE) {
  return (
    db
      .select({ id: sightings.id, place: sightings.place, seenAt: sightings.seenAt })
      .from(sightings)
      // A sighting removed by a moderator (or its sender suspended) shows to no one (0035).
      .where(and(eq(sightings.petId, petId), isNull(sightings.hiddenAt), isPublic(sightings.moderation)))
      .orderBy(desc(sightings.seenAt), desc(sightings.id))
      .limit(limit)
  );
}

export type PublicSighting = Awaited<ReturnType<typeof listPublicSightings>>[number];

/**
 * The owner's timeline: everything (notes, photo, the reporter's contact), newest first.
 * The owner is part of the query (pets.user_id), so anyone else gets an empty list.
 */
export function listSightingsForOwner(db: Database, petId: number, ownerId: string, limit = SIGHTINGS_ON_PAGE) {
  return db
    .select({
      id: sightings.id,
      place: sightings.place,
      seenAt: sightings.seenAt,
      notes: sightings.notes,
      imageUrl: sightings.imageUrl,
      contact: sightings.contact,
      createdAt: sightings.createdAt,
    })
    .from(sightings)
    .innerJoin(pets, eq(pets.id, sightings.petId))
    .where(and(eq(sightings.petId, petId), eq(pets.userId, ownerId), isNull(sightings.hiddenAt), isPublic(sightings.moderation)))
    .orderBy(desc(sightings.seenAt), desc(sightings.id))
    .limit(limit);
}

export type OwnerSighting = Awaited<ReturnType<typeof listSightingsForOwner>>[number];

/**
 * Hides a sighting (spam, a scam) for everyone. Only the pet's owner: the ownership is in
 * the UPDATE itself. Says whether a visible sighting of that pet was hidden.
 */
export async function hideSightingForOwner(
  db: Database,
  { id, petId, ownerId }: { id: number; petId: number; ownerId: string },
): Promise<boolean> {
  const rows = await db
    .update(sightings)
    .set({ hiddenAt: new Date() })
    .where(
      and(
        eq(sightings.id, id),
        eq(sightings.petId, petId),
        isNull(sightings.hiddenAt),
        sql`${sightings.petId} IN (SELECT ${pets.id} FROM ${pets} WHERE ${pets.userId} = ${ownerId})`,
      ),
    )
    .returning({ id: sightings.id });
  return rows.length > 0;
}

export interface SightingsSummary {
  count: number;
  latest: { id: number; place: string; seenAt: string }[];
}

/**
 * Meus Pets: per pet of the owner, how many visible sightings it has and the newest few
 * (window functions: one query however many pets).
 */
export async function sightingsSummaryForOwner(db: Database, ownerId: string, perPet = 3): Promise<Map<number, SightingsSummary>> {
  const rows = await db.all<{ id: number; pet_id: number; place: string; seen_at: string; total: number }>(sql`
    SELECT id, pet_id, place, seen_at, total FROM (
      SELECT s.id, s.pet_id, s.place, s.seen_at,
        count(*) OVER (PARTITION BY s.pet_id) AS total,
        row_number() OVER (PARTITION BY s.pet_id ORDER BY s.seen_at DESC, s.id DESC) AS position
      FROM ${sightings} s
      JOIN ${pets} p ON p.id = s.pet_id
      WHERE p.user_id = ${ownerId} AND s.hidden_at IS NULL AND s.moderation IS NULL
    )
    WHERE position <= ${perPet}
    ORDER BY pet_id, position`);
  const summary = new Map<number, SightingsSummary>();
  for (const row of rows) {
    const entry = summary.get(row.pet_id) ?? { count: Number(row.total), latest: [] };
    entry.latest.push({ id: row.id, place: row.place, seenAt: row.seen_at });
    summary.set(row.pet_id, entry);
  }
  return summary;
}

/**
 * The photos of a pet's sightings, read in the same batch that deletes the pet (the rows
 * go with it by cascade; the R2 objects are removed after). Owner-only, like the delete.
 */
export function sightingPhotosQuery(db: Database, petId: number, ownerId: string) {
  return db
    .select({ imageUrl: sightings.imageUrl })
    .from(sightings)
    .innerJoin(pets, eq(pets.id, sightings.petId))
    .where(and(eq(sightings.petId, petId), eq(pets.userId, ownerId), isNotNull(sightings.imageUrl)));
}

export type PageSightings = { view: "owner"; items: OwnerSighting[] } | { view: "public"; items: PublicSighting[] };

/**
 * What /pet/{id} shows: the owner's full timeline, or everyone else's place-and-time one
 * (the page is cached for visitors without cookies, so the public view must be the same
 * for every visitor: docs/decisions/0019).
 */
export async function sightingsForPage(db: Database, petId: number, ownerId: string | null): Promise<PageSightings> {
  if (ownerId) return { view: "owner", items: await listSightingsForOwner(db, petId, ownerId) };
  return { view: "public", items: await listPublicSightings(db, petId) };
}

/** How many sightings the pet got in [from, to) (the owner's summary mail, docs/decisions/0030). */
export async function countSightingsBetween(db: Database, petId: number, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sightings)
    .where(and(eq(sightings.petId, petId), gte(sightings.createdAt, from), lt(sightings.createdAt, to)));
  return row?.n ?? 0;
}
