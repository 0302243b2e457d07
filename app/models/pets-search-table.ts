// The FTS5 index over pets (migration 0003), for building queries only: drizzle's schema
// never lists it. `rowid` is the pet's id. Used by the search and the matcher.
import { sql } from "drizzle-orm";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";

export const petsSearch = sqliteTable("pets_search", { rowid: integer("rowid").notNull() });

/** `pets_search MATCH expression` (build the expression with ftsPhrase / ftsQuery). */
export const ftsMatches = (expression: string) => sql`${petsSearch} MATCH ${expression}`;
