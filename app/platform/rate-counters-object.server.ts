// The rate-limit counters of docs/decisions/0038 in one Durable Object instead of D1 rows
// (docs/decisions/0051); app/platform/rate-limit.server.ts is the only caller.
// The semantics stay: a check counts one against every limit or against none, decided and
// written in one synchronous transaction, so no other request sees a count that is not
// kept. What changes is the cost: a counter is 1 row written when it is taken (D1: 2 for a
// new window, the row and its `expires_at` index entry) and nothing when it expires (D1:
// 1 per deleted row and index entry, by the daily sweep), because counters are grouped in
// one table per hour of expiry and an expired hour is dropped whole.
//
// One object holds every counter: a limit that spans subjects (a client and a pet, a
// client and an account) must live in one place to stay exact and all-or-nothing. At the
// target that is a few requests a second, far from what one object answers.
import { SqliteObject } from "~/platform/sqlite-object.server";
import type { CounterSlot } from "~/platform/rate-limit.server";

const HOUR = 3_600_000;
/** The table of the counters whose window ends in the hour that ends at `hour * HOUR`. */
const tableOf = (expiresAt: number) => `c_${Math.ceil(expiresAt / HOUR)}`;
const endOf = (table: string) => Number(table.slice(2)) * HOUR;

export class RateCounters extends SqliteObject {
  private tables: Set<string> | undefined;
  private alarmAt: number | null | undefined;

  private known(): Set<string> {
    this.tables ??= new Set(
      this.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c\\_%' ESCAPE '\\'").map(
        (r) => r.name,
      ),
    );
    return this.tables;
  }

  /** The slot's count; undefined for a counter never taken. */
  private countOf(slot: CounterSlot): number | undefined {
    const table = tableOf(slot.expiresAt);
    if (!this.known().has(table)) return undefined;
    return this.exec<{ n: number }>(`SELECT n FROM ${table} WHERE key = ?`, slot.key)[0]?.n;
  }

  private countsOf(slots: CounterSlot[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const slot of slots) {
      const n = this.countOf(slot);
      if (n !== undefined) counts[slot.key] = n;
    }
    return counts;
  }

  private async ensureAlarm(at: number) {
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm();
    if (this.alarmAt !== null && this.alarmAt <= at) return;
    this.alarmAt = at;
    await this.ctx.storage.setAlarm(at);
  }

  /**
   * Counts one against every slot, or against none when any is full; and the counts after
   * it (a refusal can say which limit was full). As the one D1 statement of docs/decisions/0038 did.
   */
  async take(slots: CounterSlot[]): Promise<{ taken: boolean; counts: Record<string, number> }> {
    const taken = this.ctx.storage.transactionSync(() => {
      if (slots.some((slot) => slot.limit < 1 || (this.countOf(slot) ?? 0) >= slot.limit)) return false;
      for (const slot of slots) {
        const table = tableOf(slot.expiresAt);
        if (!this.known().has(table)) {
          this.exec(`CREATE TABLE IF NOT EXISTS ${table} (key TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID`);
          this.known().add(table);
        }
        this.exec(`INSERT INTO ${table} (key, n) VALUES (?, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1`, slot.key);
      }
      return true;
    });
    if (taken && slots.length) await this.ensureAlarm(Math.min(...slots.map((slot) => endOf(tableOf(slot.expiresAt)))));
    return { taken, counts: this.countsOf(slots) };
  }

  /** The counts of `slots` (a counter never taken is absent). */
  async read(slots: CounterSlot[]): Promise<Record<string, number>> {
    return this.countsOf(slots);
  }

  /** Gives back one count on each slot, never below zero (a reservation that did not count). */
  async release(slots: CounterSlot[]): Promise<void> {
    this.ctx.storage.transactionSync(() => {
      for (const slot of slots) {
        const table = tableOf(slot.expiresAt);
        if (this.known().has(table)) this.exec(`UPDATE ${table} SET n = n - 1 WHERE key = ? AND n > 0`, slot.key);
      }
    });
  }

  /** Forgets every counter whose key starts with `prefix` (a range of each table's key). */
  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix) throw new Error("prefixo vazio");
    const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
    for (const table of this.known()) this.exec(`DELETE FROM ${table} WHERE key >= ? AND key < ?`, prefix, end);
  }

  /** Drops the tables whose hour has ended: no row written per counter. */
  override async alarm() {
    this.alarmAt = null;
    const now = Date.now();
    for (const table of [...this.known()]) {
      if (endOf(table) > now) continue;
      this.exec(`DROP TABLE ${table}`);
      this.known().delete(table);
    }
    const next = Math.min(...[...this.known()].map(endOf));
    if (Number.isFinite(next)) await this.ensureAlarm(next);
  }
}
