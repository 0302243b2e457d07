// The 'Cidade' field of every form with a location (docs/decisions/0032, Forms): what was
// typed is resolved here, once for all forms, to one IBGE municipality; the row keeps the
// text people see ("Pinheiros, São Paulo - SP") and the code beside it.
import type { ActivityDatabase, Database } from "~/context.server";
import { municipalityLabel, placeKey, readPlace } from "~/lib/place-names";
import { type Municipality, municipalityByCode, resolvePlace } from "~/models/municipalities.server";
import {
  LOCATED_TABLES,
  type LocatedTable,
  setResolvedLocation,
  sightingsTakePetCity,
  unresolvedRows,
} from "~/models/place-backfill.server";

export const CITY_UNKNOWN_MESSAGE = "Não encontramos essa cidade. Confira o nome (por exemplo: Jundiaí - SP).";
export const CITY_AMBIGUOUS_MESSAGE = "Há mais de uma cidade com esse nome. Escolha o estado abaixo.";

/** One radio of the choice a form shows when a name exists in several states. */
export interface CityChoice {
  code: number;
  label: string;
}

/** What a form that comes back shows under 'Cidade': the candidates and the one chosen. */
export interface CityChoices {
  options: CityChoice[];
  chosen: number | null;
}

export type CityResolution =
  | {
      ok: true;
      municipality: Municipality;
      municipalityCode: number;
      /** The neighbourhood kept: the one typed beside the city, else the one typed in it. */
      neighbourhood: string | null;
      location: string;
      choices: CityChoices | null;
    }
  | { ok: false; fieldErrors: Record<string, string[]>; choices: CityChoices | null };

export type ResolvedCity = Extract<CityResolution, { ok: true }>;

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value.trim() : "");

/** "Bairro, Cidade - UF", or "Cidade - UF" without a neighbourhood. */
export function locationText(municipality: Pick<Municipality, "name" | "uf">, neighbourhood: string | null): string {
  const label = municipalityLabel(municipality);
  return neighbourhood ? `${neighbourhood}, ${label}` : label;
}

/** The neighbourhood typed before the city ("Pinheiros, Bom Jesus") once the city is chosen. */
function neighbourhoodBefore(typed: string, m: Municipality): string | null {
  const key = placeKey(m.name);
  return readPlace(typed).find((r) => r.key === key && (!r.uf || r.uf === m.uf))?.neighbourhood ?? null;
}

/**
 * Resolves the form's `city` (with `neighbourhood` and a chosen `cityCode`, if any). A
 * blank or overlong city is left to the form's zod schema (no error of its own here).
 * A chosen code counts only when it is one of the candidates of the name typed, so a
 * forged or stale code cannot put a row in another city.
 */
export function resolveCityField(db: Database, formData: FormData): Promise<CityResolution> {
  return resolveCity(db, {
    city: text(formData.get("city")),
    neighbourhood: text(formData.get("neighbourhood")),
    cityCode: text(formData.get("cityCode")),
  });
}

/** resolveCityField for values already read (the sighting form's optional city). */
export async function resolveCity(
  db: Database,
  values: { city: string; neighbourhood?: string; cityCode?: string },
): Promise<CityResolution> {
  const typed = values.city.trim();
  const neighbourhoodTyped = values.neighbourhood?.trim() ?? "";
  if (!typed || typed.length > 120) return { ok: false, fieldErrors: {}, choices: null };
  const found = (municipality: Municipality, fromCity: string | null, choices: CityChoices | null): CityResolution => {
    const neighbourhood = neighbourhoodTyped || fromCity;
    return {
      ok: true,
      municipality,
      municipalityCode: municipality.ibgeCode,
      neighbourhood,
      location: locationText(municipality, neighbourhood),
      choices,
    };
  };

  const resolved = await resolvePlace(db, typed);
  if (resolved.kind === "found") return found(resolved.municipality, resolved.neighbourhood, null);
  if (resolved.kind === "unknown") return { ok: false, fieldErrors: { city: [CITY_UNKNOWN_MESSAGE] }, choices: null };

  const options = resolved.candidates.map((m) => ({ code: m.ibgeCode, label: municipalityLabel(m) }));
  const code = Number(values.cityCode ?? "");
  const chosen = resolved.candidates.find((m) => m.ibgeCode === code);
  if (chosen) return found(chosen, neighbourhoodBefore(typed, chosen), { options, chosen: chosen.ibgeCode });
  return { ok: false, fieldErrors: { city: [CITY_AMBIGUOUS_MESSAGE] }, choices: { options, chosen: null } };
}

