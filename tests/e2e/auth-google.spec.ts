import type { Page } from "@playwright/test";
import {
  header,
  pathPattern,
  signOut,
  toasts,
  uniqueEmail,
  waitForHydration,
} from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Google sign-in against the fake provider (tests/e2e/fake-google.mjs): the "Entrar com
// Google" form posts to /auth/google, which sends the browser to the fake's consent page.
test.describe.configure({ mode: "parallel" });

async function openGoogle(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/entrar");
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Entrar com Google" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fazer login com o Google" })).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname).toBe("/o/oauth2/v2/auth");
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  expect(url.searchParams.get("state")).toBeTruthy();
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
  test("a new Google user is signed in on /dashboard, and again on a second visit", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "google");
    await openGoogle(page, javaScriptEnabled);
    await consent(page, { email, name: "Ana Google", verified: true });

    await expect(page).toHaveURL(pathPattern("/dashboard"));
    await expect(toasts(page)).toContainText("Login realizado com sucesso");
    await expect(page.getByRole("main").getByRole("complementary")).toContainText("Ana Google");
    await expect(header(page).getByRole("button", { name: "Sair" })).toBeVisible();
    // The address is on the profile tab (docs/decisions/0033, finding 8).
    await page.goto("/dashboard/perfil");
    await expect(page.getByRole("main").getByLabel("E-mail", { exact: true })).toHaveValue(email);

    // Same Google account again: the same personal account, not a new one.
    await signOut(page);
    await openGoogle(page, javaScriptEnabled);
    await consent(page, { email, name: "Outro Nome", verified: true });
    await expect(page).toHaveURL(pathPattern("/dashboard"));
    await expect(page.getByRole("main").getByRole("complementary")).toContainText("Ana Google");
  });

  test("Cancelar on Google's page comes back to /entrar with an error", async ({ page, javaScriptEnabled }) => {
    await openGoogle(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Cancelar" }).click();
    await expectGoogleError(page);
  });

  test("an existing account is linked only when Google verified the e-mail", async ({
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
});
