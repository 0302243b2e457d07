import type { Page } from "@playwright/test";
import {
  freshPersonal,
  header,
  outboxLink,
  pathPattern,
  recordPosts,
  submitSignIn,
  toasts,
  uniqueEmail,
  waitForHydration,
} from "./support/accounts";
import { expect, test } from "./support/fixtures";

test.describe.configure({ mode: "parallel" });

const SENT = "Se existir uma conta com esse e-mail, enviamos um link para você escolher uma nova senha.";
const INVALID_LINK = "Este link de redefinição é inválido, já foi usado ou expirou.";
const RESET_PASSWORD = "Nova-Senha-2026";

async function requestReset(page: Page, email: string) {
  await page.goto("/esqueci-senha");
  await expect(page.getByRole("heading", { level: 1, name: "Recuperar senha" })).toBeVisible();
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Enviar link de recuperação" }).click();
  await expect(page).toHaveURL(pathPattern("/esqueci-senha?enviado=1"));
  await expect(page.getByRole("heading", { level: 1, name: "Verifique seu e-mail" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status")).toContainText(SENT);
}

/** Chooses the new password on the reset page; ends on /entrar with the toast. */
async function chooseNewPassword(page: Page, password: string) {
  await page.getByLabel("Nova senha", { exact: true }).fill(password);
  await page.getByLabel("Confirmar nova senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page).toHaveURL(pathPattern("/entrar"));
  await expect(toasts(page)).toContainText("Senha redefinida");
}

test.describe("password reset through the local outbox", () => {
  test("a fresh account resets its password; the link works once and the old password stops working", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
    newAccount,
  }) => {
    const account = await newAccount({ tag: "redefinir" });

    await requestReset(page, account.email);
    const link = await outboxLink(page, account.email, "/redefinir-senha/");
    expect(link).toMatch(/^\/redefinir-senha\/[^/]+$/);

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Escolha uma nova senha" })).toBeVisible();
    await waitForHydration(page, javaScriptEnabled);

    // Passwords that differ first: the error, and the link is still usable.
    await page.getByLabel("Nova senha", { exact: true }).fill(RESET_PASSWORD);
    await page.getByLabel("Confirmar nova senha", { exact: true }).fill("Outra-Senha-2026");
    const posts = recordPosts(page);
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await expect(page.getByRole("main").getByRole("alert").getByText("As senhas não coincidem!", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(pathPattern(link));
    // The server's answer (in place with JavaScript: a data request) never carries the
    // password back, and the field is emptied (docs/decisions/0042).
    expect(posts, "one answer from the server").toHaveLength(1);
    expect(posts[0]!.includes(".data")).toBe(javaScriptEnabled);
    await expect(page.getByLabel("Nova senha", { exact: true })).toHaveValue("");

    await chooseNewPassword(page, RESET_PASSWORD);
    await expect(toasts(page)).toContainText("Entre com sua nova senha");

    // The old password no longer works...
    await submitSignIn(page, account.email, account.password);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Credenciais incorretas ou usuário não existe");
    // ...the new one does.
    await submitSignIn(page, account.email, RESET_PASSWORD);
    await expect(page).toHaveURL(pathPattern("/dashboard"));
    await expect(toasts(page)).toContainText("Login realizado com sucesso");

    // The same link a second time.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Link inválido" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(INVALID_LINK);
    await expect(page.getByLabel("Nova senha", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "Pedir um novo link" })).toHaveAttribute("href", "/esqueci-senha");
  });

  test("an unknown e-mail gets the same confirmation page and no message", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "sem-conta");
    await requestReset(page, email);
    await page.goto("/dev/caixa-de-saida");
    await expect(page.getByRole("heading", { level: 1, name: "Caixa de saída local" })).toBeVisible();
    await expect(page.getByTestId("outbox-message").filter({ hasText: email })).toHaveCount(0);
  });

  test("an invalid e-mail on /esqueci-senha is refused and kept", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    await page.goto("/esqueci-senha");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("E-mail", { exact: true }).fill("ninguem-sem-arroba");
    await page.getByRole("button", { name: "Enviar link de recuperação" }).click();
    await expect(page.getByRole("main").getByRole("alert").getByText("Informe um e-mail válido.", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(pathPattern("/esqueci-senha"));
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("ninguem-sem-arroba");
  });

  test("a made-up reset link is invalid", async ({ page }) => {
    await page.goto("/redefinir-senha/token-inventado-123");
    await expect(page.getByRole("heading", { level: 1, name: "Link inválido" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(INVALID_LINK);
  });

  test("a password reset ends the sessions already open", async ({ page, browser, baseURL, javaScriptEnabled, login }) => {
    // First browser: signed in with a fresh account.
    const account = await login({ tag: "sessoes" });
    await page.goto("/dashboard");
    await expect(header(page).getByRole("button", { name: "Sair" })).toBeVisible();

    // Second browser: the reset.
    const other = await browser.newContext({ baseURL, javaScriptEnabled, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
    try {
      const otherPage = await other.newPage();
      await requestReset(otherPage, account.email);
      await otherPage.goto(await outboxLink(otherPage, account.email, "/redefinir-senha/"));
      await waitForHydration(otherPage, javaScriptEnabled);
      await chooseNewPassword(otherPage, RESET_PASSWORD);
    } finally {
      await other.close();
    }

    // The first browser's session is over.
    await page.reload();
    await expect(page).toHaveURL(pathPattern("/entrar?redirectTo=%2Fdashboard"));
    await expect(header(page).getByRole("link", { name: "Entrar" })).toBeVisible();
    // And it can sign in again with the new password.
    await submitSignIn(page, account.email, RESET_PASSWORD);
    await expect(page).toHaveURL(pathPattern("/dashboard"));
  });
});

test.describe("e-mail confirmation", () => {
  test("the sign-up e-mail's link opens a page whose button confirms the address, once; the link can be sent again", async ({
    page,
  }, testInfo) => {
    // Through the sign-up form: the message under test is the one sign-up sends.
    const account = await freshPersonal(page, testInfo, "confirmar");
    const first = await outboxLink(page, account.email, "/confirmar-email/");

    // The dashboard asks for the confirmation and can send the link again.
    await page.goto("/dashboard");
    const notice = page.getByRole("status").filter({ hasText: "Confirme seu e-mail" });
    await expect(notice).toContainText(account.email);
    await notice.getByRole("button", { name: "Reenviar confirmação" }).click();
    await expect(toasts(page)).toContainText("Link de confirmação reenviado");
    const link = await outboxLink(page, account.email, "/confirmar-email/");
    expect(link).not.toBe(first);

    // Opening the link (as a mail scanner would) confirms nothing by itself.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Confirmar e-mail" })).toBeVisible();
    await page.goto(link);
    await page.getByRole("button", { name: "Confirmar e-mail" }).click();
    await expect(page).toHaveURL(pathPattern("/dashboard"));
    await expect(toasts(page)).toContainText("E-mail confirmado");
    await expect(page.getByRole("status").filter({ hasText: "Confirme seu e-mail" })).toHaveCount(0);

    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
    await expect(page.getByRole("alert")).toContainText("Este link de confirmação já foi usado ou expirou.");
    await expect(page.getByRole("button", { name: "Confirmar e-mail" })).toHaveCount(0);
  });
});
