// Saved searches, 'Avise-me' (docs/decisions/0026): all their SQL. A row is confirmed
// (mailed by the daily digest) or waits for its e-mail's owner to confirm it; the random
// token in its links is the only key a mail reader needs.
import { and, asc, desc, eq, gt, isNotNull, isNull, max, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { pets, savedSearches } from "~/db/schema";
import { randomToken } from "~/lib/random-token";
import { inIds } from "./id-list";
import { MAX_SAVED_SEARCHES, UNCONFIRMED_TTL_MS } from "~/lib/saved-search";

export type SavedSearch = typeof savedSearches.$inferSelect;

/** The newest pet id (0 with no pets): a new saved search mails only pets after it. */
export async function newestPetId(db: Database): Promise<number> {
  const [row] = await db.select({ id: max(pets.id) }).from(pets);
  return row?.id ?? 0;
}

export type SaveResult = { ok: true; created: boolean; search: SavedSearch } | { ok: false; reason: "limit" };

/**
 * Saves criteria for an e-mail: one row per (e-mail, criteria), so saving the same search
 * again returns the row there is. A new row is refused past MAX_SAVED_SEARCHES confirmed
 * (or, apart, unconfirmed) rows of that e-mail. One INSERT … SELECT … WHERE, so two
 * requests at once cannot both pass the checks (D1 has no interactive transactions).
 */
/** The columns the instant alerts look a saved search up by (docs/decisions/0046). */
export interface SearchAlertColumns {
  alertMunicipalityCode: number | null;
  alertRadiusKm: number;
  alertStatus: string;
  alertSpecies: string;
}

const NO_ALERT_COLUMNS: SearchAlertColumns = { alertMunicipalityCode: null, alertRadiusKm: 0, alertStatus: "", alertSpecies: "" };

export async function saveSearch(
  db: Database,
  input: {
    userId: string | null;
    email: string;
    criteria: string;
    confirmed: boolean;
    lastPetId: number;
    now: Date;
    /** Read from `criteria` (searchAlertColumns); none: no instant alerts for the row. */
    alert?: SearchAlertColumns;
  },
): Promise<SaveResult> {
  const { userId, email, criteria, confirmed, lastPetId, now } = input;
  const alert = input.alert ?? NO_ALERT_COLUMNS;
  const token = randomToken();
  const sameState = confirmed ? sql`confirmed_at IS NOT NULL` : sql`confirmed_at IS NULL`;
  await db.run(sql`
    INSERT INTO saved_searches (user_id, email, criteria, token, confirmed_at, last_pet_id, created_at,
      alert_municipality_code, alert_radius_km, alert_status, alert_species)
    SELECT ${userId}, ${email}, ${criteria}, ${token}, ${confirmed ? now.getTime() : null}, ${lastPetId}, ${now.getTime()},
      ${alert.alertMunicipalityCode}, ${alert.alertRadiusKm}, ${alert.alertStatus}, ${alert.alertSpecies}
    WHERE NOT EXISTS (SELECT 1 FROM saved_searches WHERE email = ${email} AND criteria = ${criteria})
      AND (SELECT count(*) FROM saved_searches WHERE email = ${email} AND ${sameState}) < ${MAX_SAVED_SEARCHES}`);
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.email, email), eq(savedSearches.criteria, criteria)))
    .limit(1);
  if (!row) return { ok: false, reason: "limit" };
  return { ok: true, created: row.token === token, search: row };
}

export async function findSavedSearchByToken(db: Database, token: string): Promise<SavedSearch | null> {
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.token, token)).limit(1);
  return row ?? null;
}

/** Whether an unconfirmed row may still be confirmed (older ones are ignored, then deleted). */
export function isConfirmable(search: SavedSearch, now: Date): boolean {
  return search.confirmedAt !== null || search.createdAt.getTime() > now.getTime() - UNCONFIRMED_TTL_MS;
}

/** How many confirmed saved searches an e-mail has. */
export function countConfirmed(db: Database, email: string) {
  return db.$count(savedSearches, and(eq(savedSearches.email, email), isNotNull(savedSearches.confirmedAt)));
}

