import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pets } from "~/db/schema";
import { addViews } from "~/models/item-views.server";
import { incrementPetViews } from "~/models/pets.server";
import { markViewed, viewMarkDay } from "~/models/rate-counters.server";
import { subjectHash } from "~/platform/rate-limit.server";
import { nextFlushAt, pendingViews, VIEW_SHARDS, type ViewCounter, viewCounterOf, withPendingViews } from "~/services/view-counter.server";
import { countViewBy } from "~/services/views.server";
import { createPet, createUser, db } from "./fixtures";
import { readMeter } from "./read-meter";

// docs/decisions/0051: the view marks and the views not yet in D1 live in Durable Objects.
const storedViews = async (id: number) => (await db.select({ views: pets.views }).from(pets).where(eq(pets.id, id)))[0]!.views;
const exactViews = async (id: number) => (await storedViews(id)) + (await pendingViews(env, "pet", id));

/** The rows the pet's object wrote to its own SQLite since the last call (setAlarm is billed as one more). */
async function objectRowsWritten(id: number): Promise<number> {
  return runInDurableObject(viewCounterOf(env, "pet", id), (instance: ViewCounter) => {
    const out = instance.rowsWritten;
    instance.rowsWritten = 0;
    return out;
  });
}

const DAY = Date.UTC(2026, 10, 27, 12, 0);
const NEXT_DAY = DAY + 86_400_000;

describe("view counters in Durable Objects", () => {
  it("a first view writes 3 D1 rows the old way and none now; the object writes 1 row", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);

    // Before (docs/decisions/0038): the mark in the activity database, then the +1 in the main one.
    const activity = readMeter(env.ACTIVITY_DB);
    const main = readMeter(env.DB);
    const viewer = await subjectHash("visitante:antes");
    expect(await markViewed(activity.activityDb, { day: viewMarkDay(DAY), kind: "pet", id: pet.id, viewer })).toBe(true);
    await incrementPetViews(main.db, pet.id);
    expect(activity.takeWritten()).toBe(1);
    expect(main.takeWritten()).toBe(2);
    // A repeat: the mark exists, nothing written.
    expect(await markViewed(activity.activityDb, { day: viewMarkDay(DAY), kind: "pet", id: pet.id, viewer })).toBe(false);
    expect(activity.takeWritten()).toBe(0);

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

  it("the alarm writes yesterday's views to D1, 2 rows per item, and drops the day's marks", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);
    const yesterday = Date.now() - 86_400_000;
    for (let i = 0; i < 25; i++) await countViewBy(env, `visitante:${i}`, { kind: "pet", id: pet.id }, yesterday);
    for (let i = 0; i < 25; i++) await countViewBy(env, `visitante:${i}`, { kind: "pet", id: pet.id }, yesterday);
    expect(await exactViews(pet.id)).toBe(25);
    // One item's +n is one UPDATE: 2 D1 rows whatever n is.
    const main = readMeter(env.DB);
    await addViews(main.db, "pet", [{ id: pet.id, n: 0 }]);
    expect(main.takeWritten()).toBe(2);

    // The alarm (set for the next day's first hour) run now: yesterday's table goes to D1.
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
      // One batch (50 items) per call: three calls for 120 items.
      expect(await instance.flush(NEXT_DAY, 1)).toBe(true);
      expect(await instance.flush(NEXT_DAY, 1)).toBe(true);
      expect(await instance.pending("pet", [pet.id, pet.id + 119 * VIEW_SHARDS])).toEqual([0, 1]);
      expect(await instance.flush(NEXT_DAY, 1)).toBe(true);
      instance.rowsWritten = 0;
      expect(await instance.flush(NEXT_DAY)).toBe(false);
      // The day's 122 marks leave with one DROP TABLE: no row per mark (and the progress row).
      expect(instance.rowsWritten).toBeLessThanOrEqual(1);
      console.log(`object rows to drop a day of 122 marks: ${instance.rowsWritten}`);
    });
    expect(await storedViews(pet.id)).toBe(3);
    expect(await pendingViews(env, "pet", pet.id + 119 * VIEW_SHARDS)).toBe(0);
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
    await addViews(db, "pet", [{ id: a.id, n: 10 }]);
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
