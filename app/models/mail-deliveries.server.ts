// The mail the queue consumer sends (docs/decisions/0037): all its SQL. A row is written
// in the batch of the state change that calls for it, and delivered by key.
import { and, asc, eq, gt, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { failedJobs, mailDeliveries } from "~/db/schema";
import { inIds } from "./id-list";

/** A mail by its key; the message is the mailer's (app/platform/mail.server.ts), kept as JSON. */
export interface KeyedMail<Message extends { to: string } = { to: string }> {
  key: string;
  message: Message;
}

/**
 * The INSERT of one mail, for a batch: a key already there writes nothing (the message
 * was processed before). `onlyIf` is a condition the row needs at the batch's moment
 * (e.g. the ad is still unreminded), so a batch that loses a race writes no mail. An
 * INSERT … SELECT of the query builder (every column, in the table's order), which drizzle
 * can batch.
 */
export function insertMail(db: Database, mail: KeyedMail, now: Date, onlyIf: SQL = sql`1`) {
  const recipient = mail.message.to.trim().toLowerCase();
  return db
    .insert(mailDeliveries)
    .select(sql`SELECT ${mail.key}, ${recipient}, ${JSON.stringify(mail.message)}, ${now.getTime()}, NULL, 0, NULL, NULL WHERE ${onlyIf}`)
    .onConflictDoNothing();
}

// `+`: the keys drive (the primary key); without statistics SQLite would rather walk
// every unsent row on mail_deliveries_sent_at_idx (docs/decisions/0040).
const unsent = sql`+${mailDeliveries.sentAt} IS NULL`;

/**
 * Of these keys, takes the mails still to send (not sent, not refused for good, not taken
 * by another delivery) until `leaseUntil`: one UPDATE … RETURNING, so two deliveries of
 * the same key never both get it.
 */
export async function claimMails<Message extends { to: string }>(
  db: Database,
  keys: string[],
  now: Date,
  leaseUntil: Date,
): Promise<KeyedMail<Message>[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .update(mailDeliveries)
    .set({ leaseUntil, attempts: sql`${mailDeliveries.attempts} + 1` })
    .where(
      and(
        inIds(mailDeliveries.key, keys),
        unsent,
        sql`+${mailDeliveries.failedAt} IS NULL`,
        or(isNull(mailDeliveries.leaseUntil), lt(mailDeliveries.leaseUntil, now)),
      ),
    )
    .returning({ key: mailDeliveries.key, message: mailDeliveries.message });
  rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return rows.map((row) => ({ key: row.key, message: JSON.parse(row.message) as Message }));
}

/** A delivery that failed gives its mails back at once, for the retry. */
export function releaseMails(db: Database, keys: string[]) {
  if (keys.length === 0) return Promise.resolve();
  return db
    .update(mailDeliveries)
    .set({ leaseUntil: null })
    .where(and(inIds(mailDeliveries.key, keys), unsent))
    .then(() => undefined);
}

/**
 * Sent: the row keeps its key for the week a late duplicate may arrive, not the body, which
 * was most of the table's size (docs/decisions/0037, "Sent mail keeps its key").
 */
export function markMailsSent(db: Database, keys: string[], now: Date) {
  if (keys.length === 0) return Promise.resolve();
  return db
    .update(mailDeliveries)
    .set({ sentAt: now, leaseUntil: null, message: "" })
    .where(and(inIds(mailDeliveries.key, keys), unsent))
    .then(() => undefined);
}

/** The provider refused this mail for good (a malformed address): never tried again. */
export function markMailFailed(db: Database, key: string, now: Date) {
  return db
    .update(mailDeliveries)
    .set({ failedAt: now, leaseUntil: null })
    .where(eq(mailDeliveries.key, key))
    .then(() => undefined);
}

/**
 * Mail still pending since before `before` and taken by no delivery (its delivery message
 * was lost or dead-lettered), oldest first, after the keyset `after`: a range on the
 * partial index of pending rows.
 */
export async function stalePendingMail(
  db: Database,
  { before, now, after, limit }: { before: Date; now: Date; after: { createdAt: Date; key: string } | null; limit: number },
) {
  return db
    .select({ key: mailDeliveries.key, createdAt: mailDeliveries.createdAt })
    .from(mailDeliveries)
    .where(
      and(
        isNull(mailDeliveries.sentAt),
        isNull(mailDeliveries.failedAt),
        lt(mailDeliveries.createdAt, before),
        or(isNull(mailDeliveries.leaseUntil), lt(mailDeliveries.leaseUntil, now)),
        after
          ? or(
              gt(mailDeliveries.createdAt, after.createdAt),
              and(eq(mailDeliveries.createdAt, after.createdAt), gt(mailDeliveries.key, after.key)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(mailDeliveries.createdAt), asc(mailDeliveries.key))
    .limit(limit);
}

/** Sent (or refused) more than a week ago: only needed while a duplicate could arrive. */
export async function deleteOldMail(db: Database, before: Date) {
  await db.batch([
    db.delete(mailDeliveries).where(lt(mailDeliveries.sentAt, before)),
    db.delete(mailDeliveries).where(lt(mailDeliveries.failedAt, before)),
  ]);
}

/** A message that reached the dead-letter queue. */
export function recordFailedJob(db: Database, job: { queue: string; body: string; attempts: number }, now: Date) {
  return db.insert(failedJobs).values({ ...job, createdAt: now });
}

/** Dead letters are kept 30 days. */
export async function deleteOldFailedJobs(db: Database, before: Date) {
  await db.delete(failedJobs).where(lt(failedJobs.createdAt, before));
}
