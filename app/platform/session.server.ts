// Sessions live in KV, keyed by a random id carried in a signed cookie (see
// docs/decisions/0002-sessions-in-kv.md). The root middleware loads the session once per
// request and commits it only when something in it changed.
import {
  createCookie,
  createContext,
  createSessionStorage,
  type MiddlewareFunction,
  type RouterContextProvider,
  type Session,
  type SessionStorage,
} from "react-router";
import { getCloudflare, type Database } from "~/context.server";
import type { AccountType } from "~/db/schema";
import type { SentSighting } from "~/lib/sightings";
import type { Toast } from "~/lib/toast";
import { forgetSession, recordSession } from "~/models/user-sessions.server";
import { SESSION_COOKIE_NAME } from "./cookie-names.server";

export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 30;
// A signed-in session closer than this to its expiry is renewed for another full TTL.
export const SESSION_RENEW_WINDOW_SECONDS = 60 * 60 * 24 * 7;
// How stale a signed-in session's `lastSeenAt` may get before a request refreshes it: once
// a day at most, so that 'Meus dados' can say when a session was last used without a
// write on every request (docs/decisions/0036).
export const SESSION_SEEN_INTERVAL_MS = 24 * 60 * 60 * 1000;
const KEY_PREFIX = "session:";

export interface SessionData {
  userId: string;
  accountType: AccountType;
  // Epoch ms: when the user signed in (checked against a password reset) and when the
  // session ends unless renewed.
  signedInAt: number;
  expiresAt: number;
  // Epoch ms, to the day: the last request of this session (docs/decisions/0036).
  lastSeenAt: number;
  // A visitor's unpublished pet ad (pet-drafts.server.ts), published after sign-in.
  petDraftId: string;
  // The draft photos (R2 rascunhos/) this session uploaded: the only ones a form of this
  // session may carry over or remove (docs/decisions/0008).
  draftPhotoUrls: string[];
  // Our id of the last Premium checkout this browser started: its return URL welcomes only
  // an approved payment (docs/decisions/0014).
  checkoutPaymentId: string;
}

export interface SessionFlashData {
  toasts: Toast[];
  // The 'Vi este pet' report just sent, shown to its sender once (docs/decisions/0024).
  sentSighting: SentSighting;
}

export type AppSession = Session<SessionData, SessionFlashData>;

export const sessionContext = createContext<AppSession>();

// Set by signIn/signOut: the session gets a new id (the old KV record is deleted), so a
// session id seen before sign-in is never the signed-in one.
interface SessionControl {
  rotate: boolean;
  // Set by endUserSessionWithResponse: the user is cleared when the response is committed.
  endWithResponse?: boolean;
}
const sessionControlContext = createContext<SessionControl>();

/** Puts a loaded session in the request context (the middleware does; so do tests). */
export function provideSession(context: Readonly<RouterContextProvider>, session: AppSession): SessionControl {
  const control: SessionControl = { rotate: false };
  context.set(sessionContext, session);
  context.set(sessionControlContext, control);
  return control;
}

/**
 * Sessions in KV. With `db`, every signed-in session also has its row in D1
 * (user_sessions: which account, created, last seen), kept in step with the KV record, so
 * an account's sessions can be listed and ended (docs/decisions/0036). The row is
 * bookkeeping: a failure to write it is logged and never fails the request.
 */
export function createKvSessionStorage(kv: KVNamespace, secret: string, db?: Database): SessionStorage<SessionData, SessionFlashData> {
  if (!secret) {
    throw new Error("SESSION_SECRET não configurado: defina-o em .dev.vars ou como secret.");
  }
  const cookie = createCookie(SESSION_COOKIE_NAME, {
    secrets: [secret],
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: SESSION_TTL_SECONDS,
  });
  const ttl = (expires?: Date) => (expires ? Math.max(60, Math.round((expires.getTime() - Date.now()) / 1000)) : SESSION_TTL_SECONDS);
  const index = async (id: string, data: Partial<SessionData>) => {
    if (!db) return;
    try {
      if (data.userId && data.signedInAt && data.expiresAt) {
        await recordSession(db, {
          id,
          userId: data.userId,
          createdAt: data.signedInAt,
          lastSeenAt: data.lastSeenAt ?? data.signedInAt,
          expiresAt: data.expiresAt,
        });
      } else {
        await forgetSession(db, id);
      }
    } catch (error) {
      console.error("[sessão] Falha ao registrar a sessão no D1:", error instanceof Error ? error.message : error);
    }
  };
  return createSessionStorage({
    cookie,
    async createData(data, expires) {
      const id = crypto.randomUUID();
      await kv.put(KEY_PREFIX + id, JSON.stringify(data), { expirationTtl: ttl(expires) });
      if (data.userId) await index(id, data);
      return id;
    },
    async readData(id) {
      return kv.get(KEY_PREFIX + id, "json");
    },
    async updateData(id, data, expires) {
      await kv.put(KEY_PREFIX + id, JSON.stringify(data), { expirationTtl: ttl(expires) });
      // A visitor's session has no row; one that expired keeps its row until the daily job.
      if (data.userId) await index(id, data);
    },
    async deleteData(id) {
      await kv.delete(KEY_PREFIX + id);
      await index(id, {});
    },
  });
}

/**
 * Ends a session from outside its requests (a deleted account, docs/decisions/0036):
 * returns what it held (its pet draft and draft photos, to be removed too) and deletes
 * its KV record. The D1 row goes with the account.
 */
