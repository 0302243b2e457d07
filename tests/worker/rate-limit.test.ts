import { runDurableObjectAlarm, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cloudflareContext, getCloudflare } from "~/context.server";
import { users } from "~/db/schema";
import { hashPassword } from "~/platform/password.server";
import { signInWithPassword } from "~/services/accounts.server";
import { mailOwnerAboutReport, takeAdInboxLimits } from "~/services/ad-inbox.server";
import { changeFavorite } from "~/services/favorites.server";
import { makeContext } from "./context";
import { readMeter } from "./read-meter";
import {
  clearRateLimits,
  clientIp,
  clientNetwork,
  consumeRateLimit,
  countInWindow,
  ipRule,
  isRateLimited,
  type NamedLimit,
  rateCounters,
  reserveRateLimits,
  subjectHash,
  takeRateLimits,
} from "~/platform/rate-limit.server";
// The counters live in the RateCounters Durable Object, reached through env (docs/decisions/0051).
import { allCounters, counterRowsWritten, countersWithPrefix } from "./counters";
import { createUser, db } from "./fixtures";

const rule = { limit: 3, windowSeconds: 60 };

describe("rate limits", () => {
  it("allows up to the limit in a window, then refuses with a retry time", async () => {
    const now = 1_900_000_000_000;
    for (let i = 0; i < 3; i++) {
      expect((await consumeRateLimit(env, "teste", "ip-1", rule, now)).allowed).toBe(true);
    }
    const refused = await consumeRateLimit(env, "teste", "ip-1", rule, now + 1000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Other subjects and buckets are counted apart.
    expect((await consumeRateLimit(env, "teste", "ip-2", rule, now)).allowed).toBe(true);
    expect((await consumeRateLimit(env, "outro", "ip-1", rule, now)).allowed).toBe(true);
    // A new window starts over.
    expect((await consumeRateLimit(env, "teste", "ip-1", rule, now + 61_000)).allowed).toBe(true);
  });

  it("checks without counting", async () => {
    const now = 1_900_000_100_000;
    expect((await isRateLimited(env, "espiar", "x", rule, now)).allowed).toBe(true);
    for (let i = 0; i < 3; i++) await consumeRateLimit(env, "espiar", "x", rule, now);
    expect((await isRateLimited(env, "espiar", "x", rule, now)).allowed).toBe(false);
  });

  it("day windows in Brasília start at its midnight (03:00 UTC), so 'amanhã' is the real wait", async () => {
    const rule = { limit: 1, windowSeconds: 24 * 60 * 60, brasiliaDays: true };
    // In the future: the object drops the tables of ended windows (docs/decisions/0051).
    const lateEvening = Date.UTC(2030, 10, 24, 2, 59); // 23:59 on Nov 23rd in Brasília
    expect((await consumeRateLimit(env, "dia", "x", rule, lateEvening)).allowed).toBe(true);
    const refused = await consumeRateLimit(env, "dia", "x", rule, lateEvening);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
    // Brasília's midnight: a new day, although UTC's day has not changed.
    expect((await consumeRateLimit(env, "dia", "x", rule, Date.UTC(2030, 10, 24, 3, 0))).allowed).toBe(true);
    // A UTC day window would have started over at 00:00 UTC (21:00 in Brasília).
    const utc = { limit: 1, windowSeconds: 24 * 60 * 60 };
    expect((await consumeRateLimit(env, "dia-utc", "x", utc, Date.UTC(2030, 10, 24, 2, 59))).retryAfterSeconds).toBe(0);
    expect((await consumeRateLimit(env, "dia-utc", "x", utc, Date.UTC(2030, 10, 24, 2, 59))).retryAfterSeconds).toBe(21 * 3600 + 60);
  });

  it("raises only per-IP rules when the multiplier is set", () => {
    expect(ipRule(rule, {}).limit).toBe(3);
    expect(ipRule(rule, { RATE_LIMIT_IP_MULTIPLIER: "100" }).limit).toBe(300);
    expect(ipRule(rule, { RATE_LIMIT_IP_MULTIPLIER: "abc" }).limit).toBe(3);
  });

  it("identifies the client and hashes account keys", async () => {
    expect(clientIp(new Request("http://x/", { headers: { "CF-Connecting-IP": "200.1.2.3" } }))).toBe("200.1.2.3");
    expect(clientIp(new Request("http://x/", { headers: { "X-Forwarded-For": "10.0.0.1, 1.1.1.1" } }))).toBe("10.0.0.1");
    const ip = (address: string) => clientIp(new Request("http://x/", { headers: { "CF-Connecting-IP": address } }));
    // IPv6 clients are counted by their /64: one phone or household holds a whole /64.
    expect(ip("2804:14c:65a1:4321:aaaa:bbbb:cccc:1")).toBe("2804:14c:65a1:4321::/64");
    expect(ip("2804:14c:65a1:4321::99")).toBe("2804:14c:65a1:4321::/64");
    expect(ip("2804:014C:65A1:4321:0:0:0:1")).toBe("2804:14c:65a1:4321::/64");
    expect(ip("2804:14c:65a1:4322::1")).toBe("2804:14c:65a1:4322::/64");
    expect(ip("2804::1")).toBe("2804:0:0:0::/64");
    expect(ip("::1")).toBe("0:0:0:0::/64");
    expect(ip("::ffff:200.1.2.3")).toBe("200.1.2.3");
    expect(ip("não é um ip")).toBe("desconhecido");
    expect(ip("1::2::3")).toBe("desconhecido");
    expect(clientIp(new Request("http://x/"))).toBe("desconhecido");
    // Shared ceilings count a network: IPv6 by its /48, since one home holds a /56.
    const network = (address: string) => clientNetwork(new Request("http://x/", { headers: { "CF-Connecting-IP": address } }));
    expect(network("2804:14c:65a1:4321:aaaa::1")).toBe("2804:14c:65a1::/48");
    expect(network("2804:14c:65a1:ff00::1")).toBe("2804:14c:65a1::/48");
    expect(network("2804:14c:65a2::1")).toBe("2804:14c:65a2::/48");
    expect(network("200.1.2.3")).toBe("200.1.2.3");
    expect(network("::ffff:200.1.2.3")).toBe("200.1.2.3");
    expect(network("1::2::3")).toBe("desconhecido");
    const hash = await subjectHash(" Maria@Exemplo.com.br ");
    expect(hash).toBe(await subjectHash("maria@exemplo.com.br"));
    expect(hash).not.toContain("maria");
  });
});

// docs/decisions/0038, 0051: one call the object runs alone per check, so a burst gets exactly the limit through.
describe("exact limits under concurrency (docs/decisions/0038)", () => {
  const ten = { limit: 10, windowSeconds: 60 * 60 };

  it("50 attempts at once against a limit of 10: exactly 10 pass, and the counter says 10", async () => {
    const now = 1_900_001_000_000;
    const results = await Promise.all(Array.from({ length: 50 }, () => consumeRateLimit(env, "rajada", "ip-1", ten, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds > 0)).toBe(true);
    expect(await countInWindow(env, "rajada", "ip-1", ten, now)).toBe(10);
  });

  it("50 requests at once through takeRateLimits: exactly the tightest limit passes, and no counter goes past it", async () => {
    const now = 1_900_002_000_000;
    const limits: NamedLimit[] = [
      { limit: "client", bucket: "rajada-ip", subject: "ip-1", rule: { limit: 30, windowSeconds: 3600 } },
      { limit: "pet", bucket: "rajada-pet", subject: "7", rule: ten },
    ];
    const results = await Promise.all(Array.from({ length: 50 }, () => takeRateLimits(env, limits, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.filter((r) => !r.allowed).map((r) => !r.allowed && r.limit)).toEqual(Array(40).fill("pet"));
    // The refused 40 counted nowhere, not even against the looser limit.
    expect(await countInWindow(env, "rajada-ip", "ip-1", limits[0]!.rule, now)).toBe(10);
    expect(await countInWindow(env, "rajada-pet", "7", ten, now)).toBe(10);
  });
});

describe("reserveRateLimits: reserved before the check, given back when it did not count (docs/decisions/0038)", () => {
  const five = { limit: 5, windowSeconds: 3600 };
  const limits: NamedLimit[] = [{ limit: "senha", bucket: "reserva", subject: "conta-1", rule: five }];

  it("a burst gets exactly the limit reserved; a release frees one place, in the window it was taken from", async () => {
    const now = 1_900_004_000_000;
    const results = await Promise.all(Array.from({ length: 20 }, () => reserveRateLimits(env, limits, now)));
    const reserved = results.filter((r) => r.allowed);
    expect(reserved).toHaveLength(5);
    expect(await countInWindow(env, "reserva", "conta-1", five, now)).toBe(5);
    // Released an hour later: still the window it was reserved in, never the new one.
    const first = reserved[0]!;
    if (first.allowed) await first.release();
    expect(await countInWindow(env, "reserva", "conta-1", five, now)).toBe(4);
    expect(await countInWindow(env, "reserva", "conta-1", five, now + 3_600_000)).toBe(0);
    expect((await reserveRateLimits(env, limits, now)).allowed).toBe(true);
    expect((await reserveRateLimits(env, limits, now)).allowed).toBe(false);
  });

  it("never goes below zero", async () => {
    const now = 1_900_005_000_000;
    const first = await reserveRateLimits(env, [{ limit: "x", bucket: "reserva-zero", subject: "a", rule: five }], now);
    if (!first.allowed) throw new Error("recusado");
    await first.release();
    await first.release();
    expect(await countInWindow(env, "reserva-zero", "a", five, now)).toBe(0);
  });
});

describe("takeRateLimits: a refused request counts nothing", () => {
  const now = 1_900_003_000_000;
  const rule = (limit: number) => ({ limit, windowSeconds: 3600 });
  const limits = (last: number): NamedLimit[] => [
    { limit: "first", bucket: "recusa", subject: "a", rule: rule(5) },
    { limit: "second", bucket: "recusa", subject: "b", rule: rule(5) },
    { limit: "last", bucket: "recusa", subject: "c", rule: rule(last) },
  ];

  it("refused by the last limit: the earlier ones, counted or never seen, stay as they were", async () => {
    for (let i = 0; i < 2; i++) await consumeRateLimit(env, "recusa", "a", rule(5), now);
    for (let i = 0; i < 3; i++) await consumeRateLimit(env, "recusa", "c", rule(3), now);
    const before = await countersWithPrefix("recusa:");
    expect([...before.values()]).toEqual([2, 3]);

    await counterRowsWritten();
    const refused = await takeRateLimits(env, limits(3), now);
    expect(refused).toEqual({ allowed: false, limit: "last", retryAfterSeconds: expect.any(Number) });
    expect(await countersWithPrefix("recusa:")).toEqual(before);
    // Not even written and put back: the object reports no row written.
    expect(await counterRowsWritten()).toBe(0);

    // With room in every limit, all three are counted at once ("b" from nothing).
    expect(await takeRateLimits(env, limits(4), now)).toEqual({ allowed: true });
    expect([...(await countersWithPrefix("recusa:")).values()]).toEqual([3, 1, 4]);
  });

  it("says the first full limit in the order given, with its own wait", async () => {
    const day = { limit: 1, windowSeconds: 24 * 60 * 60, brasiliaDays: true };
    const hour = { limit: 1, windowSeconds: 60 * 60 };
    const at = Date.UTC(2030, 10, 24, 2, 30); // 23:30 in Brasília
    const both: NamedLimit[] = [
      { limit: "hour", bucket: "ordem-h", subject: "x", rule: hour },
      { limit: "day", bucket: "ordem-d", subject: "x", rule: day },
    ];
    expect(await takeRateLimits(env, both, at)).toEqual({ allowed: true });
    expect(await takeRateLimits(env, both, at)).toEqual({ allowed: false, limit: "hour", retryAfterSeconds: 30 * 60 });
    // A new hour (00:30 in Brasília is a new day too): both fresh again.
    expect(await takeRateLimits(env, both, at + 60 * 60 * 1000)).toEqual({ allowed: true });
    // Only the day full: the day is named, with the wait until Brasília's midnight.
    const dayOnly: NamedLimit[] = [
      { limit: "hour", bucket: "ordem-h2", subject: "x", rule: hour },
      { limit: "day", bucket: "ordem-d", subject: "x", rule: day },
    ];
    expect(await takeRateLimits(env, dayOnly, at + 60 * 60 * 1000 + 60_000)).toEqual({
      allowed: false,
      limit: "day",
      retryAfterSeconds: 23 * 3600 + 29 * 60, // 03:31 UTC → 03:00 UTC
    });
  });
});

describe("what a check costs in the object's rows written (docs/decisions/0051)", () => {
  it("a count: 1, in a new window or not (D1 wrote 2 for a new window); a refusal: 0", async () => {
    const now = 1_900_006_000_000;
    const rule = { limit: 2, windowSeconds: 3600 };
    // The window's hour table, made once for every counter that ends in that hour (2 rows).
    await consumeRateLimit(env, "custo", "outro", rule, now);
    await counterRowsWritten();
    const written: number[] = [];
    for (let i = 0; i < 3; i++) {
      await consumeRateLimit(env, "custo", "x", rule, now);
      written.push(await counterRowsWritten());
    }
    expect(written).toEqual([1, 1, 0]);
  });
});

describe("forgetting and dropping counters", () => {
  it("clearRateLimits forgets only the subjects under its prefix, in its bucket", async () => {
    const now = 1_900_005_000_000;
    const rule = { limit: 5, windowSeconds: 3600 };
    await consumeRateLimit(env, "limpar", "conta1:cliente1", rule, now);
    await consumeRateLimit(env, "limpar", "conta1:cliente2", rule, now - 3600_000);
    await consumeRateLimit(env, "limpar", "conta10:cliente1", rule, now);
    await consumeRateLimit(env, "limpar2", "conta1:cliente1", rule, now);
    await clearRateLimits(env, "limpar", "conta1:");
    const left = [...(await countersWithPrefix("limpar")).keys()].map((k) => k.split(":").slice(0, 2).join(":"));
    expect(left.sort()).toEqual(["limpar2:conta1", "limpar:conta10"]);
  });

  it("the object's alarm drops the hours whose windows ended, writing no row, and nothing still in force", async () => {
    const t = Date.now();
    const hour = { limit: 5, windowSeconds: 3600 };
    const brasiliaDay = { limit: 5, windowSeconds: 24 * 3600, brasiliaDays: true };
    await consumeRateLimit(env, "varrer", "ended-hour", hour, t - 2 * 3600_000);
    await consumeRateLimit(env, "varrer", "yesterday", brasiliaDay, t - 26 * 3600_000);
    await consumeRateLimit(env, "varrer", "this-hour", hour, t);
    await consumeRateLimit(env, "varrer", "today", brasiliaDay, t);
    await counterRowsWritten();
    // Set for the earliest ended hour, so workerd may have run it already.
    await runDurableObjectAlarm(rateCounters(env));
    expect(await counterRowsWritten()).toBe(0);
    const left = (await allCounters()).filter((c) => c.key.startsWith("varrer:")).map((c) => c.key.split(":")[1]);
    expect(left.sort()).toEqual(["this-hour", "today"]);
    // An ended window reads as empty, and takes again from nothing.
    expect(await countInWindow(env, "varrer", "ended-hour", hour, t - 2 * 3600_000)).toBe(0);
  });
});

// docs/decisions/0051: the counters live in the RateCounters object; D1 writes none of them.
describe("what the limits of a sighting, a sign-in and a heart write", () => {
  /** A context whose activity database adds up the rows D1 says it wrote. */
  async function meteredContext() {
    const { context } = await makeContext();
    const meter = readMeter(env.ACTIVITY_DB);
    context.set(cloudflareContext, { ...getCloudflare(context), activityDb: meter.activityDb });
    return { context, meter };
  }
  const from = (ip: string) => new Request("https://patas.example/", { method: "POST", headers: { "CF-Connecting-IP": ip } });
  const mail = { to: "dono@exemplo.com.br", subject: "Avistamento", text: "Viram seu pet.", html: "<p>Viram seu pet.</p>" };

  it("a sighting: 0 D1 rows (its 4 limits were 8 in new windows); the object 1 row per limit", async () => {
    const sighting = async (ip: string) => {
      const { context, meter } = await meteredContext();
      expect(await takeAdInboxLimits(context, from(ip), "sightings", 7001)).toEqual({ allowed: true });
      await mailOwnerAboutReport(context, "sightings", 7001, mail);
      await waitOnExecutionContext(getCloudflare(context).ctx);
      return meter.takeWritten();
    };
    expect(await sighting("198.51.100.20")).toBe(0);
    // The next one (the hours' tables made): client, pet and network, pet, the owner's mail.
    await counterRowsWritten();
    expect(await sighting("198.51.100.30")).toBe(0);
    expect(await counterRowsWritten()).toBe(4);
  });

  it("a sign-in with the right password: 0 D1 rows for its limits (8 before); the object 5", async () => {
    const user = await createUser();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword("senha-forte-1") })
      .where(eq(users.id, user.id));
    const signIn = async (ip: string) => {
      const { context, meter } = await meteredContext();
      expect((await signInWithPassword(context, from(ip), { email: user.email, password: "senha-forte-1" })).ok).toBe(true);
      return meter.takeWritten();
    };
    expect(await signIn("198.51.100.21")).toBe(0);
    // Per client, then two failures reserved and given back (a release is 1 row a counter).
    await counterRowsWritten();
    expect(await signIn("198.51.100.31")).toBe(0);
    expect(await counterRowsWritten()).toBe(5);
  });

  it("a new visitor's heart: 0 D1 rows (2 for a new window before); the object 1", async () => {
    const heart = async (ip: string) => {
      const { context, meter } = await meteredContext();
      expect((await changeFavorite(context, from(ip), "pets", 1, true)).ok).toBe(true);
      return meter.takeWritten();
    };
    expect(await heart("198.51.100.22")).toBe(0);
    await counterRowsWritten();
    expect(await heart("198.51.100.32")).toBe(0);
    expect(await counterRowsWritten()).toBe(1);
  });
});
