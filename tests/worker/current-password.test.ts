// The current password asked again before a sensitive change ('Excluir minha conta', a
// new e-mail, a new CNPJ): its failures are counted per account, one attempt reserved
// before the password is checked, and past the limit the session that keeps guessing is
// signed out with a 429 (docs/decisions/0011, 0038).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getCloudflare } from "~/context.server";
import { companies, users, type AccountType } from "~/db/schema";
import { getCurrentUser } from "~/platform/auth.server";
import { hashPassword } from "~/platform/password.server";
import { RATE_LIMITS } from "~/platform/rate-limit.server";
import { createKvSessionStorage, sessionMiddleware } from "~/platform/session.server";
import { action as deleteAction } from "~/routes/meus-dados.excluir";
import { action as profileAction } from "~/routes/dashboard.perfil";
import { action as companyProfileAction } from "~/routes/empresa.dashboard.perfil";
import { checkCurrentPassword } from "~/services/accounts.server";
import { makeContext } from "./context";
import { createUser, db, testCnpj } from "./fixtures";
import { invoke, postForm, routeAt, type RouteModule } from "./route-harness";

const PASSWORD = "Senha-Atual-123";
const LIMIT = RATE_LIMITS.currentPasswordFailuresPerAccount.limit;
const storage = createKvSessionStorage(env.KV, env.SESSION_SECRET);

async function accountWithPassword(type: AccountType) {
  const user = await createUser(type);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, user.id));
  return user;
}

/** A signed-in session as the browser holds it: the Cookie header of a stored session. */
async function signedInCookie(user: { id: string }, accountType: AccountType) {
  const session = await storage.getSession();
  session.set("userId", user.id);
  session.set("accountType", accountType);
  session.set("signedInAt", Date.now());
  session.set("expiresAt", Date.now() + 60 * 60 * 1000);
  return (await storage.commitSession(session)).split(";")[0]!;
}

/** Whether `cookie` still opens a signed-in session. */
async function isSignedIn(cookie: string) {
  const { context } = await makeContext(cookie);
  return (await getCurrentUser(context)) !== null;
}

/** A form POST through the session middleware, as workers/app.ts runs it: the action's status. */
async function post(module: RouteModule, path: string, cookie: string, fields: Record<string, string>) {
  const request = postForm(path, fields, { Cookie: cookie, "CF-Connecting-IP": "203.0.113.80" });
  const { context } = await makeContext();
  let status = 0;
  await sessionMiddleware({ request, context, params: {}, unstable_pattern: path, url: new URL(request.url) } as never, async () => {
    const outcome = await invoke(routeAt(module, path), "action", request, {}, { context, ctx: getCloudflare(context).ctx });
    status = outcome.status;
    return new Response(null, { status: outcome.status, headers: outcome.headers });
  });
  return status;
}

const flows: {
  name: string;
  type: AccountType;
  module: RouteModule;
  path: string;
  fields: (user: { email: string }, password: string) => Record<string, string>;
  unchanged: (user: { id: string; email: string }) => Promise<void>;
}[] = [
  {
    name: "Excluir minha conta",
    type: "personal",
    module: { action: deleteAction } as RouteModule,
    path: "/meus-dados/excluir",
    fields: (_user, password) => ({ password }),
    unchanged: async (user) => expect(await db.$count(users, eq(users.id, user.id))).toBe(1),
  },
  {
    name: "a new e-mail",
    type: "personal",
    module: { action: profileAction } as RouteModule,
    path: "/dashboard/perfil",
    fields: (user, password) => ({ name: "Maria Souza", email: `novo-${user.email}`, currentPassword: password }),
    unchanged: async (user) => {
      const [row] = await db.select({ email: users.email, pending: users.pendingEmail }).from(users).where(eq(users.id, user.id));
      expect(row).toEqual({ email: user.email, pending: null });
    },
  },
  {
    name: "a new CNPJ",
    type: "company",
    module: { action: companyProfileAction } as RouteModule,
    path: "/empresa/dashboard/perfil",
    fields: (_user, password) => ({
      companyName: "Pet Shop Bom Amigo",
      cnpj: testCnpj(7700),
      email: "contato@bomamigo.com.br",
      currentPassword: password,
    }),
    unchanged: async (user) => {
      const [row] = await db.select({ cnpj: companies.cnpj }).from(companies).where(eq(companies.id, user.id));
      expect(row!.cnpj).not.toBe(testCnpj(7700));
    },
  },
];

describe("the current password, asked again", () => {
  it.each(flows)("$name: 25 wrong passwords meet a 429 and a signed-out session; the right one then changes nothing", async (flow) => {
    const user = await accountWithPassword(flow.type);
    const cookie = await signedInCookie(user, flow.type);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push(await post(flow.module, flow.path, cookie, flow.fields(user, `errada-${i}`)));
    // The first wrong passwords are answered as such; the next one is refused and ends
    // the session, so the rest are not even checked (the guard sends them to sign in).
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(400));
    expect(statuses[LIMIT]).toBe(429);
    expect(statuses.slice(LIMIT + 1).every((s) => s >= 300 && s < 400)).toBe(true);
    expect(await isSignedIn(cookie)).toBe(false);

    // A fresh session of the same account is refused too, even with the right password.
    const again = await signedInCookie(user, flow.type);
    expect(await post(flow.module, flow.path, again, flow.fields(user, PASSWORD))).toBe(429);
    expect(await isSignedIn(again)).toBe(false);
    await flow.unchanged(user);
  });

  it("a burst of 25 wrong passwords at once gets at most the limit checked", async () => {
    const user = await accountWithPassword("personal");
    const results = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const { context } = await makeContext();
        return checkCurrentPassword(context, user.id, i === 24 ? PASSWORD : `errada-${i}`);
      }),
    );
    const checked = results.filter((r) => r.ok || r.reason !== "too-many-attempts");
    expect(checked.length).toBeLessThanOrEqual(LIMIT);
    // The right password, sent after the limit was used up, was refused unchecked.
    expect(results[24]).toEqual({ ok: false, reason: "too-many-attempts" });
  });

  it("the right password gives its attempt back: the owner is never locked out by their own changes", async () => {
    const user = await accountWithPassword("personal");
    for (let i = 0; i < LIMIT * 3; i++) {
      const { context } = await makeContext();
      expect(await checkCurrentPassword(context, user.id, PASSWORD)).toEqual({ ok: true });
    }
    const { context } = await makeContext();
    expect(await checkCurrentPassword(context, user.id, "errada-1")).toEqual({ ok: false, reason: "wrong-password" });
  });
});
