// The rows whose typed location was never resolved to a municipality, and their update
// (docs/decisions/0032, Backfill). Used by the one-off backfill worker only.
import { and, isNotNull, sql } from "drizzle-orm";
import type { ActivityDatabase, Database } from "~/context.server";
import { sightings } from "~/db/activity-schema";
import { clinics, events, organizations, pets, products } from "~/db/schema";
import { inIds } from "./id-list";

/** The tables whose rows carry a typed `location`, in the order the backfill walks them. */
export const LOCATED_TABLES = { pets, products, organizations, clinics, events } as const;
export type LocatedTable = keyof typeof LOCATED_TABLES;

export interface UnresolvedRow {
  id: number;
  location: string;
}

/** Up to `limit` rows of `table` without a municipality, after id `afterId`. */
export function unresolvedRows(db: Database, table: LocatedTable, afterId: number, limit: number) {
  const t = LOCATED_TABLES[table];
  return db.all<UnresolvedRow>(sql`
    SELECT ${t.id} AS id, ${t.location} AS location FROM ${t}
    WHERE ${t.municipalityCode} IS NULL AND ${t.id} > ${afterId}
    ORDER BY ${t.id} LIMIT ${limit}`);
}

/** Sets the code and the text people see; a row resolved meanwhile is left alone. */
export function setResolvedLocation(db: Database, table: LocatedTable, id: number, code: number, location: string) {
  const t = LOCATED_TABLES[table];
  return db.run(sql`
    UPDATE ${t} SET ${sql.identifier("municipality_code")} = ${code}, ${sql.identifier("location")} = ${location}
    WHERE ${t.id} = ${id} AND ${t.municipalityCode} IS NULL`);
}

/**
 * Sightings without a city take their pet's; returns how many changed. The sightings are
 * on the activity database and the pets on main (docs/decisions/0050): page by page, the
 * pet ids of the sightings without a city, their pets' cities read from main, and one
 * UPDATE that maps each pet id to its city.
 */
export async function sightingsTakePetCity(db: Database, activityDb: ActivityDatabase, pageSize = 500): Promise<number> {
  let after = 0;
  let changed = 0;
  for (;;) {
    const rows = await activityDb.all<{ pet_id: number }>(sql`
      SELECT DISTINCT pet_id FROM ${sightings}
      WHERE municipality_code IS NULL AND pet_id > ${after}
      ORDER BY pet_id LIMIT ${pageSize}`);
    if (rows.length === 0) break;
    const petIds = rows.map((row) => row.pet_id);
    const cities = await db
      .select({ id: pets.id, code: pets.municipalityCode })
      .from(pets)
      .where(and(inIds(pets.id, petIds), isNotNull(pets.municipalityCode)));
    if (cities.length) {
      // {"<pet id>": <city code>, …} as one bound parameter (D1 binds at most 100).
      const cityOf = JSON.stringify(Object.fromEntries(cities.map((c) => [String(c.id), c.code])));
      const result = await activityDb.run(sql`
        UPDATE ${sightings} SET municipality_code = json_extract(${cityOf}, '$."' || pet_id || '"')
        WHERE municipality_code IS NULL AND pet_id IN (SELECT CAST(key AS INTEGER) FROM json_each(${cityOf}))`);
      changed += result.meta.changes ?? 0;
    }
    if (rows.length < pageSize) break;
    after = petIds.at(-1)!;
  }
  return changed;
}
