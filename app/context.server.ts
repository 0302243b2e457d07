// Typed per-request context, filled by the Worker entry (workers/app.ts) and the root
// middleware. Loaders and actions read it with `context.get(...)`.
import { drizzle } from "drizzle-orm/d1";
import { createContext, type RouterContextProvider } from "react-router";
import * as schema from "~/db/schema";
import type { CardImageJobs } from "~/platform/card-image-jobs.server";

export type Database = ReturnType<typeof createDatabase>;

/** The request's context as loaders and actions receive it, and pass on to the services. */
export type RequestContext = Readonly<RouterContextProvider>;

export function createDatabase(d1: D1Database) {
  return drizzle(d1, { schema });
}

export interface CloudflareRequestContext {
  env: Env;
  ctx: ExecutionContext;
  db: Database;
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
