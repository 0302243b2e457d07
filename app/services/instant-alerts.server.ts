// Instant 'Avise-me' alerts (docs/decisions/0046). A new lost, found or sighted pet is sent
// to the task queue when it is published; the consumer finds the confirmed saved searches
// whose city and radius, status and species may cover it (an indexed query), checks each
// with the search's own query (the digest's, on the pet's id alone), and mails each address
// once, at most INSTANT_ALERTS_PER_DAY a day, through mail_deliveries like every job's mail
// (docs/decisions/0037). What is not mailed at once waits for the daily digest, which
// skips what was.
import { href, type RouterContextProvider } from "react-router";
import { getCloudflare } from "~/context.server";
import type { PetTitleFacts } from "~/lib/pet-title";
import { counterpartStatuses } from "~/lib/pet-match";
import { longWordsIn, searchTerms } from "~/lib/pet-search";
import { criteriaOf, describeCriteria, INSTANT_ALERTS_PER_DAY, savedSearchPath } from "~/lib/saved-search";
import { getMatchablePet } from "~/models/pet-matches.server";
import { newMatchesQuery } from "~/models/pet-search.server";
import { type SavedSearch, savedSearchesDueAmong } from "~/models/saved-searches.server";
import { coveringSavedSearches, recordedInstantAlertsQuery, recordInstantAlert } from "~/models/instant-alerts.server";
import { InstantAlertMail } from "~/mail/instant-alert";
import { renderMail } from "~/mail/render.server";
import type { MailMessage } from "~/platform/mail.server";
import { siteOrigin } from "~/platform/site-url.server";
import { queueSink } from "~/platform/job-queue.server";
import type { JobContext } from "./job-context";
import { sendJobMails } from "./mail-delivery.server";
import { chunked, INSTANT_ALERTS_PER_MESSAGE, type JobMessage } from "./job-messages";
import { placeLabelOf } from "./search-alerts.server";

/**
 * Called by the publishing action once the pet is saved: its matching (docs/decisions/0025)
 * and its instant alerts go to the task queue in one call. Never throws: the ad is
 * published whatever the queue says (the daily digest still tells the subscribers).
 */
export async function announceNewPet(context: Readonly<RouterContextProvider>, petId: number) {
  try {
    const { env } = getCloudflare(context);
    const messages: JobMessage[] = [
      { kind: "matches", petId, origin: siteOrigin(env) },
      { kind: "instant-alerts", petId },
    ];
    await env.JOBS.sendBatch(messages.map((body) => ({ body, contentType: "json" as const })));
  } catch (error) {
    console.error("[alertas] falha ao pôr o novo anúncio na fila:", error instanceof Error ? error.message : error);
  }
}

/**
 * An 'instant-alerts' message. Without `searchIds`: finds the saved searches that may cover
 * the pet, mails the first INSTANT_ALERTS_PER_MESSAGE itself and sends the rest on as
 * messages of that many. With them: mails those. Idempotent: a message delivered twice
 * records and mails nothing the second time. Returns the keys of the mails written.
 */
export async function alertNewPet(job: JobContext, message: { petId: number; searchIds?: number[] }): Promise<string[]> {
  const { db, env } = job;
  const pet = await getMatchablePet(db, message.petId);
  // Only what the digest would list (listed, public) and only lost, found or sighted pets
  // with a municipality; an adoption ad or a pet held since waits for the digest.
  if (!pet || !pet.listed || pet.closedAs || pet.moderation || pet.municipalityCode === null) return [];
  if (!counterpartStatuses(pet.status)) return [];
  let searchIds = message.searchIds;
  if (!searchIds) {
    const covering = await coveringSavedSearches(db, {
      petId: pet.id,
      municipalityCode: pet.municipalityCode,
      status: pet.status,
      type: pet.type,
    });
    const [first = [], ...rest] = chunked(
      covering.map((row) => row.id),
      INSTANT_ALERTS_PER_MESSAGE,
    );
    if (rest.length > 0) {
      await (job.sink ?? queueSink<JobMessage>(env.JOBS))(
        rest.map((ids): JobMessage => ({ kind: "instant-alerts", petId: pet.id, searchIds: ids })),
      );
    }
    searchIds = first;
  }
  if (searchIds.length === 0) return [];
  return mailSearches(job, pet, searchIds);
}

