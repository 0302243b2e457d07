// The ads that leave the main database (docs/decisions/0050, "Archive"): a year after they
// were posted, once closed for 30 days (when their page answers 410) or expired. Their
// rows go to R2 (app/platform/pet-archive.server.ts) and are deleted here, so the live
// pets, their search index and their indexes stay at the size of what the public can see.
import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { counters, petImages, petMatches, petMessages, pets } from "~/db/schema";
import { CLOSED_VISIBLE_DAYS, daysBefore, EXPIRE_AFTER_DAYS } from "~/lib/ad-lifecycle";
import { inIds } from "./id-list";

/** An ad is archived this many days after it was posted (once out of public view). */
export const ARCHIVE_AFTER_DAYS = 365;

/**
 * Out of public view for CLOSED_VISIBLE_DAYS: closed for longer than its page shows, or
 * expired (never closed) for as long, its renewal older than the expiry plus those days.
 * What the archive of an ad and of its sightings both wait for (docs/decisions/0050).
 */
export const outOfView = (now: Date) =>
  or(
    and(isNotNull(pets.closedAs), lt(pets.closedAt, daysBefore(now, CLOSED_VISIBLE_DAYS))),
    and(isNull(pets.closedAs), eq(pets.listed, false), lt(pets.renewedAt, daysBefore(now, EXPIRE_AFTER_DAYS + CLOSED_VISIBLE_DAYS))),
  );

/**
 * A page of the ads due to leave, oldest first, after `after` (created_at, id): a range
 * of pets_created_at_idx over the ads posted more than a year ago. A held or removed ad
 * stays (its moderation needs it: docs/decisions/0035).
 */
export function petsToArchivePage(db: Database, now: Date, after: { createdAt: number; id: number } | null, limit: number) {
  return db
    .select({ id: pets.id, createdAt: sql<number>`${pets.createdAt}` })
    .from(pets)
    .where(
      and(
        lt(pets.createdAt, daysBefore(now, ARCHIVE_AFTER_DAYS)),
        after
          ? or(gt(pets.createdAt, new Date(after.createdAt)), and(eq(pets.createdAt, new Date(after.createdAt)), gt(pets.id, after.id)))
          : undefined,
        outOfView(now),
        isNull(pets.moderation),
      ),
    )
    .orderBy(asc(pets.createdAt), asc(pets.id))
    .limit(limit);
}

/** Of these ids, the ads still due to leave, with every row that goes with each. */
export async function petsToArchive(db: Database, ids: number[], now: Date) {
  const due = and(inIds(pets.id, ids), lt(pets.createdAt, daysBefore(now, ARCHIVE_AFTER_DAYS)), outOfView(now), isNull(pets.moderation));
  const [rows, images, messages, matches] = await db.batch([
    db.select().from(pets).where(due),
    db.select().from(petImages).where(inIds(petImages.petId, ids)),
    db.select().from(petMessages).where(inIds(petMessages.petId, ids)),
    db
      .select()
      .from(petMatches)
      .where(or(inIds(petMatches.lostPetId, ids), inIds(petMatches.otherPetId, ids))),
  ]);
  return rows.map((pet) => ({
    pet,
    images: images.filter((row) => row.petId === pet.id),
    messages: messages.filter((row) => row.petId === pet.id),
    matches: matches.filter((row) => row.lostPetId === pet.id || row.otherPetId === pet.id),
  }));
}

export type PetToArchive = Awaited<ReturnType<typeof petsToArchive>>[number];

/**
 * Deletes the archived ads (their photos', messages' and matches' rows go by cascade, their
 * search entries by trigger) and, first in the same batch (one transaction, so the same
 * rows), gives back to the home's counters what the delete triggers take: 'Pets
 * cadastrados' counts every pet ever registered, and happy endings stay counted
 * (docs/decisions/0004, 0023). Only ads still due are deleted; returns their ids.
 */
export async function deleteArchivedPets(db: Database, ids: number[], now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const due = and(inIds(pets.id, ids), lt(pets.createdAt, daysBefore(now, ARCHIVE_AFTER_DAYS)), outOfView(now), isNull(pets.moderation));
  const [, deleted] = await db.batch([
    db
      .update(counters)
      .set({
        value: sql`${counters.value} + (SELECT count(*) FROM ${pets} WHERE ${due} AND (${counters.key} = 'pets' OR ${counters.key} = 'pets:' || ${pets.status} OR ${counters.key} = 'pets:' || ${pets.closedAs}))`,
      })
      .where(sql`${counters.key} = 'pets' OR ${counters.key} LIKE 'pets:%'`),
    db.delete(pets).where(due).returning({ id: pets.id }),
  ]);
  return deleted.map((row) => row.id);
}
