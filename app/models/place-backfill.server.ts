// The rows whose typed location was never resolved to a municipality, and their update
// (docs/decisions/0032, Backfill). Used by the one-off backfill worker only.
import { sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { clinics, events, organizations, pets, products, sightings } from "~/db/schema";

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

/** Sightings without a city take their pet's; returns how many changed. */
export async function sightingsTakePetCity(db: Database): Promise<number> {
  const result = await db.run(sql`
    UPDATE ${sightings} SET ${sql.identifier("municipality_code")} =
      (SELECT ${pets.municipalityCode} FROM ${pets} WHERE ${pets.id} = ${sightings.petId})
    WHERE ${sightings.municipalityCode} IS NULL
      AND (SELECT ${pets.municipalityCode} FROM ${pets} WHERE ${pets.id} = ${sightings.petId}) IS NOT NULL`);
  return result.meta.changes ?? 0;
}
