// The mail the task queue sends (docs/decisions/0037). A job sends its mails itself, through
// the provider's batch endpoint under an idempotency key made of the mails' keys, before the
// change that would stop a retry from making them again (docs/decisions/0052). Only what the
// provider cannot take now goes to the outbox, mail_deliveries (the activity database), for
// a 'deliveries' message: claimed before the call, marked after it, the call carrying the
// same kind of key for the moment in between, given back on a failure, and found by the
// half-hourly sweep when a message was lost. Sent at most once, and at least once.
import type { ActivityDatabase } from "~/context.server";
import {
  claimMails,
  type KeyedMail,
  mailsInOutbox,
  markMailFailed,
  markMailsSent,
  releaseMails,
  writeMails,
} from "~/models/mail-deliveries.server";
import { createMailer, MAIL_BATCH_SIZE, type Mailer, type MailMessage, MailRefused, maskAddress } from "~/platform/mail.server";
import type { JobContext } from "./job-context";
import { chunked } from "./job-messages";

/** How long a delivery holds its mails: far longer than one call to the provider. */
const LEASE_MS = 5 * 60 * 1000;

export interface DeliveryReport {
  sent: number;
  /** Refused for good by the provider (a malformed address): never tried again. */
  refused: number;
}

/** The same keys always make the same key, so a retried call is one call for the provider. */
export async function idempotencyKeyOf(keys: string[]) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode([...keys].sort().join("\n")));
  return `entrega/${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** What one batch of mails came to with the provider. */
interface BatchOutcome {
  /** Taken by the provider (or taken before, under the same idempotency key). */
  sent: string[];
  /** Refused for good, one by one: never tried again. */
  refused: string[];
  /** Not sent for now (the provider failed for now), with the error: they wait for a retry. */
  unsent: KeyedMail<MailMessage>[];
  failure: unknown;
}

/** The request failed for now: the provider may take it later (429, 5xx, network, a 409 still running). */
const isTransient = (error: unknown) => !(error instanceof MailRefused && error.permanent);

/**
 * Resend's 409 `invalid_idempotent_request`: this key was used before with another payload.
 * The key is made of the mail keys alone, so the same mails went out under it within the
 * day (their bodies read again since, e.g. a pet edited): sent (docs/decisions/0052).
 */
const sentBefore = (error: unknown) => error instanceof MailRefused && error.providerError === "invalid_idempotent_request";

/**
 * Sends `mails` (at most MAIL_BATCH_SIZE) in one batch call under the idempotency key of
 * their keys. A batch refused for good as a whole (a malformed address fails the batch) is
 * sent one by one, each under its own key, so one bad address holds up no one else; a mail
 * refused for good is logged (address masked, never the body) and reported, never retried.
 * `onSent`/`onRefused` record each outcome as it comes. Never throws for the provider: a
 * failure for now ends the batch, its error and the mails still to send in the outcome.
 */
async function sendMailBatch(
  mailer: Mailer,
  mails: KeyedMail<MailMessage>[],
  record: { onSent?: (keys: string[]) => Promise<void>; onRefused?: (key: string) => Promise<void> } = {},
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { sent: [], refused: [], unsent: [], failure: null };
  const attempt = async (group: KeyedMail<MailMessage>[]) => {
    const keys = group.map((m) => m.key);
    try {
      await mailer.sendBatch(
        group.map((m) => m.message),
        await idempotencyKeyOf(keys),
      );
    } catch (error) {
      if (!sentBefore(error)) return error;
    }
    outcome.sent.push(...keys);
    await record.onSent?.(keys);
    return null;
  };
  const whole = await attempt(mails);
  if (whole === null) return outcome;
  if (isTransient(whole)) return { ...outcome, unsent: mails, failure: whole };
  // The batch was refused as a whole: one by one, each with its own key.
  for (const [i, mail] of mails.entries()) {
    const error = await attempt([mail]);
    if (error === null) continue;
    if (isTransient(error)) return { ...outcome, unsent: mails.slice(i), failure: error };
    const status = error instanceof MailRefused ? error.status : "?";
    console.error(
      `[mail] o provedor recusou "${mail.message.subject}" para ${maskAddress(mail.message.to)} (HTTP ${status}); não será reenviado.`,
    );
    outcome.refused.push(mail.key);
    await record.onRefused?.(mail.key);
  }
  return outcome;
}

/**
 * Sends the pending mails among `keys` (at most MAIL_BATCH_SIZE) from the outbox, in one
 * batch call. Throws when the provider failed for now (the caller retries the message
 * later): the mails not sent are given back.
 */
export async function deliverMails(
  env: Env,
  db: ActivityDatabase,
  keys: string[],
  now = new Date(),
  fetcher: typeof fetch = fetch,
): Promise<DeliveryReport> {
  if (keys.length > MAIL_BATCH_SIZE) throw new Error(`no máximo ${MAIL_BATCH_SIZE} e-mails por entrega`);
  const mails = await claimMails<MailMessage>(db, keys, now, new Date(now.getTime() + LEASE_MS));
  if (mails.length === 0) return { sent: 0, refused: 0 };
  const outcome = await sendMailBatch(createMailer(env, fetcher), mails, {
    onSent: (sent) => markMailsSent(db, sent, new Date()),
    onRefused: (key) => markMailFailed(db, key, new Date()),
  });
  if (outcome.failure !== null) {
    await releaseMails(
      db,
      outcome.unsent.map((m) => m.key),
    );
    throw outcome.failure;
  }
  return { sent: outcome.sent.length, refused: outcome.refused.length };
}

/** What a job that mails needs: the bindings, the outbox, the time, the provider's client. */
export type MailingJob = Pick<JobContext, "env" | "activityDb" | "now" | "fetcher">;

/**
 * A job's mails, sent by the job itself (docs/decisions/0052): no outbox row when the
 * provider takes them. One read of the outbox first: a key already there is its delivery's
 * to send, never sent here too. The others go in batches of MAIL_BATCH_SIZE, in key order
 * (a retry of the job makes the same batches, so the same idempotency keys: one send for
 * the provider). When the provider fails for now, the mails not sent yet are written to the
 * outbox (`writeMails`), as every job mail was before. Returns the outbox keys still to
 * deliver, for the consumer's 'deliveries' message (the half-hourly sweep catches a lost one).
 * Call it before the change that would stop a retry from making the same mails.
 */
export async function sendJobMails(job: MailingJob, mails: KeyedMail<MailMessage>[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const inOutbox = await mailsInOutbox(
    job.activityDb,
    mails.map((m) => m.key),
  );
  const held = new Set(inOutbox.map((row) => row.key));
  const pending = inOutbox.filter((row) => row.pending).map((row) => row.key);
  const direct = mails.filter((m) => !held.has(m.key)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const mailer = createMailer(job.env, job.fetcher);
  const batches = chunked(direct, MAIL_BATCH_SIZE);
  for (const [i, batch] of batches.entries()) {
    const outcome = await sendMailBatch(mailer, batch);
    if (outcome.failure === null) continue;
    const unsent = [...outcome.unsent, ...batches.slice(i + 1).flat()];
    console.warn(
      `[mail] o provedor não aceitou agora ${unsent.length} e-mail(s) (${outcome.failure instanceof Error ? outcome.failure.message : "falha"}); ficam na fila de entrega.`,
    );
    return [...pending, ...(await writeMails(job.activityDb, unsent, job.now))];
  }
  return pending;
}
