import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type CounterSlot, rateCounters } from "~/platform/rate-limit.server";
import { counterRowsWritten as objectRowsWritten } from "./counters";

// docs/decisions/0051: the counters of docs/decisions/0038 in one Durable Object.
const HOUR = 3_600_000;
const slot = (key: string, limit: number, expiresAt = Date.now() + HOUR): CounterSlot => ({ key, limit, expiresAt });

describe("rate counters in a Durable Object", () => {
  it("50 attempts at once against a limit of 10: exactly 10 pass", async () => {
    const stub = rateCounters(env);
    const limited = slot("teste:burst:1", 10);
    const answers = await Promise.all(Array.from({ length: 50 }, () => stub.take([limited])));
    expect(answers.filter((a) => a.taken)).toHaveLength(10);
    expect(await stub.read([limited])).toEqual({ "teste:burst:1": 10 });
  });

  it("several limits: all or nothing, and a refusal writes nothing", async () => {
    const stub = rateCounters(env);
    const client = slot("sighting-ip:cliente:1", 30);
    const pair = slot("sighting-pet-ip:7:cliente:1", 10);
    const answers = await Promise.all(Array.from({ length: 50 }, () => stub.take([client, pair])));
    expect(answers.filter((a) => a.taken)).toHaveLength(10);
    expect(await stub.read([client, pair])).toEqual({ "sighting-ip:cliente:1": 10, "sighting-pet-ip:7:cliente:1": 10 });
    // Refused by the second: the first stays as it was, and the answer says which was full.
    await objectRowsWritten();
    const refused = await stub.take([client, pair]);
    expect(refused.taken).toBe(false);
    expect(refused.counts["sighting-pet-ip:7:cliente:1"]).toBe(10);
    expect(await objectRowsWritten()).toBe(0);
    // A limit of 0 refuses without counting.
    expect((await stub.take([slot("zero:1", 0)])).taken).toBe(false);
  });

  it("rows written per limited request: 1 per counter, new or not (D1 wrote 2 for a new window, 1 later)", async () => {
    // Before (docs/decisions/0038), three limits in D1: 6 rows in new windows (row and
    // expires_at index entry each), 3 later, and the sweep's deletes.
    const now = Date.now();
    const slots = [slot("a:x:1", 5, now + HOUR), slot("b:x:1", 5, now + HOUR), slot("c:x:1", 5, now + 2 * HOUR)];
    // Now: 1 row per counter, new or not (plus each hour's table once, 2 rows in sqlite_master).
    const stub = rateCounters(env);
    await objectRowsWritten();
    expect((await stub.take(slots)).taken).toBe(true);
    const objectFirst = await objectRowsWritten();
    expect((await stub.take(slots)).taken).toBe(true);
    expect(await objectRowsWritten()).toBe(3);
    console.log(`rate counters, 3 limits: object ${objectFirst} rows (first; the new hours' tables included), 3 later`);
  });

  it("release gives one back; deletePrefix forgets a subject; expired hours are dropped whole", async () => {
    const stub = rateCounters(env);
    const past = Date.now() - 2 * HOUR;
    const old = slot("velho:x:1", 5, past);
    const current = slot("signin-fail:par:1", 5);
    await stub.take([old]);
    await stub.take([current]);
    await stub.take([current]);
    await stub.release([current]);
    expect(await stub.read([current])).toEqual({ "signin-fail:par:1": 1 });
    await stub.deletePrefix("signin-fail:par");
    expect(await stub.read([current])).toEqual({});
    await objectRowsWritten();
    // The alarm (set for the earliest hour's end, already past here, so workerd may have run
    // it already) drops that hour's table.
    await runDurableObjectAlarm(stub);
    expect(await objectRowsWritten()).toBe(0);
    expect(await stub.read([old])).toEqual({});
  });
});
