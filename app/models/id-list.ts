import { type Column, sql } from "drizzle-orm";

/**
 * `column IN (ids)` with one bound parameter: D1 allows at most 100 per query, and a
 * list of favourites, an expiry message (500 ads) or a delivery (100 mail keys plus the
 * statement's own values) is longer.
 */
export function inIds(column: Column, ids: readonly (number | string)[]) {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/** Rows re-ordered to follow `ids` (SQL's IN has no order); ids without a row are skipped. */
export function inOrder<T extends { id: number }>(rows: T[], ids: number[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
