import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pets } from "~/db/schema";
import { incrementPetViews } from "~/models/pets.server";
import { markViewed, viewMarkDay } from "~/models/rate-counters.server";
import { subjectHash } from "~/platform/rate-limit.server";
import { nextFlushAt, pendingViews, type ViewCounter, viewCounterOf, withPendingViews } from "~/services/view-counter.server";
import { countViewBy } from "~/services/views.server";
import { createPet, createUser, db } from "./fixtures";
import { readMeter } from "./read-meter";

// docs/decisions/0051: one Durable Object per viewed item.
const storedViews = async (id: number) => (await db.select({ views: pets.views }).from(pets).where(eq(pets.id, id)))[0]!.views;
const exactViews = async (id: number) => (await storedViews(id)) + (await pendingViews(env, "pet", id));

/** The rows the item's object wrote to its own SQLite since the last call. */
async function objectRowsWritten(id: number): Promise<number> {
  return runInDurableObject(viewCounterOf(env, "pet", id), (instance: ViewCounter) => {
    const out = instance.rowsWritten;
    instance.rowsWritten = 0;
    return out;
  });
}

const DAY = Date.UTC(2026, 10, 27, 12, 0);

describe("view counters in a Durable Object", () => {
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

    // After: the object answers; D1 is not touched by a view at all.
    const stub = viewCounterOf(env, "pet", pet.id);
    expect(await countViewBy(env, "visitante:1", { kind: "pet", id: pet.id }, DAY)).toEqual({ counted: true, pending: 1 });
    // The object's first view of the day also creates its two tables and its state row.
    const firstEver = await objectRowsWritten(pet.id);
    expect(await countViewBy(env, "visitante:2", { kind: "pet", id: pet.id }, DAY + 1000)).toEqual({ counted: true, pending: 2 });
    expect(await objectRowsWritten(pet.id)).toBe(1);
    expect(await countViewBy(env, "visitante:2", { kind: "pet", id: pet.id }, DAY + 2000)).toEqual({ counted: false, pending: 2 });
    expect(await objectRowsWritten(pet.id)).toBe(0);
    expect(await storedViews(pet.id)).toBe(1);
    expect(await exactViews(pet.id)).toBe(3);
    console.log(`object rows: first view of a new object ${firstEver}, later first views 1, repeats 0`);

    // The alarm is set for the next UTC day's first hour.
    const alarm = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThanOrEqual(Date.UTC(2026, 10, 28));
    expect(alarm).toBeLessThan(Date.UTC(2026, 10, 28, 1));
  });

  it("the alarm adds the day's views to D1 in one UPDATE, drops the marks and frees the object", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);
    const now = Date.now();
    for (let i = 0; i < 25; i++) await countViewBy(env, `visitante:${i}`, { kind: "pet", id: pet.id }, now);
    for (let i = 0; i < 25; i++) await countViewBy(env, `visitante:${i}`, { kind: "pet", id: pet.id }, now);
    expect(await storedViews(pet.id)).toBe(0);
    expect(await pendingViews(env, "pet", pet.id)).toBe(25);
    // One flush is one incrementPetViews(db, id, n): 2 D1 rows whatever n is.
    const main = readMeter(env.DB);
    await incrementPetViews(main.db, pet.id, 0);
    expect(main.takeWritten()).toBe(2);

    const stub = viewCounterOf(env, "pet", pet.id);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await storedViews(pet.id)).toBe(25);
    expect(await pendingViews(env, "pet", pet.id)).toBe(0);
    // Today's marks stay (a repeat today must not count again): the object is not freed yet.
    expect((await countViewBy(env, "visitante:3", { kind: "pet", id: pet.id }, now)).counted).toBe(false);
    expect(await exactViews(pet.id)).toBe(25);
    // A new viewer after the flush: pending again, exact count still right.
    expect(await countViewBy(env, "visitante:novo", { kind: "pet", id: pet.id }, now)).toEqual({ counted: true, pending: 1 });
    expect(await exactViews(pet.id)).toBe(26);
  });

  it("a new UTC day drops yesterday's marks without a row per mark, and keeps yesterday's views pending", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);
    for (let i = 0; i < 40; i++) await countViewBy(env, `visitante:${i}`, { kind: "pet", id: pet.id }, DAY);
    await objectRowsWritten(pet.id);
    // The same viewer the next day counts again; the day's change wrote the state row only.
    expect(await countViewBy(env, "visitante:0", { kind: "pet", id: pet.id }, DAY + 86_400_000)).toEqual({ counted: true, pending: 41 });
    const rolled = await objectRowsWritten(pet.id);
    // state row + the marks table created again (2 rows in sqlite_master) + the mark.
    expect(rolled).toBeLessThanOrEqual(4);
    console.log(`object rows on the first view of a new day: ${rolled} (40 marks dropped)`);
    // The flush writes them all at once.
    await runInDurableObject(viewCounterOf(env, "pet", pet.id), (instance: ViewCounter) => instance.flush(DAY + 86_400_000));
    expect(await storedViews(pet.id)).toBe(41);
    expect(await pendingViews(env, "pet", pet.id)).toBe(0);
  });

  it("20 views at once by one viewer count exactly one", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => countViewBy(env, "cliente:177.20.20.21|UA", { kind: "pet", id: pet.id })));
    expect(answers.filter((a) => a.counted)).toHaveLength(1);
    expect(await exactViews(pet.id)).toBe(1);
  });

  it("the owner's list shows D1's count plus the pending views", async () => {
    const owner = await createUser();
    const [a, b] = [await createPet(owner.id), await createPet(owner.id)];
    await incrementPetViews(db, a.id, 10);
    for (let i = 0; i < 3; i++) await countViewBy(env, `visitante:${i}`, { kind: "pet", id: a.id });
    const listed = await withPendingViews(env, "pet", [
      { id: a.id, views: await storedViews(a.id) },
      { id: b.id, views: await storedViews(b.id) },
    ]);
    expect(listed).toEqual([
      { id: a.id, views: 13 },
      { id: b.id, views: 0 },
    ]);
    // Reading a pet nobody viewed leaves its object without storage.
    const size = await runInDurableObject(viewCounterOf(env, "pet", b.id), (_i, state) => state.storage.sql.databaseSize);
    expect(size).toBeLessThanOrEqual(4096);
  });

  it("flushes in the first hour after the UTC day ends", () => {
    expect(nextFlushAt(Date.UTC(2026, 10, 27, 23, 59), 0)).toBe(Date.UTC(2026, 10, 28));
    expect(nextFlushAt(Date.UTC(2026, 10, 27, 0, 0), 0.5)).toBe(Date.UTC(2026, 10, 28, 0, 30));
  });
});
