// Lost ↔ found/sighted matches (docs/decisions/0025): the candidate query, the stored
// pairs and what the lost pet's owner sees. The ranking is pure (app/lib/pet-match.ts).
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "~/context.server";
import { municipalityNeighbours, petMatches, pets, profiles, users } from "~/db/schema";
import { FOUND_STATUSES, LOST_STATUS, MATCH_CANDIDATE_LIMIT, type MatchPet, type RankedMatch } from "~/lib/pet-match";
import { inIds } from "./id-list";
import { petTitle } from "~/lib/pet-title";
import { petTitleColumns } from "./pet-titles.server";
import { isPublic } from "./visibility";

const matchColumns = {
  id: pets.id,
  userId: pets.userId,
  name: pets.name,
  type: pets.type,
  status: pets.status,
  location: pets.location,
  municipalityCode: pets.municipalityCode,
  size: pets.size,
  gender: pets.gender,
  color: pets.color,
  breed: pets.breed,
  missingSince: pets.missingSince,
  createdAt: pets.createdAt,
  closedAs: pets.closedAs,
  listed: pets.listed,
  moderation: pets.moderation,
};

export type MatchablePet = MatchPet & { name: string; closedAs: string | null; listed: boolean; moderation: string | null };

/** The pet as the matcher reads it, or null. */
export async function getMatchablePet(db: Database, id: number): Promise<MatchablePet | null> {
  const [row] = await db.select(matchColumns).from(pets).where(eq(pets.id, id)).limit(1);
  return row ?? null;
}

/**
 * Open, listed pets of `statuses` and species `type` in the municipalities whose seats are
 * within `radiusKm` of `municipalityCode` (itself included), posted since `since` by
 * someone other than `excludeUserId`, newest first, at most MATCH_CANDIDATE_LIMIT, each
 * with its distance (docs/decisions/0025, 0032).
 *
 * The neighbours' covering index gives the area's municipalities; for each, the pets'
 * `(municipality_code, id)` index is walked from the first pet posted since `since` (found
 * on pets_created_at_idx; ids grow with publication time, docs/decisions/0017). So the
 * statement reads the window's pets of the area, of every species and status, and sorts
 * only those. `+column` keeps SQLite off the filter indexes.
 */
export function findMatchCandidates(
  db: Database,
  {
    type,
    municipalityCode,
    radiusKm,
    statuses,
    since,
    excludeUserId,
  }: {
    type: string;
    municipalityCode: number;
    radiusKm: number;
    statuses: readonly string[];
    since: Date;
    excludeUserId: string;
  },
) {
  const firstInWindow = sql`(SELECT ${pets.id} FROM ${pets} WHERE ${pets.createdAt} >= ${since.getTime()} ORDER BY ${pets.createdAt}, ${pets.id} LIMIT 1)`;
  return db
    .select({ ...matchColumns, distanceKm: municipalityNeighbours.distanceKm })
    .from(municipalityNeighbours)
    .crossJoin(pets)
    .where(
      and(
        eq(municipalityNeighbours.fromCode, municipalityCode),
        sql`${municipalityNeighbours.distanceKm} <= ${radiusKm}`,
        eq(pets.municipalityCode, municipalityNeighbours.toCode),
        sql`${pets.id} >= ${firstInWindow}`,
        sql`+${pets.type} = ${type}`,
        sql`+${pets.status} IN ${statuses}`,
        isNull(pets.closedAs),
        sql`+${pets.listed} = 1`,
        isPublic(pets.moderation),
        sql`+${pets.createdAt} >= ${since.getTime()}`,
        sql`${pets.userId} <> ${excludeUserId}`,
      ),
    )
    .orderBy(desc(pets.id))
    .limit(MATCH_CANDIDATE_LIMIT);
}

/**
 * Stores the pairs; a pair already stored is left as it was (its score and mail too).
 * Returns only the pairs stored now, so each pair is mailed at most once.
 */
export async function insertMatches(db: Database, matches: RankedMatch[]) {
  if (matches.length === 0) return [];
  // 3 parameters a row: 10 matches stay far below D1's 100.
  return db
    .insert(petMatches)
    .values(matches.map(({ lostPetId, otherPetId, score }) => ({ lostPetId, otherPetId, score })))
    .onConflictDoNothing({ target: [petMatches.lostPetId, petMatches.otherPetId] })
    .returning({ id: petMatches.id, lostPetId: petMatches.lostPetId, otherPetId: petMatches.otherPetId, score: petMatches.score });
}

