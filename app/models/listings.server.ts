// One page of each listing plus its total, read in a single D1 batch. Totals come from
// the trigger-kept counters, so no listing counts a whole table.
import { count, eq, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "~/context.server";
import { clinics, counters, organizations, products, type PetStatus } from "~/db/schema";
import { loadPageWithin, PAGE_SIZE } from "~/lib/pagination";
import { likeContainsPattern } from "~/lib/search-text";
import { latestClinicsQuery } from "./clinics.server";
import type { CounterKey } from "./counters.server";
import { countUpcomingEventsQuery, upcomingEventsQuery } from "./events.server";
import { latestOrganizationsQuery } from "./organizations.server";
import { latestPetsQuery } from "./pets.server";
import { latestProductsQuery } from "./products.server";

function counterQuery(db: Database, key: CounterKey) {
  return db.select({ value: counters.value }).from(counters).where(eq(counters.key, key));
}

function offsetOf(page: number) {
  return (page - 1) * PAGE_SIZE;
}

const totalOf = (result: { total: number }) => result.total;

// Every listing serves `page` when it exists, else its last page (`page` in the result
// says which was served).

export function listPetsPage(db: Database, page: number, status?: PetStatus) {
  return loadPageWithin(page, async (page) => {
    const [items, total] = await db.batch([
      latestPetsQuery(db, { status, limit: PAGE_SIZE, offset: offsetOf(page) }),
      counterQuery(db, status ? `pets:${status}` : "pets"),
    ]);
    return { items, total: total[0]?.value ?? 0 };
  }, totalOf);
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

/** A page and its total in one batch: the counter when unfiltered, else a count. */
async function pageWithTotal<Q extends BatchItem<"sqlite">>(
  db: Database,
  items: Q,
  table: typeof products | typeof organizations | typeof clinics,
  key: CounterKey,
  where: SQL | undefined,
) {
  const total = where ? db.select({ value: count() }).from(table).where(where) : counterQuery(db, key);
  const [rows, totals] = await db.batch([items, total]);
  return { items: rows as Awaited<Q>, total: (totals as { value: number }[])[0]?.value ?? 0 };
}

export function listProductsPage(db: Database, page: number, q?: string) {
  const where = textMatch(q, [products.title, products.description, products.location]);
  return loadPageWithin(page, (page) => {
    const items = latestProductsQuery(db, { where, limit: PAGE_SIZE, offset: offsetOf(page) });
    return pageWithTotal(db, items, products, "products", where);
  }, totalOf);
}

export function listOrganizationsPage(db: Database, page: number, q?: string) {
  const where = textMatch(q, [organizations.name, organizations.description, organizations.location]);
  return loadPageWithin(page, (page) => {
    const items = latestOrganizationsQuery(db, { where, limit: PAGE_SIZE, offset: offsetOf(page) });
    return pageWithTotal(db, items, organizations, "organizations", where);
  }, totalOf);
}

export function listClinicsPage(db: Database, page: number, q?: string) {
  const where = textMatch(q, [clinics.name, clinics.description, clinics.location]);
  return loadPageWithin(page, (page) => {
    const items = latestClinicsQuery(db, { where, limit: PAGE_SIZE, offset: offsetOf(page) });
    return pageWithTotal(db, items, clinics, "clinics", where);
  }, totalOf);
}

export function listUpcomingEventsPage(db: Database, page: number, from: string) {
  return loadPageWithin(page, async (page) => {
    const [items, total] = await db.batch([
      upcomingEventsQuery(db, { from, limit: PAGE_SIZE, offset: offsetOf(page) }),
      countUpcomingEventsQuery(db, from),
    ]);
    return { items, total: total[0]?.value ?? 0 };
  }, totalOf);
}
