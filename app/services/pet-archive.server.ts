// The daily move of what the public no longer sees from D1 to R2 (docs/decisions/0050,
// "Archive"): sightings once their ad has been out of view for 30 days or a year after they
// were sent, and the ads themselves a year after they were posted, once out of view for 30 days. Each
// step writes the pet's record in R2 first and deletes the rows after, so a job stopped
// anywhere is done again by the next run without losing a row (the record is rewritten
// with the rows still in D1).
import type { ActivityDatabase, Database } from "~/context.server";
import { deleteArchivedPets, petsToArchive, petsToArchivePage } from "~/models/pet-archive.server";
import {
  deleteSightingsById,
  ownersOf,
  petsLeavingViewRecently,
  petsOutOfViewAmong,
  petsWithOldSightings,
  SIGHTING_KEPT_DAYS,
  type SightingRow,
  sightingRowsOf,
} from "~/models/sighting-retention.server";
import { daysBefore } from "~/lib/ad-lifecycle";
import {
  type ArchivedSighting,
  newPetArchive,
  type PetArchive,
  readPetArchive,
  withSightings,
  writePetArchive,
} from "~/platform/pet-archive.server";
import { type OwnerSighting, type PageSightings, SIGHTINGS_ON_PAGE } from "~/models/sightings.server";
import { chunked, eachKeysetPage, type JobMessage } from "./job-messages";

/** Pets per archive or retention message: one R2 record each, well within a consumer's time. */
export const PETS_PER_ARCHIVE_MESSAGE = 50;
/** The old-sightings walk reads at most this many rows a day (they are swept daily). */
const OLD_SIGHTINGS_PER_RUN = 5_000;
/** The ads-to-archive walk's page. */
const ARCHIVE_PAGE = 1_000;

interface ArchiveContext {
  db: Database;
  activityDb: ActivityDatabase;
  bucket: R2Bucket;
  now: Date;
}

const asArchived = (row: SightingRow): ArchivedSighting => ({
  ...row,
  hiddenAt: row.hiddenAt?.getTime() ?? null,
  createdAt: row.createdAt.getTime(),
});

/**
 * Moves the sightings of these pets that may leave D1: all of them for a pet out of view
 * for 30 days, else those older than a year. Returns how many moved.
 */
export async function moveSightingsToArchive({ db, activityDb, bucket, now }: ArchiveContext, petIds: number[]): Promise<number> {
  const [owners, outOfView] = await Promise.all([ownersOf(db, petIds), petsOutOfViewAmong(db, petIds, now)]);
  const leaving = new Set(outOfView.map((row) => row.id));
  const oldBefore = daysBefore(now, SIGHTING_KEPT_DAYS).getTime();
  const rows = owners.length
    ? await sightingRowsOf(
        activityDb,
        owners.map((o) => o.id),
      )
    : [];
  const moving = rows.filter((row) => leaving.has(row.petId) || row.createdAt.getTime() < oldBefore);
  for (const owner of owners) {
    const mine = moving.filter((row) => row.petId === owner.id);
    if (mine.length === 0) continue;
    const record = (await readPetArchive(bucket, owner.id)) ?? newPetArchive(owner.id, owner.ownerId);
    await writePetArchive(bucket, withSightings(record, mine.map(asArchived)));
  }
  await deleteSightingsById(
    activityDb,
    moving.map((row) => row.id),
  );
  return moving.length;
}

/**
 * Archives these ads if still due: record (the ad, its photos', messages' and matches' rows,
 * and every sighting still in D1) to R2, sightings out of the activity database, the ad out
 * of the main one. An ad that came back meanwhile (renewed, reopened) stays; its record
 * keeps only the sightings. Returns how many left.
 */
