// Lost ↔ found/sighted matches (docs/decisions/0025). When a lost, found or sighted pet
// is posted: find the candidates (app/models/pet-matches.server.ts), rank them
// (app/lib/pet-match.ts), store the pairs, and mail the owner of each candidate once per
// pair, at most MATCH_MAILS_PER_DAY a day. Never fails the ad that started it.
import { href, type RouterContextProvider } from "react-router";
import { type ActivityDatabase, getCloudflare, type Database } from "~/context.server";
import { counterpartStatuses, MATCH_RADIUS_KM, MATCH_WINDOW_DAYS, rankCandidates } from "~/lib/pet-match";
import type { PetTitleFacts } from "~/lib/pet-title";
import { findMatchCandidates, getMatchablePet, getPetOwners, insertMatches, markMatchesNotifiedQuery } from "~/models/pet-matches.server";
import type { KeyedMail } from "~/models/mail-deliveries.server";
import type { JobMessage } from "./job-messages";
import { sendJobMails } from "./mail-delivery.server";
import { PetMatchMail } from "~/mail/pet-match";
import { PosterMatchMail } from "~/mail/poster-match";
import { renderMail } from "~/mail/render.server";
import type { MailMessage } from "~/platform/mail.server";
import { consumeRateLimit, type RateLimit, subjectHash } from "~/platform/rate-limit.server";
import { siteOrigin } from "~/platform/site-url.server";
import { purgePages } from "~/platform/edge-cache.server";

/** Match mails one owner gets per day (a UTC day); later matches are only on the page. */
export const MATCH_MAILS_PER_DAY: RateLimit = { limit: 3, windowSeconds: 24 * 60 * 60 };
const DAY_MS = 24 * 60 * 60 * 1000;

export interface MatchJob {
  env: Env;
  db: Database;
  /** The match-mail limit and the mail outbox (docs/decisions/0050). */
  activityDb: ActivityDatabase;
  /** The site's address, for the links in the mails. */
  origin: string;
  now?: Date;
  /** The mail provider's HTTP client (fetch by default; tests hand in a stand-in). */
  fetcher?: typeof fetch;
}

export interface MatchRun {
  /** Pairs stored by this run (a pair stored before is not counted again). */
  stored: { lostPetId: number; otherPetId: number; score: number }[];
  /** Owners' pet ids mailed about, in order. */
  mailed: number[];
  /** The mails left in the outbox for the task queue to send (the provider could not take them now). */
  mailKeys: string[];
}

/**
 * Matches pet `petId` against the pets already posted. Idempotent: running it again
 * stores and mails nothing new for pairs it already found.
 */
