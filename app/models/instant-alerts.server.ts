// Instant 'Avise-me' alerts (docs/decisions/0046): which saved searches may cover a new pet,
// and the record of what each address was told at once (the daily cap, and what its digest
// skips). All their SQL.
import { and, type Column, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { instantAlerts, municipalityNeighbours, savedSearches } from "~/db/schema";
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

/**
 * Records that `email` is told of pet `petId` now, for its saved search `savedSearchId`,
 * unless (checked in the statement, so concurrent messages cannot pass it): the address was
 * already told of this pet (the primary key), it was told of `perDay` pets since `dayStart`,
 * or the search is no longer confirmed or has seen the pet in a digest. Returns the row when
 * recorded: only then is the mail written (after it, in the activity database).
 */
export function recordInstantAlert(
  db: Database,
  {
    email,
    petId,
    savedSearchId,
    now,
    dayStart,
    perDay,
  }: {
    email: string;
    petId: number;
    savedSearchId: number;
    now: Date;
    dayStart: Date;
    perDay: number;
  },
) {
  return db
    .insert(instantAlerts)
    .select(
      sql`SELECT ${email}, ${petId}, ${savedSearchId}, ${now.getTime()}
        WHERE (SELECT count(*) FROM ${instantAlerts} WHERE ${instantAlerts.email} = ${email} AND ${instantAlerts.createdAt} >= ${dayStart.getTime()}) < ${perDay}
          AND EXISTS (SELECT 1 FROM ${savedSearches} WHERE ${savedSearches.id} = ${savedSearchId}
            AND ${savedSearches.confirmedAt} IS NOT NULL AND ${savedSearches.lastPetId} < ${petId})`,
    )
    .onConflictDoNothing()
    .returning({ savedSearchId: instantAlerts.savedSearchId });
}

/**
 * The alerts of pet `petId` recorded for these addresses, now or by an earlier delivery of
 * the same message: a mail is written for each (its key makes it one), so a delivery that
 * failed between the record and the mail loses no mail (docs/decisions/0050). Seeks on the
 * primary key (email, pet), for the same batch as the records.
 */
export function recordedInstantAlertsQuery(db: Database, petId: number, emails: string[]) {
  return db
    .select({ email: instantAlerts.email, savedSearchId: instantAlerts.savedSearchId })
    .from(instantAlerts)
    .where(and(inIds(instantAlerts.email, emails), eq(instantAlerts.petId, petId)));
}

/** SQL true when `email` was not told of pet `petId` at once: the digest lists only those. */
export const notAlertedAtOnce = (email: string, petId: Column) =>
  sql`NOT EXISTS (SELECT 1 FROM ${instantAlerts} WHERE ${instantAlerts.email} = ${email} AND ${instantAlerts.petId} = ${petId})`;

/**
 * The pets with `afterId < id <= uptoId` these addresses were told of at once, for a digest
 * message that matches in memory (docs/decisions/0049): one seek per address on the
 * primary key (email, pet).
 */
export function alertedAtOnceAmong(db: Database, emails: string[], afterId: number, uptoId: number) {
  return db
    .select({ email: instantAlerts.email, petId: instantAlerts.petId })
    .from(instantAlerts)
    .where(and(inIds(instantAlerts.email, emails), sql`${instantAlerts.petId} > ${afterId}`, sql`${instantAlerts.petId} <= ${uptoId}`));
}

/** The daily housekeeping: rows older than `before` (a week) no longer count for anything. */
export async function deleteOldInstantAlerts(db: Database, before: Date) {
  await db.delete(instantAlerts).where(lt(instantAlerts.createdAt, before));
}
