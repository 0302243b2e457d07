// What strangers send to an ad, 'Vi este pet' (docs/decisions/0030) and 'Enviar mensagem'
// (docs/decisions/0033): the per-ad limits, with the part kept for senders a burst cannot
// hold back, the owner's mails (the first few of a day at once, then one summary), and
// the owner's notice that a day's limit was reached. Written once for both.
import { href } from "react-router";
import { getCloudflare, type RequestContext } from "~/context.server";
import { brasiliaNow } from "~/lib/format";
import { pluralize } from "~/lib/text";
import { countPetMessagesBetween, getPetMessageTarget } from "~/models/pet-messages.server";
import { countSightingsBetween } from "~/models/sightings.server";
import { getCurrentUser } from "~/platform/auth.server";
import { AdInboxSummaryMail } from "~/mail/ad-inbox-summary";
import { renderMail } from "~/mail/render.server";
import { createMailer, sendInBackground, type MailMessage } from "~/platform/mail.server";
import {
  clientIp,
  clientNetwork,
  consumeRateLimit,
  countInWindow,
  ipRule,
  type NamedLimit,
  RATE_LIMITS,
  type RateCountersEnv,
  type RateLimit,
  takeRateLimits,
} from "~/platform/rate-limit.server";
import { siteOrigin } from "~/platform/site-url.server";
import type { JobContext } from "./job-context";
import type { JobMessage } from "./job-messages";
import { sendJobMails } from "./mail-delivery.server";

/** The two things a stranger sends to an ad. */
export type AdInbox = "sightings" | "messages";

/** Which limit refused: the names the forms' 429 messages know (app/lib/sightings, pet-messages). */
export type AdInboxLimit = "client" | "pet-client" | "pet" | "pet-reserved";

const DAY_SECONDS = 24 * 60 * 60;

interface InboxRules {
  /** The counters' bucket names start with it (unchanged since 0030 and 0033). */
  bucket: string;
  /** Per client (IPv6 /64) and hour, across ads; scaled by ipRule. */
  perClient: RateLimit;
  /** Per (ad, network: IPv6 /48) and Brasília day. */
  perAdPerNetwork: RateLimit;
  /** The ad's open part of its day. */
  perAd: RateLimit;
  /** The ad's reserved part: networks new to it today, and confirmed accounts. */
  reservedPerAd: RateLimit;
}

const RULES: Record<AdInbox, InboxRules> = {
  sightings: {
    bucket: "sighting",
    perClient: RATE_LIMITS.sightingsPerIp,
    perAdPerNetwork: RATE_LIMITS.sightingsPerPetPerNetwork,
    perAd: RATE_LIMITS.sightingsPerPet,
    reservedPerAd: RATE_LIMITS.sightingsReservedPerPet,
  },
  messages: {
    bucket: "pet-message",
    perClient: RATE_LIMITS.petMessagesPerIp,
    perAdPerNetwork: RATE_LIMITS.petMessagesPerPetPerNetwork,
    perAd: RATE_LIMITS.petMessagesPerPet,
    reservedPerAd: RATE_LIMITS.petMessagesReservedPerPet,
  },
};

/**
 * Counts one sighting or message against the limits of `petId`, or refuses it counting
 * nothing (docs/decisions/0030, 0038). First the open part: per client and hour (/64), per
 * (ad, network) and day (/48: one home's /56 or a provider's /48 is one network), and the
 * ad's open ceiling. When only that ceiling is full, the reserved part: one per network and
 * day, for a network that has sent nothing to this ad today, or for a confirmed account
 * within its network's day. Each part is one atomic take (takeRateLimits); the
 * second runs only after the first refused, with the same clock.
 */