export async function matchNewPet(job: MatchJob, petId: number): Promise<MatchRun> {
  const { env, db, activityDb } = job;
  const now = job.now ?? new Date();
  const none: MatchRun = { stored: [], mailed: [], mailKeys: [] };
  const pet = await getMatchablePet(db, petId);
  if (!pet || pet.closedAs || !pet.listed || pet.moderation) return none;
  const statuses = counterpartStatuses(pet.status);
  // A location never resolved to a municipality (an old row the backfill could not read)
  // takes no part (docs/decisions/0032).
  if (!statuses || pet.municipalityCode === null) return none;

  const candidates = await findMatchCandidates(db, {
    type: pet.type,
    municipalityCode: pet.municipalityCode,
    radiusKm: MATCH_RADIUS_KM,
    statuses,
    since: new Date(now.getTime() - MATCH_WINDOW_DAYS * DAY_MS),
    excludeUserId: pet.userId,
  });
  const ranked = rankCandidates(pet, candidates);
  const stored = await insertMatches(db, ranked);
  if (stored.length === 0) return none;

  const candidateOf = (pair: { lostPetId: number; otherPetId: number }) => (pair.lostPetId === pet.id ? pair.otherPetId : pair.lostPetId);
  // The found pets' public pages now list new lost pets (docs/decisions/0046): their
  // stored copies go, so a visitor sees the list at once.
  const foundIds = [...new Set(stored.map((pair) => pair.otherPetId))];
  await purgePages(foundIds.map((id) => `${job.origin}${href("/pet/:id", { id: String(id) })}`));
  const owners = new Map((await getPetOwners(db, [...stored.map(candidateOf), pet.id])).map((o) => [o.petId, o]));
  const mails: (KeyedMail<MailMessage> & { pairId: number })[] = [];
  const mailed: number[] = [];
  // Best first, so the daily cap keeps the likeliest.
  const byScore = [...stored].sort((a, b) => b.score - a.score);
  for (const pair of byScore) {
    const owner = owners.get(candidateOf(pair));
    // Never about one's own pets (the query already leaves them out).
    if (!owner || owner.userId === pet.userId) continue;
    const allowed = await consumeRateLimit(env, "match-mail", await subjectHash(owner.userId), MATCH_MAILS_PER_DAY, now.getTime());
    if (!allowed.allowed) continue;
    mails.push({ key: `correspondencia:${pair.id}`, message: matchMail(job.origin, owner, pet), pairId: pair.id });
    mailed.push(owner.petId);
  }
  // The poster hears of them too (docs/decisions/0046): one mail for the run, best first,
  // within the same daily cap. A pair is new only once, so this mail is never repeated.
  const poster = owners.get(pet.id);
  const posterMails: KeyedMail<MailMessage>[] = [];
  if (poster && (await consumeRateLimit(env, "match-mail", await subjectHash(poster.userId), MATCH_MAILS_PER_DAY, now.getTime())).allowed) {
    const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
    const others = byScore.flatMap((pair) => byId.get(candidateOf(pair)) ?? []);
    posterMails.push({
      key: `correspondencia-anuncio:${pet.id}:${byScore[0]!.id}`,
      message: posterMatchMail(job.origin, poster, pet, others),
    });
  }
  // The mails, then the pairs' notified mark (main), only shown, never a condition. The
  // pairs were stored before (only new pairs get mail), so a retry mails nothing again
  // (docs/decisions/0052).
  const queued = await sendJobMails(
    { env, activityDb, now, fetcher: job.fetcher },
    [...mails, ...posterMails].map(({ key, message }) => ({ key, message })),
  );
  if (mails.length > 0)
    await markMatchesNotifiedQuery(
      db,
      mails.map((m) => m.pairId),
      now,
    );
  return {
    stored: stored.map(({ lostPetId, otherPetId, score }) => ({ lostPetId, otherPetId, score })),
    mailed,
    mailKeys: queued,
  };
}

/**
 * The mail to whoever just posted `pet` about the pets it matched now, best first
 * (docs/decisions/0046): a lost pet's owner learns of found and sighted pets, a finder of
 * the lost pets theirs may be.
 */
function posterMatchMail(
  origin: string,
  poster: { email: string; ownerName: string | null },
  pet: PetTitleFacts & { id: number },
  others: (PetTitleFacts & { id: number })[],
): MailMessage {
  const linked = (one: PetTitleFacts & { id: number }) => ({ ...one, href: `${origin}${href("/pet/:id", { id: String(one.id) })}` });
  return {
    to: poster.email,
    ...renderMail(PosterMatchMail, {
      ownerName: poster.ownerName,
      pet: linked(pet),
      others: others.map(linked),
      perDay: MATCH_MAILS_PER_DAY.limit,
    }),
  };
}

/** The mail to the owner of `owner.petId` about `newPet`, just posted. */
function matchMail(
  origin: string,
  owner: { petId: number; petName: string; email: string; ownerName: string | null },
  newPet: PetTitleFacts & { id: number },
): MailMessage {
  return {
    to: owner.email,
    ...renderMail(PetMatchMail, {
      ownerName: owner.ownerName,
      petName: owner.petName,
      petLink: `${origin}${href("/pet/:id", { id: String(owner.petId) })}`,
      newPet: { ...newPet, href: `${origin}${href("/pet/:id", { id: String(newPet.id) })}` },
      perDay: MATCH_MAILS_PER_DAY.limit,
    }),
  };
}

/**
 * Called by the ad's action once the pet is saved: the matching goes to the task queue
 * (docs/decisions/0037), so a slow search never rides on the person's request; the
 * matches show on the pet's page a moment later. Never throws: a failure to enqueue is
 * logged and the ad stays published (docs/decisions/0025).
 */
export async function matchAfterPosting(context: Readonly<RouterContextProvider>, request: Request, petId: number) {
  try {
    const { env } = getCloudflare(context);
    const message: JobMessage = { kind: "matches", petId, origin: siteOrigin(env) };
    await env.JOBS.send(message, { contentType: "json" });
  } catch (error) {
    console.error("[matches] falha ao pôr a busca de correspondências na fila:", error instanceof Error ? error.message : error);
  }
}
