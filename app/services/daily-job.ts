// What every daily job is handed (docs/decisions/0027): the bindings, the execution
// context, the database and the run's time. Its own module, so the jobs and the Cron
// Trigger that runs them import it without importing each other.
import type { Database } from "~/context.server";

export interface DailyJobContext {
  env: Env;
  ctx: ExecutionContext;
  db: Database;
  now: Date;
}
