// The Worker's Cron Triggers (wrangler.toml `[triggers]`; docs/decisions/0037). They only
// plan: the daily one finds everything due today (reminders, expiries, saved-search
// digests) and sends it to the task queue in messages of a few dozen items, with no cap;
// the consumer (task-queue.server.ts) does the work. The half-hourly one sends again the
// mail a lost or dead-lettered message left pending (and, until they are gone, moves the
// old rows to the activity database: activity-move.server.ts). Locally `wrangler dev` runs them on
// GET /cdn-cgi/local/scheduled?cron=… (the e2e tests do).
import { type ActivityDatabase, createActivityDatabase, createDatabase, type Database } from "~/context.server";
import { lifecycleDuePage } from "~/models/ad-lifecycle.server";
import { deleteOldFailedJobs, deleteOldMail, stalePendingMail } from "~/models/mail-deliveries.server";
import { deleteOldInstantAlerts } from "~/models/instant-alerts.server";
import { dueSearchesWithCityPage, dueSearchesWithoutCityPage, newestPetId, type PlaceKeyset } from "~/models/saved-searches.server";
import { deleteExpiredSessions } from "~/models/user-sessions.server";
import { type JobSink, queueSink } from "~/platform/job-queue.server";
import { MAIL_BATCH_SIZE } from "~/platform/mail.server";
import { moveActivityRows } from "./activity-move.server";
import { planArchive } from "./pet-archive.server";
import { chunked, DIGESTS_PER_MESSAGE, eachKeysetPage, EXPIRIES_PER_MESSAGE, type JobMessage, REMINDERS_PER_MESSAGE } from "./job-messages";
import { deleteStaleUnconfirmedSearches } from "./search-alerts.server";
import { sweepOrphanSightings } from "./sightings.server";

/** The daily trigger's schedule (08:00 in Brasília); any other is the mail sweep. */
export const DAILY_CRON = "0 11 * * *";
/** Mail pending this long had its delivery message lost: send it again. */
export const STALE_MAIL_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows the planner reads per page (ids only, a range on an index). */
const PLAN_PAGE = 2000;

type PetKeyset = { id: number; renewedAt: Date };

export interface PlanReport {
  reminders: number;
  expiries: number;
  digests: number;
  mails: number;
  messages: number;
}

/** The planner's walks, in pages of PLAN_PAGE. */
const eachPage = <Row>(read: (after: Row | null) => Promise<Row[]>, use: (rows: Row[]) => Promise<void>) =>
  eachKeysetPage(read, use, PLAN_PAGE);

/** Sends every pending mail older than STALE_MAIL_MS that no delivery holds. */
export async function planStaleMail(db: ActivityDatabase, sink: JobSink<JobMessage>, now: Date) {
  let count = 0;
  let messages = 0;
  await eachPage<{ key: string; createdAt: Date }>(
    (after) => stalePendingMail(db, { before: new Date(now.getTime() - STALE_MAIL_MS), now, after, limit: PLAN_PAGE }),
    async (rows) => {
      const batch = chunked(
        rows.map((r) => r.key),
        MAIL_BATCH_SIZE,
      ).map((keys): JobMessage => ({ kind: "deliveries", keys }));
      await sink(batch);
      count += rows.length;
      messages += batch.length;
    },
  );
  return { mails: count, messages };
}

/**
 * Every confirmed saved search due a digest, sent in messages of DIGESTS_PER_MESSAGE: first
 * those with a city, in the order of their municipality (then status, species, radius), so
 * a message's searches share an area and its new pets are read once for all of them; then
 * those without a city, whose messages read the day's new pets once (docs/decisions/0049).
 * The digest covers the pets posted up to the newest one now; a later pet waits for
 * tomorrow's run (docs/decisions/0026). Returns how many searches it planned.
 */
export async function planDigests(db: Database, send: (messages: JobMessage[]) => Promise<void>): Promise<number> {
  const newest = await newestPetId(db);
  let planned = 0;
  const sendPage = async (ids: number[]) => {
    planned += ids.length;
    await send(chunked(ids, DIGESTS_PER_MESSAGE).map((searchIds): JobMessage => ({ kind: "digests", searchIds, newestPetId: newest })));
  };
  await eachPage<PlaceKeyset>(
    (after) => dueSearchesWithCityPage(db, newest, after, PLAN_PAGE),
    (rows) => sendPage(rows.map((r) => r.id)),
  );
  await eachPage<{ id: number }>(
    (after) => dueSearchesWithoutCityPage(db, newest, after?.id ?? 0, PLAN_PAGE),
    (rows) => sendPage(rows.map((r) => r.id)),
  );
  return planned;
}

