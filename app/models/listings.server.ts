// One page of each listing plus its total, read in a single D1 batch. Totals come from
// the trigger-kept counters, so no listing counts a whole table.
import { and, count, eq, lt, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "~/context.server";
import { clinics, counters, events, organizations, products, type PetStatus, type ProductCategory } from "~/db/schema";
import type { CLINIC_CATEGORIES, ORGANIZATION_TYPES } from "~/db/schema";
import { loadPageWithin, MAX_PAGE, PAGE_SIZE } from "~/lib/pagination";
import type { PetSearchCriteria, SearchArea } from "~/lib/pet-search";
import { likeContainsPattern } from "~/lib/search-text";
import { listedCountQuery } from "./ad-lifecycle.server";
import { listedClinicsQuery } from "./clinics.server";
import type { CounterKey } from "./counters.server";
import {
  countListedEventsQuery,
  countUpcomingEventsQuery,
  type EventCategory,
  listedEventsQuery,
  upcomingEventsQuery,
} from "./events.server";
import { codesWithin, distancesWithin, withDistances } from "./municipalities.server";
import { latestOrganizationsQuery } from "./organizations.server";
import { filteredPetsPage } from "./pet-search.server";
import { latestPetsQuery } from "./pets.server";
import { latestProductsQuery, premiumCompanyIds } from "./products.server";

function counterQuery(db: Database, key: CounterKey) {
  return db.select({ value: counters.value }).from(counters).where(eq(counters.key, key));
}

function offsetOf(page: number) {
  return (page - 1) * PAGE_SIZE;
}

const totalOf = (result: { total: number }) => result.total;

// Every listing serves `page` when it exists, else its last page (`page` in the result
// says which was served).

/** The shared filters of /pets besides the status (docs/decisions/0033). */
export type PetListFilters = Pick<PetSearchCriteria["filters"], "type" | "size" | "gender">;
const NO_FILTERS: PetListFilters = { type: [], size: [], gender: [] };

/**
 * /pets: listed ads only, unless `includeClosed` (docs/decisions/0023). Without a city or
 * a filter, totals from counters; with one, the search's statements and a bounded count.
 */
export function listPetsPage(
  db: Database,
  page: number,
  {
    status,
    includeClosed = false,
    area,
    filters = NO_FILTERS,
  }: { status?: PetStatus; includeClosed?: boolean; area?: Area; filters?: PetListFilters } = {},
) {
  if (area || Object.values(filters).some((values) => values.length)) {
    const options = { area, status, filters, includeClosed, pageSize: PAGE_SIZE, countCap: LISTING_COUNT_CAP };
    return loadPageWithin(page, (page) => filteredPetsPage(db, { ...options, page }), totalOf);
  }
  return loadPageWithin(
    page,
    async (page) => {
      const [items, total] = await db.batch([
        latestPetsQuery(db, { status, limit: PAGE_SIZE, offset: offsetOf(page), includeClosed }),
        includeClosed ? counterQuery(db, status ? `pets:${status}` : "pets") : listedCountQuery(db, status),
      ]);
      return { items, total: total[0]?.value ?? 0, totalCapped: false };
    },
    totalOf,
  );
}

/**
 * `q` on the listing pages (from the search bar's ongs/produtos/clinicas categories):
 * substring of name, description or location. These tables stay small next to pets,
 * so a scan is fine here. A long text is cut to fit D1's LIKE pattern limit
 * (docs/decisions/0012): its first ~48 bytes still narrow the list.
 */
function textMatch(q: string | undefined, columns: SQLiteColumn[]): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = likeContainsPattern(text);
  return or(...columns.map((column) => sql`${column} LIKE ${pattern} ESCAPE '\\'`));
}

/** A municipality and the radius around it (`?cidade=` and `?raio=`, docs/decisions/0032). */
export type Area = SearchArea;

/**
 * The page with each card's distance from the area's city (docs/decisions/0041): the
 * area's neighbour list, read beside the page, about one row per municipality in it.
 */
