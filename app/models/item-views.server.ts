// The `views` counters of the five kinds with a public detail page, advanced in bulk by the
// view counters' flushes (docs/decisions/0051): weekly for every item, daily for the hot
// ones. Each item's +n is one UPDATE: 2 rows written (the row and its `views` index
// entry), whatever n is; the batch's `view_flushes` row 1 more.
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { clinics, events, organizations, pets, products, viewFlushes } from "~/db/schema";
import type { DetailKind } from "~/lib/page-policy";

const TABLES = { pet: pets, product: products, organization: organizations, event: events, clinic: clinics } as const;

/** At most this many items per D1 batch (one transaction). */
export const VIEWS_PER_BATCH = 50;

/**
 * Views not yet in D1 that make an item hot: it goes to D1 after the day, not the week.
 * An item below it lags D1 by fewer than 20 views for at most a week; a hot flush costs
 * D1 2 rows for at least 20 views, so hot flushes stay under 0.1 row per first view
 * (docs/decisions/0051).
 */
export const HOT_VIEWS = 20;

/** Where a view counter object's flush is: the period and the last item D1 has. */
export interface ViewFlush {
  period: string;
  item: number;
}

/** What D1 has of `object`'s flush; null before its first batch. */
export async function viewFlushOf(db: Database, object: string): Promise<ViewFlush | null> {
  const [row] = await db
    .select({ period: viewFlushes.period, item: viewFlushes.item })
    .from(viewFlushes)
    .where(eq(viewFlushes.object, object))
    .limit(1);
  return row ?? null;
}

/**
 * Adds each `n` to its item's `views` and records `object`'s flush of `period` up to the
 * last item, in one D1 batch (all or nothing): a retried flush reads the record and writes
 * no batch twice. Answers the rows D1 says it wrote.
 */
export async function addViews(
  db: Database,
  kind: DetailKind,
  counts: { id: number; n: number }[],
  flush: { object: string; period: string },
): Promise<number> {
  if (counts.length === 0) return 0;
  if (counts.length > VIEWS_PER_BATCH) throw new Error("lote grande demais");
  const table = TABLES[kind];
  const updates = counts.map(({ id, n }) =>
    db
      .update(table)
      .set({ views: sql`${table.views} + ${n}` })
      .where(eq(table.id, id)),
  );
  const position = { object: flush.object, period: flush.period, item: counts.at(-1)!.id };
  const record = db
    .insert(viewFlushes)
    .values(position)
    .onConflictDoUpdate({ target: viewFlushes.object, set: { period: position.period, item: position.item } });
  const results = (await db.batch([record, ...updates])) as unknown as { meta: { rows_written: number } }[];
  return results.reduce((sum, result) => sum + result.meta.rows_written, 0);
}
