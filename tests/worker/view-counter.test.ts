import { evictAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pets, viewFlushes } from "~/db/schema";
import { addViews, HOT_VIEWS } from "~/models/item-views.server";
import {
  nextFlushAt,
  pendingViews,
  VIEW_SHARDS,
  type ViewCounter,
  viewCounterOf,
  weekOf,
  withPendingViews,
} from "~/services/view-counter.server";
import { countViewBy } from "~/services/views.server";
import { createPet, createUser, db } from "./fixtures";
import { readMeter } from "./read-meter";

// docs/decisions/0051: the view marks and the views not yet in D1 live in Durable Objects.
const storedViews = async (id: number) => (await db.select({ views: pets.views }).from(pets).where(eq(pets.id, id)))[0]!.views;
const exactViews = async (id: number) => (await storedViews(id)) + (await pendingViews(env, "pet", id));
/** Each pet's count in D1 (and, with `exact`, plus its pending views), id → views. */
async function viewsOf(ids: number[], exact = false): Promise<Map<number, number>> {
  const rows = await db.select({ id: pets.id, views: pets.views }).from(pets).where(inArray(pets.id, ids));
  return new Map((exact ? await withPendingViews(env, "pet", rows) : rows).map((r) => [r.id, r.views]));
}

/** The rows the pet's object wrote to its own SQLite since the last call (setAlarm is billed as one more). */
async function objectRowsWritten(id: number): Promise<number> {
  return runInDurableObject(viewCounterOf(env, "pet", id), (instance: ViewCounter) => {
    const out = instance.rowsWritten;
    instance.rowsWritten = 0;
    return out;
  });
}

// A Friday; the UTC week runs from Monday 23 to Sunday 29 November 2026.
const DAY = Date.UTC(2026, 10, 27, 12, 0);
const NEXT_DAY = DAY + 86_400_000;
const MONDAY = Date.UTC(2026, 10, 23);
const NEXT_MONDAY = Date.UTC(2026, 10, 30);
/** A flush of the views only the tests write D1 directly: what seeds a count. */
const seeded = { object: "teste", period: "teste" };