export async function archivePets({ db, activityDb, bucket, now }: ArchiveContext, petIds: number[]): Promise<number> {
  const due = await petsToArchive(db, petIds, now);
  if (due.length === 0) return 0;
  const ids = due.map((d) => d.pet.id);
  const sightings = await sightingRowsOf(activityDb, ids);
  const records = new Map<number, PetArchive>();
  for (const { pet, images, messages, matches } of due) {
    const before = (await readPetArchive(bucket, pet.id)) ?? newPetArchive(pet.id, pet.userId);
    const record = withSightings(
      { ...before, archivedAt: now.getTime(), pet, images, messages, matches },
      sightings.filter((s) => s.petId === pet.id).map(asArchived),
    );
    await writePetArchive(bucket, record);
    records.set(pet.id, record);
  }
  await deleteSightingsById(
    activityDb,
    sightings.map((s) => s.id),
  );
  const deleted = new Set(await deleteArchivedPets(db, ids, now));
  // Came back between the read and the delete: the ad lives on, its sightings stay in R2.
  for (const [id, record] of records) {
    if (!deleted.has(id)) await writePetArchive(bucket, { ...record, archivedAt: null, pet: null, images: [], messages: [], matches: [] });
  }
  return deleted.size;
}

/**
 * The day's archive work, sent to the queue: the pets whose ads left view about 30 days ago
 * and those with sightings older than a year (sightings), then every ad due to leave
 * (archive). Returns how many pets it planned.
 */
export async function planArchive(
  { db, activityDb, now }: Omit<ArchiveContext, "bucket">,
  send: (messages: JobMessage[]) => Promise<void>,
): Promise<{ sightings: number; ads: number }> {
  const [leaving, old] = await Promise.all([
    petsLeavingViewRecently(db, now),
    petsWithOldSightings(activityDb, now, OLD_SIGHTINGS_PER_RUN),
  ]);
  const sightingPets = [...new Set([...leaving, ...old])];
  await send(chunked(sightingPets, PETS_PER_ARCHIVE_MESSAGE).map((petIds): JobMessage => ({ kind: "archive-sightings", petIds })));
  let ads = 0;
  await eachKeysetPage<{ id: number; createdAt: number }>(
    (after) => petsToArchivePage(db, now, after, ARCHIVE_PAGE),
    async (page) => {
      ads += page.length;
      await send(
        chunked(
          page.map((row) => row.id),
          PETS_PER_ARCHIVE_MESSAGE,
        ).map((petIds): JobMessage => ({ kind: "archive-pets", petIds })),
      );
    },
    ARCHIVE_PAGE,
  );
  return { sightings: sightingPets.length, ads };
}

/**
 * The owner's timeline with the sightings kept in the pet's record in R2 (those of an ad out
 * of view for 30 days, or a year old), newest first; visible ones only. Everyone else's
 * timeline is the public one: it shows what is in D1 (docs/decisions/0050).
 */
export async function withArchivedSightings(bucket: R2Bucket, petId: number, page: PageSightings): Promise<PageSightings> {
  if (page.view !== "owner") return page;
  const record = await readPetArchive(bucket, petId);
  const archived: (OwnerSighting & { archived: true })[] = (record?.sightings ?? [])
    .filter((s) => s.hiddenAt === null && s.moderation === null)
    .map((s) => ({
      id: s.id,
      place: s.place,
      seenAt: s.seenAt,
      notes: s.notes,
      imageUrl: s.imageUrl,
      contact: s.contact,
      createdAt: new Date(s.createdAt),
      archived: true,
    }));
  if (archived.length === 0) return page;
  const items = [...page.items, ...archived]
    .sort((a, b) => (a.seenAt === b.seenAt ? b.id - a.id : a.seenAt < b.seenAt ? 1 : -1))
    .slice(0, SIGHTINGS_ON_PAGE);
  return { view: "owner", items };
}

/** Is this pet's ad in the archive (it answers 410, as a closed ad past its days does)? */
export async function isArchivedAd(bucket: R2Bucket, petId: number): Promise<boolean> {
  const record = await readPetArchive(bucket, petId);
  return Boolean(record?.pet && record.archivedAt !== null);
}
