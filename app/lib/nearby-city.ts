// 'Perto de você' on the home page (docs/decisions/0032, "Listings, alerts and 'Perto de
// você'"): a link to the pet search around the visitor's city, as Cloudflare locates the
// request. Pure: the home page renders it, and the Worker writes the same markup into the
// shared cached copy of the home page, per request.
import { escapeHtml } from "./html";

/** The radius the link searches within (one of RADIUS_OPTIONS). */
export const NEARBY_RADIUS_KM = 25;

export interface NearbyCity {
  /** "Jundiaí - SP", from the municipalities table (never text from the request). */
  label: string;
  /** "/buscar-pets?cidade=jundiai-sp&raio=25". */
  href: string;
}

/** The element the link goes in; empty when the city is unknown. */
export const NEARBY_CITY_ID = "perto-de-voce";

/** The link's markup: the home page and the Worker's rewriter write exactly this. */
export function nearbyCityHtml(nearby: NearbyCity): string {
  return (
    `<a href="${escapeHtml(nearby.href)}" class="font-semibold text-brand-700 underline">` +
    `Pets perto de você: ${escapeHtml(nearby.label)}</a>`
  );
}
