// 'Avise-me' (docs/decisions/0026): saving a search (at once for a verified account, after
// a confirmation link for anyone else), confirming it, the one-click unsubscribe and the
// daily digest that the Cron Trigger runs (daily-jobs.server.ts).
import { href } from "react-router";
import { type Database, getCloudflare, getDb, type RequestContext } from "~/context.server";
import type { PetTitleFacts } from "~/lib/pet-title";
import {
  alertKeysOf,
  criteriaOf,
  describeCriteria,
  normaliseCriteria,
  DIGEST_PETS_PER_MAIL,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_TOKEN,
  savedSearchPath,
} from "~/lib/saved-search";
import type { CityFilterState } from "~/lib/city-filter";
import { cityParam, municipalityLabel } from "~/lib/place-names";
import { municipalitiesWithin, resolvePlace } from "~/models/municipalities.server";
import { newListedPetsQuery, withSearchArea } from "~/models/pet-search.server";
import { alertedAtOnceAmong } from "~/models/instant-alerts.server";
import type { PetSearchCriteria } from "~/lib/pet-search";
import { searchMatcher } from "~/lib/search-match";
import {
  advanceSavedSearches,
  confirmSavedSearch,
  deleteExpiredUnconfirmed,
  deleteSavedSearchByToken,
  findSavedSearchByToken,
  isConfirmable,
  markConfirmed,
  newestPetId,
  renewUnconfirmed,
  type SavedSearch,
  type SearchAlertColumns,
  savedSearchesDueAmong,
  saveSearch,
} from "~/models/saved-searches.server";
import { mailboxKey } from "~/lib/email-address";
import type { JobContext } from "./job-context";
import { sendJobMails } from "./mail-delivery.server";
import { AlertConfirmationMail } from "~/mail/alert-confirmation";
import { AlertDigestMail } from "~/mail/alert-digest";
import { renderMail } from "~/mail/render.server";
import { createMailer, type MailMessage, sendInBackground } from "~/platform/mail.server";
import { clientIp, consumeRateLimit, ipRule, RATE_LIMITS, subjectHash } from "~/platform/rate-limit.server";
import { siteOrigin } from "~/platform/site-url.server";

export const SAVED_SEARCH_LIMIT_MESSAGE = `Você já tem ${MAX_SAVED_SEARCHES} alertas. Exclua um em Meus Alertas para criar outro.`;

export type AlertCriteria =
  | { ok: true; criteria: string; placeLabel?: string }
  | { ok: false; city: Extract<CityFilterState, { state: "ambiguous" | "unknown" }> };

/**
 * The criteria 'Avise-me' stores for a query string (docs/decisions/0032): normalised
 * (0026), with the city in its canonical form ("jundiai-sp"), resolved here, so the row
 * names one municipality for good. Old links' `location=` is a city too. A city that names
 * several municipalities, or none, is not saved: the page asks which one.
 */
export async function alertCriteria(context: RequestContext, query: string): Promise<AlertCriteria> {
  const normalised = normaliseCriteria(query);
  const { city, radius } = criteriaOf(normalised);
  if (!city) return { ok: true, criteria: normalised };
  const place = await resolvePlace(getDb(context), city);
  if (place.kind === "found") {
    const params = new URLSearchParams(normalised);
    params.set("cidade", cityParam(place.municipality));
    return { ok: true, criteria: params.toString(), placeLabel: municipalityLabel(place.municipality) };
  }
  if (place.kind === "ambiguous") {
    const candidates = place.candidates.map((m) => ({ label: municipalityLabel(m), param: cityParam(m) }));
    return { ok: false, city: { state: "ambiguous", typed: city, radius, candidates } };
  }
  return { ok: false, city: { state: "unknown", typed: city, radius } };
}

/**
 * The name of a stored search's city as our table writes it ("Jundiaí - SP"), for the
 * lines that describe it; undefined without a city or when it no longer resolves.
 */
export async function placeLabelOf(db: Database, stored: string): Promise<string | undefined> {
  const { city } = criteriaOf(stored);
  if (!city) return undefined;
  const place = await resolvePlace(db, city).catch(() => null);
  return place?.kind === "found" ? municipalityLabel(place.municipality) : undefined;
}