describe("view counters in Durable Objects", () => {
  it("a first view writes no D1 row (the +1 in D1 was 2, besides the mark); the object writes 1 row", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);

    // Before (docs/decisions/0038): the mark in the activity database (1 row), then the +1 in the main one.
    const main = readMeter(env.DB);
    await main.db
      .update(pets)
      .set({ views: sql`${pets.views} + 1` })
      .where(eq(pets.id, pet.id));
    expect(main.takeWritten()).toBe(2);

    // After: the object answers; a view writes nothing to D1.
    expect(await countViewBy(env, "visitante:1", { kind: "pet", id: pet.id }, DAY)).toEqual({ counted: true, pending: 1 });
    // The object's first view of the day also creates the day's table (2 rows in sqlite_master).
    const firstOfDay = await objectRowsWritten(pet.id);
    expect(firstOfDay).toBe(3);
    expect(await countViewBy(env, "visitante:2", { kind: "pet", id: pet.id }, DAY + 1000)).toEqual({ counted: true, pending: 2 });
    expect(await objectRowsWritten(pet.id)).toBe(1);
    expect(await countViewBy(env, "visitante:2", { kind: "pet", id: pet.id }, DAY + 2000)).toEqual({ counted: false, pending: 2 });
    expect(await objectRowsWritten(pet.id)).toBe(0);
    expect(await storedViews(pet.id)).toBe(1);
    expect(await exactViews(pet.id)).toBe(3);

    // One alarm, set by the day's first view, for the next UTC day's first hour.
    const alarm = await runInDurableObject(viewCounterOf(env, "pet", pet.id), (_i, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThanOrEqual(Date.UTC(2026, 10, 28));
    expect(alarm).toBeLessThan(Date.UTC(2026, 10, 28, 1));
  });

  it("the alarm writes a hot item's views of yesterday to D1, 2 rows per item and 1 for the batch", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);
    const yesterday = Date.now() - 86_400_000;
    for (let i = 0; i < 25; i++) await countViewBy(env, `visitante:${i}`, { kind: "pet", id: pet.id }, yesterday);
    for (let i = 0; i < 25; i++) await countViewBy(env, `visitante:${i}`, { kind: "pet", id: pet.id }, yesterday);
    expect(await exactViews(pet.id)).toBe(25);
    // One item's +n is one UPDATE: 2 D1 rows whatever n is; the batch's position 1 more
    // (2 the first time: the row and its key's index entry).
    const main = readMeter(env.DB);
    await addViews(main.db, "pet", [{ id: pet.id, n: 0 }], seeded);
    expect(main.takeWritten()).toBe(4);
    await addViews(main.db, "pet", [{ id: pet.id, n: 0 }], seeded);
    expect(main.takeWritten()).toBe(3);

    // The alarm (set for the next day's first hour) run now: the pet is hot (25 >= HOT_VIEWS),
    // so yesterday's views go to D1 now, not after the week.
    const stub = viewCounterOf(env, "pet", pet.id);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await storedViews(pet.id)).toBe(25);
    expect(await pendingViews(env, "pet", pet.id)).toBe(0);
    // Today is another day: the same viewers count again.
    expect(await countViewBy(env, "visitante:3", { kind: "pet", id: pet.id })).toEqual({ counted: true, pending: 1 });
    expect(await exactViews(pet.id)).toBe(26);
  });

  it("a flush cut short resumes after the last batch D1 has, counting nothing twice", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);
    const stub = viewCounterOf(env, "pet", pet.id);
    // 120 items of this object (ids of the same shard; only the first is in D1), one view each, and 3 for the pet.
    await runInDurableObject(stub, async (instance: ViewCounter) => {
      for (let i = 0; i < 120; i++) await instance.view("pet", pet.id + i * VIEW_SHARDS, "v", DAY);
      await instance.view("pet", pet.id, "w", DAY);
      await instance.view("pet", pet.id, "x", DAY);
      // No item is hot: the next day writes nothing to D1.
      expect(await instance.flush(NEXT_DAY)).toBe(false);
      expect(instance.d1RowsWritten).toBe(0);
      // After the week, one batch (50 items) per call: three calls for 120 items.
      expect(await instance.flush(NEXT_MONDAY, 1)).toBe(true);
      expect(await instance.flush(NEXT_MONDAY, 1)).toBe(true);
      expect(await instance.pending("pet", [pet.id, pet.id + 119 * VIEW_SHARDS])).toEqual([0, 1]);
      expect(await instance.flush(NEXT_MONDAY, 1)).toBe(true);
      instance.rowsWritten = 0;
      expect(await instance.flush(NEXT_MONDAY)).toBe(false);
      // The week's 122 marks leave with one DROP TABLE a day: no row per mark.
      expect(instance.rowsWritten).toBeLessThanOrEqual(1);
      console.log(`object rows to drop a week of 122 marks: ${instance.rowsWritten}`);
    });
    expect(await storedViews(pet.id)).toBe(3);
    expect(await pendingViews(env, "pet", pet.id + 119 * VIEW_SHARDS)).toBe(0);
  });

  it("a week of 100 items: hot ones reach D1 each day, the rest once after the week, exactly once across a crash", async () => {
    const owner = await createUser();
    const first = await createPet(owner.id);
    // 100 pets of one object: 3 hot (25 viewers a day), 97 seen on two days of the week.
    const ids = [first.id];
    for (let i = 1; i < 100; i++) ids.push((await createPet(owner.id, { id: first.id + i * VIEW_SHARDS })).id);
    const hot = ids.slice(0, 3);
    const cold = ids.slice(3);
    const truth = new Map(ids.map((id) => [id, 0]));
    const stub = viewCounterOf(env, "pet", first.id);
    const meter = () =>
      runInDurableObject(stub, (instance: ViewCounter) => {
        const out = { d1: instance.d1RowsWritten, object: instance.rowsWritten };
        instance.d1RowsWritten = 0;
        instance.rowsWritten = 0;
        return out;
      });
    await meter();
    let objectRows = 0;
    for (let day = 0; day < 7; day++) {
      const noon = MONDAY + day * 86_400_000 + 12 * 3_600_000;
      // The day's views, straight to the object (the same call countViewBy makes, without a round trip each).
      await runInDurableObject(stub, async (instance: ViewCounter) => {
        const view = async (id: number, viewer: string, at: number) => {
          if ((await instance.view("pet", id, viewer, at)).counted) truth.set(id, truth.get(id)! + 1);
        };
        for (const id of hot) for (let v = 0; v < 25; v++) await view(id, `visitante${v}`, noon);
        for (const [i, id] of cold.entries()) {
          if (i % 7 !== day && (i + 3) % 7 !== day) continue;
          // A second look by the same viewer that day does not count (docs/decisions/0012).
          await view(id, `visitante${i}`, noon);
          await view(id, `visitante${i}`, noon + 60_000);
        }
      });
      if (day === 6) break;
      // The next day's alarm: only the hot items go to D1.
      await runInDurableObject(stub, (instance: ViewCounter) => instance.flush(noon + 12.5 * 3_600_000));
      const stored = await viewsOf(ids);
      for (const id of ids) expect(stored.get(id)).toBe(hot.includes(id) ? truth.get(id) : 0);
      // Mid-week, what users see is exact: D1's count plus the object's pending views.
      if (day === 3) expect(await viewsOf(ids, true)).toEqual(truth);
    }
    const firstViews = [...truth.values()].reduce((a, b) => a + b, 0);
    expect(firstViews).toBe(3 * 25 * 7 + 97 * 2);
    const daily = await meter();
    objectRows += daily.object;
    // Six daily flushes of the 3 hot items: 2 rows each, and the batch's position.
    expect(daily.d1).toBe(6 * (3 * 2 + 1) + 1);

    // The weekly flush stops between D1's commit of its first batch and the object's record.
    const afterWeek = NEXT_MONDAY + 30 * 60_000;
    await runInDurableObject(stub, async (instance: ViewCounter) => {
      Object.assign(instance, {
        record: () => {
          throw new Error("queda entre o D1 e o objeto");
        },
      });
      await expect(instance.flush(afterWeek)).rejects.toThrow("queda");
    });
    const crashed = await meter();
    await evictAllDurableObjects();
    const half = await viewsOf(ids);
    expect(half.get(ids[49]!)).toBe(truth.get(ids[49]!));
    expect(half.get(ids[50]!)).toBe(0);
    // The retry: the first batch is recorded in the object only, the second goes to D1.
    expect(await runInDurableObject(stub, (instance: ViewCounter) => instance.flush(afterWeek))).toBe(false);
    const retried = await meter();
    expect(await viewsOf(ids)).toEqual(truth);
    expect(await viewsOf(ids, true)).toEqual(truth);
    // Every item once (the hot ones for Sunday), and two positions; the retry wrote half.
    expect(crashed.d1 + retried.d1).toBe(100 * 2 + 2);
    expect(retried.d1).toBe(50 * 2 + 1);
    const object = `views:pet:${first.id % VIEW_SHARDS}`;
    expect(await db.select().from(viewFlushes).where(eq(viewFlushes.object, object))).toEqual([
      { object, period: "pet:20261123:semana", item: ids[99] },
    ]);
    // The week's tables are gone whole.
    const left = await runInDurableObject(stub, (_i, state) =>
      state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE name LIKE '%20261123' OR name LIKE 'marks_%'")
        .toArray(),
    );
    expect(left).toEqual([]);
    objectRows += crashed.object + retried.object;
    const d1Rows = daily.d1 + crashed.d1 + retried.d1;
    console.log(
      `a week, 100 items (3 hot): D1 rows ${d1Rows} (hot items 7 flushes, 14 rows each; the others 2 each; 1 per batch); ` +
        `object rows ${objectRows} for ${firstViews} first views (${(objectRows / firstViews).toFixed(3)} per view)`,
    );
  });

  it("the hot threshold and the week", () => {
    expect(HOT_VIEWS).toBe(20);
    expect(weekOf("20261123")).toBe("20261123");
    expect(weekOf("20261129")).toBe("20261123");
    expect(weekOf("20261130")).toBe("20261130");
    expect(weekOf("20270101")).toBe("20261228");
  });

  it("20 views at once by one viewer count exactly one", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => countViewBy(env, "cliente:177.20.20.21|UA", { kind: "pet", id: pet.id })),
    );
    expect(answers.filter((a) => a.counted)).toHaveLength(1);
    expect(await exactViews(pet.id)).toBe(1);
  });

  it("the owner's list shows D1's count plus the pending views", async () => {
    const owner = await createUser();
    const [a, b] = [await createPet(owner.id), await createPet(owner.id)];
    await addViews(db, "pet", [{ id: a.id, n: 10 }], seeded);
    for (let i = 0; i < 3; i++) await countViewBy(env, `visitante:${i}`, { kind: "pet", id: a.id });
    const listed = await withPendingViews(env, "pet", [
      { id: a.id, views: await storedViews(a.id) },
      { id: b.id, views: await storedViews(b.id) },
    ]);
    expect(listed).toEqual([
      { id: a.id, views: 13 },
      { id: b.id, views: 0 },
    ]);
  });

  it("flushes in the first hour after the UTC day ends", () => {
    expect(nextFlushAt(Date.UTC(2026, 10, 27, 23, 59), 0)).toBe(Date.UTC(2026, 10, 28));
    expect(nextFlushAt(Date.UTC(2026, 10, 27, 0, 0), 0.5)).toBe(Date.UTC(2026, 10, 28, 0, 30));
  });
});
