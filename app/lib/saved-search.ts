// 'Avise-me' (docs/decisions/0026): the criteria of a saved search are the search page's
// own query string, normalised through the same parser, so the link in a digest opens
// exactly the search that was saved. Pure: shared by routes, models, services and tests.
import { href } from "react-router";
import { FILTER_GROUPS, filterLabel, parsePetSearch, type PetSearchCriteria, searchHref } from "./pet-search";

/** Saved searches one e-mail may have confirmed (and, apart, waiting for confirmation). */
export const MAX_SAVED_SEARCHES = 10;
/** New pets listed in one digest; the mail links to the search for the rest. */
export const DIGEST_PETS_PER_MAIL = 10;
/** An unconfirmed saved search (a visitor's) is ignored and then deleted after this. */
export const UNCONFIRMED_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Instant alerts (docs/decisions/0046) one address gets a day (a Brasília day) about new
 * lost, found or sighted pets; the rest wait for the daily digest.
 */
export const INSTANT_ALERTS_PER_DAY = 3;
/** A saved search's token: 32 random bytes, base64url (the links carry it). */
export const SAVED_SEARCH_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The criteria of a query string as stored: what the parser keeps, in searchHref's order,
 * without paging, order, view or closed ads ("" = every pet).
 */
export function normaliseCriteria(query: string): string {
  const criteria = parsePetSearch(new URL(`http://localhost/buscar-pets?${query.replace(/^\?/, "")}`));
  // Closed ads are never new: a digest lists only listed ones (docs/decisions/0023).
  const href = searchHref({ ...criteria, order: "recentes", view: "grade", page: 1, after: undefined, includeClosed: false }, {});
  return href.replace(/^\/buscar-pets\??/, "");
}

/** The parsed criteria of a stored query string. */
export function criteriaOf(stored: string): PetSearchCriteria {
  return parsePetSearch(new URL(`http://localhost/buscar-pets?${stored}`));
}

/**
 * /pets?status=X with its resolved city (`cidade` + `raio`) and the shared filters
 * (`filter=`) as search criteria: the same string /buscar-pets saves for the same choice.
 */
export function criteriaForPetsPage(status: string | null, city: Record<string, string> = {}, filters: string[] = []): string {
  const params = new URLSearchParams(city);
  if (status) params.set("category", status);
  for (const value of filters) params.append("filter", value);
  return normaliseCriteria(params.toString());
}

/** The search page of stored criteria (a relative URL). */
export function savedSearchPath(stored: string): string {
  return `${href("/buscar-pets")}${stored ? `?${stored}` : ""}`;
}

/**
 * A readable line for people: 'cachorro caramelo' · Jundiaí - SP e até 25 km · Perdido · Pequeno.
 * `quoteText: false` names the searched words without quoting them, for mail to an address
 * nobody has confirmed yet: whoever asked may have typed anything there
 * (docs/decisions/0031). The other parts come from fixed lists, never from the requester.
 */
export function describeCriteria(
  stored: string,
  { quoteText = true, placeLabel }: { quoteText?: boolean; placeLabel?: string } = {},
): string {
  const criteria = criteriaOf(stored);
  const parts: string[] = [];
  if (criteria.q && quoteText) parts.push(`“${criteria.q}”`);
  // The city as the server resolved it ("Jundiaí - SP"), else as typed; typed text is
  // never put in a mail to an unconfirmed address (0031).
  const city = placeLabel ?? (quoteText ? criteria.city : criteria.city ? "na cidade buscada" : "");
  if (city) parts.push(criteria.radius ? `${city} e até ${criteria.radius} km` : city);
  if (criteria.category) {
    parts.push(filterLabel(criteria.category));
  }
  for (const group of FILTER_GROUPS) {
    const values = criteria.filters[group.key];
    if (values.length) parts.push(values.map(filterLabel).join(" ou "));
  }
  if (criteria.q && !quoteText) {
    const words = criteria.q.split(/\s+/).length > 1 ? "com as palavras buscadas" : "com a palavra buscada";
    return parts.length ? [...parts, words].join(" · ") : `pets ${words}`;
  }
  return parts.length ? parts.join(" · ") : "Todos os pets";
}

/**
 * What the instant alerts look a saved search up by, besides its municipality
 * (docs/decisions/0046): the radius, its status when it names exactly one, and its species
 * (as pets store it, "gato") when it names exactly one of the named ones. '' is "any":
 * several statuses, 'Outro' or several species are checked against the pet by the search's
 * own query afterwards.
 */
export function alertKeysOf(criteria: PetSearchCriteria): { radiusKm: number; status: string; species: string } {
  const statuses = criteria.category ? [criteria.category] : criteria.filters.status;
  const species = criteria.filters.type;
  return {
    radiusKm: criteria.radius,
    status: statuses.length === 1 ? statuses[0]! : "",
    species: species.length === 1 && species[0] !== "Outro" ? species[0]!.toLowerCase() : "",
  };
}
