// The daily work reads about what it returns (docs/decisions/0040).
// docs/benchmarks/scale.md found three walks that read far more: the saved searches'
// keyset page (both ranges of an OR read whole), the reminders' page (every reminded ad
// skipped one by one) and a city digest (the day's new pets walked on the primary key).
// Each test counts D1's rows_read for the app's own function.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parsePetSearch } from "~/lib/pet-search";
import { adsToRemindAmong, expireAdsAmong, lifecycleDuePage, markRemindedQuery } from "~/models/ad-lifecycle.server";
import { claimMails, markMailsSent } from "~/models/mail-deliveries.server";
import { newMatchesQuery } from "~/models/pet-search.server";
import { dueSearchesWithCityPage, dueSearchesWithoutCityPage, type PlaceKeyset } from "~/models/saved-searches.server";
import { createUser, db } from "./fixtures";
import { readMeter } from "./read-meter";

const DAY = 24 * 60 * 60 * 1000;
const SAO_PAULO = 3550308;
const MANAUS = 1302603;

/** `count` pets in one statement; `i` (1…count) may appear in the column expressions. */
async function insertPets(userId: string, count: number, columns: Record<string, string>) {
  const names = Object.keys(columns);
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO pets (user_id, name, type, status, location, ${names.join(", ")})
     SELECT ?1, 'Pet ' || i, 'cachorro', 'perdido', 'Centro', ${names.map((c) => columns[c]).join(", ")} FROM n`,
  )
    .bind(userId, count)
    .run();
}

describe("the daily planner's walks read about what they return", () => {
  it("reminders: the page walks only listed, unreminded ads, past any number already reminded", async () => {
    const user = await createUser();
    // Far in the past, so no other row of this file is due at `now`.
    const now = new Date(Date.UTC(2001, 0, 1));
    const base = now.getTime() - 400 * DAY;
    // 1,500 listed ads already reminded, waiting for their expiry, renewed before the due ones…
    await insertPets(user.id, 1500, {
      created_at: `${base} + i * 60000`,
      renewed_at: `${base} + i * 60000`,
      reminded_at: `${base + 61 * DAY}`,
      listed: "1",
    });
    // …and 30 due a reminder, renewed after them (still more than 60 days before `now`).
    await insertPets(user.id, 30, {
      created_at: `${base + 10 * DAY} + i * 60000`,
      renewed_at: `${base + 10 * DAY} + i * 60000`,
      listed: "1",
    });
    const meter = readMeter();
    const seen: number[] = [];
    let after: { id: number; renewedAt: Date } | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const page: { id: number; renewedAt: Date }[] = await lifecycleDuePage(meter.db, "reminder", now, after, 10);
      const read = meter.take();
      // A seek and the page (the last page also reads the end of the range).
      expect(read).toBeLessThanOrEqual(2 * Math.max(page.length, 1) + 2);
      if (page.length === 0) break;
      seen.push(...page.map((p) => p.id));
      after = page.at(-1)!;
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    // A reminder message's own statements look its ads up by id, not along the walk.
    const message = seen.slice(0, 10);
    expect(await adsToRemindAmong(meter.db, message, now)).toHaveLength(10);
    expect(meter.take()).toBeLessThanOrEqual(10 * 6 + 2);
    await markRemindedQuery(meter.db, message, now);
    expect(meter.take()).toBeLessThanOrEqual(10 * 6 + 2);
    expect(await adsToRemindAmong(meter.db, message, now)).toEqual([]);
  });

  it("saved searches: the walk by city and the walk without one read about their pages, each keyset a seek", async () => {
    // 2,000 confirmed searches with a city behind pet 500 (as after a day's digest), 300
    // without one behind pet 400, 200 already past the newest pet, and some unconfirmed
    // ones that are never due (docs/decisions/0049).
    const insert = (count: number, code: string, lastPetId: string, confirmedAt: string) =>
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO saved_searches (email, criteria, token, confirmed_at, last_pet_id, alert_municipality_code, alert_status, alert_radius_km)
         SELECT 'alerta' || i || '@exemplo.com.br', 'filter=perdido', lower(hex(randomblob(16))), ${confirmedAt}, ${lastPetId}, ${code},
           CASE i % 3 WHEN 0 THEN 'perdido' WHEN 1 THEN '' ELSE 'adocao' END, (i % 4) * 10 FROM n`,
      )
        .bind(count)
        .run();
    await insert(2000, `CASE i % 7 WHEN 0 THEN ${MANAUS} ELSE ${SAO_PAULO} END`, "500", "1");
    await insert(300, "NULL", "400 + i % 3", "1");
    await insert(200, `${SAO_PAULO}`, "600", "1");
    await insert(200, `${SAO_PAULO}`, "450", "NULL");
    await insert(200, "NULL", "450", "NULL");
    const meter = readMeter();
    const withCity: PlaceKeyset[] = [];
    let after: PlaceKeyset | null = null;
    let pages = 0;
    let total = 0;
    for (let guard = 0; guard < 100; guard++) {
      const page: PlaceKeyset[] = await dueSearchesWithCityPage(meter.db, 600, after, 100);
      const read = meter.take();
      pages++;
      total += read;
      // The page, and once in the walk the 200 searches already past pet 600 among them.
      expect(read).toBeLessThanOrEqual(page.length + 200 + 4);
      if (page.length === 0) break;
      withCity.push(...page);
      after = page.at(-1)!;
    }
    // Each row about once: the keyset is a seek into saved_searches_instant_idx.
    expect(total).toBeLessThanOrEqual(2000 + 200 + 4 * pages);
    expect(withCity).toHaveLength(2000);
    expect(new Set(withCity.map((s) => s.id)).size).toBe(2000);
    const key = (s: PlaceKeyset) => [s.code, s.status, s.species, s.radius, s.id] as const;
    const ordered = [...withCity].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
      return 0;
    });
    expect(withCity).toEqual(ordered);

    // Without a city: the primary key, every saved search read once over the walk.
    const withoutCity: number[] = [];
    let afterId = 0;
    total = 0;
    for (let guard = 0; guard < 100; guard++) {
      const page = await dueSearchesWithoutCityPage(meter.db, 600, afterId, 100);
      total += meter.take();
      if (page.length === 0) break;
      withoutCity.push(...page.map((s) => s.id));
      afterId = page.at(-1)!.id;
    }
    const { n: rows } = (await env.DB.prepare("SELECT count(*) AS n FROM saved_searches").first<{ n: number }>())!;
    expect(total).toBeLessThanOrEqual(rows + 10);
    expect(withoutCity).toHaveLength(300);
    expect([...withoutCity].sort((a, b) => a - b)).toEqual(withoutCity);
    // Searches already advanced to the newest pet are not due.
    expect(await dueSearchesWithCityPage(meter.db, 400, null, 100)).toEqual([]);
    expect(await dueSearchesWithoutCityPage(meter.db, 400, 0, 100)).toEqual([]);
  });

  it("a city digest walks the city's pets, not every new pet; without a city it stays on the id range", async () => {
    const user = await createUser();
    const [{ first }] = (await env.DB.prepare("SELECT coalesce(max(id), 0) AS first FROM pets").all<{ first: number }>()).results as [
      { first: number },
    ];
    // A day of 2,000 new ads in São Paulo, and 4 in Manaus among them.
    await insertPets(user.id, 2000, { municipality_code: `CASE WHEN i % 500 = 0 THEN ${MANAUS} ELSE ${SAO_PAULO} END` });
    const newest = first + 2000;
    const meter = readMeter();
    const criteria = { ...parsePetSearch(new URL("http://x/buscar-pets?filter=perdido")), area: { code: MANAUS, km: 25 as const } };
    const found = await newMatchesQuery(meter.db, criteria, first, newest, 11);
    expect(found.map((p) => p.id)).toEqual([newest, newest - 500, newest - 1000, newest - 1500]);
    // The area's list, then each municipality's range of new pets: about the matches.
    expect(meter.take()).toBeLessThanOrEqual(40);

    // No city: the primary key's id range, newest first, stopping after the limit.
    const broad = parsePetSearch(new URL("http://x/buscar-pets?filter=perdido"));
    const { sql, params } = newMatchesQuery(meter.db, broad, first, newest, 11).toSQL();
    const plan = (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>()
    ).results.map((r) => r.detail);
    expect(plan.join(" | ")).toMatch(/SEARCH pets USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
    expect(await newMatchesQuery(meter.db, broad, first, newest, 11)).toHaveLength(11);
    expect(meter.take()).toBeLessThanOrEqual(15);
  });
});

