// The daily work reads about what it returns (docs/decisions/0040).
// docs/benchmarks/scale.md found three walks that read far more: the saved searches'
// keyset page (both ranges of an OR read whole), the reminders' page (every reminded ad
// skipped one by one) and a city digest (the day's new pets walked on the primary key).
// Each test counts D1's rows_read for the app's own function.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "~/context.server";
import { parsePetSearch } from "~/lib/pet-search";
import { adsToRemindAmong, expireAdsAmong, lifecycleDuePage, markRemindedQuery } from "~/models/ad-lifecycle.server";
import { claimMails, markMailsSent } from "~/models/mail-deliveries.server";
import { newMatchesQuery } from "~/models/pet-search.server";
import { dueSavedSearchesPage } from "~/models/saved-searches.server";
import { createUser, db } from "./fixtures";

const DAY = 24 * 60 * 60 * 1000;
const SAO_PAULO = 3550308;
const MANAUS = 1302603;

/**
 * A drizzle database over env.DB that adds up D1's `meta.rows_read` of every statement.
 * drizzle reads through `raw()`, which has no meta: a read runs once with `all()` for the
 * count first (the count is what D1 bills for the statement); a write (UPDATE …
 * RETURNING) runs once, with `all()`, its rows turned into arrays.
 */
function readMeter() {
  let read = 0;
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop) {
        const member = Reflect.get(target, prop, target) as unknown;
        if (typeof member !== "function") return member;
        if (prop === "bind")
          return (...values: unknown[]) => wrap((member as (...v: unknown[]) => D1PreparedStatement).apply(target, values), query);
        if (prop === "raw") {
          return async (...args: unknown[]) => {
            const result = await target.all();
            read += result.meta.rows_read;
            if (/^\s*(update|insert|delete)\b/i.test(query)) return result.results.map((row) => Object.values(row as object));
            return (member as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          };
        }
        if (prop === "all" || prop === "run") {
          return async (...args: unknown[]) => {
            const result = (await (member as (...a: unknown[]) => Promise<D1Result>).apply(target, args)) as D1Result;
            read += result.meta.rows_read;
            return result;
          };
        }
        return (member as (...a: unknown[]) => unknown).bind(target);
      },
    });
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query), query);
      const member = Reflect.get(target, prop, target) as unknown;
      return typeof member === "function" ? (member as (...a: unknown[]) => unknown).bind(target) : member;
    },
  });
  return {
    db: createDatabase(d1),
    /** Rows read since the last call. */
    take() {
      const out = read;
      read = 0;
      return out;
    },
  };
}

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

  it("saved searches: a page in the middle of one last_pet_id reads about the page, not the rest of both ranges", async () => {
    // 2,000 confirmed searches behind pet 500 (all at the same last_pet_id, as after a
    // day's digest), 300 behind pet 400, and some unconfirmed ones that are never due.
    const insert = (count: number, lastPetId: string, confirmedAt: string) =>
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO saved_searches (email, criteria, token, confirmed_at, last_pet_id)
         SELECT 'alerta' || i || '@exemplo.com.br', 'filter=perdido', lower(hex(randomblob(16))), ${confirmedAt}, ${lastPetId} FROM n`,
      )
        .bind(count)
        .run();
    await insert(2000, "500", "1");
    await insert(300, "400 + i % 3", "1");
    await insert(200, "450", "NULL");
    const meter = readMeter();
    const seen: { id: number; lastPetId: number }[] = [];
    let after: { id: number; lastPetId: number } | null = null;
    let pages = 0;
    let total = 0;
    for (let guard = 0; guard < 100; guard++) {
      const page = await dueSavedSearchesPage(meter.db, 600, after, 100);
      const read = meter.take();
      pages++;
      total += read;
      // The page, and once in the walk the 200 unconfirmed rows the index holds among them.
      expect(read).toBeLessThanOrEqual(page.length + 200 + 4);
      if (page.length === 0) break;
      seen.push(...page);
      after = page.at(-1)!;
    }
    // Each row about once (the OR keyset read ~21,000 here: every page re-read the rest).
    expect(total).toBeLessThanOrEqual(2300 + 200 + 4 * pages);
    expect(seen).toHaveLength(2300);
    expect(new Set(seen.map((s) => s.id)).size).toBe(2300);
    const ordered = [...seen].sort((a, b) => a.lastPetId - b.lastPetId || a.id - b.id);
    expect(seen).toEqual(ordered);
    // Searches already advanced to the newest pet are not due.
    expect(await dueSavedSearchesPage(meter.db, 400, null, 100)).toEqual([]);
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
    await env.DB.prepare(
      `INSERT INTO mail_deliveries (key, recipient, message) SELECT value, 'a@exemplo.com.br', '{"to":"a@exemplo.com.br","subject":"s","text":"t","html":"h"}' FROM json_each(?)`,
    )
      .bind(JSON.stringify(keys))
      .run();
    // 2,000 other mails pending (a busy morning's digests).
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
       INSERT INTO mail_deliveries (key, recipient, message) SELECT 'resumo:outro:' || i, 'b@exemplo.com.br', '{}' FROM n`,
    ).run();
    const now = new Date();
    const meter = readMeter();
    const claimed = await claimMails(meter.db, keys, now, new Date(now.getTime() + 60_000));
    expect(claimed).toHaveLength(100);
    // By key, not along every pending mail.
    expect(meter.take()).toBeLessThanOrEqual(100 * 8);
    await markMailsSent(meter.db, keys, now);
    expect(meter.take()).toBeLessThanOrEqual(100 * 8);
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM mail_deliveries WHERE key LIKE 'lembrete:limite:%' AND sent_at IS NOT NULL",
    ).all<{ n: number }>();
    expect(results[0]!.n).toBe(100);
  });
});
