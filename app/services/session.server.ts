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
import { getCloudflare } from "~/context.server";
import type { AccountType } from "~/db/schema";
import type { Toast } from "~/lib/toast";

export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 30;
const KEY_PREFIX = "session:";

export interface SessionData {
  userId: string;
  accountType: AccountType;
}

export interface SessionFlashData {
  toasts: Toast[];
}

export type AppSession = Session<SessionData, SessionFlashData>;

export const sessionContext = createContext<AppSession>();

export function createKvSessionStorage(
  kv: KVNamespace,
  secret: string,
): SessionStorage<SessionData, SessionFlashData> {
  if (!secret) {
    throw new Error("SESSION_SECRET não configurado: defina-o em .dev.vars ou como secret.");
  }
  const cookie = createCookie("__session", {
    secrets: [secret],
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: SESSION_TTL_SECONDS,
  });
  const ttl = (expires?: Date) =>
    expires
      ? Math.max(60, Math.round((expires.getTime() - Date.now()) / 1000))
      : SESSION_TTL_SECONDS;
  return createSessionStorage({
    cookie,
    async createData(data, expires) {
      const id = crypto.randomUUID();
      await kv.put(KEY_PREFIX + id, JSON.stringify(data), { expirationTtl: ttl(expires) });
      return id;
    },
    async readData(id) {
      return kv.get(KEY_PREFIX + id, "json");
    },
    async updateData(id, data, expires) {
      await kv.put(KEY_PREFIX + id, JSON.stringify(data), { expirationTtl: ttl(expires) });
    },
    async deleteData(id) {
      await kv.delete(KEY_PREFIX + id);
    },
  });
}

export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const { env } = getCloudflare(context);
  const storage = createKvSessionStorage(env.KV, env.SESSION_SECRET);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const before = JSON.stringify(session.data);
  context.set(sessionContext, session);

  const response = await next();

  if (JSON.stringify(session.data) !== before) {
    const empty = Object.keys(session.data).length === 0;
    // An anonymous session whose only content was a toast already shown is not kept.
    const cookie =
      empty && session.id
        ? await storage.destroySession(session)
        : empty
          ? null
          : await storage.commitSession(session);
    if (cookie) response.headers.append("Set-Cookie", cookie);
  }
  return response;
};

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

/** The toasts to render on this response; reading them consumes them. */
export function takeToasts(context: Readonly<RouterContextProvider>): Toast[] {
  return getSession(context).get("toasts") ?? [];
}
