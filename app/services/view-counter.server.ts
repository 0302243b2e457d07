// One Durable Object per viewed item (docs/decisions/0051): it holds today's viewer marks
// and the views D1 has not been told yet, answers the first-view check, and adds the held
// views to the item's `views` in D1 once a day. A first view was 3 D1 rows (the mark, the
// row and its `views` index entry); now it is 1 row of the object's own SQLite, and D1 gets
// 2 rows per item per day with views. What users see stays exact: D1's count plus the
// object's pending ones.
import { DurableObject } from "cloudflare:workers";
import { createDatabase, type Database } from "~/context.server";
import type { DetailKind } from "~/lib/page-policy";
import { incrementClinicViews } from "~/models/clinics.server";
import { incrementEventViews } from "~/models/events.server";
import { incrementOrganizationViews } from "~/models/organizations.server";
import { incrementPetViews } from "~/models/pets.server";
import { incrementProductViews } from "~/models/products.server";

/** Each kind's `views + by` in D1. */
export const VIEW_INCREMENTS: Record<DetailKind, (db: Database, id: number, by?: number) => Promise<unknown>> = {
  pet: incrementPetViews,
  product: incrementProductViews,
  organization: incrementOrganizationViews,
  event: incrementEventViews,
  clinic: incrementClinicViews,
};

/** What a view answers: whether it counted, and the item's views D1 does not have yet. */
export interface ViewAnswer {
  counted: boolean;
  pending: number;
}

interface CounterState {
  kind: DetailKind;
  item: number;
  /** The UTC day of the marks in `marks`. */
  day: string;
  /** How many of `marks` D1 already has. */
  flushed: number;
  /** Views of days before `day` that D1 does not have yet (an alarm that failed). */
  carried: number;
}

const HOUR = 3_600_000;

/**
 * When the held views go to D1: after the UTC day ends, at a random minute of the next
 * day's first hour (so a million objects do not all write to D1 at 00:00). The day's
 * marks are dropped at the same alarm: one alarm per item per day does both.
 */
export function nextFlushAt(now: number, jitter = Math.random()): number {
  const start = new Date(now);
  const midnight = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + 1);
  return midnight + Math.floor(jitter * HOUR);
}

const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

export class ViewCounter extends DurableObject<Env> {
  // What storage says, kept in memory while the object is awake (reads only after a wake-up).
  private state: CounterState | null | undefined;
  private marks: number | undefined;
  private alarmAt: number | null | undefined;

  /** Rows this instance wrote to its SQLite (what Durable Objects bill), for the tests' meters. */
  rowsWritten = 0;

  private get sql() {
    return this.ctx.storage.sql;
  }

  private exec<T extends Record<string, SqlStorageValue>>(query: string, ...bindings: unknown[]): T[] {
    const cursor = this.sql.exec<T>(query, ...bindings);
    const rows = cursor.toArray();
    this.rowsWritten += cursor.rowsWritten;
    return rows;
  }

