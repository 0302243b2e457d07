// /dev/sessao, the e2e login fixture's door (docs/decisions/0003): off unless the e2e
// server set E2E_SESSION_LOGIN=1, local requests only, and when on it starts the same
// session as the sign-in form (through the root's session middleware).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { cloudflareContext, createActivityDatabase, createDatabase } from "~/context.server";
import { CardImageJobs } from "~/platform/card-image-jobs.server";
import { companies, users } from "~/db/schema";
import { action, loader } from "~/routes/dev.sessao";
import { verifyPassword } from "~/platform/password.server";
import { createKvSessionStorage, getSession, sessionMiddleware } from "~/platform/session.server";
import { createUser, db } from "./fixtures";

const ON = { E2E_SESSION_LOGIN: "1" } as Partial<Env>;
const storage = createKvSessionStorage(env.KV, env.SESSION_SECRET);

/** POSTs the fields through the session middleware, as the Worker would. */
async function post(fields: Record<string, string>, { bindings = ON, origin = "http://localhost" } = {}) {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, {
    env: { ...env, ...bindings } as Env,
    ctx: createExecutionContext(),
    db: createDatabase(env.DB),
    activityDb: createActivityDatabase(env.ACTIVITY_DB),
    nonce: "n",
    cardImages: new CardImageJobs(),
  });
  const request = new Request(`${origin}/dev/sessao`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  const response = (await sessionMiddleware(
    { request, context, params: {}, unstable_pattern: "/dev/sessao", url: new URL(request.url) } as never,
    async () => {
      try {
        return (await action({ request, context, params: {} } as never)) as Response;
      } catch (thrown) {
        const init = (thrown as { init?: ResponseInit }).init;
        return new Response(null, { status: init?.status ?? 500 });
      }
    },
  )) as Response;
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? null;
  const session = cookie ? await storage.getSession(cookie) : null;
  return { response, userId: session?.get("userId") ?? null, context };
}

async function userByEmail(email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

describe("/dev/sessao", () => {
  it("does not exist without E2E_SESSION_LOGIN=1: 404 and no session", async () => {
    const user = await createUser();
    for (const bindings of [{}, { E2E_SESSION_LOGIN: "0" }] as Partial<Env>[]) {
      const { response, userId } = await post({ intent: "entrar", email: user.email }, { bindings });
      expect(response.status).toBe(404);
      expect(userId).toBeNull();
    }
  });

  it("answers 404 to a request for another host even when turned on", async () => {
    const user = await createUser();
    const { response, userId } = await post({ intent: "entrar", email: user.email }, { origin: "https://patasconectadas.com.br" });
    expect(response.status).toBe(404);
    expect(userId).toBeNull();
  });

  it("never signs in on GET", () => {
    expect(() => loader()).toThrow();
    try {
      loader();
    } catch (thrown) {
      expect((thrown as { init?: ResponseInit }).init?.status).toBe(404);
    }
  });

  it("signs an existing account in with a session cookie", async () => {
    const user = await createUser("company");
    const { response, userId, context } = await post({ intent: "entrar", email: user.email.toUpperCase() });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: user.email, accountType: "company", dashboard: "/empresa/dashboard" });
    expect(userId).toBe(user.id);
    expect(getSession(context).get("accountType")).toBe("company");
  });

  it("creates an account as a sign-up does (hashed password, unconfirmed) and signs it in", async () => {
    const email = "nova-conta@exemplo.com.br";
    const { response, userId } = await post({ intent: "criar", email, name: "Nova Conta", password: "Senha-Forte-123" });
    expect(response.status).toBe(200);
    const row = await userByEmail(email);
    expect(row).toMatchObject({ accountType: "personal", emailVerified: false });
    expect(await verifyPassword("Senha-Forte-123", row!.passwordHash!)).toBe(true);
    expect(userId).toBe(row!.id);

    // The same e-mail again is refused, and nothing more is written.
    const again = await post({ intent: "criar", email, name: "Outra", password: "Senha-Forte-123" });
    expect(again.response.status).toBe(400);
    expect(again.userId).toBeNull();
  });

  it("creates a confirmed account or a company when asked", async () => {
    const confirmed = await post({
      intent: "criar",
      email: "confirmada@exemplo.com.br",
      name: "Confirmada",
      password: "Senha-Forte-123",
      confirmed: "1",
    });
    expect(confirmed.response.status).toBe(200);
    expect((await userByEmail("confirmada@exemplo.com.br"))?.emailVerified).toBe(true);

    const company = await post({
      intent: "criar",
      email: "empresa-nova@exemplo.com.br",
      name: "Pet Shop Novo",
      password: "Senha-Forte-123",
      accountType: "company",
      companyName: "Pet Shop Novo",
      cnpj: "11.222.333/0001-81",
    });
    expect(company.response.status).toBe(200);
    const row = await userByEmail("empresa-nova@exemplo.com.br");
    const [saved] = await db.select().from(companies).where(eq(companies.id, row!.id));
    expect(saved).toMatchObject({ companyName: "Pet Shop Novo", cnpj: "11222333000181" });
  });

  it("refuses bad input with 400 and writes nothing", async () => {
    const [{ count: before }] = (await env.DB.prepare("SELECT count(*) AS count FROM users").all<{ count: number }>()).results as [
      { count: number },
    ];
    const refused: Record<string, string>[] = [
      {},
      { intent: "sair", email: "a@exemplo.com.br" },
      { intent: "entrar", email: "sem-arroba" },
      { intent: "entrar", email: "ninguem@exemplo.com.br" },
      { intent: "criar", email: "curta@exemplo.com.br", name: "Curta", password: "123" },
      { intent: "criar", email: "tipo@exemplo.com.br", name: "Tipo", password: "Senha-Forte-123", accountType: "admin" },
      { intent: "criar", email: "sem-cnpj@exemplo.com.br", name: "Sem CNPJ", password: "Senha-Forte-123", accountType: "company" },
    ];
    for (const fields of refused) {
      const { response, userId } = await post(fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(userId).toBeNull();
    }
    const [{ count: after }] = (await env.DB.prepare("SELECT count(*) AS count FROM users").all<{ count: number }>()).results as [
      { count: number },
    ];
    expect(after).toBe(before);
  });
});
