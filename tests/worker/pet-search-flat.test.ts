// Search that stays flat (docs/decisions/0017-flat-search.md): keyset pages, bounded
// counts, the FTS index alone for text-only counts, what bad cursors get, and the
// listing pages' bounded counts.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { pets } from "~/db/schema";
import { matchingLabel, parsePetSearch, type PetSearchCriteria, searchHref } from "~/lib/pet-search";
import { MAX_PAGE, PAGE_SIZE } from "~/lib/pagination";
import { LISTING_COUNT_CAP, listClinicsPage, listOrganizationsPage, listProductsPage } from "~/models/listings.server";
import { MATCHING_COUNT_CAP, petSearchQueries, searchPets } from "~/models/pet-search.server";
import { loader as buscarPets } from "~/routes/buscar-pets";
import { makeContext } from "./context";
import { createUser, db } from "./fixtures";

const criteriaOf = (query: string) => parsePetSearch(new URL(`http://x/buscar-pets?${query}`));

/** Follows "Próxima" from the first page to the last, as the links do. */
async function walk(query: string, pageSize: number) {
  const pages: number[][] = [];
  let criteria: PetSearchCriteria = criteriaOf(query);
  for (let guard = 0; guard < 100; guard++) {
    const result = await searchPets(db, criteria, pageSize);
    pages.push(result.items.map((p) => p.id));
    if (!result.next) return pages;
    // Through the URL, as a browser without JavaScript follows the link.
    criteria = parsePetSearch(new URL(`http://x${searchHref(criteria, { set: { after: result.next } })}`));
  }
  throw new Error("no last page");
}

/** D1's own figures for one compiled statement. */
async function rowsRead(statement: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = statement.toSQL();
  const result = await env.DB.prepare(sql)
    .bind(...params)
    .all();
  return { rowsRead: result.meta.rows_read, rows: result.results.length, sql };
}

type Row = { id: number; views: number; name: string; size: string };
const rows: Row[] = [];

beforeAll(async () => {
  const owner = await createUser();
  // 160 pets: "Faísca" 1 in 3 (54), "Bolota" the rest (106); small 1 in 2; cats 1 in 4;
  // five views values, so that (views, id) has many ties.
  const values = Array.from({ length: 160 }, (_, i) => ({
    userId: owner.id,
    name: i % 3 === 0 ? `Faísca ${i}` : `Bolota ${i}`,
    type: i % 4 === 0 ? "gato" : "cachorro",
    size: i % 2 === 0 ? "Pequeno" : "Grande",
    gender: "Macho",
    status: "adocao" as const,
    location: "Centro, Recife - PE",
    views: (i * 7) % 5,
    createdAt: new Date(1_700_000_000_000 + i * 1000),
  }));
  // D1 allows 100 bound parameters per statement: seven pets (13 values each) per insert.
  for (let i = 0; i < values.length; i += 7) {
    const inserted = await db
      .insert(pets)
      .values(values.slice(i, i + 7))
      .returning();
    rows.push(...inserted.map((p) => ({ id: p.id, views: p.views, name: p.name, size: p.size ?? "" })));
  }
});

const newestFirst = (list: Row[]) => list.map((r) => r.id).sort((a, b) => b - a);
const byViews = (list: Row[]) => [...list].sort((a, b) => b.views - a.views || b.id - a.id).map((r) => r.id);

