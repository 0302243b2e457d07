// View counting in Durable Objects (docs/decisions/0051). The items of a kind are spread
// over VIEW_SHARDS objects (`views:{kind}:{id mod VIEW_SHARDS}`); each holds the viewer
// marks of its items per UTC day, answers the first-view check one call at a time (so a
// burst counts once), and after the day ends adds each item's views of that day to D1's
// `views` in batches. A first view was 3 D1 rows (the mark, the item's row and its `views`
// index entry) plus 1 when the daily sweep deleted the mark; now it is 1 row of the
// object's own SQLite, and D1 gets 2 rows per item per day with views. What users see
// stays exact: D1's count plus the views its object still holds.
import { DurableObject } from "cloudflare:workers";
import { createDatabase } from "~/context.server";
import type { DetailKind } from "~/lib/page-policy";
import { addViews, VIEWS_PER_BATCH } from "~/models/item-views.server";

/** Objects per kind. A first view is one short SQLite write: even 64 is far from an object's limit at the target. */
export const VIEW_SHARDS = 64;

/** What a view answers: whether it counted, and the item's views D1 does not have yet. */
export interface ViewAnswer {
  counted: boolean;
  pending: number;
}

const HOUR = 3_600_000;
const KINDS: readonly DetailKind[] = ["pet", "product", "organization", "event", "clinic"];

/**
 * When a day's views go to D1: after the UTC day ends, at a random minute of the next
 * day's first hour (so the objects do not all write to D1 at 00:00).
 */
export function nextFlushAt(now: number, jitter = Math.random()): number {
  const start = new Date(now);
  const midnight = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + 1);
  return midnight + Math.floor(jitter * HOUR);
}

/** "20261127": the UTC day, as it appears in a marks table's name. */
const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10).replaceAll("-", "");

/** One table of marks per kind and UTC day: dropping it writes no row (a DELETE writes one per mark). */
const marksTable = (kind: DetailKind, day: string) => `marks_${kind}_${day}`;
const TABLE_NAME = /^marks_([a-z]+)_(\d{8})$/;

/** Item batches one alarm writes before it hands the rest to the next (a wall-time bound). */
const BATCHES_PER_ALARM = 200;

export class ViewCounter extends DurableObject<Env> {
  /** Rows this instance wrote to its SQLite (what Durable Objects bill), for the tests' meters. */
  rowsWritten = 0;
  // Tables known to exist, and the alarm, while the object is awake.
  private tables: Set<string> | undefined;
  private alarmAt: number | null | undefined;

  private exec<T extends Record<string, SqlStorageValue>>(query: string, ...bindings: unknown[]): T[] {
    const cursor = this.ctx.storage.sql.exec<T>(query, ...bindings);
    const rows = cursor.toArray();
    this.rowsWritten += cursor.rowsWritten;
    return rows;
  }

