// What every job of the task queue is handed (docs/decisions/0037): the bindings, the
// database and the time it runs at. Its own module, so the jobs and the consumer that
// runs them import it without importing each other.
import type { Database } from "~/context.server";

export interface JobContext {
  env: Env;
  db: Database;
  now: Date;
}