/** The field errors of a form whose city did not resolve (none when it did). */
export function cityErrors(place: CityResolution): Record<string, string[]> {
  return place.ok ? {} : place.fieldErrors;
}

/** Field errors for Conform's `reply`: undefined when there are none. */
export function mergeFieldErrors(...parts: Record<string, string[] | undefined>[]): Record<string, string[]> | undefined {
  const merged: Record<string, string[]> = {};
  for (const part of parts) {
    for (const [name, errors] of Object.entries(part)) if (errors?.length) merged[name] = [...(merged[name] ?? []), ...errors];
  }
  return Object.keys(merged).length ? merged : undefined;
}

/**
 * 'Cidade' and 'Bairro ou referência' of an edit form from a stored row: a resolved row's
 * text is split back ("Pinheiros, São Paulo - SP"); anything else goes whole into Cidade.
 */
export function cityDefaults(
  location: string,
  municipality: Pick<Municipality, "name" | "uf"> | null,
  { withNeighbourhood = true }: { withNeighbourhood?: boolean } = {},
): { city: string; neighbourhood: string } {
  if (!municipality || !withNeighbourhood) return { city: location, neighbourhood: "" };
  const label = municipalityLabel(municipality);
  if (location === label) return { city: label, neighbourhood: "" };
  if (location.endsWith(`, ${label}`)) return { city: label, neighbourhood: location.slice(0, -label.length - 2) };
  return { city: location, neighbourhood: "" };
}

/** cityDefaults of a stored row, reading its municipality by code (old rows have none). */
export async function storedCity(
  db: Database,
  row: { location: string; municipalityCode: number | null },
  options?: { withNeighbourhood?: boolean },
) {
  const municipality = row.municipalityCode === null ? null : await municipalityByCode(db, row.municipalityCode);
  return cityDefaults(row.location, municipality, options);
}

// --- the backfill of rows typed before the IBGE codes (docs/decisions/0032, Backfill) --------

/** Rows resolved per request: one resolvePlace query each, well under a Worker's limits. */
export const BACKFILL_ROWS_PER_PAGE = 100;

export interface BackfillCursor {
  table: LocatedTable;
  after: number;
}

export interface BackfillPage {
  /** Send back to go on; null once every table was walked (and sightings took their pet's city). */
  next: BackfillCursor | null;
  resolved: number;
  /** Rows kept as typed: no municipality, or one name in several states. */
  unresolved: { table: LocatedTable; id: number; location: string; candidates: string[] }[];
  sightings: number;
}

/**
 * One page of the backfill: resolves, with the forms' own resolver, up to `limit` rows that
 * have no municipality, storing the code and the text as the forms would ("Bairro, Cidade -
 * UF"). Idempotent: resolved rows are never read again; unresolved ones keep their text and
 * are listed on every run.
 */
export async function backfillMunicipalities(
  db: Database,
  /** Where the sightings are (docs/decisions/0050). */
  activityDb: ActivityDatabase,
  cursor: BackfillCursor | null,
  limit = BACKFILL_ROWS_PER_PAGE,
): Promise<BackfillPage> {
  const tables = Object.keys(LOCATED_TABLES) as LocatedTable[];
  let index = cursor ? Math.max(0, tables.indexOf(cursor.table)) : 0;
  let after = cursor?.after ?? 0;
  const page: BackfillPage = { next: null, resolved: 0, unresolved: [], sightings: 0 };
  let budget = limit;
  while (index < tables.length && budget > 0) {
    const table = tables[index]!;
    const rows = await unresolvedRows(db, table, after, budget);
    for (const row of rows) {
      const place = await resolvePlace(db, row.location);
      if (place.kind === "found") {
        await setResolvedLocation(db, table, row.id, place.municipality.ibgeCode, locationText(place.municipality, place.neighbourhood));
        page.resolved++;
      } else {
        const candidates = place.kind === "ambiguous" ? place.candidates.map(municipalityLabel) : [];
        page.unresolved.push({ table, id: row.id, location: row.location, candidates });
      }
      after = row.id;
    }
    budget -= rows.length;
    if (budget > 0) {
      index++;
      after = 0;
    }
  }
  if (index < tables.length) {
    page.next = { table: tables[index]!, after };
  } else {
    page.sightings = await sightingsTakePetCity(db, activityDb);
  }
  return page;
}