export async function takeAdInboxLimits(
  context: RequestContext,
  request: Request,
  inbox: AdInbox,
  petId: number,
  now = Date.now(),
): Promise<{ allowed: true } | { allowed: false; limit: AdInboxLimit; retryAfterSeconds: number }> {
  const { env } = getCloudflare(context);
  const rules = RULES[inbox];
  const network = clientNetwork(request);
  const perClient: NamedLimit<AdInboxLimit> = {
    limit: "client",
    bucket: `${rules.bucket}-ip`,
    subject: clientIp(request),
    rule: ipRule(rules.perClient, env),
  };
  const perNetwork: NamedLimit<AdInboxLimit> = {
    limit: "pet-client",
    bucket: `${rules.bucket}-pet-client`,
    subject: `${petId}:${network}`,
    rule: rules.perAdPerNetwork,
  };
  const open = await takeRateLimits(
    env,
    [perClient, perNetwork, { limit: "pet", bucket: `${rules.bucket}-pet`, subject: String(petId), rule: rules.perAd }],
    now,
  );
  if (open.allowed || open.limit !== "pet") return open;

  const confirmed = Boolean((await getCurrentUser(context))?.emailVerified);
  // In this order, a refusal names the reason: the reserve is gone, this network already
  // had its share of it, or (a visitor whose network already sent) only an account can use it.
  return takeRateLimits(
    env,
    [
      perClient,
      { limit: "pet", bucket: `${rules.bucket}-pet-reserve`, subject: String(petId), rule: rules.reservedPerAd },
      {
        limit: "pet",
        bucket: `${rules.bucket}-pet-reserve-network`,
        subject: `${petId}:${network}`,
        rule: RATE_LIMITS.reservedPerPetPerNetwork,
      },
      // A visitor: only while the network's count for this ad is still 0 (new to it today).
      confirmed ? perNetwork : { ...perNetwork, limit: "pet-reserved", rule: { ...rules.perAdPerNetwork, limit: 1 } },
    ],
    now,
  );
}

/** Mails the owner gets at once about one ad and one Brasília day; later ones go in a summary. */
export const OWNER_MAILS_PER_AD: RateLimit = { limit: 3, windowSeconds: DAY_SECONDS, brasiliaDays: true };
/** One summary per ad, inbox and day. */
const SUMMARIES_PER_AD: RateLimit = { limit: 1, windowSeconds: DAY_SECONDS, brasiliaDays: true };
/** The summary leaves this long after the first report without a mail: a burst is over by then. */
export const SUMMARY_DELAY_SECONDS = 60 * 60;

/**
 * The owner's mail about one report, after it was stored: the first OWNER_MAILS_PER_AD of
 * the day go at once; the next one queues the day's single summary (the task queue,
 * docs/decisions/0037), delayed SUMMARY_DELAY_SECONDS; after that, the page alone shows
 * them. Should the queue refuse, this report's own mail goes instead.
 */
export async function mailOwnerAboutReport(context: RequestContext, inbox: AdInbox, petId: number, mail: MailMessage, now = Date.now()) {
  const { env, ctx } = getCloudflare(context);
  const bucket = RULES[inbox].bucket;
  if ((await consumeRateLimit(env, `${bucket}-owner-mail`, String(petId), OWNER_MAILS_PER_AD, now)).allowed) {
    sendInBackground(ctx, createMailer(env), mail);
    return;
  }
  if (!(await consumeRateLimit(env, `${bucket}-owner-summary`, String(petId), SUMMARIES_PER_AD, now)).allowed) return;
  const message: JobMessage = { kind: "inbox-summary", inbox, petId, day: brasiliaNow(new Date(now)).slice(0, 10) };
  try {
    await env.JOBS.send(message, { contentType: "json", delaySeconds: SUMMARY_DELAY_SECONDS });
  } catch (error) {
    console.error("[resumo] falha ao pôr o resumo na fila:", error instanceof Error ? error.message : error);
    sendInBackground(ctx, createMailer(env), mail);
  }
}

/** Brasília's day "2026-11-24" as [its midnight, the next midnight) (UTC−3 all year). */
function brasiliaDayBounds(day: string): [Date, Date] {
  const start = new Date(`${day}T00:00:00-03:00`);
  return [start, new Date(start.getTime() + DAY_SECONDS * 1000)];
}

