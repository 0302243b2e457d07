import type { Page } from "@playwright/test";
import { header, pathPattern, SEED_PASSWORD, signOut, toasts, uniqueEmail, waitForHydration } from "./support/accounts";
import { expect, startSession, test } from "./support/fixtures";

// Google sign-in against Google's local stand-in, a real OpenID Connect provider
// (scripts/google-stand-in.mjs, started by scripts/e2e-server.mjs): the "Entrar com Google"
// form posts to /auth/google, which sends the browser to the provider's sign-in page.
test.describe.configure({ mode: "parallel" });

const ADMIN = "admin@patasconectadas.com.br";

async function openGoogle(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/entrar");
  await waitForHydration(page, javaScriptEnabled);
  const authorization = page.waitForRequest((r) => new URL(r.url()).pathname === "/o/oauth2/v2/auth");
  await page.getByRole("button", { name: "Entrar com Google" }).click();
  // What Google asks of a web server app: state, PKCE (S256) and a nonce.
  const params = new URL((await authorization).url()).searchParams;
  expect(params.get("response_type")).toBe("code");
  expect(params.get("scope")).toBe("openid email profile");
  expect(params.get("code_challenge_method")).toBe("S256");
  expect(params.get("code_challenge")).toBeTruthy();
  expect(params.get("state")).toBeTruthy();
  expect(params.get("nonce")).toBeTruthy();
  await expect(page.getByRole("heading", { level: 1, name: "Fazer login com o Google" })).toBeVisible();
}

async function consent(page: Page, { email, name, verified }: { email: string; name: string; verified: boolean }) {
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("E-mail verificado").setChecked(verified);
  await page.getByRole("button", { name: "Continuar" }).click();
}

async function expectGoogleError(page: Page) {
  await expect(page).toHaveURL(pathPattern("/entrar"));
  await expect(toasts(page)).toContainText("Erro ao entrar com Google");
  await expect(header(page).getByRole("link", { name: "Entrar" })).toBeVisible();
}

test.describe("Google sign-in", () => {
  // With JavaScript the form posts through fetch and the router must leave for Google.
  test(
    "a new Google user is signed in on /dashboard, and again on a second visit",
    { tag: "@js" },
    async ({ page, javaScriptEnabled }, testInfo) => {
      const email = uniqueEmail(testInfo, "google");
      await openGoogle(page, javaScriptEnabled);
      await consent(page, { email, name: "Ana Google", verified: true });

      await expect(page).toHaveURL(pathPattern("/dashboard"));
      await expect(toasts(page)).toContainText("Login realizado com sucesso");
      await expect(page.getByRole("main").getByRole("complementary")).toContainText("Ana Google");
      await expect(header(page).getByRole("button", { name: "Sair" })).toBeVisible();
      // The address is on the profile tab (docs/decisions/0033 §8).
      await page.goto("/dashboard/perfil");
      await expect(page.getByRole("main").getByLabel("E-mail", { exact: true })).toHaveValue(email);

      // Same Google account again: the same personal account, not a new one.
      await signOut(page);
      await openGoogle(page, javaScriptEnabled);
      await consent(page, { email, name: "Outro Nome", verified: true });
      await expect(page).toHaveURL(pathPattern("/dashboard"));
      await expect(page.getByRole("main").getByRole("complementary")).toContainText("Ana Google");
    },
  );

  test("Cancelar on Google's page comes back to /entrar with an error", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    await openGoogle(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Cancelar" }).click();
    await expectGoogleError(page);
  });

  test("an existing account is linked only when Google verified the e-mail", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
    newAccount,
  }) => {
    const account = await newAccount({ tag: "google-existente" });

    // Unverified: someone else's address must not open this account.
    await openGoogle(page, javaScriptEnabled);
    await consent(page, { email: account.email, name: "Intruso", verified: false });
    await expectGoogleError(page);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(pathPattern("/entrar?redirectTo=%2Fdashboard"));

    // Verified: the existing account is linked and signed in.
    await openGoogle(page, javaScriptEnabled);
    await consent(page, { email: account.email, name: "Nome do Google", verified: true });
    await expect(page).toHaveURL(pathPattern("/dashboard"));
    await expect(toasts(page)).toContainText("Login realizado com sucesso");
    await expect(page.getByRole("main").getByRole("complementary")).toContainText(account.name);
  });

  test("a callback without a valid state is refused", async ({ page }) => {
    await page.goto("/auth/google/callback?code=inventado&state=inventado");
    await expectGoogleError(page);
  });

  test("an e-mail Google did not verify is refused, and says why", { tag: "@js" }, async ({ page, javaScriptEnabled }, testInfo) => {
    const email = uniqueEmail(testInfo, "google-nao-verificado");
    await openGoogle(page, javaScriptEnabled);
    await consent(page, { email, name: "Sem Verificar", verified: false });
    await expectGoogleError(page);
    await expect(toasts(page)).toContainText(
      "O Google não confirmou este e-mail. Confirme o e-mail na sua conta Google ou entre com e-mail e senha.",
    );
    await page.goto("/dashboard");
    await expect(page).toHaveURL(pathPattern("/entrar?redirectTo=%2Fdashboard"));
  });

  test("a suspended account cannot get in through Google", async ({ page, browser, baseURL, javaScriptEnabled }, testInfo) => {
    const email = uniqueEmail(testInfo, "google-suspensa");
    await openGoogle(page, javaScriptEnabled);
    await consent(page, { email, name: "Conta Suspensa", verified: true });
    await expect(page).toHaveURL(pathPattern("/dashboard"));
    await page.goto("/dashboard/perfil");
    const profileLink = await page.getByRole("link", { name: "Ver meu perfil público" }).getAttribute("href");
    const handle = profileLink!.split("/").pop()!;

    // The admin suspends the account from its profile's moderation page (docs/decisions/0035).
    const admin = await browser.newContext({ baseURL, javaScriptEnabled });
    await startSession(admin.request, baseURL!, testInfo, { email: ADMIN, password: SEED_PASSWORD });
    const adminPage = await admin.newPage();
    await adminPage.goto(`/moderacao/perfil/${handle}`);
    const suspend = adminPage.getByRole("form", { name: "Suspender conta" });
    await suspend.getByLabel("Motivo").fill("Golpes repetidos com pets perdidos.");
    await suspend.getByRole("button", { name: "Suspender conta" }).click();
    await expect(toasts(adminPage)).toContainText("Conta suspensa");
    await admin.close();

    // Its session ended, and Google does not open it again.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(pathPattern("/entrar?redirectTo=%2Fdashboard"));
    await openGoogle(page, javaScriptEnabled);
    await consent(page, { email, name: "Conta Suspensa", verified: true });
    await expect(page).toHaveURL(pathPattern("/entrar"));
    await expect(toasts(page)).toContainText("Sua conta está suspensa. Fale conosco em contato@patasconectadas.com.br.");
    await expect(header(page).getByRole("link", { name: "Entrar" })).toBeVisible();
  });
});