describe("keyset pages (?depois=)", () => {
  it("walk every pet once, newest first, with and without text and filters", async () => {
    for (const [query, expected] of [
      ["", newestFirst(rows)],
      ["q=faisca", newestFirst(rows.filter((r) => r.name.startsWith("Faísca")))],
      ["q=faisca&filter=Pequeno", newestFirst(rows.filter((r) => r.name.startsWith("Faísca") && r.size === "Pequeno"))],
      ["filter=Pequeno", newestFirst(rows.filter((r) => r.size === "Pequeno"))],
      ["filter=Pequeno&filter=Grande&filter=Cachorro", newestFirst(rows.filter((r) => rows.indexOf(r) % 4 !== 0))],
    ] as const) {
      const pages = await walk(query, 7);
      expect(pages.flat(), query).toEqual(expected);
      expect(
        pages.slice(0, -1).every((p) => p.length === 7),
        query,
      ).toBe(true);
    }
  });

  it("orders 'Mais relevantes' by views then id, across ties, with and without text", async () => {
    const pages = await walk("order=relevantes", 6);
    expect(pages.flat()).toEqual(byViews(rows));
    const text = await walk("order=relevantes&q=faisca&filter=Grande", 4);
    expect(text.flat()).toEqual(byViews(rows.filter((r) => r.name.startsWith("Faísca") && r.size === "Grande")));
  });

  it("carries the last card in the link: depois, and vistas for 'Mais relevantes'", async () => {
    const first = await searchPets(db, criteriaOf("order=relevantes&view=lista"), 5);
    const last = first.items.at(-1)!;
    const href = searchHref(criteriaOf("order=relevantes&view=lista"), { set: { after: first.next! } });
    expect(href).toBe(`/buscar-pets?order=relevantes&view=lista&depois=${last.id}&vistas=${last.views}`);
    const recent = await searchPets(db, criteriaOf("q=faisca"), 5);
    expect(searchHref(criteriaOf("q=faisca"), { set: { after: recent.next! } })).toBe(
      `/buscar-pets?q=faisca&depois=${recent.items.at(-1)!.id}`,
    );
  });

  it("keeps old ?page= links working, and Próxima goes on from there", async () => {
    const second = await searchPets(db, criteriaOf("page=2"), 10);
    expect(second.items.map((p) => p.id)).toEqual(newestFirst(rows).slice(10, 20));
    const third = await searchPets(db, { ...criteriaOf(""), after: second.next! }, 10);
    expect(third.items.map((p) => p.id)).toEqual(newestFirst(rows).slice(20, 30));
  });

  it("reads about one page of rows for a deep page", async () => {
    const deep = rows[20]!.id; // 139 newer pets, 20 older
    const [page] = petSearchQueries(db, { ...criteriaOf(""), after: { id: deep } }, 24);
    const measured = await rowsRead(page);
    expect(measured.rows).toBe(20);
    expect(measured.rowsRead).toBeLessThanOrEqual(21);
  });
});

describe("bounded counts", () => {
  it("says 'mais de 80' past the cap, and the exact number under it", async () => {
    const all = await searchPets(db, criteriaOf(""), 24);
    expect(all).toMatchObject({ matching: 160, matchingCapped: false }); // the counter
    const text = await searchPets(db, criteriaOf("q=bolota"), 24);
    expect(text).toMatchObject({ matching: MATCHING_COUNT_CAP, matchingCapped: true });
    expect(matchingLabel(text.matching, text.matchingCapped)).toBe("mais de 80");
    const filtered = await searchPets(db, criteriaOf("filter=Cachorro"), 24);
    expect(filtered).toMatchObject({ matching: MATCHING_COUNT_CAP, matchingCapped: true });
    expect(await searchPets(db, criteriaOf("q=faisca"), 24)).toMatchObject({ matching: 54, matchingCapped: false });
    expect(await searchPets(db, criteriaOf("filter=Gato"), 24)).toMatchObject({ matching: 40, matchingCapped: false });
    expect(matchingLabel(1234, false)).toBe("1.234");
  });

  it("counts a text-only search on the FTS index alone, reading at most cap + 1 rows", async () => {
    // With 'Mostrar casos encerrados' the count needs nothing but the FTS index.
    const [, all] = petSearchQueries(db, criteriaOf("q=bolota&encerrados=1"), 24);
    const measuredAll = await rowsRead(all);
    expect(measuredAll.sql).not.toMatch(/"pets"/);
    expect(measuredAll.rowsRead).toBeLessThanOrEqual(MATCHING_COUNT_CAP + 1);
    // By default closed and expired ads are left out (docs/decisions/0023): the MATCH
    // itself holds the listing (docs/decisions/0048), so no lookup in pets either.
    const [, count] = petSearchQueries(db, criteriaOf("q=bolota"), 24);
    const measured = await rowsRead(count);
    expect(measured.sql).not.toMatch(/"pets"/);
    expect(measured.rowsRead).toBeLessThanOrEqual(MATCHING_COUNT_CAP + 1);
    // With a filter the count looks the pets up, still cut at the cap.
    const [, filtered] = petSearchQueries(db, criteriaOf("q=bolota&filter=Cachorro"), 24);
    expect((await rowsRead(filtered)).sql).toMatch(/"pets"/);
  });

  it("drives a text page from the FTS index and stops after it", async () => {
    const [page] = petSearchQueries(db, criteriaOf("q=bolota"), 24);
    const measured = await rowsRead(page);
    expect(measured.rows).toBe(25);
    expect(measured.rowsRead).toBeLessThanOrEqual(60); // 106 matches: ~2 rows per card
  });
});

