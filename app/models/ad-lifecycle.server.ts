// The ads' lifecycle in D1 (docs/decisions/0023): close, renew, the home's "casos
// resolvidos", and the daily job's reminders and expiry. Counters follow through the
// triggers of migration 0008 ('pets:reencontrado', 'pets:adotado', 'pets:listed:<status>').
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { counters, PET_STATUSES, pets, profiles, users, type PetClosing, type PetStatus } from "~/db/schema";
import { CLOSED_VISIBLE_DAYS, daysBefore, EXPIRE_AFTER_DAYS, EXPIRY_NOTICE_DAYS, REMIND_AFTER_DAYS } from "~/lib/ad-lifecycle";

import type { Counts } from "./counters.server";
import { inIds } from "./id-list";
import { isPublic } from "./visibility";
import { petTitleColumns, withTitle } from "./pet-titles.server";

type Owned = { id: number; userId: string };

/**
 * The ads the search and the listings show by default, from the trigger-kept
 * 'pets:listed:<status>' counters: one status, or all four summed (one row each).
 */
export function listedCountQuery(db: Database, status?: PetStatus) {
  const keys = status ? [`pets:listed:${status}`] : PET_STATUSES.map((s) => `pets:listed:${s}`);
  return db
    .select({ value: sql<number>`coalesce(sum(${counters.value}), 0)` })
    .from(counters)
    .where(inArray(counters.key, keys));
}

/** The ads the search shows by default ('pets:listed:<status>' summed). */
export function listedTotal(counts: Counts): number {
  return PET_STATUSES.reduce((sum, status) => sum + counts[`pets:listed:${status}`], 0);
}

/** What the close and renew pages need, for the owner only (null for anyone else). */
export async function getOwnedPetLifecycle(db: Database, { id, userId }: Owned) {
  const [row] = await db
    .select({
      id: pets.id,
      ...petTitleColumns,
      closedAs: pets.closedAs,
      closedAt: pets.closedAt,
      renewedAt: pets.renewedAt,
      remindedAt: pets.remindedAt,
      listed: pets.listed,
    })
    .from(pets)
    .where(and(eq(pets.id, id), eq(pets.userId, userId)))
    .limit(1);
  return row ? withTitle(row) : null;
}

/**
 * Closes an open ad of this owner as `closedAs`, which must be the closing of its status
 * (adoption: 'adotado'; lost, found, sighted: 'reencontrado'). The owner, the open state
 * and the pairing are all in the WHERE: anyone else, a second close or a wrong pairing
 * changes nothing. Returns the pet's status when it closed, else null.
 */
export async function closePetForOwner(db: Database, { id, userId }: Owned, closedAs: PetClosing, now: Date) {
  const pairing = closedAs === "adotado" ? eq(pets.status, "adocao") : sql`${pets.status} <> 'adocao'`;
  const [row] = await db
    .update(pets)
    .set({ closedAs, closedAt: now, listed: false })
    .where(and(eq(pets.id, id), eq(pets.userId, userId), isNull(pets.closedAs), pairing))
    .returning({ id: pets.id, status: pets.status });
  return row ?? null;
}

/**
 * 'Renovar anúncio': the 60/90-day clock starts again, the reminder may come again, and
 * an expired ad is back in the search. A closed ad is not renewed (null).
 */
export async function renewPetForOwner(db: Database, { id, userId }: Owned, now: Date) {
  const [row] = await db
    .update(pets)
    .set({ renewedAt: now, remindedAt: null, listed: true })
    .where(and(eq(pets.id, id), eq(pets.userId, userId), isNull(pets.closedAs)))
    .returning({ id: pets.id, status: pets.status });
  return row ?? null;
}

/**
 * The home's "casos resolvidos": the newest happy endings still shown to the public
 * (closed within CLOSED_VISIBLE_DAYS), newest first; a range on pets_closed_at_idx.
 */
export function resolvedCasesQuery(db: Database, { now, limit }: { now: Date; limit: number }) {
  return db
    .select({
      id: pets.id,
      ...petTitleColumns,
      mainImageUrl: pets.mainImageUrl,
      closedAs: pets.closedAs,
      closedAt: pets.closedAt,
    })
    .from(pets)
    .where(and(gt(pets.closedAt, daysBefore(now, CLOSED_VISIBLE_DAYS)), isPublic(pets.moderation)))
    .orderBy(desc(pets.closedAt))
    .limit(limit);
}