/**
 * Confirms an unconfirmed row, unless its e-mail already has MAX_SAVED_SEARCHES confirmed
 * ones (checked in the same statement). True when this call confirmed it.
 */
export async function confirmSavedSearch(db: Database, id: number, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(savedSearches)
    .set({ confirmedAt: now })
    .where(
      and(
        eq(savedSearches.id, id),
        isNull(savedSearches.confirmedAt),
        sql`(SELECT count(*) FROM saved_searches WHERE email = ${email} AND confirmed_at IS NOT NULL) < ${MAX_SAVED_SEARCHES}`,
      ),
    )
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** Confirms a row its owner saved again while signed in with a verified e-mail. */
export async function markConfirmed(db: Database, id: number, now: Date) {
  await db
    .update(savedSearches)
    .set({ confirmedAt: now })
    .where(and(eq(savedSearches.id, id), isNull(savedSearches.confirmedAt)));
}

/** An expired unconfirmed row saved again: its confirmation starts over (same token). */
export async function renewUnconfirmed(db: Database, id: number, now: Date, lastPetId: number): Promise<SavedSearch | null> {
  const [row] = await db
    .update(savedSearches)
    .set({ createdAt: now, lastPetId })
    .where(and(eq(savedSearches.id, id), isNull(savedSearches.confirmedAt)))
    .returning();
  return row ?? null;
}

/** One-click unsubscribe: the token alone removes the row. Its criteria, or null when there was none. */
export async function deleteSavedSearchByToken(db: Database, token: string): Promise<string | null> {
  const [row] = await db.delete(savedSearches).where(eq(savedSearches.token, token)).returning({ criteria: savedSearches.criteria });
  return row?.criteria ?? null;
}

/**
 * Whose saved searches a signed-in user manages: the rows saved from the account, and,
 * when the account's e-mail is verified, the confirmed rows of that e-mail (saved as a
 * visitor before signing up). The same condition guards the delete.
 */
function ownedBy(user: { id: string; email: string; emailVerified: boolean }) {
  const byAccount = eq(savedSearches.userId, user.id);
  if (!user.emailVerified) return byAccount;
  return or(byAccount, and(eq(savedSearches.email, user.email.toLowerCase()), isNotNull(savedSearches.confirmedAt)))!;
}

export function listSavedSearchesOf(db: Database, user: { id: string; email: string; emailVerified: boolean }) {
  return db
    .select({
      id: savedSearches.id,
      criteria: savedSearches.criteria,
      confirmedAt: savedSearches.confirmedAt,
      lastDigestAt: savedSearches.lastDigestAt,
      createdAt: savedSearches.createdAt,
    })
    .from(savedSearches)
    .where(ownedBy(user))
    .orderBy(desc(savedSearches.id))
    .limit(MAX_SAVED_SEARCHES * 3);
}

/** 'Excluir' in the dashboard: the owner condition is in the statement. */
export async function deleteSavedSearchOf(db: Database, user: { id: string; email: string; emailVerified: boolean }, id: number) {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), ownedBy(user)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** Deletes at most `limit` unconfirmed rows older than UNCONFIRMED_TTL_MS; how many went. */
export async function deleteExpiredUnconfirmed(db: Database, now: Date, limit = 500): Promise<number> {
  const cutoff = now.getTime() - UNCONFIRMED_TTL_MS;
  const result = await db.run(sql`
    DELETE FROM saved_searches WHERE id IN (
      SELECT id FROM saved_searches WHERE confirmed_at IS NULL AND created_at < ${cutoff} LIMIT ${limit})`);
  return result.meta.changes ?? 0;
}

/** Where the daily planner's walk of the saved searches with a city stands (docs/decisions/0049). */
export interface PlaceKeyset {
  code: number;
  status: string;
  species: string;
  radius: number;
  id: number;
}

/**
 * The daily planner's page of confirmed saved searches with a city that may have new pets
 * (lastPetId below the newest pet), after the keyset `after`, in the order of
 * saved_searches_instant_idx: municipality, status, species, radius, id. Searches of one
 * city, and of one status there, come together, so a digest message reads its area's new
 * pets once for all of them (docs/decisions/0049). Walked as two ranges of the index, as
 * the walk by lastPetId was (0040): the rest of the keyset's (municipality, status, species,
 * radius) group (`= ? AND id > ?`, a seek: the index holds the id), then the groups after
 * it (a row value of the four columns, a seek). SQLite seeks a row value with the id only
 * to its group, and `> (…, radius)` to the group's start, walking the group again; `>=
 * (…, radius + 1)` (the radius is an integer) seeks past it. `last_pet_id` is read from
 * the row.
 */
export async function dueSearchesWithCityPage(db: Database, newest: number, after: PlaceKeyset | null, limit: number) {
  const s = savedSearches;
  const page = (range: SQL, count: number) =>
    db
      .select({ id: s.id, code: s.alertMunicipalityCode, status: s.alertStatus, species: s.alertSpecies, radius: s.alertRadiusKm })
      .from(s)
      // The partial index's own condition, so SQLite may walk it.
      .where(and(isNotNull(s.confirmedAt), isNotNull(s.alertMunicipalityCode), range, sql`+${s.lastPetId} < ${newest}`))
      .orderBy(asc(s.alertMunicipalityCode), asc(s.alertStatus), asc(s.alertSpecies), asc(s.alertRadiusKm), asc(s.id))
      .limit(count);
  const group = after
    ? and(
        eq(s.alertMunicipalityCode, after.code),
        eq(s.alertStatus, after.status),
        eq(s.alertSpecies, after.species),
        eq(s.alertRadiusKm, after.radius),
        gt(s.id, after.id),
      )!
    : null;
  const rest = group ? await page(group, limit) : [];
  const higher =
    rest.length >= limit
      ? []
      : await page(
          after
            ? sql`(${s.alertMunicipalityCode}, ${s.alertStatus}, ${s.alertSpecies}, ${s.alertRadiusKm}) >= (${after.code}, ${after.status}, ${after.species}, ${after.radius + 1})`
            : sql`1`,
          limit - rest.length,
        );
  return [...rest, ...higher].map((row) => ({ ...row, code: row.code! }));
}

/**
 * The daily planner's page of confirmed saved searches without a city (or whose city did
 * not resolve when saved) that may have new pets, in id order after `afterId`: the primary key,
 * every saved search read once over the walk (docs/decisions/0049). `+` keeps SQLite on it.
 */
export function dueSearchesWithoutCityPage(db: Database, newest: number, afterId: number, limit: number) {
  const s = savedSearches;
  return db
    .select({ id: s.id })
    .from(s)
    .where(
      and(
        gt(s.id, afterId),
        sql`+${s.confirmedAt} IS NOT NULL`,
        sql`+${s.alertMunicipalityCode} IS NULL`,
        sql`+${s.lastPetId} < ${newest}`,
      ),
    )
    .orderBy(asc(s.id))
    .limit(limit);
}

/** Of these saved searches, the confirmed ones not yet advanced to `newest`. */
export function savedSearchesDueAmong(db: Database, ids: number[], newest: number) {
  return db
    .select()
    .from(savedSearches)
    .where(and(inIds(savedSearches.id, ids), sql`+${savedSearches.confirmedAt} IS NOT NULL`, sql`+${savedSearches.lastPetId} < ${newest}`));
}

/**
 * After a digest message: these rows have seen every pet up to `newest`, and those of
 * `mailed` were mailed at `mailedAt`. One statement for the message (docs/decisions/0049).
 */
export function advanceSavedSearches(db: Database, ids: number[], newest: number, mailed: number[], mailedAt: Date) {
  return (
    db
      .update(savedSearches)
      .set({
        lastPetId: newest,
        lastDigestAt: mailed.length
          ? sql`CASE WHEN ${inIds(savedSearches.id, mailed)} THEN ${mailedAt.getTime()} ELSE ${savedSearches.lastDigestAt} END`
          : undefined,
      })
      // Never backwards, should two runs ever overlap.
      .where(and(inIds(savedSearches.id, ids), sql`+${savedSearches.lastPetId} < ${newest}`))
  );
}
