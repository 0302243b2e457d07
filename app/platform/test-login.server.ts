// Sign-in for end-to-end tests without the sign-in form (docs/decisions/0003): the
// Playwright `login` fixture posts an e-mail to /dev/sessao and gets the same session a
// real sign-in starts. Only the e2e server turns it on; everywhere else it does not exist.
import { getCloudflare, getDb, type RequestContext } from "~/context.server";
import type { AccountType } from "~/db/schema";
import { createAccount, findUserByEmail } from "~/models/users.server";
import { hashPassword } from "./password.server";
import { startUserSession } from "./session.server";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * On only when the e2e server started wrangler with `--var E2E_SESSION_LOGIN:1` (never in
 * wrangler.toml or .dev.vars), and only for requests to this machine, so a variable copied
 * to production by mistake still opens no session there.
 */
export function isTestLoginEnabled(context: RequestContext, request: Request): boolean {
  const { env } = getCloudflare(context);
  return env.E2E_SESSION_LOGIN === "1" && LOCAL_HOSTS.has(new URL(request.url).hostname);
}

export type TestLoginInput =
  | { intent: "entrar"; email: string }
  | {
      intent: "criar";
      email: string;
      name: string;
      password: string;
      accountType: AccountType;
      // As if the confirmation link had been followed (a fresh sign-up has not).
      emailVerified: boolean;
      company?: { companyName: string; cnpj: string };
    };

export type TestLoginResult =
  | { ok: true; user: { email: string; accountType: AccountType } }
  | { ok: false; reason: "unknown-email" | "email-taken" | "cnpj-taken" };

/**
 * Signs in an existing account, or creates one as a sign-up would (hashed password,
 * e-mail unconfirmed unless asked, no mail sent) and signs it in. The session starts through
 * startUserSession, so the root middleware rotates it and merges a visitor's favourites
 * exactly as after the sign-in form.
 */
export async function startTestSession(context: RequestContext, input: TestLoginInput): Promise<TestLoginResult> {
  const db = getDb(context);
  if (input.intent === "entrar") {
    const user = await findUserByEmail(db, input.email);
    if (!user) return { ok: false, reason: "unknown-email" };
    startUserSession(context, user);
    return { ok: true, user: { email: user.email, accountType: user.accountType } };
  }
  const created = await createAccount(db, {
    email: input.email,
    name: input.name,
    accountType: input.accountType,
    passwordHash: await hashPassword(input.password),
    emailVerified: input.emailVerified,
    company: input.company,
  });
  if (!created.ok) return created;
  startUserSession(context, created.user);
  return { ok: true, user: { email: created.user.email, accountType: created.user.accountType } };
}
