// What the public may see (docs/decisions/0035): an item whose `moderation` is null. Held,
// removed and suspended items leave every public read; their owner and the admins read
// them through their own queries.
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * `+moderation IS NULL`: the `+` keeps SQLite off the partial moderation index (it could
 * not use it anyway) and on the index that gives the read its order; the row is read
 * already, so the condition costs no extra row (as `+listed = 1`, docs/decisions/0017).
 */
export function isPublic(moderation: SQLiteColumn): SQL {
  return sql`+${moderation} IS NULL`;
}