  private markTables(): Set<string> {
    this.tables ??= new Set(
      this.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'marks\\_%' ESCAPE '\\'").map(
        (r) => r.name,
      ),
    );
    return this.tables;
  }

  /** How far the flush of `table` got: the last item D1 already has (-1: none). */
  private flushedUpTo(table: string): number {
    if (!this.hasProgressTable()) return -1;
    return this.exec<{ item: number }>("SELECT item FROM flush_progress WHERE tbl = ?", table)[0]?.item ?? -1;
  }

  private hasProgressTable() {
    return this.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'flush_progress'").length > 0;
  }

  /** The item's marks not yet in D1, over every day the object still holds. */
  private pendingOf(kind: DetailKind, item: number): number {
    let pending = 0;
    for (const table of this.markTables()) {
      const match = TABLE_NAME.exec(table);
      if (!match || match[1] !== kind) continue;
      if (this.flushedUpTo(table) >= item) continue;
      pending += this.exec<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE item = ?`, item)[0]!.n;
    }
    return pending;
  }

  /** Sets the alarm unless one is set (each setAlarm is a row written): that one re-arms. */
  private async ensureAlarm(at: number) {
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm();
    if (this.alarmAt !== null) return;
    this.alarmAt = at;
    await this.ctx.storage.setAlarm(at);
  }

  /**
   * A view of `kind` `item` by `viewer` (a hash) at `now`: counted when it is the viewer's
   * first of that UTC day.
   */
  async view(kind: DetailKind, item: number, viewer: string, now = Date.now()): Promise<ViewAnswer> {
    if (!KINDS.includes(kind)) throw new Error("tipo desconhecido");
    const table = marksTable(kind, dayOf(now));
    const tables = this.markTables();
    if (!tables.has(table)) {
      this.exec(
        `CREATE TABLE IF NOT EXISTS ${table} (item INTEGER NOT NULL, viewer TEXT NOT NULL, PRIMARY KEY (item, viewer)) WITHOUT ROWID`,
      );
      tables.add(table);
    }
    const counted =
      this.exec(`INSERT INTO ${table} (item, viewer) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING item`, item, viewer).length > 0;
    // (Never in the past: a view dated yesterday waits for the next alarm too.)
    if (counted) await this.ensureAlarm(nextFlushAt(Math.max(now, Date.now())));
    return { counted, pending: this.pendingOf(kind, item) };
  }

  /** The views of `items` D1 does not have yet, in their order. */
  async pending(kind: DetailKind, items: number[]): Promise<number[]> {
    return items.map((item) => this.pendingOf(kind, item));
  }

  /**
   * Writes the views of the days before `now`'s to D1, 50 items per batch, and drops each
   * day's table once it is all in D1. The progress row after each batch lets a retried or
   * continued alarm resume without counting a batch twice (a crash between D1's commit and
   * that row would; docs/decisions/0051). Answers whether days remain.
   */
  async flush(now = Date.now(), batches = BATCHES_PER_ALARM): Promise<boolean> {
    const today = dayOf(now);
    const db = createDatabase(this.env.DB);
    const done = [...this.markTables()].filter((t) => (TABLE_NAME.exec(t)?.[2] ?? today) < today).sort();
    for (const table of done) {
      const kind = TABLE_NAME.exec(table)![1] as DetailKind;
      this.exec("CREATE TABLE IF NOT EXISTS flush_progress (tbl TEXT PRIMARY KEY, item INTEGER NOT NULL) WITHOUT ROWID");
      for (;;) {
        if (batches-- <= 0) return true;
        const after = this.flushedUpTo(table);
        const counts = this.exec<{ id: number; n: number }>(
          `SELECT item AS id, count(*) AS n FROM ${table} WHERE item > ? GROUP BY item ORDER BY item LIMIT ?`,
          after,
          VIEWS_PER_BATCH,
        );
        if (counts.length === 0) break;
        // A failed D1 write throws: the runtime retries the alarm; the views stay held.
        await addViews(db, kind, counts);
        this.exec(
          "INSERT INTO flush_progress (tbl, item) VALUES (?, ?) ON CONFLICT (tbl) DO UPDATE SET item = excluded.item",
          table,
          counts.at(-1)!.id,
        );
      }
      this.exec(`DROP TABLE ${table}`);
      this.exec("DELETE FROM flush_progress WHERE tbl = ?", table);
      this.markTables().delete(table);
    }
    return false;
  }

  override async alarm() {
    this.alarmAt = null;
    const now = Date.now();
    // Days left (a long day's backlog): continue in a second; else wait for today's end.
    if (await this.flush(now)) await this.ensureAlarm(now + 1000);
    else if (this.markTables().size > 0) await this.ensureAlarm(nextFlushAt(now));
  }
}

/** The counter object of one item. */
export function viewCounterOf(env: Env, kind: DetailKind, id: number) {
  return env.VIEW_COUNTERS.get(env.VIEW_COUNTERS.idFromName(`views:${kind}:${id % VIEW_SHARDS}`));
}

/** The views of `id` D1 does not have yet; 0 if the object cannot be reached. */
export async function pendingViews(env: Env, kind: DetailKind, id: number): Promise<number> {
  return (await pendingViewsOf(env, kind, [id]))[0]!;
}

/** The pending views of `ids`, one call per object they live in (0s if one cannot be reached). */
async function pendingViewsOf(env: Env, kind: DetailKind, ids: number[]): Promise<number[]> {
  const byShard = new Map<number, number[]>();
  for (const id of ids) byShard.set(id % VIEW_SHARDS, [...(byShard.get(id % VIEW_SHARDS) ?? []), id]);
  const found = new Map<number, number>();
  await Promise.all(
    [...byShard.values()].map(async (shardIds) => {
      const counts = await viewCounterOf(env, kind, shardIds[0]!)
        .pending(kind, shardIds)
        .catch(() => shardIds.map(() => 0));
      shardIds.forEach((id, i) => found.set(id, counts[i] ?? 0));
    }),
  );
  return ids.map((id) => found.get(id) ?? 0);
}

/** `items` with their pending views added to `views`: the exact count, for the owner's lists. */
export async function withPendingViews<T extends { id: number; views: number }>(env: Env, kind: DetailKind, items: T[]): Promise<T[]> {
  const pending = await pendingViewsOf(
    env,
    kind,
    items.map((item) => item.id),
  );
  return items.map((item, i) => ({ ...item, views: item.views + pending[i]! }));
}