/** Who owns these pets, to mail them: pet id, the ad's title (0045), the owner's e-mail and name. */
export async function getPetOwners(db: Database, petIds: number[]) {
  if (petIds.length === 0) return [];
  const rows = await db
    .select({ petId: pets.id, ...petTitleColumns, userId: pets.userId, email: users.email, ownerName: profiles.name })
    .from(pets)
    .innerJoin(users, eq(users.id, pets.userId))
    .leftJoin(profiles, eq(profiles.id, pets.userId))
    .where(inIds(pets.id, petIds));
  return rows.map(({ petId, userId, email, ownerName, ...pet }) => ({ petId, petName: petTitle(pet), userId, email, ownerName }));
}

/** The pairs whose owner was mailed (once their mails are written). */
export function markMatchesNotifiedQuery(db: Database, ids: number[], at: Date) {
  return db.update(petMatches).set({ notifiedAt: at }).where(inArray(petMatches.id, ids));
}

/** The page shows at most this many matches (the best). */
export const MATCHES_SHOWN = 20;

/** A matched pet as both lists show it: its card, and the day it went missing or was found. */
const matchedPetColumns = {
  id: pets.id,
  ...petTitleColumns,
  mainImageUrl: pets.mainImageUrl,
  missingSince: pets.missingSince,
  createdAt: pets.createdAt,
};

/**
 * The found/sighted pets matched with lost pet `lostPetId`, best first, for its owner
 * only: the WHERE carries the owner, so anyone else gets an empty list. Closed ones are
 * left out (their story ended), and so are pairs an edit has made impossible (another
 * species, no longer found or sighted).
 */
export function listMatchesForOwner(db: Database, { lostPetId, userId }: { lostPetId: number; userId: string }) {
  const lost = alias(pets, "lost");
  return db
    .select({ ...matchedPetColumns, score: petMatches.score })
    .from(lost)
    .innerJoin(petMatches, eq(petMatches.lostPetId, lost.id))
    .innerJoin(pets, eq(pets.id, petMatches.otherPetId))
    .where(
      and(
        eq(lost.id, lostPetId),
        eq(lost.userId, userId),
        isNull(pets.closedAs),
        // Held or removed: not shown, not even to this owner (docs/decisions/0035).
        isPublic(pets.moderation),
        // An edit may have made either pet something else since (docs/decisions/0025).
        eq(pets.type, lost.type),
        inArray(pets.status, [...FOUND_STATUSES]),
      ),
    )
    .orderBy(desc(petMatches.score), desc(petMatches.otherPetId))
    .limit(MATCHES_SHOWN);
}

export type PetMatchCard = Awaited<ReturnType<typeof listMatchesForOwner>>[number];

/**
 * 'Pets perdidos parecidos perto daqui' on a found or sighted pet's page
 * (docs/decisions/0046): the lost pets paired with it, best first, for everyone. The same
 * pairs as the owner's list, read from the found side: the found pet's row once, then the
 * pairs' other_pet_id index, each pair's row and its lost pet's row, so it reads about what
 * it returns. Only what the
 * public sees: open, listed and public lost pets that are still lost and of the same species.
 */
export function listSimilarLostPets(db: Database, foundPetId: number) {
  const found = alias(pets, "found");
  return (
    db
      .select(matchedPetColumns)
      // CROSS JOIN keeps this order, and `+` keeps SQLite off the lost pets' filter indexes
      // (it chose pets_type_idx and read every pet of the species).
      .from(found)
      .crossJoin(petMatches)
      .crossJoin(pets)
      .where(
        and(
          eq(found.id, foundPetId),
          eq(petMatches.otherPetId, found.id),
          eq(pets.id, petMatches.lostPetId),
          sql`+${pets.status} = ${LOST_STATUS}`,
          sql`+${pets.type} = ${found.type}`,
          sql`+${pets.closedAs} IS NULL`,
          sql`+${pets.listed} = 1`,
          isPublic(pets.moderation),
        ),
      )
      .orderBy(desc(petMatches.score), desc(petMatches.lostPetId))
      .limit(MATCHES_SHOWN)
  );
}

export type SimilarLostPet = Awaited<ReturnType<typeof listSimilarLostPets>>[number];
