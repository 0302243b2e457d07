// Typed per-request context, filled by the Worker entry (workers/app.ts) and the root
// middleware. Loaders and actions read it with `context.get(...)`.
import { drizzle } from "drizzle-orm/d1";
import { createContext, type RouterContextProvider } from "react-router";
import * as activitySchema from "~/db/activity-schema";
import * as schema from "~/db/schema";
import type { CardImageJobs } from "~/platform/card-image-jobs.server";

/** The main database (binding DB): accounts, ads, listings, saved searches. */
export type Database = ReturnType<typeof createDatabase>;
/**
 * The activity database (binding ACTIVITY_DB, docs/decisions/0050): sightings and the mail
 * outbox. A query never joins the two: read one, then the other.
 */
export type ActivityDatabase = ReturnType<typeof createActivityDatabase>;

/** The request's context as loaders and actions receive it, and pass on to the services. */
export type RequestContext = Readonly<RouterContextProvider>;

export function createDatabase(d1: D1Database) {
  return drizzle(d1, { schema });
}

export function createActivityDatabase(d1: D1Database) {
  return drizzle(d1, { schema: activitySchema });
}

export interface CloudflareRequestContext {
  env: Env;
  ctx: ExecutionContext;
  db: Database;
  activityDb: ActivityDatabase;
  // Per-response nonce that the Content-Security-Policy allows for inline scripts.
  nonce: string;
  // Card copies of this request's uploads, made once the response is ready (docs/decisions/0029).
  cardImages: CardImageJobs;
}

export const cloudflareContext = createContext<CloudflareRequestContext>();

export function getCloudflare(context: Readonly<RouterContextProvider>) {
  return context.get(cloudflareContext);
}

export function getDb(context: Readonly<RouterContextProvider>) {
  return context.get(cloudflareContext).db;
}

export function getActivityDb(context: Readonly<RouterContextProvider>) {
  return context.get(cloudflareContext).activityDb;
}
