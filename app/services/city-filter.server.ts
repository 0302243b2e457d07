// The city filter of the listings (`?cidade=` and `?raio=`, docs/decisions/0032): what was
// typed, resolved to one municipality, or a choice, or "not found". Never throws for odd
// input: an empty or unknown city filters nothing.
import type { Database } from "~/context.server";
import type { CityFilterState } from "~/lib/city-filter";
import { cityParam, municipalityLabel, readRadius } from "~/lib/place-names";
import type { Area } from "~/models/listings.server";
import { resolvePlace } from "~/models/municipalities.server";

/** Longest `?cidade=` kept (the resolver reads at most 120 characters too). */
const MAX_CITY_TEXT = 120;

/** The city filter of a listing URL and the area it narrows to (none unless found). */
export async function readCityFilter(db: Database, url: URL): Promise<{ city: CityFilterState; area?: Area }> {
  const typed = (url.searchParams.get("cidade") ?? "").trim().slice(0, MAX_CITY_TEXT);
  const radius = readRadius(url.searchParams.get("raio"));
  if (!typed) return { city: { state: "none", typed: "", radius } };
  const place = await resolvePlace(db, typed);
  if (place.kind === "found") {
    const { municipality } = place;
    return {
      city: { state: "found", typed, radius, label: municipalityLabel(municipality), param: cityParam(municipality) },
      area: { code: municipality.ibgeCode, km: radius },
    };
  }
  if (place.kind === "ambiguous") {
    const candidates = place.candidates.map((m) => ({ label: municipalityLabel(m), param: cityParam(m) }));
    return { city: { state: "ambiguous", typed, radius, candidates } };
  }
  return { city: { state: "unknown", typed, radius } };
}