describe("bad cursors", () => {
  const load = async (query: string) => {
    const { context } = await makeContext();
    return (await buscarPets({
      request: new Request(`http://localhost/buscar-pets?${query}`),
      context,
      params: {},
    } as never)) as unknown as {
      items: { id: number }[];
      criteria: PetSearchCriteria;
    };
  };

  it("serves the first page for a cursor that is not a pet id or points past the end", async () => {
    const firstPage = newestFirst(rows).slice(0, PAGE_SIZE);
    for (const value of ["0", "-1", "abc", "1e99", "1.5", " ", "9".repeat(25), "%00", "１２", String(rows[0]!.id)]) {
      const result = await load(`depois=${encodeURIComponent(value)}`);
      expect(
        result.items.map((p) => p.id),
        value,
      ).toEqual(firstPage);
      expect(result.criteria.after, value).toBeUndefined();
    }
    // 'Mais relevantes' needs vistas too; without it (or with junk) the cursor is ignored.
    for (const extra of ["", "&vistas=abc", "&vistas=-1", `&vistas=${"9".repeat(30)}`]) {
      const result = await load(`order=relevantes&depois=${rows[50]!.id}${extra}`);
      expect(
        result.items.map((p) => p.id),
        extra,
      ).toEqual(byViews(rows).slice(0, PAGE_SIZE));
    }
    // A huge but well-formed cursor is a cursor: everything is older than it.
    const huge = await load("depois=999999999999999");
    expect(huge.items.map((p) => p.id)).toEqual(firstPage);
  });
});

describe("q on the listing pages", () => {
  it("counts at most 1,200 matches (what 100 pages show) and says 'mais de'", async () => {
    const company = await createUser("company");
    // 1,250 products in one statement (one bound parameter: a JSON array of titles).
    const titles = Array.from({ length: 1250 }, (_, i) => (i % 50 === 0 ? `Petisco ${i}` : `Ração ${i}`));
    await env.DB.prepare(
      `INSERT INTO products (user_id, title, category, description, price_cents, location, contact)
       SELECT ?1, value, 'alimentacao', 'Para cães', 1000, 'Recife - PE', '(81) 98888-7777' FROM json_each(?2)`,
    )
      .bind(company.id, JSON.stringify(titles))
      .run();
    const broad = await listProductsPage(db, 1, { q: "ração" });
    expect(broad).toMatchObject({ total: LISTING_COUNT_CAP, totalCapped: true });
    expect(broad.items).toHaveLength(PAGE_SIZE);
    // The last of the capped pages is still served.
    expect((await listProductsPage(db, MAX_PAGE, { q: "ração" })).page).toBe(MAX_PAGE);
    expect(await listProductsPage(db, 1, { q: "petisco" })).toMatchObject({ total: 25, totalCapped: false });
    // Unfiltered, the counter: exact and never capped.
    expect(await listProductsPage(db, 1)).toMatchObject({ total: 1250, totalCapped: false });
    expect(await listClinicsPage(db, 1, "nada")).toMatchObject({ total: 0, totalCapped: false });
    expect(await listOrganizationsPage(db, 1, "nada")).toMatchObject({ total: 0, totalCapped: false });
  });
});