async function withAreaDistances<R extends { items: { municipalityCode: number | null }[] }>(
  db: Database,
  area: Area | undefined,
  page: Promise<R>,
): Promise<Omit<R, "items"> & { items: (R["items"][number] & { distanceKm?: number })[] }> {
  const [result, distances] = await Promise.all([page, distancesWithin(db, area)]);
  return { ...result, items: withDistances(result.items, distances) };
}

/**
 * Rows whose municipality is within the area: the municipality itself and its neighbours
 * up to `km`, read from one range of municipality_neighbours' covering index
 * (docs/decisions/0032). Rows without a municipality code never match.
 */
export function inArea(column: SQLiteColumn, area: Area | undefined): SQL | undefined {
  if (!area) return undefined;
  return sql`${column} IN ${codesWithin(area)}`;
}

/**
 * A filtered listing counts at most this many rows (docs/decisions/0017): as many as its
 * 100 pages show, so paging is unchanged and past it the page says "mais de 1.200".
 */
export const LISTING_COUNT_CAP = MAX_PAGE * PAGE_SIZE;

/** count(*) over at most LISTING_COUNT_CAP + 1 matching rows, cut inside a subquery. */
function boundedCount(db: Database, table: typeof products | typeof organizations | typeof clinics, where: SQL | undefined) {
  const rows = db
    .select({ one: sql<number>`1`.as("one") })
    .from(table)
    .where(where)
    .limit(LISTING_COUNT_CAP + 1);
  return db.select({ value: count() }).from(rows.as("matching"));
}

/** The total a listing shows: the count, cut at the cap (`totalCapped`: "mais de 1.200"). */
function cappedTotal(value: number, bounded: boolean) {
  const totalCapped = bounded && value > LISTING_COUNT_CAP;
  return { total: totalCapped ? LISTING_COUNT_CAP : value, totalCapped };
}

/** A page and its total in one batch: the counter when unfiltered, else a bounded count. */
async function pageWithTotal<Q extends BatchItem<"sqlite">>(
  db: Database,
  items: Q,
  table: typeof products | typeof organizations | typeof clinics,
  key: CounterKey,
  where: SQL | undefined,
) {
  const total = where ? boundedCount(db, table, where) : counterQuery(db, key);
  const [rows, totals] = await db.batch([items, total]);
  return { items: rows as Awaited<Q>, ...cappedTotal((totals as { value: number }[])[0]?.value ?? 0, Boolean(where)) };
}

/**
 * /produtos: Premium companies' products first (with the 'Destaque' badge), then the
 * rest, each newest first; one batch (docs/decisions/0014). The two segments are two
 * queries, so neither sorts the whole table: the Premium one reads the few Premium
 * companies' products through products_user_id_idx and sorts only those; the rest walks
 * products_created_at_idx (or the category one), skipping Premium rows, and stops at the
 * page. Where the page falls across the two is computed in SQL from the Premium count.
 */
export function listProductsPage(
  db: Database,
  page: number,
  { q, category, area, now = new Date() }: { q?: string; category?: ProductCategory; area?: Area; now?: Date } = {},
) {
  const filters = and(
    category ? eq(products.category, category) : undefined,
    textMatch(q, [products.title, products.description, products.location]),
    inArea(products.municipalityCode, area),
  );
  // IN / NOT IN a list of the Premium companies' ids: SQLite reads that list once and then
  // uses the indexes above (checked with EXPLAIN QUERY PLAN).
  const premiumIds = premiumCompanyIds(now);
  const premiumWhere = and(sql`${products.userId} IN ${premiumIds}`, filters);
  const restWhere = and(sql`${products.userId} NOT IN ${premiumIds}`, filters);
  const premiumCount = sql`(SELECT count(*) FROM ${products} WHERE ${premiumWhere})`;
  const served = loadPageWithin(
    page,
    async (page) => {
      const offset = offsetOf(page);
      // Rows of this page taken by Premium products: clamp(premiumCount - offset, 0, PAGE_SIZE).
      const premiumOnPage = sql`max(0, min(${PAGE_SIZE}, ${premiumCount} - ${offset}))`;
      const [highlighted, rest, totals] = await db.batch([
        latestProductsQuery(db, { where: premiumWhere, limit: PAGE_SIZE, offset }),
        latestProductsQuery(db, {
          where: restWhere,
          limit: sqlNumber(sql`${PAGE_SIZE} - ${premiumOnPage}`),
          offset: sqlNumber(sql`max(0, ${offset} - ${premiumCount})`),
        }),
        filters ? boundedCount(db, products, filters) : counterQuery(db, "products"),
      ]);
      return {
        items: [...highlighted.map((item) => ({ ...item, highlighted: true })), ...rest.map((item) => ({ ...item, highlighted: false }))],
        ...cappedTotal(totals[0]?.value ?? 0, Boolean(filters)),
      };
    },
    totalOf,
  );
  return withAreaDistances(db, area, served);
}

