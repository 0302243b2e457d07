// The mail the queue consumer sends (docs/decisions/0037): all its SQL. The outbox is in
// the activity database, apart from the state changes that call for its mail (main). A job
// sends its mail itself and writes here, by key, only what the provider could not take now
// (docs/decisions/0052); it is delivered by key.
// The dead letters stay in the main database.
import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { ActivityDatabase, Database } from "~/context.server";
import { mailDeliveries } from "~/db/activity-schema";
import { failedJobs } from "~/db/schema";
import { jsonArraysUnder } from "~/lib/json-groups";
import { inIds } from "./id-list";

/** A mail by its key; the message is the mailer's (app/platform/mail.server.ts), kept as JSON. */
export interface KeyedMail<Message extends { to: string } = { to: string }> {
  key: string;
  message: Message;
}

/** JSON text per statement at most: D1 takes up to 2 MB a value; a digest's mail is ~20 KB. */
const MAILS_JSON_PER_STATEMENT = 500_000;

/**
 * Writes these mails to the outbox, all or none (one batch); a key already there writes
 * nothing (the message was processed before, or its change was retried). The rows go as
 * one JSON parameter a statement (D1 binds at most 100). An INSERT … SELECT of the query
 * builder (every column, in the table's order). Returns the keys written now.
 */
export async function writeMails(db: ActivityDatabase, mails: KeyedMail[], now: Date): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = mails.map((mail) => [mail.key, mail.message.to.trim().toLowerCase(), JSON.stringify(mail.message)]);
  const inserts = jsonArraysUnder(rows, MAILS_JSON_PER_STATEMENT).map((group) =>
    db
      .insert(mailDeliveries)
      .select(
        sql`SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), ${now.getTime()}, NULL, 0, NULL, NULL
          FROM json_each(${group}) WHERE 1`,
      )
      .onConflictDoNothing()
      .returning({ key: mailDeliveries.key }),
  );
  const written = await db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
  return written.flat().map((row) => row.key);
}

/**
 * Which of these keys the outbox already holds, and whether each is still to send (not
 * sent, not refused for good): primary-key seeks, no write. A job leaves these to the
 * outbox's delivery and sends the others itself (docs/decisions/0052).
 */
export async function mailsInOutbox(db: ActivityDatabase, keys: string[]): Promise<{ key: string; pending: boolean }[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: mailDeliveries.key, sentAt: mailDeliveries.sentAt, failedAt: mailDeliveries.failedAt })
    .from(mailDeliveries)
    .where(inIds(mailDeliveries.key, keys));
  return rows.map((row) => ({ key: row.key, pending: row.sentAt === null && row.failedAt === null }));
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
  db: ActivityDatabase,
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
export function releaseMails(db: ActivityDatabase, keys: string[]) {
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
export function markMailsSent(db: ActivityDatabase, keys: string[], now: Date) {
  if (keys.length === 0) return Promise.resolve();
  return db
    .update(mailDeliveries)
    .set({ sentAt: now, leaseUntil: null, message: "" })
    .where(and(inIds(mailDeliveries.key, keys), unsent))
    .then(() => undefined);
}

/** The provider refused this mail for good (a malformed address): never tried again. */
export function markMailFailed(db: ActivityDatabase, key: string, now: Date) {
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
  db: ActivityDatabase,
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
export async function deleteOldMail(db: ActivityDatabase, before: Date) {
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
