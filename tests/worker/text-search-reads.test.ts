// Text search reads about what it returns (docs/decisions/0048): the five shapes of text
// query that bench:scale measures (a breed, a name, a colour with a status, a word with a
// city and 25 km, a city typed as text), each bounded at 10 rows read per row returned,
// summed over every statement the search runs, with the pets it finds unchanged.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/context.server";
import { PAGE_SIZE } from "~/lib/pagination";
import { parsePetSearch } from "~/lib/pet-search";
import { MATCHING_COUNT_CAP, searchPets } from "~/models/pet-search.server";
import { readCityFilter } from "~/services/city-filter.server";
import { createPet, createUser, db } from "./fixtures";

const MARACANAU = 2307650;
const CAMPINAS = 3509502;
const VALINHOS = 3556206; // 11 km from Campinas
const MANAUS = 1302603;

/**
 * A drizzle database over env.DB that adds up, over every statement (batches included),
 * D1's `meta.rows_read` and the rows the statement returned.
 */
function recorder() {
  let read = 0;
  let returned = 0;
  const targets = new WeakMap<object, D1PreparedStatement>();
  const count = (result: D1Result) => {
    read += result.meta.rows_read;
    returned += result.results.length;
  };
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        const member = Reflect.get(target, prop, target) as unknown;
        if (typeof member !== "function") return member;
        const call = member as (...a: unknown[]) => unknown;
        if (prop === "bind") return (...values: unknown[]) => wrap(call.apply(target, values) as D1PreparedStatement);
        // drizzle reads through raw(), which has no meta: all() first, for the figures.
        if (prop === "raw")
          return async (...args: unknown[]) => {
            count(await target.all());
            return call.apply(target, args);
          };
        if (prop === "all" || prop === "run")
          return async (...args: unknown[]) => {
            const result = (await call.apply(target, args)) as D1Result;
            count(result);
            return result;
          };
        return call.bind(target);
      },
    });
    targets.set(proxy, statement);
    return proxy;
  };
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      if (prop === "batch")
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements.map((s) => targets.get(s) ?? s));
          results.forEach(count);
          return results;
        };
      const member = Reflect.get(target, prop, target) as unknown;
      return typeof member === "function" ? (member as (...a: unknown[]) => unknown).bind(target) : member;
    },
  });
  return {
    db: createDatabase(d1),
    take() {
      const out = { read, returned };
      read = returned = 0;
      return out;
    },
  };
}

/** The search page as its loader runs it: the city filter, then the search (as bench:scale). */
async function search(database: ReturnType<typeof createDatabase>, query: string) {
  const url = new URL(`http://x/buscar-pets?${query}`);
  const criteria = parsePetSearch(url);
  const { city, area } = await readCityFilter(database, url);
  if (city.state === "found" && area) Object.assign(criteria, { area, city: city.param });
  return searchPets(database, criteria, PAGE_SIZE);
}

