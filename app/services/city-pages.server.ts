// The city pages, /pets-perdidos/{uf}/{cidade} and /adocao/{uf}/{cidade} (docs/decisions/0032,
// City pages): the open ads of a municipality and its neighbours within 25 km, through the
// search's own statement, and the nearby cities' pages.
import { redirect, type RouterContextProvider, href } from "react-router";
import { getDb } from "~/context.server";
import { PAGE_SIZE } from "~/lib/pagination";
import { parsePetSearch } from "~/lib/pet-search";
import { cityParam, municipalityLabel, placeSlug } from "~/lib/place-names";
import { normaliseCriteria } from "~/lib/saved-search";
import { municipalityBySlug, nearbyMunicipalities } from "~/models/municipalities.server";
import { searchPets } from "~/models/pet-search.server";
import { notFound } from "~/lib/not-found";
import { CITY_NOT_FOUND } from "~/lib/not-found-screens";
import { nearbyOrganizationsOffer } from "./nearby-organizations.server";

/** City pages show the city and the municipalities within this distance. */
export const CITY_PAGE_RADIUS_KM = 25;
/** Nearby cities linked from a city page. */
const NEARBY_LINKS = 12;

export type CityPageStatus = "perdido" | "adocao";

/** The path of a city page: "/pets-perdidos/sp/jundiai". */
export function cityPagePath(status: CityPageStatus, m: { name: string; uf: string }): string {
  return `/${status === "perdido" ? "pets-perdidos" : "adocao"}/${m.uf.toLowerCase()}/${placeSlug(m.name)}`;
}

export async function loadCityPage(
  context: Readonly<RouterContextProvider>,
  request: Request,
  params: { uf?: string; cidade?: string },
  status: CityPageStatus,
) {
  const db = getDb(context);
  const municipality = await municipalityBySlug(db, params.uf ?? "", params.cidade ?? "");
  if (!municipality) throw notFound(CITY_NOT_FOUND);
  // One address per city: "/pets-perdidos/SP/Jundiaí" moves to "/pets-perdidos/sp/jundiai".
  const path = cityPagePath(status, municipality);
  if (params.uf !== municipality.uf.toLowerCase() || params.cidade !== placeSlug(municipality.name)) throw redirect(path, 301);
  const url = new URL(request.url);

  const city = cityParam(municipality);
  const criteria = {
    ...parsePetSearch(new URL("http://localhost/buscar-pets")),
    category: status,
    city,
    radius: CITY_PAGE_RADIUS_KM,
    area: { code: municipality.ibgeCode, km: CITY_PAGE_RADIUS_KM },
  } as const;
  const [result, nearby] = await Promise.all([
    searchPets(db, criteria, PAGE_SIZE),
    nearbyMunicipalities(db, municipality.ibgeCode, CITY_PAGE_RADIUS_KM, NEARBY_LINKS),
  ]);
  // The search and 'Avise-me' with the same criteria: the city, 25 km and the status.
  const query = `cidade=${encodeURIComponent(city)}&raio=${CITY_PAGE_RADIUS_KM}`;
  // No pet for adoption around: the NGOs near the city (docs/decisions/0047).
  const nearbyOrganizations =
    status === "adocao" && result.items.length === 0
      ? await nearbyOrganizationsOffer(db, { code: municipality.ibgeCode, label: municipalityLabel(municipality), param: city })
      : null;
  return {
    status,
    label: municipalityLabel(municipality),
    url: `${url.origin}${path}`,
    items: result.items,
    more: result.next !== null,
    searchPath: `${href("/buscar-pets")}?${query}&category=${status}`,
    alertCriteria: normaliseCriteria(`${query}&filter=${status}`),
    nearby: nearby.map((m) => ({ label: municipalityLabel(m), path: cityPagePath(status, m) })),
    nearbyOrganizations,
  };
}