/** describeCriteria with the city named from our table (docs/decisions/0032). */
export async function describeStoredCriteria(db: Database, stored: string, options: { quoteText?: boolean } = {}) {
  return describeCriteria(stored, { ...options, placeLabel: await placeLabelOf(db, stored) });
}

/**
 * The columns the instant alerts look a saved search up by (docs/decisions/0046): its
 * city's municipality as the digest resolves it (none without a city, or when it no longer
 * resolves: that search has the digest only), the radius, one status and one species.
 */
export async function searchAlertColumns(db: Database, stored: string): Promise<SearchAlertColumns> {
  const criteria = await withSearchArea(db, criteriaOf(stored));
  const { radiusKm, status, species } = alertKeysOf(criteria);
  return { alertMunicipalityCode: criteria.area?.code ?? null, alertRadiusKm: radiusKm, alertStatus: status, alertSpecies: species };
}

export type SaveAlertResult =
  | { ok: true; kind: "created" | "exists" | "confirmation-sent" }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number }
  | { ok: false; reason: "limit" };

/**
 * Saves `criteria` (already normalised) for a signed-in user's account e-mail or a
 * visitor's. Confirmed at once only when the account's e-mail is verified; otherwise the
 * row waits for the link mailed to that address. A visitor always gets the same answer,
 * so the form never tells whether an address already has alerts.
 */
export async function saveSearchAlert(
  context: RequestContext,
  request: Request,
  input: { criteria: string; email: string; user: { id: string; emailVerified: boolean } | null },
  now = new Date(),
): Promise<SaveAlertResult> {
  const { env } = getCloudflare(context);
  const db = getDb(context);
  const email = input.email.trim().toLowerCase();
  const perIp = await consumeRateLimit(env, "alerta-ip", clientIp(request), ipRule(RATE_LIMITS.savedSearchesPerIp, env));
  if (!perIp.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: perIp.retryAfterSeconds };
  // The limits count the mailbox (vitima+1@ and vitima+2@ are one inbox); the row and the
  // mail keep the address as typed (docs/decisions/0031).
  const emailKey = await subjectHash(mailboxKey(email));
  const perEmail = await consumeRateLimit(env, "alerta-email", emailKey, RATE_LIMITS.savedSearchesPerEmail);
  if (!perEmail.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: perEmail.retryAfterSeconds };

  const lastPetId = await newestPetId(db);
  const alert = await searchAlertColumns(db, input.criteria);
  const confirmed = Boolean(input.user?.emailVerified);
  if (confirmed) {
    const saved = await saveSearch(db, { userId: input.user!.id, email, criteria: input.criteria, confirmed, lastPetId, now, alert });
    if (!saved.ok) return saved;
    if (!saved.created && !saved.search.confirmedAt) await markConfirmed(db, saved.search.id, now);
    return { ok: true, kind: saved.created ? "created" : "exists" };
  }

  // A confirmation mail: fewer per address than saves, so nobody floods someone's inbox.
  const mails = await consumeRateLimit(env, "alerta-confirmacao", emailKey, RATE_LIMITS.savedSearchConfirmationsPerEmail);
  if (!mails.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: mails.retryAfterSeconds };
  const saved = await saveSearch(db, { userId: input.user?.id ?? null, email, criteria: input.criteria, confirmed, lastPetId, now, alert });
  // Past the limit of unconfirmed rows, or already confirmed: nothing to mail, same answer.
  if (saved.ok && !saved.search.confirmedAt) {
    const search = isConfirmable(saved.search, now) ? saved.search : await renewUnconfirmed(db, saved.search.id, now, lastPetId);
    // After the response: a slow or failing provider never fails the form (0011).
    if (search) {
      // The city named from our table, never as typed (docs/decisions/0031, 0032).
      const placeLabel = await placeLabelOf(db, search.criteria);
      const message = confirmationMessage(siteOrigin(env), email, search, placeLabel);
      void sendInBackground(getCloudflare(context).ctx, createMailer(env), message);
    }
  }
  return { ok: true, kind: "confirmation-sent" };
}

// Sent to an address nobody has confirmed: nothing the requester typed goes in it, or the
// form would send our mail with a stranger's text to anyone (docs/decisions/0031).
function confirmationMessage(origin: string, to: string, search: SavedSearch, placeLabel: string | undefined): MailMessage {
  const link = `${origin}${href("/alertas/confirmar/:token", { token: search.token })}`;
  const description = describeCriteria(search.criteria, { quoteText: false, placeLabel });
  return { to, ...renderMail(AlertConfirmationMail, { description, link }) };
}

