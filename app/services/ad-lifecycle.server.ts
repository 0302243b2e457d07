// The ads' lifecycle beyond one table (docs/decisions/0023): the daily job's reminder
// mails and expiry, and what a close or a renewal must make the edge cache forget.
import { href, type RouterContextProvider } from "react-router";
import { getDb } from "~/context.server";
import { personalTabsFor } from "~/lib/accounts";
import { adState } from "~/lib/ad-lifecycle";
import { formatShortDate } from "~/lib/format";
import { parseId, safeRedirectPath } from "~/lib/links";
import { adsToRemindAmong, expireAdsAmong, getOwnedPetLifecycle, markRemindedQuery } from "~/models/ad-lifecycle.server";
import { petTitle, type PetTitleFacts } from "~/lib/pet-title";
import { requireUser } from "~/platform/auth.server";
import type { JobContext } from "./job-context";
import { sendJobMails } from "./mail-delivery.server";
import { AdReminderMail } from "~/mail/ad-reminder";
import { renderMail } from "~/mail/render.server";
import type { MailMessage } from "~/platform/mail.server";
import { siteOrigin } from "~/platform/site-url.server";

type Reminded = PetTitleFacts & { id: number; renewedAt: Date; email: string; ownerName: string | null };

export function reminderMessage(origin: string, ad: Reminded, now: Date): MailMessage {
  // The day it would leave the search, by the same rule as Meus Pets shows afterwards.
  const leaves = adState({ closedAs: null, closedAt: null, listed: false, renewedAt: ad.renewedAt, remindedAt: now }, now);
  const leavesOn = leaves.kind === "expired" ? formatShortDate(leaves.since) : "";
  const renew = `${origin}${href("/pet/:id/renovar", { id: String(ad.id) })}`;
  const close = `${origin}${href("/pet/:id/encerrar", { id: String(ad.id) })}`;
  const page = `${origin}${href("/pet/:id", { id: String(ad.id) })}`;
  return { to: ad.email, ...renderMail(AdReminderMail, { ownerName: ad.ownerName, petTitle: petTitle(ad), leavesOn, page, renew, close }) };
}

/**
 * A 'reminders' message of the task queue (docs/decisions/0037): of these ads, the ones
 * still due get their reminder. The mails first, then the claims (main): the key is the ad
 * and its renewal, so a retry after the claim failed finds the same ads and sends the same
 * batch under the same idempotency key, once; a reminder is never lost to a failed claim
 * (docs/decisions/0052). Returns the keys of the mails left in the outbox.
 */
export async function remindAds(job: JobContext, petIds: number[]): Promise<string[]> {
  const { env, db, now } = job;
  const due = await adsToRemindAmong(db, petIds, now);
  if (due.length === 0) return [];
  const origin = siteOrigin(env);
  // One reminder per renewal: renewing clears the claim and starts another 60 days.
  const mails = due.map((ad) => ({
    key: `lembrete:${ad.id}:${ad.renewedAt.getTime()}`,
    message: reminderMessage(origin, ad, now),
    id: ad.id,
  }));
  const queued = await sendJobMails(job, mails);
  await markRemindedQuery(
    db,
    due.map((ad) => ad.id),
    now,
  );
  return queued;
}

/** An 'expiries' message: these ads, if still due, leave the search. Returns the ids that left. */
export function expireAds({ db, now }: JobContext, petIds: number[]) {
  return expireAdsAmong(db, petIds, now);
}

/**
 * The close and renew pages' ad: the signed-in owner's (the owner is in the query, so
 * anyone else gets the same null as a pet that does not exist), and where to go back.
 */
export async function ownedAdForLifecycle(context: Readonly<RouterContextProvider>, request: Request, rawId: string | undefined) {
  const user = await requireUser(context, request);
  const id = parseId(rawId);
  const pet = id ? await getOwnedPetLifecycle(getDb(context), { id, userId: user.id }) : null;
  const back = pet
    ? safeRedirectPath(new URL(request.url).searchParams.get("voltar"), href("/pet/:id", { id: String(pet.id) }))
    : personalTabsFor(user.accountType).pets;
  return { user, pet, back };
}
