// Instant 'Avise-me' alerts (docs/decisions/0046): which saved searches may cover a new pet,
// and the record of what each address was told at once (the daily cap, and what its digest
// skips). All their SQL.
import { and, type Column, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { instantAlertDays, municipalityNeighbours, savedSearches } from "~/db/schema";
import { brasiliaToday } from "~/lib/format";
import { RADIUS_OPTIONS } from "~/lib/place-names";
import { inIds } from "./id-list";

/** The widest radius a search may ask for: the neighbours' rows beyond it are not read. */
const WIDEST_RADIUS_KM = Math.max(...RADIUS_OPTIONS.map((option) => option.km));

/**
 * The confirmed saved searches with a city whose area holds municipality
 * `municipalityCode`, whose status and species are the pet's or any (''), and that have
 * not seen pet `petId` yet: ids only, a superset of the searches that cover the pet (their
 * text, size or sex, several statuses or 'Outro' are checked afterwards by the search's own
 * query). The neighbours' covering index gives the municipalities within the widest radius
 * (each with itself at 0 km, docs/decisions/0032); for each, saved_searches_instant_idx is
 * one seek per (status, species) pair, its radius a range inside it. So it reads the
 * area's neighbour rows and about the searches it returns.
 */
export function coveringSavedSearches(
  db: Database,
  { petId, municipalityCode, status, type }: { petId: number; municipalityCode: number; status: string; type: string },
) {
  const n = municipalityNeighbours;
  const s = savedSearches;
  return db
    .select({ id: s.id })
    .from(n)
    .crossJoin(s)
    .where(
      and(
        eq(n.fromCode, municipalityCode),
        sql`${n.distanceKm} <= ${WIDEST_RADIUS_KM}`,
        eq(s.alertMunicipalityCode, n.toCode),
        inArray(s.alertStatus, [status, ""]),
        inArray(s.alertSpecies, [type, ""]),
        sql`${s.alertRadiusKm} >= ${n.distanceKm}`,
        // The partial index's own condition, so SQLite may use it.
        isNotNull(s.confirmedAt),
        // Saved after the pet: it was never new to this search (docs/decisions/0026).
        sql`+${s.lastPetId} < ${petId}`,
      ),
    );
}

/** Milliseconds in a day: Brasília keeps UTC−3 all year, so a day back is 24 hours back. */
const DAY_MS = 24 * 60 * 60 * 1000;

/** Brasília's date ('yyyy-mm-dd') `daysBefore` days before `now`'s: the day an alert is recorded under. */
export function alertDay(now: Date, daysBefore = 0): string {
  return brasiliaToday(new Date(now.getTime() - daysBefore * DAY_MS)).slice(0, 10);
}

const d = instantAlertDays;

/** The day rows' entries, one per pet told: `told.value ->> 0` the pet, `->> 1` the search. */
const toldEntries = sql`json_each(${d.pets}) AS told`;
const toldPet = sql<number>`told.value ->> 0`;

/**
 * Every day that has rows, walked on the primary key one seek a day (a loose index scan):
 * the housekeeping keeps 8 (today and the week before), so the reads that must see every
 * record of an address (the digest's skip, the account's deletion) seek 8 days per address
 * instead of scanning the table, whose key starts with the day.
 */
const storedDays = sql`WITH RECURSIVE stored(day) AS (
    SELECT min(${d.day}) FROM ${d}
    UNION ALL SELECT (SELECT min(${d.day}) FROM ${d} WHERE ${d.day} > stored.day) FROM stored WHERE stored.day IS NOT NULL
  ) SELECT day FROM stored`;

/**
 * Records that `email` is told of pet `petId` now, for its saved search `savedSearchId`,
 * unless (checked in the statement, so concurrent messages cannot pass it): the address was
 * told of `perDay` pets on this Brasília day, or of this pet today or yesterday (a message
 * retries for about two hours, docs/decisions/0037, so a retry falls on its day or the
 * next), or the search is no longer confirmed or has seen the pet in a digest. One row per
 * address and day (docs/decisions/0046, "One row per address and day"): the day's first
 * alert inserts it, each further one appends to it, one row written either way. The mail
 * goes only for what is recorded, after it.
 */
export function recordInstantAlert(
  db: Database,
  {
    email,
    petId,
    savedSearchId,
    now,
    perDay,
  }: {
    email: string;
    petId: number;
    savedSearchId: number;
    now: Date;
    perDay: number;
  },
) {
  const today = alertDay(now);
  return db
    .insert(d)
    .select(
      sql`SELECT ${today}, ${email}, json_array(json_array(${petId}, ${savedSearchId}))
        WHERE coalesce((SELECT json_array_length(${d.pets}) FROM ${d} WHERE ${d.day} = ${today} AND ${d.email} = ${email}), 0) < ${perDay}
          AND NOT EXISTS (SELECT 1 FROM ${d}, ${toldEntries}
            WHERE ${d.day} IN (${alertDay(now, 1)}, ${today}) AND ${d.email} = ${email} AND ${toldPet} = ${petId})
          AND EXISTS (SELECT 1 FROM ${savedSearches} WHERE ${savedSearches.id} = ${savedSearchId}
            AND ${savedSearches.confirmedAt} IS NOT NULL AND ${savedSearches.lastPetId} < ${petId})`,
    )
    .onConflictDoUpdate({
      target: [d.day, d.email],
      set: { pets: sql`json_insert(${d.pets}, '$[#]', json_array(${petId}, ${savedSearchId}))` },
    });
}

/**
 * The alerts of pet `petId` recorded for these addresses, now or by an earlier delivery of
 * the same message (today's or yesterday's row, as recordInstantAlert checks): a mail is
 * written for each (its key makes it one), so a delivery that failed between the record and
 * the mail loses no mail (docs/decisions/0050). Two primary-key seeks per address, for the
 * same batch as the records.
 */
export function recordedInstantAlertsQuery(db: Database, petId: number, emails: string[], now: Date) {
  return db
    .select({ email: d.email, savedSearchId: sql<number>`told.value ->> 1`.mapWith(Number) })
    .from(d)
    .crossJoin(toldEntries)
    .where(and(inArray(d.day, [alertDay(now, 1), alertDay(now)]), inIds(d.email, emails), sql`${toldPet} = ${petId}`));
}

/** SQL true when `email` was not told of pet `petId` at once (any day kept): the digest lists only those. */
export const notAlertedAtOnce = (email: string, petId: Column) =>
  sql`NOT EXISTS (SELECT 1 FROM ${d}, ${toldEntries} WHERE ${d.day} IN (${storedDays}) AND ${d.email} = ${email} AND ${toldPet} = ${petId})`;

/**
 * The pets with `afterId < id <= uptoId` these addresses were told of at once, for a digest
 * message that matches in memory (docs/decisions/0049): the addresses' rows of every day
 * kept, one primary-key seek per day and address. A digest's pets were posted since its
 * search's last digest, the day before; the week kept covers even a search whose digests
 * stopped for days, as the old rows are gone anyway.
 */
export function alertedAtOnceAmong(db: Database, emails: string[], afterId: number, uptoId: number) {
  return db
    .select({ email: d.email, petId: toldPet.mapWith(Number) })
    .from(d)
    .crossJoin(toldEntries)
    .where(and(sql`${d.day} IN (${storedDays})`, inIds(d.email, emails), sql`${toldPet} > ${afterId}`, sql`${toldPet} <= ${uptoId}`));
}

/** Days of records kept: today and the week before. */
export const INSTANT_ALERT_DAYS_KEPT = 8;

/** The daily housekeeping: days before the last INSTANT_ALERT_DAYS_KEPT no longer count for anything; a range of the primary key. */
export async function deleteOldInstantAlerts(db: Database, now: Date) {
  await db.delete(d).where(lt(d.day, alertDay(now, INSTANT_ALERT_DAYS_KEPT - 1)));
}

/** An address's records, every day kept (account deletion, docs/decisions/0036): for its batch. */
export function deleteInstantAlertsOf(db: Database, email: string) {
  return db.delete(d).where(and(sql`${d.day} IN (${storedDays})`, eq(d.email, email)));
}
