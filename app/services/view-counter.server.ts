// View counting in Durable Objects (docs/decisions/0051). The items of a kind are spread
// over VIEW_SHARDS objects (`views:{kind}:{id mod VIEW_SHARDS}`); each holds the viewer
// marks of its items per UTC day and answers the first-view check one call at a time (so
// a burst counts once). D1's `views` gets an item's views once a week, after the UTC week
// ends; a hot item (HOT_VIEWS or more not yet in D1) also after each day, so 'Mais
// relevantes' follows the pets people are looking at. A first view is 1 row of the
// object's own SQLite; D1 gets 2 rows per item per week (more for hot items). What users
// see stays exact: D1's count plus the views its object still holds.
import { SqliteObject } from "~/platform/sqlite-object.server";
import { createDatabase } from "~/context.server";
import type { DetailKind } from "~/lib/page-policy";
import { addViews, HOT_VIEWS, VIEWS_PER_BATCH, type ViewFlush, viewFlushOf } from "~/models/item-views.server";

/** Objects per kind. A first view is one short SQLite write: even 64 is far from an object's limit at the target. */
export const VIEW_SHARDS = 64;

/** What a view answers: whether it counted, and the item's views D1 does not have yet. */
export interface ViewAnswer {
  counted: boolean;
  pending: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
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

/** The Monday ("20261123") that starts the UTC week of `day` (a "yyyymmdd"). */
export function weekOf(day: string): string {
  const start = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8)));
  return dayOf(start - ((new Date(start).getUTCDay() + 6) % 7) * DAY);
}

/** One table of marks per kind and UTC day: dropping it writes no row (a DELETE writes one per mark). */
const marksTable = (kind: DetailKind, day: string) => `marks_${kind}_${day}`;
const TABLE_NAME = /^marks_([a-z]+)_(\d{8})$/;
/** Per kind and week, the views of its days' marks already in D1 (hot flushes), dropped with them. */
const flushedTable = (kind: DetailKind, week: string) => `flushed_${kind}_${week}`;
/** The flush period of a finished week (every item), and of a hot flush up to `day`. */
const weekPeriod = (kind: DetailKind, week: string) => `${kind}:${week}:semana`;
const hotPeriod = (kind: DetailKind, week: string, day: string) => `${kind}:${week}:${day}`;

/**
 * `parts` joined by UNION ALL, nested three at a time: Durable Objects' SQLite allows only a
 * few terms in one compound SELECT, and a week has up to 8 (7 days and the flushed views).
 */
function unionAll(parts: string[]): string {
  if (parts.length <= 3) return parts.join(" UNION ALL ");
  const groups: string[] = [];
  for (let i = 0; i < parts.length; i += 3) groups.push(`SELECT item, n FROM (${unionAll(parts.slice(i, i + 3))})`);
  return unionAll(groups);
}

/** The marks tables of one kind and week. */
interface WeekOfMarks {
  kind: DetailKind;
  week: string;
  days: { table: string; day: string }[];
}

/** What one flush period writes: the views of `days` of items with at least `least` not in D1. */
interface FlushScope extends WeekOfMarks {
  weekly: boolean;
  least: number;
}

/** Item batches one alarm writes before it hands the rest to the next (a wall-time bound). */
const BATCHES_PER_ALARM = 200;

export class ViewCounter extends SqliteObject {
  /** Rows its flushes wrote to D1, as D1 reports them, for the tests' meters. */
  d1RowsWritten = 0;
  // The tables that exist, the flush position and the alarm, while the object is awake.
  private tableNames: Set<string> | undefined;
  private position: ViewFlush | null | undefined;
  private alarmAt: number | null | undefined;

