// The messages of the task queue (docs/decisions/0037): what the daily planner, a new ad
// and the consumer itself send, and how much work one message carries. Its own module, so
// the planner, the consumer and the services that enqueue import it without each other.
import { z } from "zod";

const id = z.number().int().positive();
const ids = z.array(id).min(1);

const jobMessageSchema = z.discriminatedUnion("kind", [
  /** Mail "Seu anúncio ainda está ativo?" to these ads' owners (those still due). */
  z.object({ kind: z.literal("reminders"), petIds: ids }),
  /** Take these ads out of the search (those still due). */
  z.object({ kind: z.literal("expiries"), petIds: ids }),
  /** The digest of the pets posted up to `newestPetId` for these saved searches. */
  z.object({ kind: z.literal("digests"), searchIds: ids, newestPetId: z.number().int() }),
  /** Match a just-posted pet and mail the candidates' owners; `origin` for the links. */
  z.object({ kind: z.literal("matches"), petId: z.number().int(), origin: z.string() }),
  /**
   * A new lost, found or sighted pet's instant alerts (docs/decisions/0046): without
   * `searchIds`, find the saved searches that may cover it; with them, mail those.
   */
  z.object({ kind: z.literal("instant-alerts"), petId: id, searchIds: ids.optional() }),
  /** Send these mails (rows of mail_deliveries), one call to the provider's batch endpoint. */
  z.object({ kind: z.literal("deliveries"), keys: z.array(z.string()).min(1) }),
  /** Move these pets' sightings that may leave D1 to their records in R2 (docs/decisions/0050). */
  z.object({ kind: z.literal("archive-sightings"), petIds: ids }),
  /** Archive these ads, those still due: their rows to R2, out of the main database (0050). */
  z.object({ kind: z.literal("archive-pets"), petIds: ids }),
  /** The owner's one summary of an ad's sightings or messages of a Brasília day ("2026-11-24"). */
  z.object({
    kind: z.literal("inbox-summary"),
    inbox: z.enum(["sightings", "messages"]),
    petId: id,
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
]);

export type JobMessage = z.input<typeof jobMessageSchema>;

/** A reminder message's ads: one D1 batch of claims and mails, well within a consumer's time. */
export const REMINDERS_PER_MESSAGE = 50;
/** An expiry is one UPDATE of a page of ids. */
export const EXPIRIES_PER_MESSAGE = 500;
/**
 * A digest message's saved searches: one read of their area's new pets, matched in memory,
 * then their mails and one advance in a D1 batch (docs/decisions/0049).
 */
export const DIGESTS_PER_MESSAGE = 50;

/** An instant alerts message's saved searches: one query each to check them, one D1 batch of mails. */
export const INSTANT_ALERTS_PER_MESSAGE = 25;

/** The message, or null when the body is not one of ours (recorded as failed, never retried). */
export function parseJobMessage(body: unknown): JobMessage | null {
  const parsed = jobMessageSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** `items` in runs of `size`. */
export function chunked<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Walks a keyset-paged query to its end (a page's last row is the next one's keyset),
 * handing each page on; a page shorter than `pageSize` is the last. The daily planners' walk.
 */
export async function eachKeysetPage<Row>(
  read: (after: Row | null) => Promise<Row[]>,
  use: (rows: Row[]) => Promise<void>,
  pageSize: number,
) {
  let after: Row | null = null;
  for (;;) {
    const rows: Row[] = await read(after);
    if (rows.length === 0) return;
    await use(rows);
    if (rows.length < pageSize) return;
    after = rows.at(-1)!;
  }
}