/**
 * The daily plan: housekeeping, then every reminder, expiry and digest due at `now`, sent
 * to the queue page by page. Each part is independent: one failing is logged and never
 * stops the others; what it left is found again by the next run (the queue's work is
 * idempotent, so planning the same item twice sends nothing twice).
 */
export async function planDailyWork(env: Env, now = new Date(), sink: JobSink<JobMessage> = queueSink(env.JOBS)): Promise<PlanReport> {
  const db = createDatabase(env.DB);
  const activityDb = createActivityDatabase(env.ACTIVITY_DB);
  const report: PlanReport = { reminders: 0, expiries: 0, digests: 0, mails: 0, messages: 0 };
  const send = async (messages: JobMessage[]) => {
    await sink(messages);
    report.messages += messages.length;
  };
  // Every ad due a reminder (or due to leave the search), in messages of `perMessage`.
  const planLifecycle = (due: "reminder" | "expiry", perMessage: number, message: (petIds: number[]) => JobMessage) =>
    eachPage<PetKeyset>(
      (after) => lifecycleDuePage(db, due, now, after, PLAN_PAGE),
      async (rows) => {
        report[due === "reminder" ? "reminders" : "expiries"] += rows.length;
        await send(
          chunked(
            rows.map((r) => r.id),
            perMessage,
          ).map(message),
        );
      },
    );
  const parts: Record<string, () => Promise<unknown>> = {
    // Sessions whose KV record expired on its own (docs/decisions/0036).
    sessoes: () => deleteExpiredSessions(db, now),
    alertasNaoConfirmados: () => deleteStaleUnconfirmedSearches(db, now),
    // Sent mail is kept a week (a late duplicate still finds its key); dead letters 30 days.
    emailsAntigos: () => deleteOldMail(activityDb, new Date(now.getTime() - 7 * DAY_MS)),
    falhasAntigas: () => deleteOldFailedJobs(db, new Date(now.getTime() - 30 * DAY_MS)),
    // What each address was told at once: the cap needs today's, the digest a day's; the
    // last 8 Brasília days are kept (0046).
    alertasImediatos: () => deleteOldInstantAlerts(db, now),
    // Sightings whose pet is gone from the main database, and their photos: no foreign key
    // spans the two databases, so a deletion cut short leaves them (docs/decisions/0050).
    avistamentosOrfaos: () => sweepOrphanSightings(db, activityDb, env.IMAGES),
    lembretes: () => planLifecycle("reminder", REMINDERS_PER_MESSAGE, (petIds) => ({ kind: "reminders", petIds })),
    expiracoes: () => planLifecycle("expiry", EXPIRIES_PER_MESSAGE, (petIds) => ({ kind: "expiries", petIds })),
    // What the public no longer sees leaves D1 for R2: old sightings, old ads (0050).
    arquivo: () => planArchive({ db, activityDb, now }, send),
    resumos: async () => {
      report.digests += await planDigests(db, send);
    },
    emailsPendentes: async () => {
      const stale = await planStaleMail(activityDb, sink, now);
      report.mails += stale.mails;
      report.messages += stale.messages;
    },
  };
  const results = await Promise.allSettled(Object.values(parts).map((part) => part()));
  results.forEach((result, i) => {
    if (result.status === "rejected") {
      const reason = result.reason instanceof Error ? result.reason.message : result.reason;
      console.error(`[cron] parte "${Object.keys(parts)[i]}" do plano diário falhou:`, reason);
    }
  });
  return report;
}

/**
 * The Worker's `scheduled`: the daily plan, or (any other schedule) a part of the rows
 * migration 0022 left in the main database moved to the activity database, then the mail
 * sweep, which so finds the moved pending mail too (docs/decisions/0050).
 */
export async function runScheduled(cron: string, env: Env, now = new Date(), sink: JobSink<JobMessage> = queueSink(env.JOBS)) {
  if (cron === DAILY_CRON) return planDailyWork(env, now, sink);
  const activityDb = createActivityDatabase(env.ACTIVITY_DB);
  try {
    await moveActivityRows(createDatabase(env.DB), activityDb);
  } catch (error) {
    // What it left is moved by the next run; the sweep still runs.
    console.error("[cron] a mudança das linhas antigas para o banco de atividade falhou:", error instanceof Error ? error.message : error);
  }
  return planStaleMail(activityDb, sink, now);
}
