import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { clientIp, consumeRateLimit, ipRule, isRateLimited, subjectHash } from "~/platform/rate-limit.server";

const rule = { limit: 3, windowSeconds: 60 };

describe("rate limits in KV", () => {
  it("allows up to the limit in a window, then refuses with a retry time", async () => {
    const now = 1_900_000_000_000;
    for (let i = 0; i < 3; i++) {
      expect((await consumeRateLimit(env.KV, "teste", "ip-1", rule, now)).allowed).toBe(true);
    }
    const refused = await consumeRateLimit(env.KV, "teste", "ip-1", rule, now + 1000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Other subjects and buckets are counted apart.
    expect((await consumeRateLimit(env.KV, "teste", "ip-2", rule, now)).allowed).toBe(true);
    expect((await consumeRateLimit(env.KV, "outro", "ip-1", rule, now)).allowed).toBe(true);
    // A new window starts over.
    expect((await consumeRateLimit(env.KV, "teste", "ip-1", rule, now + 61_000)).allowed).toBe(true);
  });

  it("checks without counting", async () => {
    const now = 1_900_000_100_000;
    expect((await isRateLimited(env.KV, "espiar", "x", rule, now)).allowed).toBe(true);
    for (let i = 0; i < 3; i++) await consumeRateLimit(env.KV, "espiar", "x", rule, now);
    expect((await isRateLimited(env.KV, "espiar", "x", rule, now)).allowed).toBe(false);
  });

  it("day windows in Brasília start at its midnight (03:00 UTC), so 'amanhã' is the real wait", async () => {
    const rule = { limit: 1, windowSeconds: 24 * 60 * 60, brasiliaDays: true };
    const lateEvening = Date.UTC(2026, 10, 24, 2, 59); // 23:59 on Nov 23rd in Brasília
    expect((await consumeRateLimit(env.KV, "dia", "x", rule, lateEvening)).allowed).toBe(true);
    const refused = await consumeRateLimit(env.KV, "dia", "x", rule, lateEvening);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
    // Brasília's midnight: a new day, although UTC's day has not changed.
    expect((await consumeRateLimit(env.KV, "dia", "x", rule, Date.UTC(2026, 10, 24, 3, 0))).allowed).toBe(true);
    // A UTC day window would have started over at 00:00 UTC (21:00 in Brasília).
    const utc = { limit: 1, windowSeconds: 24 * 60 * 60 };
    expect((await consumeRateLimit(env.KV, "dia-utc", "x", utc, Date.UTC(2026, 10, 24, 2, 59))).retryAfterSeconds).toBe(0);
    expect((await consumeRateLimit(env.KV, "dia-utc", "x", utc, Date.UTC(2026, 10, 24, 2, 59))).retryAfterSeconds).toBe(21 * 3600 + 60);
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
    const hash = await subjectHash(" Maria@Exemplo.com.br ");
    expect(hash).toBe(await subjectHash("maria@exemplo.com.br"));
    expect(hash).not.toContain("maria");
  });
});