// D1 binds at most 100 values per statement. The planner sends 500 expiries a message and
// the mail sweep 100 keys a delivery (docs/decisions/0037): one `IN (?, …)` each failed
// every time, found by docs/benchmarks/scale.md's day.
describe("a queue message's ids within D1's 100 bound values", () => {
  it("an expiry message of 500 ads takes them out of the search", async () => {
    const user = await createUser();
    const now = new Date(Date.UTC(2002, 0, 1));
    const old = now.getTime() - 100 * DAY;
    const [{ first }] = (await env.DB.prepare("SELECT coalesce(max(id), 0) AS first FROM pets").all<{ first: number }>()).results as [
      { first: number },
    ];
    await insertPets(user.id, 500, { created_at: `${old}`, renewed_at: `${old}`, reminded_at: `${old + 61 * DAY}`, listed: "1" });
    const ids = Array.from({ length: 500 }, (_, i) => first + 1 + i);
    const meter = readMeter();
    expect(await expireAdsAmong(meter.db, ids, now)).toHaveLength(500);
    // By id (each row, its index entries and the counters' triggers: ~7 rows), not along the 1,500
    // older ads of the first test that are due as well (docs/decisions/0040).
    expect(meter.take()).toBeLessThanOrEqual(500 * 8);
    expect(await expireAdsAmong(db, ids, now)).toEqual([]);
  });

  it("a delivery of 100 mails claims and marks them", async () => {
    const keys = Array.from({ length: 100 }, (_, i) => `lembrete:limite:${i}`);
    await env.ACTIVITY_DB.prepare(
      `INSERT INTO mail_deliveries (key, recipient, message) SELECT value, 'a@exemplo.com.br', '{"to":"a@exemplo.com.br","subject":"s","text":"t","html":"h"}' FROM json_each(?)`,
    )
      .bind(JSON.stringify(keys))
      .run();
    // 2,000 other mails pending (a busy morning's digests).
    await env.ACTIVITY_DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
       INSERT INTO mail_deliveries (key, recipient, message) SELECT 'resumo:outro:' || i, 'b@exemplo.com.br', '{}' FROM n`,
    ).run();
    const now = new Date();
    const meter = readMeter(env.ACTIVITY_DB);
    const claimed = await claimMails(meter.activityDb, keys, now, new Date(now.getTime() + 60_000));
    expect(claimed).toHaveLength(100);
    // By key, not along every pending mail.
    expect(meter.take()).toBeLessThanOrEqual(100 * 8);
    await markMailsSent(meter.activityDb, keys, now);
    expect(meter.take()).toBeLessThanOrEqual(100 * 8);
    const { results } = await env.ACTIVITY_DB.prepare(
      "SELECT count(*) AS n FROM mail_deliveries WHERE key LIKE 'lembrete:limite:%' AND sent_at IS NOT NULL",
    ).all<{ n: number }>();
    expect(results[0]!.n).toBe(100);
  });
});