/**
 * SQLite takes any integer expression in LIMIT and OFFSET, and drizzle passes an SQL
 * object through; its types only name numbers.
 */
function sqlNumber(expression: SQL): number {
  return expression as unknown as number;
}

export function listOrganizationsPage(db: Database, page: number, q?: string, type?: (typeof ORGANIZATION_TYPES)[number], area?: Area) {
  const where = and(
    textMatch(q, [organizations.name, organizations.description, organizations.location]),
    type ? eq(organizations.type, type) : undefined,
    inArea(organizations.municipalityCode, area),
  );
  const served = loadPageWithin(
    page,
    (page) => {
      const items = latestOrganizationsQuery(db, { where, limit: PAGE_SIZE, offset: offsetOf(page) });
      return pageWithTotal(db, items, organizations, "organizations", where);
    },
    totalOf,
  );
  return withAreaDistances(db, area, served);
}

/**
 * /clinicas: optional category (a known value only) and `q`; clinics of Premium
 * companies first, marked 'Destaque', then the newest (docs/decisions/0015).
 */
export function listClinicsPage(db: Database, page: number, q?: string, category?: (typeof CLINIC_CATEGORIES)[number], area?: Area) {
  const where = and(
    textMatch(q, [clinics.name, clinics.description, clinics.location]),
    category ? eq(clinics.category, category) : undefined,
    inArea(clinics.municipalityCode, area),
  );
  const served = loadPageWithin(
    page,
    (page) => {
      const items = listedClinicsQuery(db, { where, limit: PAGE_SIZE, offset: offsetOf(page) });
      return pageWithTotal(db, items, clinics, "clinics", where);
    },
    totalOf,
  );
  return withAreaDistances(db, area, served);
}

export function listUpcomingEventsPage(db: Database, page: number, from: string) {
  return loadPageWithin(
    page,
    async (page) => {
      const [items, total] = await db.batch([
        upcomingEventsQuery(db, { from, limit: PAGE_SIZE, offset: offsetOf(page) }),
        countUpcomingEventsQuery(db, from),
      ]);
      return { items, total: total[0]?.value ?? 0 };
    },
    totalOf,
  );
}

/**
 * /eventos (docs/decisions/0016): upcoming events (from `from`, Brasília wall-clock text)
 * soonest first, or past ones most recent first, optionally one category. Counted over
 * events_date_idx rather than the counters, which hold all events. An area (`?cidade=`)
 * narrows both (docs/decisions/0032).
 */
export function listEventsPage(
  db: Database,
  page: number,
  {
    from,
    when,
    category,
    area,
    before,
  }: { from: string; when: "proximos" | "passados"; category?: EventCategory; area?: Area; before?: string },
) {
  // `before`: upcoming events up to that day ('Este fim de semana'), on events_date_idx.
  const where = and(inArea(events.municipalityCode, area), before ? lt(events.date, before) : undefined);
  const served = loadPageWithin(
    page,
    async (page) => {
      const [items, total] = await db.batch([
        listedEventsQuery(db, { from, when, category, where, limit: PAGE_SIZE, offset: offsetOf(page) }),
        countListedEventsQuery(db, { from, when, category, where }),
      ]);
      return { items, total: total[0]?.value ?? 0 };
    },
    totalOf,
  );
  return withAreaDistances(db, area, served);
}
