// The city filter's state as pages show it (`?cidade=` and `?raio=`, docs/decisions/0032).
// Pure: shared by the resolver's service, the listing routes and the city-filter component.
import type { RadiusKm } from "./place-names";

export interface CityChoice {
  label: string;
  /** The `?cidade=` value that names it without doubt ("bom-jesus-rs"). */
  param: string;
}

/** A resolved, ambiguous or unknown `?cidade=` (none when empty), with its `?raio=`. */
export type CityFilterState =
  | { state: "none"; typed: ""; radius: RadiusKm }
  | { state: "found"; typed: string; radius: RadiusKm; label: string; param: string }
  | { state: "ambiguous"; typed: string; radius: RadiusKm; candidates: CityChoice[] }
  | { state: "unknown"; typed: string; radius: RadiusKm };

export const NO_CITY_FILTER: CityFilterState = { state: "none", typed: "", radius: 0 };

/**
 * The parameters other links of the page keep (category links, the search box): the
 * resolved city in its canonical form, or what was typed, and a radius other than 0.
 */
export function cityKeep(city: CityFilterState): Record<string, string> {
  if (city.state === "none") return {};
  const keep: Record<string, string> = { cidade: city.state === "found" ? city.param : city.typed };
  if (city.radius) keep.raio = String(city.radius);
  return keep;
}

/** The same page with another city (a choice's link), from its first page. */
export function hrefWithCity(url: { pathname: string; search: string }, param: string): string {
  const params = new URLSearchParams(url.search);
  params.set("cidade", param);
  for (const paging of ["page", "depois", "vistas"]) params.delete(paging);
  return `${url.pathname}?${params.toString()}`;
}
