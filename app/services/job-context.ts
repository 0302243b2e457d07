// What every job of the task queue is handed (docs/decisions/0037): the bindings, the
// databases (main and activity, docs/decisions/0050) and the time it runs at. Its own module, so the jobs and the consumer that
// runs them import it without importing each other.
import type { ActivityDatabase, Database } from "~/context.server";
import type { JobSink } from "~/platform/job-queue.server";
import type { JobMessage } from "./job-messages";

export interface JobContext {
  env: Env;
  db: Database;
  /** The mail outbox, the sightings. */
  activityDb: ActivityDatabase;
  now: Date;
  /** Where a job sends the work it splits off (the consumer's sink; the JOBS binding by default). */
  sink?: JobSink<JobMessage>;
  /** The mail provider's HTTP client, for the mails a job sends itself (fetch by default; tests hand in a stand-in). */
  fetcher?: typeof fetch;
}