  private hasTable(name: string): boolean {
    return this.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name).length > 0;
  }

  private load(): CounterState | null {
    if (this.state !== undefined) return this.state;
    this.state = this.hasTable("state")
      ? ((this.exec("SELECT kind, item, day, flushed, carried FROM state")[0] as CounterState | undefined) ?? null)
      : null;
    return this.state;
  }

  private countMarks(): number {
    if (this.marks === undefined)
      this.marks = this.hasTable("marks") ? this.exec<{ n: number }>("SELECT count(*) AS n FROM marks")[0]!.n : 0;
    return this.marks;
  }

  private save(state: CounterState) {
    this.exec(
      "INSERT INTO state (k, kind, item, day, flushed, carried) VALUES (1, ?, ?, ?, ?, ?) ON CONFLICT (k) DO UPDATE SET day = excluded.day, flushed = excluded.flushed, carried = excluded.carried",
      state.kind,
      state.item,
      state.day,
      state.flushed,
      state.carried,
    );
    this.state = state;
  }

  /**
   * A new UTC day: the old day's views not yet in D1 are carried, its marks dropped. DROP
   * TABLE writes no rows (a DELETE would write one per mark).
   */
  private rollOver(state: CounterState, day: string): CounterState {
    const next = { ...state, day, flushed: 0, carried: state.carried + this.countMarks() - state.flushed };
    this.exec("DROP TABLE IF EXISTS marks");
    this.marks = 0;
    this.save(next);
    return next;
  }

  private pendingOf(state: CounterState | null): number {
    return state ? state.carried + this.countMarks() - state.flushed : 0;
  }

  private async ensureAlarm(now: number) {
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm();
    if (this.alarmAt !== null) return;
    this.alarmAt = nextFlushAt(now);
    await this.ctx.storage.setAlarm(this.alarmAt);
  }

  /**
   * A view of `kind` `item` by `viewer` (a hash) at `now`: counted when it is the viewer's
   * first of that UTC day. Calls are one at a time (the object's input gate), so a burst
   * counts once.
   */
  async view(kind: DetailKind, item: number, viewer: string, now = Date.now()): Promise<ViewAnswer> {
    const day = utcDay(now);
    let state = this.load();
    if (!state) {
      this.exec(
        "CREATE TABLE IF NOT EXISTS state (k INTEGER PRIMARY KEY CHECK (k = 1), kind TEXT NOT NULL, item INTEGER NOT NULL, day TEXT NOT NULL, flushed INTEGER NOT NULL, carried INTEGER NOT NULL)",
      );
      state = { kind, item, day, flushed: 0, carried: 0 };
      this.save(state);
    } else if (day > state.day) {
      state = this.rollOver(state, day);
    }
    // A request whose clock is still on yesterday counts against today's marks.
    const before = this.countMarks();
    this.exec("CREATE TABLE IF NOT EXISTS marks (viewer TEXT PRIMARY KEY) WITHOUT ROWID");
    const counted = this.exec("INSERT INTO marks (viewer) VALUES (?) ON CONFLICT DO NOTHING RETURNING viewer", viewer).length > 0;
    if (counted) {
      this.marks = before + 1;
      await this.ensureAlarm(now);
    }
    return { counted, pending: this.pendingOf(state) };
  }

  /** The item's views D1 does not have yet (0 for an object that never counted). */
  async pending(): Promise<number> {
    return this.pendingOf(this.load());
  }

  /**
   * Writes the held views to D1 in one UPDATE (2 rows: the item and its `views` index
   * entry), drops yesterday's marks, and frees the object when nothing is left. A failed
   * D1 write throws: the runtime retries the alarm, and the views stay held meanwhile.
   */
  async flush(now = Date.now()): Promise<number> {
    let state = this.load();
    if (!state) return 0;
    const day = utcDay(now);
    if (day > state.day) state = this.rollOver(state, day);
    const marks = this.countMarks();
    const carried = state.carried;
    const fresh = marks - state.flushed;
    if (carried + fresh > 0) await VIEW_INCREMENTS[state.kind](createDatabase(this.env.DB), state.item, carried + fresh);
    // Views counted while D1 answered stay pending: only what was written is taken off.
    // (A new day begun meanwhile moved the day's unwritten views into `carried`.)
    const after = this.load()!;
    const sameDay = after.day === state.day;
    this.save({
      ...after,
      carried: after.carried - carried - (sameDay ? 0 : fresh),
      flushed: sameDay ? after.flushed + fresh : after.flushed,
    });
    return carried + fresh;
  }

  override async alarm() {
    this.alarmAt = null;
    const now = Date.now();
    await this.flush(now);
    if (this.countMarks() === 0 && this.pendingOf(this.load()) === 0) {
      // Nothing of today: the object forgets the item (no storage left to pay for).
      await this.ctx.storage.deleteAll();
      this.state = undefined;
      this.marks = undefined;
      this.alarmAt = undefined;
    } else {
      await this.ensureAlarm(now);
    }
  }
}

/** The counter object of one item. */
export function viewCounterOf(env: Env, kind: DetailKind, id: number) {
  return env.VIEW_COUNTERS.get(env.VIEW_COUNTERS.idFromName(`${kind}:${id}`));
}

/** The views of `id` D1 does not have yet; 0 if the object cannot be reached. */
export async function pendingViews(env: Env, kind: DetailKind, id: number): Promise<number> {
  return viewCounterOf(env, kind, id)
    .pending()
    .catch(() => 0);
}

/** `items` with their pending views added to `views`: the exact count, for the owner's lists. */
export async function withPendingViews<T extends { id: number; views: number }>(env: Env, kind: DetailKind, items: T[]): Promise<T[]> {
  const pending = await Promise.all(items.map((item) => pendingViews(env, kind, item.id)));
  return items.map((item, i) => ({ ...item, views: item.views + pending[i]! }));
}