export type AlertLinkState = { state: "invalid" } | { state: "pending" | "confirmed"; description: string; searchPath: string };

/** What a confirmation or unsubscribe link stands for (its page shows a button only). */
export async function alertLinkState(context: RequestContext, token: string, now = new Date()): Promise<AlertLinkState> {
  if (!SAVED_SEARCH_TOKEN.test(token)) return { state: "invalid" };
  const search = await findSavedSearchByToken(getDb(context), token);
  if (!search || !isConfirmable(search, now)) return { state: "invalid" };
  // The page of a pending alert is the confirmation mail's link: no typed text either (0031).
  return {
    state: search.confirmedAt ? "confirmed" : "pending",
    description: await describeStoredCriteria(getDb(context), search.criteria, { quoteText: Boolean(search.confirmedAt) }),
    searchPath: savedSearchPath(search.criteria),
  };
}

export type ConfirmAlertResult = { ok: true; already: boolean; searchPath: string } | { ok: false; reason: "invalid" | "limit" };

/** The confirmation button (a POST: mail scanners only GET the link). */
export async function confirmSearchAlert(context: RequestContext, token: string, now = new Date()): Promise<ConfirmAlertResult> {
  if (!SAVED_SEARCH_TOKEN.test(token)) return { ok: false, reason: "invalid" };
  const db = getDb(context);
  const search = await findSavedSearchByToken(db, token);
  if (!search || !isConfirmable(search, now)) return { ok: false, reason: "invalid" };
  const searchPath = savedSearchPath(search.criteria);
  if (search.confirmedAt) return { ok: true, already: true, searchPath };
  if (!(await confirmSavedSearch(db, search.id, search.email, now))) return { ok: false, reason: "limit" };
  return { ok: true, already: false, searchPath };
}

/**
 * The unsubscribe link (the page's button, or a mail provider's RFC 8058 one-click POST):
 * the token alone removes the saved search. The description of what was removed, or null.
 */
export async function unsubscribeSearchAlert(context: RequestContext, token: string): Promise<string | null> {
  if (!SAVED_SEARCH_TOKEN.test(token)) return null;
  const criteria = await deleteSavedSearchByToken(getDb(context), token);
  return criteria === null ? null : describeStoredCriteria(getDb(context), criteria);
}

// --- the daily digest ---------------------------------------------------------------------

/**
 * A 'digests' message of the task queue (docs/decisions/0037): each of these confirmed
 * saved searches not yet advanced to `newest` gets one mail with the listed pets posted
 * since its `lastPetId` (when there are any), and is advanced to `newest`. A message
 * delivered again finds its searches advanced and sends nothing. Returns the keys of the
 * mails left in the outbox (docs/decisions/0052).
 */
export async function digestSearches(job: JobContext, searchIds: number[], newest: number): Promise<string[]> {
  const { env, db, now } = job;
  const due = await savedSearchesDueAmong(db, searchIds, newest);
  if (due.length === 0) return [];
  const found = await digestMatches(db, due, newest);
  const origin = siteOrigin(env);
  // The message's searches mostly name the same few cities: each one's name is read once.
  const labels = new Map<string, Promise<string | undefined>>();
  const cityLabel = (stored: string) => {
    const city = criteriaOf(stored).city;
    if (!labels.has(city)) labels.set(city, placeLabelOf(db, stored));
    return labels.get(city)!;
  };
  const mails = await Promise.all(
    due.map(async (search, i) => {
      const matches = found[i] ?? [];
      if (matches.length === 0) return null;
      const message = digestMessage(origin, search, matches, await cityLabel(search.criteria));
      return { key: `resumo:${search.id}:${newest}`, message, searchId: search.id };
    }),
  );
  const written = mails.filter((m) => m !== null);
  // The mails first, then the advance (main): once advanced, the old `lastPetId` is gone
  // and a retry could not make them again. A mail's key is its search and the day's newest
  // pet, so a retry after a failed advance sends the same batch under the same
  // idempotency key: once (docs/decisions/0052).
  const queued = await sendJobMails(job, written);
  await advanceSavedSearches(
    db,
    due.map((search) => search.id),
    newest,
    written.map((mail) => mail.searchId),
    now,
  );
  return queued;
}

