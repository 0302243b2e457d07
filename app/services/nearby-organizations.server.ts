// An adoption search that finds no pet offers the NGOs near the searched city
// (docs/decisions/0047): they have animals waiting that may never have been posted here.
import { href } from "react-router";
import type { Database } from "~/context.server";
import { organizationsNear } from "~/models/organizations.server";

/** How far the offer looks: the farthest pair municipality_neighbours keeps (docs/decisions/0032). */
export const ORGANIZATIONS_NEAR_KM = 50;
/** One row of cards: the rest are a link away. */
const ORGANIZATIONS_OFFERED = 3;

export interface NearbyOrganizations {
  /** "Osasco - SP" */
  place: string;
  items: Omit<Awaited<ReturnType<typeof organizationsNear>>[number], "distanceKm">[];
  /** /ongs filtered to the same city and distance. */
  allPath: string;
}

/** The NGOs nearest the city, or null when none is within reach (then nothing is offered). */
export async function nearbyOrganizationsOffer(
  db: Database,
  city: { code: number; label: string; param: string },
): Promise<NearbyOrganizations | null> {
  const rows = await organizationsNear(db, { code: city.code, km: ORGANIZATIONS_NEAR_KM }, ORGANIZATIONS_OFFERED);
  if (!rows.length) return null;
  return {
    place: city.label,
    items: rows.map(({ distanceKm: _, ...card }) => card),
    allPath: `${href("/ongs")}?cidade=${encodeURIComponent(city.param)}&raio=${ORGANIZATIONS_NEAR_KM}`,
  };
}
