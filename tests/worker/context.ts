// A request context like the one workers/app.ts and the root middleware build, for
// calling loaders and actions directly inside the Workers runtime.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { cloudflareContext, createActivityDatabase, createDatabase } from "~/context.server";
import { CardImageJobs } from "~/platform/card-image-jobs.server";
import type { AccountType } from "~/db/schema";
import { createKvSessionStorage, provideSession } from "~/platform/session.server";

/** `envOverrides` swaps bindings or vars for one test (e.g. a mail provider that fails). */
export async function makeContext(cookie: string | null = null, envOverrides: Partial<Env> = {}) {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, {
    env: { ...env, ...envOverrides },
    ctx: createExecutionContext(),
    db: createDatabase(env.DB),
    activityDb: createActivityDatabase(env.ACTIVITY_DB),
    nonce: "teste",
    cardImages: new CardImageJobs(),
  });
  const storage = createKvSessionStorage(env.KV, env.SESSION_SECRET);
  const session = await storage.getSession(cookie);
  provideSession(context, session);
  return { context, session, storage };
}

export function formRequest(path: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

/** A context whose session belongs to `user` (as if signed in on an earlier request). */
export async function signedInContext(user: { id: string }, accountType: AccountType = "personal") {
  const { context, session } = await makeContext();
  session.set("userId", user.id);
  session.set("accountType", accountType);
  session.set("signedInAt", Date.now());
  session.set("expiresAt", Date.now() + 60_000);
  return context;
}