/**
 * The new pets of each saved search (its listed, public pets after its `lastPetId` up to
 * `newest`, newest first, at most DIGEST_PETS_PER_MAIL + 1), as its search page would list
 * them, without the pets its address was told of at once (docs/decisions/0046). One read
 * for all of them (docs/decisions/0049): the new pets of the union of their areas (all new
 * pets when one has no city), of their statuses when each names some, matched in memory by
 * each search's criteria (lib/search-match). A search by its own query read, for text,
 * every pet with the word (43,763 rows on average at 1,000,000 pets).
 */
export async function digestMatches(db: Database, due: SavedSearch[], newest: number): Promise<DigestPet[][]> {
  if (due.length === 0) return [];
  // A saved city (`cidade=`) is resolved again here, to its area (docs/decisions/0032).
  const areas = new Map<string, Promise<PetSearchCriteria>>();
  const criteria = await Promise.all(
    due.map((search) => {
      const parsed = criteriaOf(search.criteria);
      const key = `${parsed.city}|${parsed.radius}`;
      if (!areas.has(key)) areas.set(key, withSearchArea(db, parsed));
      return areas.get(key)!.then((resolved) => ({ ...parsed, area: resolved.area }));
    }),
  );
  // Each city's municipalities (itself at 0 km) read once, at the widest radius asked there.
  const widest = new Map<number, number>();
  for (const { area } of criteria) if (area) widest.set(area.code, Math.max(widest.get(area.code) ?? 0, area.km));
  const within = new Map(
    await Promise.all([...widest].map(async ([code, km]) => [code, await municipalitiesWithin(db, code, km)] as const)),
  );
  const areaCodes = criteria.map(({ area }) =>
    area ? new Set(within.get(area.code)!.flatMap((n) => (n.distanceKm <= area.km ? [n.ibgeCode] : []))) : undefined,
  );
  const statusesOf = (c: PetSearchCriteria): string[] => (c.category ? [c.category] : c.filters.status);
  const codes = areaCodes.every((set) => set !== undefined) ? [...new Set(areaCodes.flatMap((set) => [...set!]))] : null;
  const statuses = criteria.every((c) => statusesOf(c).length > 0) ? [...new Set(criteria.flatMap(statusesOf))] : null;
  const afterId = Math.min(...due.map((search) => search.lastPetId));
  const [read, alerted] = await db.batch([
    newListedPetsQuery(db, { afterId, uptoId: newest, codes, statuses }),
    alertedAtOnceAmong(db, [...new Set(due.map((search) => search.email))], afterId, newest),
  ]);
  const newestFirst = read.sort((a, b) => b.id - a.id);
  const told = new Set(alerted.map((row) => `${row.petId} ${row.email}`));
  return due.map((search, i) => {
    const matches = searchMatcher(criteria[i]!, areaCodes[i]);
    const found: DigestPet[] = [];
    for (const pet of newestFirst) {
      if (pet.id <= search.lastPetId || found.length > DIGEST_PETS_PER_MAIL) break;
      if (!told.has(`${pet.id} ${search.email}`) && matches(pet)) found.push(pet);
    }
    return found;
  });
}

/** Unconfirmed saved searches past their week go (the daily planner, docs/decisions/0026). */
export async function deleteStaleUnconfirmedSearches(db: Database, now: Date) {
  while ((await deleteExpiredUnconfirmed(db, now)) > 0);
}

type DigestPet = PetTitleFacts & { id: number };

/** One mail per saved search: the new pets (at most DIGEST_PETS_PER_MAIL), the search, and how to stop. */
export function digestMessage(origin: string, search: SavedSearch, matches: DigestPet[], placeLabel?: string): MailMessage {
  const unsubscribe = `${origin}${href("/alertas/cancelar/:token", { token: search.token })}`;
  return {
    to: search.email,
    ...renderMail(AlertDigestMail, {
      description: describeCriteria(search.criteria, { placeLabel }),
      pets: matches.map((pet) => ({ ...pet, href: `${origin}${href("/pet/:id", { id: String(pet.id) })}` })),
      searchLink: `${origin}${savedSearchPath(search.criteria)}`,
      unsubscribe,
    }),
    // RFC 2369 and RFC 8058: mail providers show their own "cancelar inscrição" and POST
    // `List-Unsubscribe=One-Click` to this URL (docs/decisions/0026).
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