export type ResolvedCase = Awaited<ReturnType<typeof resolvedCasesQuery>>[number];

type Keyset = { renewedAt: Date; id: number } | null;

// A row value, so SQLite seeks the index to the keyset's renewed_at; the same keyset
// written with OR restarts each page from the oldest ad (docs/decisions/0040).
const afterKeyset = (after: Keyset) =>
  after ? sql`(${pets.renewedAt}, ${pets.id}) > (${after.renewedAt.getTime()}, ${after.id})` : undefined;

// An ad is due a reminder: listed, no update for REMIND_AFTER_DAYS, not yet reminded.
// `listed = 1` as a constant (not a bound value) lets SQLite use the partial index
// pets_due_reminder_idx, whose WHERE it must imply (docs/decisions/0040).
const dueReminder = (now: Date) =>
  and(sql`${pets.listed} = 1`, lt(pets.renewedAt, daysBefore(now, REMIND_AFTER_DAYS)), isNull(pets.remindedAt));

// An ad is due to leave the search: no update for EXPIRE_AFTER_DAYS, reminded at least
// EXPIRY_NOTICE_DAYS ago.
const dueExpiry = (now: Date) =>
  and(
    eq(pets.listed, true),
    lt(pets.renewedAt, daysBefore(now, EXPIRE_AFTER_DAYS)),
    isNotNull(pets.remindedAt),
    lt(pets.remindedAt, daysBefore(now, EXPIRY_NOTICE_DAYS)),
  );

/**
 * The daily planner's page of ads due a reminder or due to leave the search
 * (docs/decisions/0037): ids in (renewedAt, id) order after `after`, a range on
 * pets_due_reminder_idx (reminders) or pets_listed_renewed_at_idx (expiry).
 */
export function lifecycleDuePage(db: Database, due: "reminder" | "expiry", now: Date, after: Keyset, limit: number) {
  return db
    .select({ id: pets.id, renewedAt: pets.renewedAt })
    .from(pets)
    .where(and(due === "reminder" ? dueReminder(now) : dueExpiry(now), afterKeyset(after)))
    .orderBy(asc(pets.renewedAt), asc(pets.id))
    .limit(limit);
}

// A message's own ads: `+` keeps SQLite off the lifecycle indexes, which it prefers to
// the id list without statistics and then walks every due or waiting ad, thousands of
// rows for a message of 50 or 500 (docs/benchmarks/scale.md, docs/decisions/0040).
const byIdsOnly = {
  listed: sql`+${pets.listed} = 1`,
  unreminded: sql`+${pets.remindedAt} IS NULL`,
  renewedBefore: (date: Date) => sql`+${pets.renewedAt} < ${date.getTime()}`,
};

/** Of these ads, the ones still due a reminder, with their owner's address. */
export function adsToRemindAmong(db: Database, ids: number[], now: Date) {
  return db
    .select({ id: pets.id, ...petTitleColumns, renewedAt: pets.renewedAt, email: users.email, ownerName: profiles.name })
    .from(pets)
    .innerJoin(users, eq(users.id, pets.userId))
    .leftJoin(profiles, eq(profiles.id, pets.userId))
    .where(and(inIds(pets.id, ids), byIdsOnly.listed, byIdsOnly.renewedBefore(daysBefore(now, REMIND_AFTER_DAYS)), byIdsOnly.unreminded));
}

/**
 * Claims the reminders (after their mails are written): only rows still
 * unreminded and listed are marked, so a second delivery of the message changes nothing.
 */
export function markRemindedQuery(db: Database, ids: number[], now: Date) {
  return db
    .update(pets)
    .set({ remindedAt: now })
    .where(and(inIds(pets.id, ids), byIdsOnly.unreminded, byIdsOnly.listed));
}

/**
 * Takes out of the search (never deletes) the ads among `ids` still due to leave it.
 * Returns the ids that left; a second delivery finds none.
 */
export async function expireAdsAmong(db: Database, ids: number[], now: Date) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(pets)
    .set({ listed: false })
    .where(
      and(
        inIds(pets.id, ids),
        byIdsOnly.listed,
        byIdsOnly.renewedBefore(daysBefore(now, EXPIRE_AFTER_DAYS)),
        sql`+${pets.remindedAt} < ${daysBefore(now, EXPIRY_NOTICE_DAYS).getTime()}`,
      ),
    )
    .returning({ id: pets.id });
  return rows.map((r) => r.id);
}
