// The `views` counters of the five kinds with a public detail page, advanced in bulk by the
// view counters' daily flush (docs/decisions/0051). Each item's +n is one UPDATE: 2 rows
// written (the row and its `views` index entry), whatever n is.
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { clinics, events, organizations, pets, products } from "~/db/schema";
import type { DetailKind } from "~/lib/page-policy";

const TABLES = { pet: pets, product: products, organization: organizations, event: events, clinic: clinics } as const;

/** At most this many items per D1 batch (one transaction). */
export const VIEWS_PER_BATCH = 50;

/** Adds each `n` to its item's `views`, in one D1 batch (all or nothing). */
export async function addViews(db: Database, kind: DetailKind, counts: { id: number; n: number }[]) {
  if (counts.length === 0) return;
  if (counts.length > VIEWS_PER_BATCH) throw new Error("lote grande demais");
  const table = TABLES[kind];
  const [first, ...rest] = counts.map(({ id, n }) =>
    db
      .update(table)
      .set({ views: sql`${table.views} + ${n}` })
      .where(eq(table.id, id)),
  );
  await db.batch([first!, ...rest]);
}
