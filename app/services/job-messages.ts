// The messages of the task queue (docs/decisions/0037): what the daily planner, a new ad
// and the consumer itself send, and how much work one message carries. Its own module, so
// the planner, the consumer and the services that enqueue import it without each other.

export type JobMessage =
  /** Mail "Seu anúncio ainda está ativo?" to these ads' owners (those still due). */
  | { kind: "reminders"; petIds: number[] }
  /** Take these ads out of the search (those still due). */
  | { kind: "expiries"; petIds: number[] }
  /** The digest of the pets posted up to `newestPetId` for these saved searches. */
  | { kind: "digests"; searchIds: number[]; newestPetId: number }
  /** Match a just-posted pet and mail the candidates' owners; `origin` for the links. */
  | { kind: "matches"; petId: number; origin: string }
  /**
   * A new lost, found or sighted pet's instant alerts (docs/decisions/0046): without
   * `searchIds`, find the saved searches that may cover it; with them, mail those.
   */
  | { kind: "instant-alerts"; petId: number; searchIds?: number[] }
  /** Send these mails (rows of mail_deliveries), one call to the provider's batch endpoint. */
  | { kind: "deliveries"; keys: string[] }
  /** The owner's one summary of an ad's sightings or messages of a Brasília day ("2026-11-24"). */
  | { kind: "inbox-summary"; inbox: "sightings" | "messages"; petId: number; day: string };

/** A reminder message's ads: one D1 batch of claims and mails, well within a consumer's time. */
export const REMINDERS_PER_MESSAGE = 50;
/** An expiry is one UPDATE of a page of ids. */
export const EXPIRIES_PER_MESSAGE = 500;
/** A digest message's saved searches: one search query each, in one D1 batch. */
export const DIGESTS_PER_MESSAGE = 25;

/** An instant alerts message's saved searches: one query each to check them, one D1 batch of mails. */
export const INSTANT_ALERTS_PER_MESSAGE = 25;

/** The message, or null when the body is not one of ours (recorded as failed, never retried). */
export function parseJobMessage(body: unknown): JobMessage | null {
  if (!body || typeof body !== "object") return null;
  const m = body as Record<string, unknown>;
  const ids = (value: unknown) => Array.isArray(value) && value.length > 0 && value.every((v) => Number.isSafeInteger(v) && (v as number) > 0);
  switch (m.kind) {
    case "reminders":
    case "expiries":
      return ids(m.petIds) ? (m as JobMessage) : null;
    case "digests":
      return ids(m.searchIds) && Number.isSafeInteger(m.newestPetId) ? (m as JobMessage) : null;
    case "instant-alerts":
      return ids([m.petId]) && (m.searchIds === undefined || ids(m.searchIds)) ? (m as JobMessage) : null;
    case "matches":
      return Number.isSafeInteger(m.petId) && typeof m.origin === "string" ? (m as JobMessage) : null;
    case "inbox-summary":
      return (m.inbox === "sightings" || m.inbox === "messages") && ids([m.petId]) && typeof m.day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(m.day)
        ? (m as JobMessage)
        : null;
    case "deliveries":
      return Array.isArray(m.keys) && m.keys.length > 0 && m.keys.every((k) => typeof k === "string") ? (m as JobMessage) : null;
    default:
      return null;
  }
}

/** `items` in runs of `size`. */
export function chunked<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
