// Short-lived rows keyed by their window (docs/decisions/0038): the rate-limit counters of
// app/platform/rate-limit.server.ts and the daily view marks of app/services/views.server.ts.
// Each check is one statement, so two requests never both read the same count and both
// pass; the daily job sweeps what has expired (D1 has no TTL).
import { lt, lte, type SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { ActivityDatabase } from "~/context.server";
import { rateCounters, viewMarks } from "~/db/activity-schema";

const dialect = new SQLiteAsyncDialect();

/** A D1 statement from a query written with `sql` (drizzle cannot batch raw SQL with parameters). */
function statement(db: ActivityDatabase, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return db.$client.prepare(text).bind(...params);
}

/** One counter a request would take: its key (window included), its limit, its window's end. */
export interface CounterSlot {
  key: string;
  limit: number;
  /** Epoch ms: the window's end, when the sweep may delete the row. */
  expiresAt: number;
}

/**
 * Counts one against `slot` unless it is full: the new count, or null when refused. A
 * refused attempt matches the conflict but not the WHERE, so it writes nothing and
 * RETURNING gives no row.
 */
export async function bumpCounter(db: ActivityDatabase, slot: CounterSlot): Promise<number | null> {
  if (slot.limit < 1) return null;
  const [row] = await db.all<{ n: number }>(sql`
    INSERT INTO rate_counters (key, n, expires_at) VALUES (${slot.key}, 1, ${slot.expiresAt})
    ON CONFLICT (key) DO UPDATE SET n = n + 1 WHERE n < ${slot.limit}
    RETURNING n`);
  return row?.n ?? null;
}

/**
 * Counts one against every slot, or against none when any is full: one INSERT … SELECT
 * whose NOT EXISTS sees the table as it was before the statement, so all or nothing is
 * decided atomically (no undo step). In the same batch (one transaction), the counts as
 * they are after it, so a refusal can say which limit was full.
 */
export async function takeCounters(db: ActivityDatabase, slots: CounterSlot[]): Promise<{ taken: boolean; counts: Map<string, number> }> {
  if (slots.length === 0) return { taken: true, counts: new Map() };
  if (slots.some((s) => s.limit < 1))
    return {
      taken: false,
      counts: await readCounters(
        db,
        slots.map((s) => s.key),
      ),
    };
  const wanted = sql.join(
    slots.map((s) => sql`(${s.key}, ${s.limit}, ${s.expiresAt})`),
    sql`, `,
  );
  const keys = sql.join(
    slots.map((s) => sql`${s.key}`),
    sql`, `,
  );
  const [taken, current] = await db.$client.batch<{ key: string; n: number }>([
    statement(
      db,
      sql`
      WITH wanted (k, lim, expires) AS (VALUES ${wanted})
      INSERT INTO rate_counters (key, n, expires_at)
      SELECT k, 1, expires FROM wanted
      WHERE NOT EXISTS (SELECT 1 FROM wanted JOIN rate_counters ON rate_counters.key = wanted.k WHERE rate_counters.n >= wanted.lim)
      ON CONFLICT (key) DO UPDATE SET n = n + 1
      RETURNING key, n`,
    ),
    statement(db, sql`SELECT key, n FROM rate_counters WHERE key IN (${keys})`),
  ]);
  return { taken: taken!.results.length > 0, counts: new Map(current!.results.map((r) => [r.key, r.n])) };
}

/**
 * Gives back one count on each key (never below zero): an attempt reserved before a check
 * that turned out not to count, such as the right password (docs/decisions/0038).
 */
export async function releaseCounters(db: ActivityDatabase, keys: string[]) {
  if (keys.length === 0) return;
  await db.run(
    sql`UPDATE rate_counters SET n = n - 1 WHERE n > 0 AND key IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
}

/** The counts of `keys` (a key never counted is absent). */
export async function readCounters(db: ActivityDatabase, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db.all<{ key: string; n: number }>(
    sql`SELECT key, n FROM rate_counters WHERE key IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.key, r.n]));
}

/** Deletes every counter whose key starts with `prefix` (a range of the primary key). */
export async function deleteCountersWithPrefix(db: ActivityDatabase, prefix: string) {
  if (!prefix) throw new Error("prefixo vazio");
  // Keys are ASCII; the next code unit after the prefix's last one bounds the range.
  const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  await db.run(sql`DELETE FROM rate_counters WHERE key >= ${prefix} AND key < ${end}`);
}

/** The UTC day a view mark belongs to ("2026-11-24"); the mark's key starts with it. */
export const viewMarkDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/**
 * Marks that `viewer` saw the item on `day`; true only for the first mark, so only the
 * first view of the day is counted. A repeat matches the key and writes nothing.
 */
export async function markViewed(db: ActivityDatabase, mark: { day: string; kind: string; id: number; viewer: string }) {
  const key = `${mark.day}:${mark.kind}:${mark.id}:${mark.viewer}`;
  const rows = await db.all<{ key: string }>(sql`INSERT INTO view_marks (key) VALUES (${key}) ON CONFLICT DO NOTHING RETURNING key`);
  return rows.length > 0;
}

/**
 * The daily job: counters whose window has ended and marks of days before today (UTC).
 * Nothing still in force is touched.
 */
export async function deleteExpiredCounters(db: ActivityDatabase, now = new Date()) {
  await db.batch([
    db.delete(rateCounters).where(lte(rateCounters.expiresAt, now.getTime())),
    // The key starts with its day: a range of the primary key, no other index needed.
    db.delete(viewMarks).where(lt(viewMarks.key, viewMarkDay(now.getTime()))),
  ]);
}
