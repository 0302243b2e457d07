import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { cloudflareContext, createActivityDatabase, createDatabase } from "~/context.server";
import { CardImageJobs } from "~/platform/card-image-jobs.server";
import { flashToast, sessionMiddleware, takeToasts } from "~/platform/session.server";
import { createExecutionContext } from "cloudflare:test";

function contextFor() {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, {
    env,
    ctx: createExecutionContext(),
    db: createDatabase(env.DB),
    activityDb: createActivityDatabase(env.ACTIVITY_DB),
    nonce: "n",
    cardImages: new CardImageJobs(),
  });
  return context;
}

async function runMiddleware(cookie: string | null, handler: (context: RouterContextProvider) => void) {
  const context = contextFor();
  const request = new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });
  const response = await sessionMiddleware(
    { request, context, params: {}, unstable_pattern: "/", url: new URL(request.url) } as never,
    async () => {
      handler(context);
      return new Response("ok");
    },
  );
  return (response as Response).headers.get("Set-Cookie");
}

const sessionKeys = async () => (await env.KV.list({ prefix: "session:" })).keys.map((k) => k.name);

describe("sessions in KV with flash toasts", () => {
  it("sets no cookie and writes nothing for a visitor who changes nothing", async () => {
    const cookie = await runMiddleware(null, () => {});
    expect(cookie).toBeNull();
  });

  it("carries a toast to the next request once, then forgets the anonymous session", async () => {
    const before = await sessionKeys();
    const setCookie = await runMiddleware(null, (context) => flashToast(context, { type: "success", title: "Mensagem enviada!" }));
    // __Host- (docs/decisions/0012): Secure, Path=/ and no Domain.
    expect(setCookie).toMatch(/^__Host-session=/);
    expect(setCookie).toMatch(/Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const created = (await sessionKeys()).filter((k) => !before.includes(k));
    expect(created).toHaveLength(1);

    const cookie = setCookie!.split(";")[0]!;
    let toasts: unknown[] = [];
    const cleared = await runMiddleware(cookie, (context) => {
      toasts = takeToasts(context);
    });
    expect(toasts).toEqual([{ type: "success", title: "Mensagem enviada!" }]);
    // Nothing else was in the session: it is deleted from KV and the cookie expires.
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await sessionKeys()).not.toContain(created[0]);

    let again: unknown[] = ["x"];
    await runMiddleware(cookie, (context) => {
      again = takeToasts(context);
    });
    expect(again).toEqual([]);
  });

  it("ignores a forged cookie", async () => {
    let toasts: unknown[] = ["x"];
    const setCookie = await runMiddleware("__Host-session=forjado", (context) => {
      toasts = takeToasts(context);
    });
    expect(toasts).toEqual([]);
    expect(setCookie).toBeNull();
  });
});
