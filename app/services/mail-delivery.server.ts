// The mail the task queue sends (docs/decisions/0037). A job writes its mails to
// mail_deliveries (the activity database) by key, before or after the change in the main
// database that calls for them (docs/decisions/0050); a 'deliveries' message then sends them through the provider's batch endpoint. A mail is sent at most
// once (claimed before the call, marked after it, the call carrying an idempotency key for
// the moment in between) and at least once (a failure gives it back for the retry, and the
// half-hourly sweep finds what any lost message left pending).
import type { ActivityDatabase } from "~/context.server";
import { claimMails, markMailFailed, markMailsSent, releaseMails } from "~/models/mail-deliveries.server";
import { createMailer, MAIL_BATCH_SIZE, MailRefused, type MailMessage } from "~/platform/mail.server";

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

/**
 * Sends the pending mails among `keys` (at most MAIL_BATCH_SIZE) in one batch call. Throws
 * when the provider failed for now (the caller retries the message later); a batch refused
 * as a whole for a bad address is sent one by one, so one bad address holds up no one else.
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
  const mailer = createMailer(env, fetcher);
  const claimed = mails.map((m) => m.key);
  try {
    await mailer.sendBatch(
      mails.map((m) => m.message),
      await idempotencyKeyOf(claimed),
    );
    await markMailsSent(db, claimed, new Date());
    return { sent: mails.length, refused: 0 };
  } catch (error) {
    if (!(error instanceof MailRefused && error.permanent)) {
      await releaseMails(db, claimed);
      throw error;
    }
  }
  // The batch was refused as a whole: one by one, each with its own key.
  const report: DeliveryReport = { sent: 0, refused: 0 };
  for (const [i, mail] of mails.entries()) {
    try {
      await mailer.sendBatch([mail.message], await idempotencyKeyOf([mail.key]));
      await markMailsSent(db, [mail.key], new Date());
      report.sent += 1;
    } catch (error) {
      if (error instanceof MailRefused && error.permanent) {
        console.error(`[mail] o provedor recusou "${mail.message.subject}" (HTTP ${error.status}); não será reenviado.`);
        await markMailFailed(db, mail.key, new Date());
        report.refused += 1;
        continue;
      }
      await releaseMails(db, claimed.slice(i));
      throw error;
    }
  }
  return report;
}