  private tables(): Set<string> {
    this.tableNames ??= new Set(this.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => r.name));
    return this.tableNames;
  }

  /** The marks tables held, by kind and week, oldest first (today's included). */
  private weeksOfMarks(kind?: DetailKind): WeekOfMarks[] {
    const weeks = new Map<string, WeekOfMarks>();
    for (const table of [...this.tables()].sort()) {
      const match = TABLE_NAME.exec(table);
      if (!match || (kind && match[1] !== kind)) continue;
      const [, tableKind, day] = match as unknown as [string, DetailKind, string];
      const week = weekOf(day);
      const key = `${week}:${tableKind}`;
      if (!weeks.has(key)) weeks.set(key, { kind: tableKind, week, days: [] });
      weeks.get(key)!.days.push({ table, day });
    }
    return [...weeks.keys()].sort().map((key) => weeks.get(key)!);
  }

  /** Where the flush is: the period and the last item D1 has (null: none yet). */
  private flushPosition(): ViewFlush | null {
    if (this.position === undefined) {
      this.position = this.tables().has("flush_position")
        ? (this.exec<{ period: string; item: number }>("SELECT period, item FROM flush_position")[0] ?? null)
        : null;
    }
    return this.position;
  }

  /** The item's marks not yet in D1, over every day the object still holds. */
  private pendingOf(kind: DetailKind, item: number): number {
    let pending = 0;
    const position = this.flushPosition();
    for (const { week, days } of this.weeksOfMarks(kind)) {
      // The week's flush got past the item: all its views of that week are in D1.
      if (position?.period === weekPeriod(kind, week) && item <= position.item) continue;
      for (const { table } of days) pending += this.exec<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE item = ?`, item)[0]!.n;
      const flushed = flushedTable(kind, week);
      if (this.tables().has(flushed)) pending -= this.exec<{ n: number }>(`SELECT n FROM ${flushed} WHERE item = ?`, item)[0]?.n ?? 0;
    }
    return pending;
  }

  /**
   * The items after `after` with at least the scope's least views in its days not yet in
   * D1, with those views, in item order, one batch's worth.
   */
  private pendingAfter({ kind, week, days, least }: FlushScope, after: number) {
    const flushed = flushedTable(kind, week);
    const parts = days.map(({ table }) => `SELECT item, count(*) AS n FROM ${table} WHERE item > ?1 GROUP BY item`);
    if (this.tables().has(flushed)) parts.push(`SELECT item, -n AS n FROM ${flushed} WHERE item > ?1`);
    return this.exec<{ id: number; n: number }>(
      `SELECT item AS id, sum(n) AS n FROM (${unionAll(parts)}) GROUP BY item HAVING sum(n) >= ?2 ORDER BY item LIMIT ?3`,
      after,
      least,
      VIEWS_PER_BATCH,
    );
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
    const tables = this.tables();
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
   * Writes to D1 the views of the days before `now`'s, 50 items per D1 batch: a finished
   * UTC week's for every item, then dropping its tables; the current week's for the items
   * with HOT_VIEWS or more not yet in D1, remembering them in the week's `flushed` table.
   * Each D1 batch records the object's position in `view_flushes`, and the object its own
   * after the batch; a run first catches up with D1's, so no view counts twice
   * (docs/decisions/0051). Answers whether work remains.
   */
  async flush(now = Date.now(), batches = BATCHES_PER_ALARM): Promise<boolean> {
    const today = dayOf(now);
    const weeks = this.weeksOfMarks();
    if (weeks.length === 0) return false;
    const db = createDatabase(this.env.DB);
    const object = this.objectName(weeks[0]!);
    if (object) this.catchUp(await viewFlushOf(db, object));
    for (const { kind, week, days: allDays } of this.weeksOfMarks()) {
      const weekly = week < weekOf(today);
      const period = weekly ? weekPeriod(kind, week) : hotPeriod(kind, week, dayOf(now - DAY));
      const scope = this.scopeOf(period);
      if (!scope || scope.days.length === 0) continue;
      let after = this.flushPosition()?.period === period ? this.flushPosition()!.item : -1;
      for (;;) {
        if (batches-- <= 0) return true;
        const counts = this.pendingAfter(scope, after);
        if (counts.length === 0) break;
        // A failed D1 write throws: the runtime retries the alarm; the views stay held.
        this.d1RowsWritten += await addViews(db, kind, counts, { object: viewCounterName(kind, counts[0]!.id), period });
        after = counts.at(-1)!.id;
        this.record(scope, counts, { period, item: after });
      }
      if (weekly) this.dropWeek(kind, week, allDays);
    }
    return false;
  }

  /** This object's name, from an item it holds (they all share `id mod VIEW_SHARDS`). */
  private objectName({ kind, days }: WeekOfMarks): string | null {
    const item = this.exec<{ item: number }>(`SELECT item FROM ${days[0]!.table} LIMIT 1`)[0]?.item;
    return item === undefined ? null : viewCounterName(kind, item);
  }

  /** What a flush period covers: its kind, week and days, and the views an item needs to go. */
  private scopeOf(period: string): FlushScope | null {
    const [kind, week, last] = period.split(":") as [DetailKind, string, string];
    const held = this.weeksOfMarks(kind).find((w) => w.week === week);
    if (!held) return null;
    const weekly = last === "semana";
    return { kind, week, weekly, days: held.days.filter(({ day }) => weekly || day <= last), least: weekly ? 1 : HOT_VIEWS };
  }

  /**
   * D1 is at most one batch ahead of the object: a run that stopped between D1's commit and
   * the object's record. That batch is recomputed (the finished days do not change) and
   * recorded here only; if it does not end where D1 says (a D1 restored from a backup), nothing is.
   */
  private catchUp(inD1: ViewFlush | null) {
    const position = this.flushPosition();
    if (!inD1 || (position?.period === inD1.period && position.item >= inD1.item)) return;
    const scope = this.scopeOf(inD1.period);
    if (!scope) return;
    const counts = this.pendingAfter(scope, position?.period === inD1.period ? position.item : -1);
    if (counts.at(-1)?.id === inD1.item) this.record(scope, counts, inD1);
  }

  /** After D1 has a batch: the hot items' views in the week's `flushed` table, and the position, at once. */
  private record({ kind, week, weekly }: FlushScope, counts: { id: number; n: number }[], position: ViewFlush) {
    const flushed = flushedTable(kind, week);
    const tables = this.tables();
    this.ctx.storage.transactionSync(() => {
      if (!weekly) {
        this.exec(`CREATE TABLE IF NOT EXISTS ${flushed} (item INTEGER PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID`);
        for (const { id, n } of counts)
          this.exec(`INSERT INTO ${flushed} (item, n) VALUES (?, ?) ON CONFLICT (item) DO UPDATE SET n = n + excluded.n`, id, n);
      }
      this.exec(
        "CREATE TABLE IF NOT EXISTS flush_position (one INTEGER PRIMARY KEY CHECK (one = 1), period TEXT NOT NULL, item INTEGER NOT NULL)",
      );
      this.exec(
        "INSERT INTO flush_position (one, period, item) VALUES (1, ?, ?) ON CONFLICT (one) DO UPDATE SET period = excluded.period, item = excluded.item",
        position.period,
        position.item,
      );
    });
    if (!weekly) tables.add(flushed);
    tables.add("flush_position");
    this.position = position;
  }

  /** A week all in D1: its tables go whole (DROP TABLE writes no row per mark; a DELETE would). */
  private dropWeek(kind: DetailKind, week: string, days: { table: string }[]) {
    const flushed = flushedTable(kind, week);
    this.ctx.storage.transactionSync(() => {
      for (const { table } of days) this.exec(`DROP TABLE IF EXISTS ${table}`);
      this.exec(`DROP TABLE IF EXISTS ${flushed}`);
    });
    for (const { table } of days) this.tables().delete(table);
    this.tables().delete(flushed);
  }

  override async alarm() {
    this.alarmAt = null;
    const now = Date.now();
    // Work left (a long backlog): continue in a second; else after today, while marks are held.
    if (await this.flush(now)) await this.ensureAlarm(now + 1000);
    else if (this.weeksOfMarks().length > 0) await this.ensureAlarm(nextFlushAt(now));
  }
}

/** The name of the object that counts `id`'s views. */
export const viewCounterName = (kind: DetailKind, id: number) => `views:${kind}:${id % VIEW_SHARDS}`;

/** The counter object of one item. */
export function viewCounterOf(env: Env, kind: DetailKind, id: number) {
  return env.VIEW_COUNTERS.get(env.VIEW_COUNTERS.idFromName(viewCounterName(kind, id)));
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
      for (const [i, id] of shardIds.entries()) found.set(id, counts[i] ?? 0);
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
