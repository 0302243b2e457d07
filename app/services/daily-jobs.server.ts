// The Worker's Cron Trigger (wrangler.toml `[triggers]`, once a day): the saved-search
// digests, the ads' 60/90-day lifecycle (docs/decisions/0027) and the rows of expired
// sessions (0036). Locally `wrangler dev` runs it on GET /cdn-cgi/local/scheduled (the e2e
// tests do). Each job is independent: one failing is logged and never stops the others.
import { createDatabase } from "~/context.server";
import { deleteExpiredCounters } from "~/models/rate-counters.server";
import { deleteExpiredSessions } from "~/models/user-sessions.server";
import { remindAndExpireAds } from "./ad-lifecycle.server";
import type { DailyJobContext } from "./daily-job";
import { sendSearchDigests } from "./search-alerts.server";

export async function runDailyJobs(env: Env, ctx: ExecutionContext, now = new Date()) {
  const job: DailyJobContext = { env, ctx, db: createDatabase(env.DB), now };
  const results = await Promise.allSettled([
    sendSearchDigests(job),
    remindAndExpireAds(job),
    // Rows of sessions whose KV record expired on its own (docs/decisions/0036).
    deleteExpiredSessions(job.db, now),
    deleteExpiredCounters(job.db, now), // ended limit windows, past days' view marks (docs/decisions/0038)
  ]);
  for (const result of results) {
    if (result.status === "rejected") {
      console.error("[cron] tarefa diária falhou:", result.reason instanceof Error ? result.reason.message : result.reason);
    }
  }
  return results;
}
