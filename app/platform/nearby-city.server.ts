// 'Perto de você' (docs/decisions/0032, "Listings, alerts and 'Perto de você'"): where
// Cloudflare locates a request in Brazil (`request.cf.city`, `request.cf.regionCode` = the
// UF), the home page offers the pet search around that municipality. A link, never a
// redirect; nothing when the request has no location (locally, tests, other countries).
//
// The cookie-less home page is one shared copy in the edge cache (0019): it is rendered
// without any location and the link is written into it per request here, after the cache.
import { href } from "react-router";
import type { Database } from "~/context.server";
import { NEARBY_CITY_ID, NEARBY_RADIUS_KM, type NearbyCity, nearbyCityHtml } from "~/lib/nearby-city";
import { cityParam, municipalityLabel } from "~/lib/place-names";
import { resolvePlace } from "~/models/municipalities.server";

/** Where Cloudflare places the request: its city and UF, only in Brazil. */
export function requestPlace(request: Request): { city: string; uf: string } | null {
  const cf = (request as { cf?: unknown }).cf;
  if (!cf || typeof cf !== "object") return null;
  const { country, city, regionCode } = cf as Record<string, unknown>;
  if (country !== "BR" || typeof city !== "string" || typeof regionCode !== "string") return null;
  if (!city.trim() || !/^[A-Za-z]{2}$/.test(regionCode)) return null;
  return { city: city.slice(0, 120), uf: regionCode.toUpperCase() };
}

// Resolved places per isolate: the municipalities never change between deploys, and a
// location sees the same few cities, so a cached home page costs no D1 query for this.
const MEMO_LIMIT = 500;
const memo = new Map<string, NearbyCity | null>();

/** The link for this request's city, or null (no location, not Brazil, not one municipality). */
export async function nearbyCityOf(db: Database, request: Request): Promise<NearbyCity | null> {
  const place = requestPlace(request);
  if (!place) return null;
  const key = `${place.city}|${place.uf}`;
  if (memo.has(key)) return memo.get(key)!;
  let nearby: NearbyCity | null = null;
  try {
    const resolved = await resolvePlace(db, `${place.city}, ${place.uf}`);
    if (resolved.kind === "found") {
      const { municipality } = resolved;
      const query = new URLSearchParams({ cidade: cityParam(municipality), raio: String(NEARBY_RADIUS_KM) });
      nearby = { label: municipalityLabel(municipality), href: `${href("/buscar-pets")}?${query}` };
    }
  } catch {
    // A failed lookup only means no link; the page itself must not fail.
    return null;
  }
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(key, nearby);
  return nearby;
}

/**
 * The shared copy of the home page with this visitor's link written in (the copy itself is
 * rendered with no location, so it carries no one's city). Other pages pass through.
 */
export async function withNearbyCity(response: Response, request: Request, db: Database): Promise<Response> {
  if (new URL(request.url).pathname !== "/" || response.status !== 200) return response;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  const nearby = await nearbyCityOf(db, request);
  if (!nearby) return response;
  const personal = new HTMLRewriter()
    .on(`#${NEARBY_CITY_ID}`, {
      element(element) {
        element.setInnerContent(nearbyCityHtml(nearby), { html: true });
      },
    })
    .transform(response);
  // This answer names the visitor's city: no shared cache downstream may keep it.
  const answer = new Response(personal.body, personal);
  answer.headers.set("Cache-Control", "private, max-age=0");
  return answer;
}
