// One page of each listing plus its total, read in a single D1 batch. Totals come from
// the trigger-kept counters, so no listing counts a whole table.
import { eq } from "drizzle-orm";
import type { Database } from "~/context.server";
import { counters, type PetStatus } from "~/db/schema";
import { PAGE_SIZE } from "~/lib/pagination";
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

export async function listPetsPage(db: Database, page: number, status?: PetStatus) {
  const [items, total] = await db.batch([
    latestPetsQuery(db, { status, limit: PAGE_SIZE, offset: offsetOf(page) }),
    counterQuery(db, status ? `pets:${status}` : "pets"),
  ]);
  return { items, total: total[0]?.value ?? 0 };
}

export async function listProductsPage(db: Database, page: number) {
  const [items, total] = await db.batch([
    latestProductsQuery(db, { limit: PAGE_SIZE, offset: offsetOf(page) }),
    counterQuery(db, "products"),
  ]);
  return { items, total: total[0]?.value ?? 0 };
}

export async function listOrganizationsPage(db: Database, page: number) {
  const [items, total] = await db.batch([
    latestOrganizationsQuery(db, { limit: PAGE_SIZE, offset: offsetOf(page) }),
    counterQuery(db, "organizations"),
  ]);
  return { items, total: total[0]?.value ?? 0 };
}

export async function listClinicsPage(db: Database, page: number) {
  const [items, total] = await db.batch([
    latestClinicsQuery(db, { limit: PAGE_SIZE, offset: offsetOf(page) }),
    counterQuery(db, "clinics"),
  ]);
  return { items, total: total[0]?.value ?? 0 };
}

export async function listUpcomingEventsPage(db: Database, page: number, from: string) {
  const [items, total] = await db.batch([
    upcomingEventsQuery(db, { from, limit: PAGE_SIZE, offset: offsetOf(page) }),
    countUpcomingEventsQuery(db, from),
  ]);
  return { items, total: total[0]?.value ?? 0 };
}