/**
 * The queue's summary job: counts the ad's reports of that day, and sends one mail (its
 * key is the ad, inbox and day, so a second delivery within the day is one send for the
 * provider). An ad gone or held meanwhile gets none. Returns the keys left in the outbox.
 */
export async function summarizeAdInbox(job: JobContext, message: Extract<JobMessage, { kind: "inbox-summary" }>): Promise<string[]> {
  const pet = await getPetMessageTarget(job.db, message.petId);
  if (!pet) return [];
  const [from, to] = brasiliaDayBounds(message.day);
  // Sightings are counted on the activity database, messages on the main one (0050).
  const received =
    message.inbox === "sightings"
      ? await countSightingsBetween(job.activityDb, pet.id, from, to)
      : await countPetMessagesBetween(job.db, pet.id, from, to);
  const more = received - OWNER_MAILS_PER_AD.limit;
  if (more < 1) return [];
  const anchor = message.inbox === "sightings" ? "avistamentos" : "mensagens";
  const link = `${siteOrigin(job.env)}${href("/pet/:id", { id: String(pet.id) })}#${anchor}`;
  const key = `resumo-${message.inbox}:${pet.id}:${message.day}`;
  // No state changes: a retry sends the same key again, which the provider drops (0052).
  return sendJobMails(job, [{ key, message: adInboxSummaryMail(message.inbox, pet, more, link) }]);
}

/**
 * "N novos avistamentos hoje": how many more came after the mails of the day, and the link.
 * To an address never confirmed it names no ad, as every mail there (docs/decisions/0031).
 */
export function adInboxSummaryMail(
  inbox: AdInbox,
  pet: { title: string; status: string; ownerEmail: string; ownerEmailVerified: boolean },
  more: number,
  link: string,
): MailMessage {
  return {
    to: pet.ownerEmail,
    ...renderMail(AdInboxSummaryMail, {
      inbox,
      petTitle: pet.ownerEmailVerified ? pet.title : null,
      lostPet: pet.status === "perdido",
      more,
      mailedPerDay: OWNER_MAILS_PER_AD.limit,
      link,
    }),
  };
}

/**
 * What the owner reads on the ad when a day's limit was reached: the open part full (only
 * networks new to the ad and confirmed accounts still get through), or everything.
 */
export async function adInboxLimitNotices(env: RateCountersEnv, petId: number, inboxes: AdInbox[], now = Date.now()): Promise<string[]> {
  const notices = await Promise.all(
    inboxes.map(async (inbox) => {
      const rules = RULES[inbox];
      const [open, reserved] = await Promise.all([
        countInWindow(env, `${rules.bucket}-pet`, String(petId), rules.perAd, now),
        countInWindow(env, `${rules.bucket}-pet-reserve`, String(petId), rules.reservedPerAd, now),
      ]);
      if (open < rules.perAd.limit) return null;
      const sightings = inbox === "sightings";
      const head = `O limite diário de ${sightings ? "avistamentos" : "mensagens"} deste anúncio foi atingido hoje.`;
      const left = rules.reservedPerAd.limit - reserved;
      const rest =
        left > 0
          ? sightings
            ? `Até a meia-noite (horário de Brasília), só conseguem avisar quem ainda não tinha avisado hoje e quem tem conta com e-mail confirmado: mais ${pluralize(left, "aviso", "avisos")}, no máximo.`
            : `Até a meia-noite (horário de Brasília), só conseguem escrever quem ainda não tinha escrito hoje e quem tem conta com e-mail confirmado: mais ${pluralize(left, "mensagem", "mensagens")}, no máximo.`
          : `Ninguém mais consegue ${sightings ? "avisar" : "escrever"} até a meia-noite (horário de Brasília).`;
      return `${head} ${rest} ${sightings ? "Os avisos que chegaram estão" : "As mensagens que chegaram estão"} nesta página.`;
    }),
  );
  return notices.filter((n): n is string => n !== null);
}
