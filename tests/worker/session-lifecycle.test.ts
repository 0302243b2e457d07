import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { cloudflareContext, createActivityDatabase, createDatabase } from "~/context.server";
import { CardImageJobs } from "~/platform/card-image-jobs.server";
import {
  createKvSessionStorage,
  endUserSession,
  flashToast,
  getSession,
  SESSION_TTL_SECONDS,
  sessionMiddleware,
  startUserSession,
  takeToasts,
} from "~/platform/session.server";

const storage = createKvSessionStorage(env.KV, env.SESSION_SECRET);
const DAY = 24 * 60 * 60 * 1000;

async function request(cookie: string | null, handler: (context: RouterContextProvider) => void) {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, {
    env,
    ctx: createExecutionContext(),
    db: createDatabase(env.DB),
    activityDb: createActivityDatabase(env.ACTIVITY_DB),
    nonce: "n",
    cardImages: new CardImageJobs(),
  });
  const req = new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });
  const response = (await sessionMiddleware(
    { request: req, context, params: {}, unstable_pattern: "/", url: new URL(req.url) } as never,
    async () => {
      handler(context);
      return new Response("ok");
    },
  )) as Response;
  const setCookie = response.headers.get("Set-Cookie");
  return { setCookie, cookie: setCookie?.split(";")[0] ?? null, context };
}

async function idOf(cookie: string) {
  return (await storage.getSession(cookie)).id;
}

describe("session lifecycle in KV", () => {
  it("creates a session at sign-in under a new id and drops the visitor's old one", async () => {
    const visitor = await request(null, (c) => flashToast(c, { type: "info", title: "Olá" }));
    const visitorId = await idOf(visitor.cookie!);
    const signedIn = await request(visitor.cookie, (c) => startUserSession(c, { id: "u-1", accountType: "personal" }));
    const newId = await idOf(signedIn.cookie!);
    expect(newId).not.toBe(visitorId);
    expect(await env.KV.get(`session:${visitorId}`)).toBeNull();
    const stored = await env.KV.get<Record<string, unknown>>(`session:${newId}`, "json");
    expect(stored).toMatchObject({ userId: "u-1", accountType: "personal" });
    // The pending toast moved with it.
    let toasts: unknown[] = [];
    await request(signedIn.cookie, (c) => {
      toasts = takeToasts(c);
    });
    expect(toasts).toEqual([{ type: "info", title: "Olá" }]);
  });

  it("renews a session close to its expiry", async () => {
    const session = await storage.getSession();
    const now = Date.now();
    session.set("userId", "u-2");
    session.set("accountType", "personal");
    session.set("signedInAt", now - 25 * DAY);
    session.set("expiresAt", now + 2 * DAY);
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    const { setCookie } = await request(cookie, () => {});
    expect(setCookie).toMatch(/Max-Age=/);
    const stored = await env.KV.get<{ expiresAt: number }>(`session:${await idOf(cookie)}`, "json");
    expect(stored!.expiresAt).toBeGreaterThan(now + SESSION_TTL_SECONDS * 1000 - 60_000);
  });

  it("does not touch a fresh session on an ordinary request", async () => {
    const session = await storage.getSession();
    session.set("userId", "u-3");
    session.set("accountType", "personal");
    session.set("signedInAt", Date.now());
    session.set("expiresAt", Date.now() + 20 * DAY);
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    const { setCookie } = await request(cookie, () => {});
    expect(setCookie).toBeNull();
  });

  it("treats an expired session as signed out", async () => {
    const session = await storage.getSession();
    session.set("userId", "u-4");
    session.set("accountType", "personal");
    session.set("signedInAt", Date.now() - 40 * DAY);
    session.set("expiresAt", Date.now() - 1000);
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    let userId: string | undefined = "x";
    const { setCookie } = await request(cookie, (c) => {
      userId = getSession(c).get("userId");
    });
    expect(userId).toBeUndefined();
    expect(setCookie).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await env.KV.get(`session:${await idOf(cookie)}`)).toBeNull();
  });

  it("destroys the session at sign-out, keeping only the goodbye toast under a new id", async () => {
    const signedIn = await request(null, (c) => startUserSession(c, { id: "u-5", accountType: "ngo" }));
    const oldId = await idOf(signedIn.cookie!);
    const signedOut = await request(signedIn.cookie, (c) => {
      endUserSession(c);
      flashToast(c, { type: "success", title: "Logout realizado" });
    });
    expect(await env.KV.get(`session:${oldId}`)).toBeNull();
    const newId = await idOf(signedOut.cookie!);
    expect(newId).not.toBe(oldId);
    const stored = await env.KV.get<Record<string, unknown>>(`session:${newId}`, "json");
    expect(stored).not.toHaveProperty("userId");
  });
});
