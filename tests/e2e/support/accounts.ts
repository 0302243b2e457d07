// Helpers for the account specs (tests/e2e/auth-*.spec.ts). Both projects and both
// workers share one database, so every account a test creates gets a unique e-mail and,
// for companies, a unique valid CNPJ.
import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { cnpjWithCheckDigits, randomCnpj } from "../../support/cnpj";

export { randomCnpj };

export const SEED_PASSWORD = "Patas@2026";

export const SEED = {
  personal: { email: "maria@exemplo.com.br", dashboard: "/dashboard" },
  company: { email: "contato@petshopamigo.com.br", dashboard: "/empresa/dashboard" },
  ngo: { email: "contato@patinhasfelizes.org.br", dashboard: "/ong/dashboard" },
} as const;

export type SeedType = keyof typeof SEED;

/** A password for fresh accounts (never one of the seed's). */
export const NEW_PASSWORD = "Senha-Forte-123";

let counter = 0;

/** A fresh address: project, time and randomness, so parallel runs never collide. */
export function uniqueEmail(testInfo: TestInfo, tag = "conta"): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${tag}-${testInfo.project.name}-${Date.now()}-${testInfo.workerIndex}-${counter}-${random}@exemplo.com.br`;
}

/** The seed's Pet Shop Amigo Fiel (scripts/seed/data.mjs): base 34567812000 + branch 1. */
export const SEED_COMPANY_CNPJ = cnpjWithCheckDigits("345678120001");

/** "11222333000181" -> "11.222.333/0001-81". */
export function formatCnpj(cnpj: string): string {
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}

/** The same base digits with a wrong last check digit. */
export function invalidCnpj(): string {
  const valid = randomCnpj();
  return valid.slice(0, 13) + String((Number(valid[13]) + 1) % 10);
}

export function toasts(page: Page): Locator {
  return page.getByRole("region", { name: "Notifications" });
}

export function header(page: Page): Locator {
  return page.getByRole("banner");
}

/**
 * Records the POST requests the page sends (documents and data requests alike), to tell
 * an answer in place (a data request) from a new page.
 */
export function recordPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

/** Escapes a path for use in a URL regular expression anchored at the path. */
export function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^http://[^/]+${escaped}$`);
}

/**
 * With JavaScript on, waits until React has hydrated the page (or, on a light page, its
 * script has run): the root sets
 * `data-hydrated` on <html> in an effect, which runs only after the hydration commit, so
 * every handler (Conform's validation, the hearts, the share button) is attached.
 */
export async function waitForHydration(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  // A light page (docs/decisions/0042) has no app to hydrate: its one script marks the
  // page `data-enhanced` once its handlers are attached.
  await page.waitForFunction(() => {
    const root = document.documentElement;
    return root.hasAttribute("data-hydrated") || root.hasAttribute("data-enhanced");
  });
}

export function termsCheckbox(scope: Page | Locator): Locator {
  return scope.getByLabel(/Li e aceito os Termos de Uso/);
}

export interface PersonalAccount {
  name: string;
  email: string;
  password: string;
}

/**
 * Signs up a personal account through /entrar?aba=cadastrar; ends signed in on /dashboard.
 * Only the sign-up specs do this: other tests use the `login` fixture (support/fixtures.ts).
 */
export async function registerPersonal(page: Page, account: PersonalAccount, javaScriptEnabled = false) {
  await page.goto("/entrar?aba=cadastrar");
  await waitForHydration(page, javaScriptEnabled);
  await page.getByLabel("Nome", { exact: true }).fill(account.name);
  await page.getByLabel("E-mail", { exact: true }).fill(account.email);
  await page.getByLabel("Senha", { exact: true }).fill(account.password);
  await page.getByLabel("Confirmar senha", { exact: true }).fill(account.password);
  await termsCheckbox(page).check();
  await page.getByRole("button", { name: "Cadastrar", exact: true }).click();
  await expect(page).toHaveURL(pathPattern("/dashboard"));
  await expect(toasts(page)).toContainText("Cadastro realizado com sucesso");
}

/** A fresh personal account signed up through the form; the page is left signed in. */
export async function freshPersonal(page: Page, testInfo: TestInfo, tag = "pessoal"): Promise<PersonalAccount> {
  const account = { name: "Pessoa de Teste", email: uniqueEmail(testInfo, tag), password: NEW_PASSWORD };
  await registerPersonal(page, account);
  return account;
}

/** Fills and submits the sign-in form of /entrar (or /empresas, whose label differs). */
export async function submitSignIn(page: Page, email: string, password: string) {
  const emailField = page.getByLabel(/^E-mail( da empresa)?$/);
  await emailField.fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("main").getByRole("button", { name: "Entrar", exact: true }).click();
}

/** Signs in on /entrar and waits for the success toast on the expected page. */
export async function signIn(page: Page, email: string, password: string, expectedPath: string) {
  await page.goto("/entrar");
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(pathPattern(expectedPath));
  await expect(toasts(page)).toContainText("Login realizado com sucesso");
}

/** The header's Sair button; ends on the home page, signed out. */
export async function signOut(page: Page) {
  await header(page).getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(pathPattern("/"));
  await expect(header(page).getByRole("link", { name: "Entrar" })).toBeVisible();
}

/** The newest link in the local outbox sent to `email` whose path starts with `prefix`. */
export async function outboxLink(page: Page, email: string, prefix: string): Promise<string> {
  await page.goto("/dev/caixa-de-saida");
  const message = page
    .getByTestId("outbox-message")
    .filter({ hasText: email })
    .filter({ has: page.locator(`a[href*="${prefix}"]`) })
    .first();
  await expect(message).toBeVisible();
  const href = await message.locator(`a[href*="${prefix}"]`).first().getAttribute("href");
  expect(href).toBeTruthy();
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}
