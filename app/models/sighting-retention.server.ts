// Sightings that leave the activity database for their pet's record in R2 (docs/decisions/0050,
// "Archive"): all of a pet's once its ad has been out of public view for 30 days (closed, or
// expired), and any sighting a year after it was sent. Only the owner and the export read
// them then, from R2 (app/platform/pet-archive.server.ts).
import { and, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { ActivityDatabase, Database } from "~/context.server";
import { sightings } from "~/db/activity-schema";
import { pets } from "~/db/schema";
import { CLOSED_VISIBLE_DAYS, daysBefore, EXPIRE_AFTER_DAYS } from "~/lib/ad-lifecycle";
import { inIds } from "./id-list";
import { outOfView } from "./pet-archive.server";

/** A sighting stays in D1 at most this long. */
export const SIGHTING_KEPT_DAYS = 365;

/** Of these pets, the ones whose sightings all leave: out of public view for 30 days. */
export function petsOutOfViewAmong(db: Database, petIds: readonly number[], now: Date) {
  return db
    .select({ id: pets.id })
    .from(pets)
    .where(and(inIds(pets.id, petIds), outOfView(now)));
}

/** The owners of these pets (a record names its owner). */
export function ownersOf(db: Database, petIds: readonly number[]) {
  return db.select({ id: pets.id, ownerId: pets.userId }).from(pets).where(inIds(pets.id, petIds));
}

/** Every row of these pets' sightings, or only those sent before `before`. */
export function sightingRowsOf(activityDb: ActivityDatabase, petIds: readonly number[], before?: Date) {
  return activityDb
    .select()
    .from(sightings)
    .where(and(inIds(sightings.petId, petIds), before ? lt(sightings.createdAt, before) : undefined));
}

export type SightingRow = Awaited<ReturnType<typeof sightingRowsOf>>[number];

/** Deletes these sightings by id (they are in their pet's record now). */
export async function deleteSightingsById(activityDb: ActivityDatabase, ids: readonly number[]) {
  if (ids.length === 0) return;
  await activityDb.delete(sightings).where(inIds(sightings.id, ids));
}

/**
 * Pets whose ads left public view between 37 and 30 days ago (closed), or whose expiry is
 * as old (not renewed for 127 to 120 days): a week's window, so a day the job missed is
 * caught up; a pet already moved has no sightings left and costs one index probe. Two
 * index ranges (pets_closed_at_idx, pets_listed_renewed_at_idx), not a walk of every pet.
 */
export async function petsLeavingViewRecently(db: Database, now: Date): Promise<number[]> {
  const [closed, expired] = await db.batch([
    db
      .select({ id: pets.id })
      .from(pets)
      .where(
        and(
          lt(pets.closedAt, daysBefore(now, CLOSED_VISIBLE_DAYS)),
          gte(pets.closedAt, daysBefore(now, CLOSED_VISIBLE_DAYS + CATCH_UP_DAYS)),
          isNotNull(pets.closedAs),
        ),
      ),
    db
      .select({ id: pets.id })
      .from(pets)
      .where(
        and(
          eq(pets.listed, false),
          lt(pets.renewedAt, daysBefore(now, EXPIRE_AFTER_DAYS + CLOSED_VISIBLE_DAYS)),
          gte(pets.renewedAt, daysBefore(now, EXPIRE_AFTER_DAYS + CLOSED_VISIBLE_DAYS + CATCH_UP_DAYS)),
          isNull(pets.closedAs),
        ),
      ),
  ]);
  return [...new Set([...closed, ...expired].map((row) => row.id))];
}

/** Days the retention looks back, so a missed run is caught up. */
const CATCH_UP_DAYS = 7;

/**
 * The pets with sightings sent more than a year ago, up to `limit`. Sighting ids grow with
 * time, so the first sighting younger than a year bounds them: reading from the smallest
 * id up to it reads the old ones and one more (none are left after a daily run).
 */
export async function petsWithOldSightings(activityDb: ActivityDatabase, now: Date, limit: number): Promise<number[]> {
  const cutoff = daysBefore(now, SIGHTING_KEPT_DAYS);
  const rows = await activityDb.all<{ pet_id: number }>(sql`
    SELECT DISTINCT pet_id FROM (
      SELECT pet_id FROM ${sightings}
      WHERE id < coalesce((SELECT id FROM ${sightings} WHERE created_at >= ${cutoff.getTime()} ORDER BY id LIMIT 1), 9223372036854775807)
        AND created_at < ${cutoff.getTime()}
      ORDER BY id LIMIT ${limit}
    )`);
  return rows.map((row) => row.pet_id);
}