export async function takeSessionRecord(kv: KVNamespace, id: string): Promise<Partial<SessionData> | null> {
  const data = await kv.get<Partial<SessionData>>(KEY_PREFIX + id, "json");
  await kv.delete(KEY_PREFIX + id);
  return data;
}

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env } = getCloudflare(context);
  const storage = createKvSessionStorage(env.KV, env.SESSION_SECRET, getCloudflare(context).db);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const before = JSON.stringify(session.data);
  expireOrRenew(session, Date.now());
  const control = provideSession(context, session);

  const response = await next();

  if (control.endWithResponse) {
    clearUser(session);
    control.rotate = true;
  }
  if (!control.rotate && JSON.stringify(session.data) === before) return response;
  const cookie = control.rotate ? await rotate(storage, session) : await save(storage, session);
  if (cookie) response.headers.append("Set-Cookie", cookie);
  return response;
};

function expireOrRenew(session: AppSession, now: number) {
  if (!session.has("userId")) return;
  const expiresAt = session.get("expiresAt") ?? 0;
  if (expiresAt <= now) {
    clearUser(session);
  } else if (expiresAt - now < SESSION_RENEW_WINDOW_SECONDS * 1000) {
    session.set("expiresAt", now + SESSION_TTL_SECONDS * 1000);
  }
  if (session.has("userId") && now - (session.get("lastSeenAt") ?? session.get("signedInAt") ?? 0) >= SESSION_SEEN_INTERVAL_MS) {
    session.set("lastSeenAt", now);
  }
}

type Storage = SessionStorage<SessionData, SessionFlashData>;

/** Commits a session; an empty one (e.g. a toast already shown) is removed instead. */
async function save(storage: Storage, session: AppSession): Promise<string | null> {
  if (Object.keys(session.data).length > 0) return storage.commitSession(session);
  return session.id ? storage.destroySession(session) : null;
}

/** Moves the session's data to a new id and deletes the old record. */
async function rotate(storage: Storage, session: AppSession): Promise<string | null> {
  if (session.id) await storage.destroySession(session);
  const fresh = await storage.getSession();
  // Raw keys, flash entries included (`data` is a copy; `set` writes through).
  for (const [key, value] of Object.entries(session.data)) fresh.set(key as never, value as never);
  if (Object.keys(fresh.data).length > 0) return storage.commitSession(fresh);
  // Nothing left: expire the browser's cookie.
  return session.id ? storage.destroySession(session) : null;
}

function clearUser(session: AppSession) {
  session.unset("userId");
  session.unset("accountType");
  session.unset("signedInAt");
  session.unset("expiresAt");
  session.unset("lastSeenAt");
}

/** Starts a signed-in session under a new id. */
export function startUserSession(
  context: Readonly<RouterContextProvider>,
  user: { id: string; accountType: AccountType },
  now = Date.now(),
) {
  const session = getSession(context);
  session.set("userId", user.id);
  session.set("accountType", user.accountType);
  session.set("signedInAt", now);
  session.set("lastSeenAt", now);
  session.set("expiresAt", now + SESSION_TTL_SECONDS * 1000);
  context.get(sessionControlContext).rotate = true;
}

/** Ends the signed-in session (its KV record is deleted); flash toasts survive. */
export function endUserSession(context: Readonly<RouterContextProvider>) {
  clearUser(getSession(context));
  context.get(sessionControlContext).rotate = true;
}

/**
 * Ends the signed-in session with this response: this request's loaders still see the
 * user, so the page that says why can render (a 429 rather than a redirect to sign in);
 * the next request is signed out (docs/decisions/0011).
 */
export function endUserSessionWithResponse(context: Readonly<RouterContextProvider>) {
  context.get(sessionControlContext).endWithResponse = true;
}

/** The user who signed in during this request, if one did (read after the action ran). */
export function userSignedInThisRequest(context: Readonly<RouterContextProvider>): string | null {
  if (!context.get(sessionControlContext).rotate) return null;
  return getSession(context).get("userId") ?? null;
}

export function getSession(context: Readonly<RouterContextProvider>): AppSession {
  return context.get(sessionContext);
}

/** Queues a toast for the next page the user sees. */
export function flashToast(context: Readonly<RouterContextProvider>, toast: Toast) {
  const session = getSession(context);
  // Reading a flash key consumes it, so re-flash what was pending with the new one.
  const pending = session.get("toasts") ?? [];
  session.flash("toasts", [...pending, toast]);
}

/** Keeps the report just sent for the pet page the redirect lands on (docs/decisions/0024). */
export function flashSentSighting(context: Readonly<RouterContextProvider>, sighting: SentSighting) {
  getSession(context).flash("sentSighting", sighting);
}

/**
 * The report this session just sent about this pet, once; reading it consumes it. One
 * about another pet (a tab left open elsewhere) is dropped rather than shown on the wrong page.
 */
export function takeSentSighting(context: Readonly<RouterContextProvider>, petId: number): SentSighting | null {
  const sent = getSession(context).get("sentSighting");
  return sent && sent.petId === petId ? sent : null;
}

/** The toasts to render on this response; reading them consumes them. */
export function takeToasts(context: Readonly<RouterContextProvider>): Toast[] {
  return getSession(context).get("toasts") ?? [];
}