/** Ids of the owner's pets that `where` selects, newest first (the expected page and count). */
async function expected(ownerId: string, where: string) {
  const { results } = await env.DB.prepare(
    `SELECT id FROM pets WHERE user_id = ? AND listed = 1 AND moderation IS NULL AND (${where}) ORDER BY id DESC`,
  )
    .bind(ownerId)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

let ownerId: string;

beforeAll(async () => {
  ownerId = (await createUser()).id;
  // 2,400 closed or expired ads first (older, lower ids), then 300 listed ones. Every one
  // has the breed, the name, the colour and the city; 1 listed in 10 is lost; 1 listed in
  // 20 is near Campinas (alternately Campinas and Valinhos) and spotted ('Sarapintado'),
  // as are all the closed ones in Manaus. One INSERT … SELECT, not thousands of statements.
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2700)
     INSERT INTO pets (user_id, name, type, breed, color, status, location, municipality_code, listed, created_at, updated_at)
     SELECT ?1,
       'Thorvaldo ' || i,
       'cachorro',
       'Kuvasz',
       CASE WHEN i > 2400 AND i % 20 = 0 THEN 'Champanhe sarapintado' WHEN i <= 2400 AND i % 2 = 0 THEN 'Champanhe sarapintado' ELSE 'Champanhe' END,
       CASE WHEN i <= 2400 THEN (CASE WHEN i % 2 = 0 THEN 'perdido' ELSE 'adocao' END) WHEN i % 10 = 0 THEN 'perdido' ELSE 'adocao' END,
       CASE WHEN i > 2400 AND i % 40 = 0 THEN 'Centro, Campinas - SP' WHEN i > 2400 AND i % 20 = 0 THEN 'Centro, Valinhos - SP'
            WHEN i <= 2400 AND i % 2 = 0 THEN 'Centro, Manaus - AM' ELSE 'Centro, Maracanaú - CE' END,
       CASE WHEN i > 2400 AND i % 40 = 0 THEN ?2 WHEN i > 2400 AND i % 20 = 0 THEN ?3 WHEN i <= 2400 AND i % 2 = 0 THEN ?4 ELSE ?5 END,
       CASE WHEN i > 2400 THEN 1 ELSE 0 END,
       1600000000000 + i * 1000, 1600000000000 + i * 1000
     FROM n`,
  )
    .bind(ownerId, CAMPINAS, VALINHOS, MANAUS, MARACANAU)
    .run();
});

describe("text search reads at most 10 rows per row returned", () => {
  const shapes: [label: string, query: string, where: string][] = [
    ["a breed", "q=kuvasz", "breed = 'Kuvasz'"],
    ["a name", "q=thorvaldo", "name LIKE 'Thorvaldo %'"],
    ["a colour with a status", "q=champanhe&filter=perdido", "color LIKE 'Champanhe%' AND status = 'perdido'"],
    [
      "a word with a city and 25 km",
      "q=sarapintado&cidade=campinas-sp&raio=25",
      `color LIKE '%sarapintado' AND municipality_code IN (${CAMPINAS}, ${VALINHOS})`,
    ],
    ["a city typed as text", "q=maracanau", "location LIKE '%Maracanaú%'"],
  ];

  for (const [label, query, where] of shapes) {
    it(`${label} (${query})`, async () => {
      const meter = recorder();
      const result = await search(meter.db, query);
      const { read, returned } = meter.take();
      // The same pets as the plain table says, newest first, and the same count.
      const ids = await expected(ownerId, where);
      expect(result.items.map((p) => p.id)).toEqual(ids.slice(0, PAGE_SIZE));
      expect(result.matchingCapped).toBe(ids.length > MATCHING_COUNT_CAP);
      expect(result.matching).toBe(Math.min(ids.length, MATCHING_COUNT_CAP));
      expect(read, `${read} rows read for ${returned} returned`).toBeLessThanOrEqual(10 * returned);
    });
  }
});

describe("the search index follows the pet", () => {
  it("status, listing, municipality, moderation and deletion change what a text search finds", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, {
      name: "Zinfandel",
      status: "perdido",
      location: "Centro, Campinas - SP",
      municipalityCode: CAMPINAS,
    });
    const found = async (query: string) => (await search(db, query)).items.some((p) => p.id === pet.id);
    const set = (assignments: string) => env.DB.prepare(`UPDATE pets SET ${assignments} WHERE id = ?`).bind(pet.id).run();

    expect(await found("q=zinfandel&filter=perdido&cidade=campinas-sp")).toBe(true);
    await set("status = 'encontrado'");
    expect(await found("q=zinfandel&filter=perdido")).toBe(false);
    expect(await found("q=zinfandel&filter=encontrado")).toBe(true);
    await set(`municipality_code = ${MANAUS}`);
    expect(await found("q=zinfandel&cidade=campinas-sp&raio=25")).toBe(false);
    expect(await found("q=zinfandel&cidade=manaus-am")).toBe(true);
    await set("listed = 0");
    expect(await found("q=zinfandel")).toBe(false);
    expect(await found("q=zinfandel&encerrados=1")).toBe(true);
    await set("listed = 1");
    expect(await found("q=zinfandel")).toBe(true);
    await set("moderation = 'held'");
    expect(await found("q=zinfandel")).toBe(false);
    expect(await found("q=zinfandel&encerrados=1")).toBe(false);
    await set("moderation = NULL");
    expect(await found("q=zinfandel&encerrados=1")).toBe(true);
    // What the person typed still matches the ad's text only: a status or a code is no text.
    expect(await found("q=encontrado")).toBe(false);
    expect(await found(`q=${MANAUS}`)).toBe(false);
    await env.DB.prepare("DELETE FROM pets WHERE id = ?").bind(pet.id).run();
    expect(await found("q=zinfandel&encerrados=1")).toBe(false);
  });
});
