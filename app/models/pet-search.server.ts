// Pet search on the server (docs/decisions/0009, 0017), over the FTS5 trigram index
// `pets_search` (migrations 0003, 0023) and the filter indexes (migration 0007). One D1
// batch: the page, a bounded matching count and the total. Every statement stops early:
// the page after 25 rows, the count after MATCHING_COUNT_CAP + 1. With text, the MATCH
// also carries the listing, status and area, so the index yields only what the page
// shows (docs/decisions/0048).
import { and, count, desc, eq, gt, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "~/context.server";
import { counters, pets } from "~/db/schema";
import { pageCount } from "~/lib/pagination";
import { ftsQuery, type PetSearchCriteria, type SearchArea, type SearchCursor, searchTerms } from "~/lib/pet-search";
import { likeContainsPattern } from "~/lib/search-text";
import { listedCountQuery, listedTotal } from "./ad-lifecycle.server";
import { countersQuery, toCounts } from "./counters.server";
import { petCardColumns } from "./pets.server";
import { codesWithin, distancesWithin, resolvePlace, withDistances } from "./municipalities.server";
import { ftsMatches, petsSearch, searchMatchExpression } from "./pets-search-table";
import { notAlertedAtOnce } from "./instant-alerts.server";
import { isPublic } from "./visibility";
import { inIds } from "./id-list";

/**
 * Counts stop here: past it the page says "mais de 80" (docs/decisions/0017). With two
 * filters a count walks 2 to 3 index rows per match; 80 keeps a whole search page within
 * 10 rows read per row returned (docs/benchmarks/search.md).
 */
export const MATCHING_COUNT_CAP = 80;
/** With text, "Mais relevantes" ranks this many of the newest matches by views (0017). */
export const RELEVANCE_POOL = 1000;

const MAIN_SPECIES = ["cachorro", "gato"];

/**
 * `+column` keeps SQLite from using an index on that column, so the statement walks the
 * index that gives its order (rowid or views) and stops after the page, instead of
 * reading every match through a filter index and sorting them (docs/decisions/0017).
 */
function oneOf(column: SQLiteColumn, values: string[], useIndex: boolean): SQL {
  if (useIndex && values.length === 1) return eq(column, values[0]!);
  return sql`+${column} IN ${values}`;
}

/**
 * Pets of the municipalities within the area: the code list is one range of
 * municipality_neighbours' covering index. `driving`: the page walks
 * pets_municipality_code_idx, one code after the other, each in id order; with
 * `ORDER BY id DESC LIMIT n` SQLite stops each code's walk once its ids fall below the
 * page it holds, so it reads about the rows it returns (docs/decisions/0032, Search).
 * Otherwise `+` keeps it a filter on another walk (the FTS index, pets_views_idx).
 */
function inArea(area: SearchArea, driving: boolean): SQL {
  const codes = codesWithin(area);
  return driving ? sql`${pets.municipalityCode} IN ${codes}` : sql`+${pets.municipalityCode} IN ${codes}`;
}

/**
 * The MATCH of a search with text: the text and, as search scope, the listing (closed ads
 * only when asked for, never with `listedOnly`), the status and the area; null without
 * long words (docs/decisions/0048). One status is the category, several come from old
 * links' filters (never both: parsePetSearch).
 */
function searchMatch(criteria: PetSearchCriteria, listedOnly = false): SQL | null {
  const text = ftsQuery(criteria);
  if (!text) return null;
  return searchMatchExpression(text, {
    statuses: criteria.category ? [criteria.category] : criteria.filters.status,
    includeClosed: Boolean(criteria.includeClosed) && !listedOnly,
    area: criteria.area,
  });
}

/**
 * Filters other than the FTS MATCH: short words, category and the four groups (any value
 * within a group, all groups together). `useIndex`: a group with a single value may use
 * its (column, id) index, which walks newest first; only for `recentes` without text.
 * With an area, the area's index is the one walked instead. `scoped`: the statement's
 * MATCH is searchMatch's, which already holds the area, status, listing and moderation.
 */
function filterConditions(criteria: PetSearchCriteria, useIndex: boolean, scoped = false): SQL[] {
  const conditions: SQL[] = [];
  // With an area walked, a status narrows each municipality's range of
  // pets_municipality_code_status_idx instead of filtering rows read (0032, Search).
  let statusIndexed = false;
  if (criteria.area && !scoped) {
    conditions.push(inArea(criteria.area, useIndex));
    statusIndexed = useIndex;
    useIndex = false;
  }
  // Words under 3 letters cannot use the trigram index; they narrow what it found.
  for (const word of searchTerms(criteria.q).short) {
    const pattern = likeContainsPattern(word);
    conditions.push(
      or(...[pets.name, pets.type, pets.location, pets.breed, pets.color].map((c) => sql`${c} LIKE ${pattern} ESCAPE '\\'`))!,
    );
  }
  // Status has no (status, id) index: a status covers a third of the pets, so walking
  // the table newest first finds a page after ~3 rows per card. Within an area it does.
  const statusIn = (values: string[]) => (statusIndexed ? sql`${pets.status} IN ${values}` : oneOf(pets.status, values, false));
  if (criteria.category && !scoped) conditions.push(statusIn([criteria.category]));
  const { status, type, size, gender } = criteria.filters;
  if (status.length && !scoped) conditions.push(statusIn(status));
  if (type.length) {
    const named = type.filter((t) => t !== "Outro").map((t) => t.toLowerCase());
    const other = type.includes("Outro");
    if (!other) conditions.push(oneOf(pets.type, named, useIndex));
    else if (!named.length) conditions.push(sql`+${pets.type} NOT IN ${MAIN_SPECIES}`);
    else conditions.push(sql`(+${pets.type} IN ${named} OR +${pets.type} NOT IN ${MAIN_SPECIES})`);
  }
  // A pet whose size or sex its finder did not know ('Não sei', NULL) stays in a size or
  // sex filter: the owner of a lost male looks for him there (docs/decisions/0045). About
  // half the pets match each value, so the id walk stops after the page without the
  // column's index.
  if (size.length) conditions.push(sql`(+${pets.size} IN ${size} OR +${pets.size} IS NULL)`);
  if (gender.length) conditions.push(sql`(+${pets.gender} IN ${gender} OR +${pets.gender} IS NULL)`);
  // Closed and expired ads leave the search unless asked for (docs/decisions/0023). `+`
  // keeps SQLite off pets_listed_renewed_at_idx: almost every row is listed, so the walk
  // in id order still stops after the page.
  if (scoped) return conditions;
  if (!criteria.includeClosed) conditions.push(sql`+${pets.listed} = 1`);
  // Held, removed and suspended ads never, closed ones included (docs/decisions/0035).
  conditions.push(isPublic(pets.moderation));
  return conditions;
}

const hasFilters = (criteria: PetSearchCriteria) =>
  Boolean(criteria.area) || searchTerms(criteria.q).short.length > 0 || Object.values(criteria.filters).some((v) => v.length);

/**
 * The page: `limit` rows after the cursor (or `offset` rows for old `?page=` links).
 * - `recentes` with text: driven by the FTS index in rowid (= id) order, newest first;
 *   CROSS JOIN keeps the FTS index as the outer loop (otherwise SQLite may start from a
 *   filter index and sort every match). Ids grow with publication time (0017).
 * - `recentes` without text: the table or a single-value filter index, id descending.
 * - `relevantes`: pets_views_idx, (views, id) descending; with text, the RELEVANCE_POOL
 *   newest matches sorted by views (a bounded sort).
 */
function pageQuery(db: Database, criteria: PetSearchCriteria, limit: number, offset: number) {
  // The municipality: with a city, each card tells its distance (docs/decisions/0041).
  const columns = { ...petCardColumns, views: pets.views, municipalityCode: pets.municipalityCode };
  const match = ftsQuery(criteria);
  const after = criteria.after;
  if (criteria.order === "relevantes") {
    const filters = filterConditions(criteria, false);
    const keyset = after ? sql`(${pets.views}, ${pets.id}) < (${after.views ?? 0}, ${after.id})` : undefined;
    const byViews = [desc(pets.views), desc(pets.id)];
    // The pool stays the newest matches of the text alone, filtered on the pet rows:
    // the pets "Mais relevantes" has always ranked (0017).
    if (match) {
      const pool = db
        .select({ petId: sql<number>`${petsSearch.rowid}`.as("pet_id") })
        .from(petsSearch)
        .where(ftsMatches(match))
        .orderBy(desc(petsSearch.rowid))
        .limit(RELEVANCE_POOL)
        .as("pool");
      return db
        .select(columns)
        .from(pool)
        .crossJoin(pets)
        .where(and(eq(pets.id, pool.petId), ...filters, keyset))
        .orderBy(...byViews)
        .limit(limit)
        .offset(offset);
    }
    return db
      .select(columns)
      .from(pets)
      .where(and(...filters, keyset))
      .orderBy(...byViews)
      .limit(limit)
      .offset(offset);
  }
  const scopedMatch = searchMatch(criteria);
  if (scopedMatch) {
    const filters = filterConditions(criteria, false, true);
    return db
      .select(columns)
      .from(petsSearch)
      .crossJoin(pets)
      .where(and(ftsMatches(scopedMatch), eq(pets.id, petsSearch.rowid), ...filters, after ? lt(petsSearch.rowid, after.id) : undefined))
      .orderBy(desc(petsSearch.rowid))
      .limit(limit)
      .offset(offset);
  }
  const filters = filterConditions(criteria, true);
  return db
    .select(columns)
    .from(pets)
    .where(and(...filters, after ? lt(pets.id, after.id) : undefined))
    .orderBy(desc(pets.id))
    .limit(limit)
    .offset(offset);
}

/** Whether the count statement is bounded (else it reads a trigger-kept counter). */
function countIsBounded(criteria: PetSearchCriteria) {
  return Boolean(criteria.q || hasFilters(criteria));
}

/**
 * How many pets match, read in at most MATCHING_COUNT_CAP + 1 rows:
 * - no text and no filter (at most a category): the trigger-kept counter, one row;
 * - text with at most a status, a city and closed ads: the FTS index alone, whose MATCH
 *   holds them all (searchMatch), no lookup in `pets`;
 * - otherwise the page's statement without order, cut at the cap.
 */
function matchingCountQuery(db: Database, criteria: PetSearchCriteria) {
  if (!countIsBounded(criteria)) {
    if (!criteria.includeClosed) return listedCountQuery(db, criteria.category || undefined);
    const key = criteria.category ? `pets:${criteria.category}` : "pets";
    return db.select({ value: counters.value }).from(counters).where(eq(counters.key, key));
  }
  const cut = MATCHING_COUNT_CAP + 1;
  const match = searchMatch(criteria);
  const one = { one: sql<number>`1`.as("one") };
  let rows;
  const petFilters = match ? filterConditions(criteria, false, true) : [];
  if (match && !petFilters.length) {
    rows = db.select(one).from(petsSearch).where(ftsMatches(match)).limit(cut);
  } else if (match) {
    rows = db
      .select(one)
      .from(petsSearch)
      .crossJoin(pets)
      .where(and(ftsMatches(match), eq(pets.id, petsSearch.rowid), ...petFilters))
      .limit(cut);
  } else {
    rows = db
      .select(one)
      .from(pets)
      .where(and(...filterConditions(criteria, true)))
      .limit(cut);
  }
  return db.select({ value: count() }).from(rows.as("matching"));
}

/**
 * The three statements of a search page: pageSize + 1 cards (the extra one says whether
 * there is a next page), the matching count, the counters.
 */
export function petSearchQueries(db: Database, criteria: PetSearchCriteria, pageSize: number) {
  const offset = criteria.after ? 0 : (criteria.page - 1) * pageSize;
  return [pageQuery(db, criteria, pageSize + 1, offset), matchingCountQuery(db, criteria), countersQuery(db)] as const;
}

/**
 * One D1 round-trip (a batch) for the whole page. A cursor past the end (a deleted pet,
 * a hand-made URL) serves the first page; an old `?page=` past the last serves the last
 * page when the count is exact, else the first (`page` and `after` say what was served).
 */
export async function searchPets(db: Database, criteria: PetSearchCriteria, pageSize: number) {
  const load = async (c: PetSearchCriteria) => {
    const [rows, counted, all] = await db.batch(petSearchQueries(db, c, pageSize));
    const value = counted[0]?.value ?? 0;
    const matchingCapped = countIsBounded(c) && value > MATCHING_COUNT_CAP;
    const items = rows.slice(0, pageSize);
    const last = items.at(-1);
    const next: SearchCursor | null =
      rows.length > pageSize && last ? { id: last.id, views: c.order === "relevantes" ? last.views : undefined } : null;
    return {
      items,
      matching: matchingCapped ? MATCHING_COUNT_CAP : value,
      matchingCapped,
      total: c.includeClosed ? toCounts(all).pets : listedTotal(toCounts(all)),
      next,
      page: c.after ? 1 : c.page,
      after: c.after,
    };
  };
  // With a city, each card's distance from it, read beside the first page (docs/decisions/0041).
  const [first, distances] = await Promise.all([load(criteria), distancesWithin(db, criteria.area)]);
  const served = async () => {
    if (first.items.length > 0) return first;
    if (criteria.after) return load({ ...criteria, after: undefined, page: 1 });
    if (criteria.page > 1) {
      return load({ ...criteria, page: first.matchingCapped ? 1 : pageCount(first.matching, pageSize) });
    }
    return first;
  };
  const result = await served();
  return { ...result, items: withDistances(result.items, distances) };
}

/**
 * /pets with a city or the shared filters (`?cidade=`, `?filter=`; docs/decisions/0032,
 * 0033): one status or all, newest first, paged by `?page=`. The search's own statements,
 * so a city walks pets_municipality_code_idx and a single filter value its (column, id)
 * index, reading about the rows returned; the count stops at `countCap` + 1 rows (the
 * listings' cap, 0017).
 */
export async function filteredPetsPage(
  db: Database,
  {
    area,
    status,
    filters,
    includeClosed,
    page,
    pageSize,
    countCap,
  }: {
    area?: SearchArea;
    status?: string;
    filters: Pick<PetSearchCriteria["filters"], "type" | "size" | "gender">;
    includeClosed: boolean;
    page: number;
    pageSize: number;
    countCap: number;
  },
) {
  const criteria: PetSearchCriteria = {
    q: "",
    city: "",
    radius: area?.km ?? 0,
    area,
    category: "",
    order: "recentes",
    view: "grade",
    page: 1,
    includeClosed,
    filters: { status: status ? [status] : [], type: filters.type, size: filters.size, gender: filters.gender },
  };
  const one = { one: sql<number>`1`.as("one") };
  const matching = db
    .select(one)
    .from(pets)
    .where(and(...filterConditions(criteria, true)))
    .limit(countCap + 1);
  const [[rows, counted], distances] = await Promise.all([
    db.batch([pageQuery(db, criteria, pageSize, (page - 1) * pageSize), db.select({ value: count() }).from(matching.as("matching"))]),
    distancesWithin(db, area),
  ]);
  const value = counted[0]?.value ?? 0;
  return { items: withDistances(rows, distances), total: Math.min(value, countCap), totalCapped: value > countCap };
}

/**
 * The criteria with the area their `city` resolves to (docs/decisions/0032), for callers
 * that start from stored criteria (the digest); a city that does not resolve filters
 * nothing, as on the search page.
 */
export async function withSearchArea(db: Database, criteria: PetSearchCriteria): Promise<PetSearchCriteria> {
  if (!criteria.city || criteria.area) return criteria;
  const place = await resolvePlace(db, criteria.city);
  return place.kind === "found" ? { ...criteria, area: { code: place.municipality.ibgeCode, km: criteria.radius } } : criteria;
}

/**
 * A saved search's digest (docs/decisions/0026): listed pets with `afterId < id <= uptoId`
 * that match `criteria`, newest first, at most `limit`. The search page's own filters;
 * the id range keeps the statement on the primary key (or the FTS rowid with text). With
 * an area and no text it walks the area's municipalities on their index instead, the id
 * range a seek inside each: a small town's digest read most of the day's new pets on the
 * primary key to find none (docs/decisions/0040). Without an area it stays on the
 * primary key, where a broad search stops after `limit` matches. The daily digest now
 * reads its messages' new pets once and matches them in memory (newListedPetsQuery,
 * lib/search-match, docs/decisions/0049); this statement stays the instant alerts' check
 * and the reference the digest's tests compare with.
 */
export function newMatchesQuery(
  db: Database,
  criteria: PetSearchCriteria,
  afterId: number,
  uptoId: number,
  limit: number,
  /** The search's address: pets it was told of at once are left out (docs/decisions/0046). */
  skipAlertedTo?: string,
) {
  // With text, the MATCH holds the listing (listed only), status and area (0048).
  const match = searchMatch(criteria, true);
  const filters = filterConditions(criteria, !match && Boolean(criteria.area), Boolean(match));
  // One primary-key probe per pet read, after the other conditions.
  if (skipAlertedTo) filters.push(notAlertedAtOnce(skipAlertedTo, pets.id));
  // Only listed ads, whatever the criteria say; `+` as in filterConditions (0023).
  const listed = sql`+${pets.listed} = 1`;
  if (match) {
    return db
      .select(petCardColumns)
      .from(petsSearch)
      .crossJoin(pets)
      .where(
        and(
          ftsMatches(match),
          eq(pets.id, petsSearch.rowid),
          gt(petsSearch.rowid, afterId),
          lte(petsSearch.rowid, uptoId),
          listed,
          ...filters,
        ),
      )
      .orderBy(desc(petsSearch.rowid))
      .limit(limit);
  }
  return db
    .select(petCardColumns)
    .from(pets)
    .where(and(gt(pets.id, afterId), lte(pets.id, uptoId), listed, ...filters))
    .orderBy(desc(pets.id))
    .limit(limit);
}

/**
 * The daily digest's read (docs/decisions/0049): the listed, public pets with
 * `afterId < id <= uptoId`, with the columns a search filters by, for matching many saved
 * searches in memory (lib/search-match). `codes`: only these municipalities, each
 * (municipality, status) range of pets_municipality_code_status_idx a seek to the id range;
 * `statuses`: only these. Without codes the primary key's id range, `+` keeping SQLite off
 * the status index (a status covers a quarter of all pets). Unordered: the caller sorts.
 */
export function newListedPetsQuery(
  db: Database,
  { afterId, uptoId, codes, statuses }: { afterId: number; uptoId: number; codes: number[] | null; statuses: string[] | null },
) {
  const byArea = codes !== null;
  return db
    .select({ ...petCardColumns, size: pets.size, color: pets.color, municipalityCode: pets.municipalityCode })
    .from(pets)
    .where(
      and(
        gt(pets.id, afterId),
        lte(pets.id, uptoId),
        byArea ? inIds(pets.municipalityCode, codes) : undefined,
        statuses ? (byArea ? sql`${pets.status} IN ${statuses}` : sql`+${pets.status} IN ${statuses}`) : undefined,
        sql`+${pets.listed} = 1`,
        isPublic(pets.moderation),
      ),
    );
}

/** At most this many municipalities in the sitemap (the protocol allows 50,000 URLs per file). */
export const SITEMAP_MAX_CITIES = 20_000;

export interface CityWithAds {
  ibgeCode: number;
  name: string;
  uf: string;
  lost: boolean;
  adoption: boolean;
}

/**
 * The municipalities with listed lost or adoption ads, for the sitemap's city pages
 * (docs/decisions/0032, City pages). The distinct codes come from a loose index scan of
 * pets_municipality_code_idx (one step per code, not per pet); each code then checks for
 * one listed lost and one listed adoption ad, newest first, stopping at the first.
 */
export async function citiesWithAds(db: Database, limit = SITEMAP_MAX_CITIES): Promise<CityWithAds[]> {
  const rows = await db.all<{ ibgeCode: number; name: string; uf: string; lost: number; adoption: number }>(sql`
    WITH RECURSIVE codes(code) AS (
      SELECT min(municipality_code) FROM pets WHERE municipality_code IS NOT NULL
      UNION ALL
      SELECT (SELECT min(municipality_code) FROM pets WHERE municipality_code > codes.code)
      FROM codes WHERE codes.code IS NOT NULL
    )
    SELECT m.ibge_code AS ibgeCode, m.name AS name, m.uf AS uf,
      EXISTS (SELECT 1 FROM pets p WHERE p.municipality_code = m.ibge_code AND +p.status = 'perdido' AND +p.listed = 1 AND +p.moderation IS NULL) AS lost,
      EXISTS (SELECT 1 FROM pets p WHERE p.municipality_code = m.ibge_code AND +p.status = 'adocao' AND +p.listed = 1 AND +p.moderation IS NULL) AS adoption
    FROM codes CROSS JOIN municipalities m ON m.ibge_code = codes.code
    LIMIT ${limit}`);
  return rows
    .filter((r) => r.lost || r.adoption)
    .map((r) => ({ ibgeCode: r.ibgeCode, name: r.name, uf: r.uf, lost: Boolean(r.lost), adoption: Boolean(r.adoption) }));
}