type AlertPet = NonNullable<Awaited<ReturnType<typeof getMatchablePet>>>;

async function mailSearches({ db, activityDb, env, now, fetcher }: JobContext, pet: AlertPet, searchIds: number[]): Promise<string[]> {
  // Confirmed and not past the pet in a digest yet.
  const due = await savedSearchesDueAmong(db, searchIds, pet.id);
  if (due.length === 0) return [];
  // Each search's own query on this pet alone: size, sex, several statuses, 'Outro' and
  // short words as the digest reads them, one primary-key read each. The area was the
  // covering query's (the same neighbours table, docs/decisions/0032). The longer words are
  // checked on the pet's row as the FTS index matches them: the index would read every pet
  // with the word (measured: 1,299 to 6,719 rows a word at 100,000 pets).
  const criteria = due.map((search) => criteriaOf(search.criteria));
  const checks = await db.batch(
    criteria.map((c) =>
      newMatchesQuery(db, { ...c, city: "", area: undefined, q: searchTerms(c.q).short.join(" ") }, pet.id - 1, pet.id, 1),
    ) as [ReturnType<typeof newMatchesQuery>, ...ReturnType<typeof newMatchesQuery>[]],
  );
  const searched = [pet.name, pet.type, pet.location, pet.breed, pet.color];
  const covering = due.filter((_, i) => (checks[i] ?? []).length > 0 && longWordsIn(criteria[i]!.q, searched));
  if (covering.length === 0) return [];
  const origin = siteOrigin(env);
  // The searches around one pet mostly name the same few cities: each one's name is read once.
  const labels = new Map<string, Promise<string | undefined>>();
  const cityLabel = (stored: string) => {
    const city = criteriaOf(stored).city;
    if (!labels.has(city)) labels.set(city, placeLabelOf(db, stored));
    return labels.get(city)!;
  };
  const mails = await Promise.all(
    covering.map(async (search) => ({
      search,
      key: `alerta:${search.id}:${pet.id}`,
      message: instantAlertMessage(origin, search, pet, await cityLabel(search.criteria)),
    })),
  );
  // Per search: the record (refused past the address's daily cap or for a pet it was told
  // of already), in one batch with the read of every record of the pet for these addresses;
  // then the mail of each search whose record is there, now or from an earlier delivery
  // that failed before its mail. The cap is decided in the main database, so the mail comes
  // after it (docs/decisions/0050, "Mail across databases").
  const emailOf = (search: SavedSearch) => search.email.trim().toLowerCase();
  const records = mails.map(({ search }) =>
    recordInstantAlert(db, {
      email: emailOf(search),
      petId: pet.id,
      savedSearchId: search.id,
      now,
      perDay: INSTANT_ALERTS_PER_DAY,
    }),
  );
  const results = await db.batch([
    records[0]!,
    ...records.slice(1),
    recordedInstantAlertsQuery(
      db,
      pet.id,
      mails.map(({ search }) => emailOf(search)),
      now,
    ),
  ]);
  const recorded = new Set((results.at(-1) as { email: string; savedSearchId: number }[]).map((r) => `${r.savedSearchId}:${r.email}`));
  // Sent for the recorded set, which a retry reads again: the same batch, the same
  // idempotency key (docs/decisions/0052).
  return sendJobMails(
    { env, activityDb, now, fetcher },
    mails.filter(({ search }) => recorded.has(`${search.id}:${emailOf(search)}`)).map(({ key, message }) => ({ key, message })),
  );
}

/** One pet, just published, for one saved search: what it is, the search, how to stop. */
export function instantAlertMessage(
  origin: string,
  search: SavedSearch,
  pet: PetTitleFacts & { id: number },
  placeLabel?: string,
): MailMessage {
  const unsubscribe = `${origin}${href("/alertas/cancelar/:token", { token: search.token })}`;
  return {
    to: search.email,
    ...renderMail(InstantAlertMail, {
      description: describeCriteria(search.criteria, { placeLabel }),
      pet: { ...pet, href: `${origin}${href("/pet/:id", { id: String(pet.id) })}` },
      perDay: INSTANT_ALERTS_PER_DAY,
      searchLink: `${origin}${savedSearchPath(search.criteria)}`,
      unsubscribe,
    }),
    // As the digest (docs/decisions/0026): one-click unsubscribe (RFC 2369, RFC 8058).
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
