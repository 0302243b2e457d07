// The `test` every spec imports: Playwright's, plus a `login` fixture that signs a user in
// by opening the session directly (POST /dev/sessao, on only under the e2e server), the
// way the Epic Stack's login fixture does. Only the account specs (auth-*.spec.ts) sign
// up and sign in through the forms; everything else starts signed in in one request.
// See docs/decisions/0003-how-tests-run.md.
import { type APIRequestContext, test as base, expect, type TestInfo } from "@playwright/test";
import { NEW_PASSWORD, SEED, SEED_PASSWORD, type SeedType, uniqueEmail, type PersonalAccount } from "./accounts";

export { expect };

/** A fresh personal account (options), a seed account by type, or any account by e-mail. */
export type Who = SeedType | { email: string; password?: string } | FreshAccountOptions | undefined;

export interface FreshAccountOptions {
  /** Goes into the e-mail, to tell the accounts of different tests apart. */
  tag?: string;
  name?: string;
  /** As if the confirmation link had been followed (a fresh sign-up has not). */
  confirmed?: boolean;
}

function isFresh(who: Who): who is FreshAccountOptions | undefined {
  return who === undefined || !("email" in (who as object));
}

/**
 * Opens a session for `who` in the cookie jar of `request` (a page's `page.request` shares
 * the browser context's cookies, so the page is then signed in). Never reads the session
 * cookie: its name is the server's business.
 */
export async function startSession(request: APIRequestContext, baseURL: string, testInfo: TestInfo, who?: Who): Promise<PersonalAccount> {
  let account: PersonalAccount;
  let form: Record<string, string>;
  if (typeof who === "string") {
    account = { name: "", email: SEED[who].email, password: SEED_PASSWORD };
    form = { intent: "entrar", email: account.email };
  } else if (!isFresh(who)) {
    account = { name: "", email: who.email, password: who.password ?? NEW_PASSWORD };
    form = { intent: "entrar", email: account.email };
  } else {
    account = { name: who?.name ?? "Pessoa de Teste", email: uniqueEmail(testInfo, who?.tag ?? "pessoal"), password: NEW_PASSWORD };
    form = { intent: "criar", name: account.name, email: account.email, password: account.password };
    if (who?.confirmed) form.confirmed = "1";
  }
  const response = await request.post("/dev/sessao", { form, headers: { Origin: new URL(baseURL).origin } });
  expect(response.status(), `POST /dev/sessao: ${await response.text()}`).toBe(200);
  return account;
}

export const test = base.extend<{
  /**
   * Signs the test's page in without the form and returns the account: no argument (or
   * `{ tag, name, confirmed }`) creates a fresh personal account, a seed type ("personal",
   * "company", "ngo") signs that seed account in, `{ email }` any existing account.
   */
  login: (who?: Who) => Promise<PersonalAccount>;
  /** A fresh personal account, created on the side: the page stays signed out. */
  newAccount: (options?: FreshAccountOptions) => Promise<PersonalAccount>;
}>({
  login: async ({ page, baseURL }, use, testInfo) => {
    await use((who) => startSession(page.request, baseURL!, testInfo, who));
  },
  newAccount: async ({ playwright, baseURL }, use, testInfo) => {
    const contexts: APIRequestContext[] = [];
    await use(async (options) => {
      const request = await playwright.request.newContext({ baseURL });
      contexts.push(request);
      return startSession(request, baseURL!, testInfo, options ?? {});
    });
    for (const request of contexts) await request.dispose();
  },
});
