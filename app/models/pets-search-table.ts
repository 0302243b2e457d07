// The FTS5 index over pets (migrations 0003, 0023), for building queries only: drizzle's
// schema never lists it. `rowid` is the pet's id. Used by the search and the matcher.
import { type SQL, sql } from "drizzle-orm";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { PET_STATUSES } from "~/db/values";
import { ftsPhrase, type SearchArea } from "~/lib/pet-search";
import { codesWithin } from "./municipalities.server";

export const petsSearch = sqliteTable("pets_search", { rowid: integer("rowid").notNull() });

/** `pets_search MATCH expression` (build it with ftsQuery, or searchMatchExpression below). */
export const ftsMatches = (expression: string | SQL) => sql`${petsSearch} MATCH ${expression}`;

/**
 * What a search matches besides the text (docs/decisions/0048): pets_search.search_scope
 * is one trigram per pet, the ad's visibility ('l' listed, 'e' closed or expired, 'o'
 * held, removed or suspended: never matched) and its status's first two letters;
 * municipality_code is the IBGE code as text. The MATCH then yields only the pets a page
 * shows, newest first, so neither the page nor the count reads a pet it drops.
 */
export interface SearchScope {
  /** The statuses asked for; none: any. */
  statuses: readonly string[];
  /** Closed and expired ads too ('Mostrar casos encerrados', docs/decisions/0023). */
  includeClosed: boolean;
  area?: SearchArea;
}

/** An IBGE code no municipality has: the area's part of the MATCH when it has none. */
const NO_MUNICIPALITY = ftsPhrase("0000000");

/**
 * `text` (ftsQuery's expression) AND the scope, as the SQL value of a MATCH. With an area
 * the municipalities' codes come from municipality_neighbours inside the statement (one
 * index row per municipality), so the search stays one round-trip.
 */
export function searchMatchExpression(text: string, { statuses, includeClosed, area }: SearchScope): SQL {
  const visibility = includeClosed ? ["l", "e"] : ["l"];
  const tokens = visibility.flatMap((v) => (statuses.length ? statuses : PET_STATUSES).map((s) => ftsPhrase(v + s.slice(0, 2))));
  const scoped = `${text} AND search_scope : (${tokens.join(" OR ")})`;
  if (!area) return sql`${scoped}`;
  const codes = sql`(SELECT group_concat('"' || to_code || '"', ' OR ') FROM ${codesWithin(area)})`;
  return sql`(${`${scoped} AND municipality_code : (`} || coalesce(${codes}, ${NO_MUNICIPALITY}) || ')')`;
}
