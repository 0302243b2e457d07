// Brazil's municipalities and the pairs within 50 km (docs/decisions/0032): resolving what
// people type to one municipality, and "within N km" as one index range.
import { and, asc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/context.server";
import { municipalities, municipalityNeighbours } from "~/db/schema";
import { isUf, placeKey, readPlace } from "~/lib/place-names";

export interface Municipality {
  ibgeCode: number;
  name: string;
  uf: string;
}

const COLUMNS = { ibgeCode: municipalities.ibgeCode, name: municipalities.name, uf: municipalities.uf };

export type PlaceResolution =
  | { kind: "found"; municipality: Municipality; neighbourhood: string | null }
  | { kind: "ambiguous"; candidates: Municipality[] }
  | { kind: "unknown" };

/**
 * The municipality a typed location names: the first reading of the text (lib/place-names)
 * that matches any municipality decides; one match is found, several (a name in several
 * states, no UF typed) are offered as a choice.
 */
export async function resolvePlace(db: Database, typed: string): Promise<PlaceResolution> {
  const readings = readPlace(typed);
  if (!readings.length) return { kind: "unknown" };
  const rows = await db
    .select({ ...COLUMNS, key: municipalities.foldedName })
    .from(municipalities)
    .where(inArray(municipalities.foldedName, [...new Set(readings.map((r) => r.key))]))
    .orderBy(asc(municipalities.uf), asc(municipalities.name));
  for (const reading of readings) {
    const matches = rows.filter((m) => m.key === reading.key && (!reading.uf || m.uf === reading.uf));
    if (matches.length === 1) return { kind: "found", municipality: plain(matches[0]!), neighbourhood: reading.neighbourhood };
    if (matches.length > 1) return { kind: "ambiguous", candidates: matches.map(plain) };
  }
  return { kind: "unknown" };
}

const plain = ({ ibgeCode, name, uf }: Municipality): Municipality => ({ ibgeCode, name, uf });

export async function municipalityByCode(db: Database, ibgeCode: number): Promise<Municipality | null> {
  const [row] = await db.select(COLUMNS).from(municipalities).where(eq(municipalities.ibgeCode, ibgeCode)).limit(1);
  return row ?? null;
}

/** A city page's or a filter's municipality from its URL parts: "sp" + "jundiai". */
export async function municipalityBySlug(db: Database, uf: string, slug: string): Promise<Municipality | null> {
  if (!isUf(uf) || slug.length > 80) return null;
  const [row] = await db
    .select(COLUMNS)
    .from(municipalities)
    .where(and(eq(municipalities.foldedName, placeKey(slug)), eq(municipalities.uf, uf.toUpperCase())))
    .limit(1);
  return row ?? null;
}

export interface Neighbour {
  ibgeCode: number;
  distanceKm: number;
}

/** The municipality itself (0 km) and every other one whose seat is within `km` (≤ 50), nearest first. */
export async function municipalitiesWithin(db: Database, ibgeCode: number, km: number): Promise<Neighbour[]> {
  return db
    .select({ ibgeCode: municipalityNeighbours.toCode, distanceKm: municipalityNeighbours.distanceKm })
    .from(municipalityNeighbours)
    .where(and(eq(municipalityNeighbours.fromCode, ibgeCode), lte(municipalityNeighbours.distanceKm, km)))
    .orderBy(asc(municipalityNeighbours.distanceKm), asc(municipalityNeighbours.toCode));
}

/** Neighbouring municipalities with names, nearest first, for links ("Cidades próximas"). */
export async function nearbyMunicipalities(db: Database, ibgeCode: number, km: number, limit: number) {
  return db
    .select({ ...COLUMNS, distanceKm: municipalityNeighbours.distanceKm })
    .from(municipalityNeighbours)
    .innerJoin(municipalities, eq(municipalities.ibgeCode, municipalityNeighbours.toCode))
    .where(
      and(
        eq(municipalityNeighbours.fromCode, ibgeCode),
        lte(municipalityNeighbours.distanceKm, km),
        sql`${municipalityNeighbours.toCode} <> ${ibgeCode}`,
      ),
    )
    .orderBy(asc(municipalityNeighbours.distanceKm))
    .limit(limit);
}

/** The 27 state capitals (the capital flag of the IBGE list the table was loaded from). */
const STATE_CAPITALS = [
  1100205, 1200401, 1302603, 1400100, 1501402, 1600303, 1721000, 2111300, 2211001, 2304400, 2408102, 2507507, 2611606, 2704302, 2800308,
  2927408, 3106200, 3205309, 3304557, 3550308, 4106902, 4205407, 4314902, 5002704, 5103403, 5208707, 5300108,
];

/**
 * Names starting with the typed text, for the `<datalist>` of the Cidade fields. The table
 * has no population, so "larger first" is approximated (docs/decisions/0032, Suggestions):
 * the exact name, then state capitals, then the shortest completions ("Campi" offers
 * Campinas before Campinaçu and Campina da Lagoa).
 */
export async function municipalitiesStartingWith(db: Database, typed: string, limit = 10): Promise<Municipality[]> {
  const key = placeKey(typed);
  if (key.length < 2) return [];
  const name = municipalities.foldedName;
  return (
    db
      .select(COLUMNS)
      .from(municipalities)
      // folded_name is ASCII: a range on the index instead of LIKE (which SQLite would not
      // use for a prefix on this collation). Only the range's rows are sorted.
      .where(and(sql`${name} >= ${key}`, sql`${name} < ${`${key}\u{10FFFF}`}`))
      .orderBy(
        sql`${name} = ${key} DESC`,
        sql`${inArray(municipalities.ibgeCode, STATE_CAPITALS)} DESC`,
        sql`length(${name})`,
        asc(name),
        asc(municipalities.uf),
      )
      .limit(limit)
  );
}

/**
 * The codes of the municipalities within `km` of `code` (itself included), as a subquery:
 * one range of municipality_neighbours' covering index, for `column IN (…)` in the
 * statements of search, listings and the digest.
 */
export function codesWithin({ code, km }: { code: number; km: number }): SQL {
  const n = municipalityNeighbours;
  return sql`(SELECT ${n.toCode} FROM ${n} WHERE ${n.fromCode} = ${code} AND ${n.distanceKm} <= ${km})`;
}

/**
 * The distance of each municipality within the area from its city, for the cards of a
 * list filtered by it (docs/decisions/0041): the range of municipality_neighbours' covering
 * index the list's own filter reads, about one row per municipality in the radius, read
 * beside the page. A lookup per card in the page's statement would run for every row
 * SQLite keeps before its sort, not only for those returned. Null without an area.
 */
export async function distancesWithin(db: Database, area: { code: number; km: number } | undefined): Promise<Map<number, number> | null> {
  if (!area) return null;
  const rows = await municipalitiesWithin(db, area.code, area.km);
  return new Map(rows.map((row) => [row.ibgeCode, row.distanceKm]));
}

/** Each card with its distance ('na cidade' at 0 km); none without a municipality or an area. */
export function withDistances<T extends { municipalityCode: number | null }>(
  items: T[],
  distances: Map<number, number> | null,
): (T & { distanceKm?: number })[] {
  if (!distances) return items;
  return items.map((item) => {
    const distanceKm = item.municipalityCode === null ? undefined : distances.get(item.municipalityCode);
    return distanceKm === undefined ? item : { ...item, distanceKm };
  });
}
