// 'Meus dados' (LGPD art. 18; docs/decisions/0036): download the account's data (a file:
// once, without JavaScript), delete the account (its form answered in place with
// JavaScript, by a new page without: both).
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { fillPetAd } from "./support/pet-form";
import { submitSignIn, toasts } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const PHOTO = path.join(process.cwd(), "public/seed/pets", "cachorro-01.webp");
const unique = (base: string) => `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Publishes a lost pet with one photo; returns its page's path and the photo's URL. */
async function publishPet(page: Page, name: string) {
  await page.goto("/cadastrar-pet?aba=perdido");
  await fillPetAd(page, { name, color: "Preto", lostOn: "2026-11-20" });
  await page.getByLabel("Fotos").setInputFiles(PHOTO);
  await page.getByRole("button", { name: "Publicar anúncio" }).click();
  await expect(page).toHaveURL(/\/pet\/\d+$/);
  const petPath = new URL(page.url()).pathname;
  const photo = await page.getByRole("main").locator('img[src^="/imagens/pets/"]').first().getAttribute("src");
  expect(photo).toBeTruthy();
  return { petPath, photo: photo! };
}

test.describe("Meus dados", () => {
  test("a personal user downloads their data and finds their pet in it", async ({ page, login }) => {
    const account = await login({ tag: "baixa" });
    const name = unique("Pipoca");
    const { petPath } = await publishPet(page, name);

    // The privacy policy's rights section leads to both.
    await page.goto("/privacidade");
    const policy = page.getByRole("main");
    await expect(policy.getByRole("link", { name: "baixar meus dados" })).toHaveAttribute("href", "/meus-dados/baixar");
    await expect(policy.getByRole("link", { name: "excluir minha conta" })).toHaveAttribute("href", "/meus-dados/excluir");

    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Meus dados" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Meus dados" })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Baixar meus dados" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^patas-conectadas-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile((await download.path())!, "utf8")) as {
      conta: { email: string };
      pets: { id: number; name: string; mainImageUrl: string }[];
    };
    expect(file.conta.email).toBe(account.email);
    expect(file.pets).toHaveLength(1);
    expect(file.pets[0]!.name).toBe(name);
    expect(`/pet/${file.pets[0]!.id}`).toBe(petPath);
    expect(file.pets[0]!.mainImageUrl).toMatch(/^http:\/\/localhost:\d+\/imagens\/pets\//);
  });

  test("wrong passwords over and over: a 429 that says why, the session ends, and the account stays", async ({ page, login }) => {
    const account = await login({ tag: "adivinha" });
    await page.goto("/meus-dados/excluir");
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Sua senha").fill(`Senha-Errada-${i}`);
      await page.getByRole("button", { name: "Excluir minha conta" }).click();
      await expect(page.getByRole("main").getByRole("alert")).toContainText("Senha incorreta.");
    }
    // The next one is not checked: the answer is a 429 on the same page, and it signs out
    // (docs/decisions/0011).
    await page.getByLabel("Sua senha").fill(account.password);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/meus-dados/excluir"),
      page.getByRole("button", { name: "Excluir minha conta" }).click(),
    ]);
    expect(answer.status()).toBe(429);
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      "Muitas tentativas com a senha errada. Por segurança, encerramos sua sessão.",
    );
    await page.goto("/meus-dados/excluir");
    await expect(page).toHaveURL(/\/entrar\?redirectTo=%2Fmeus-dados%2Fexcluir$/);

    // Nothing was deleted: the account still signs in.
    await submitSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/meus-dados\/excluir$/);
  });

  test("a user deletes their account; then sign-in fails, the pet's page and its photo answer 404", { tag: "@js" }, async ({
    page,
    login,
  }) => {
    const account = await login({ tag: "exclui" });
    const { petPath, photo } = await publishPet(page, unique("Bolinha"));
    expect((await page.request.get(photo)).status()).toBe(200);

    await page.goto("/meus-dados/excluir");
    // The wrong password deletes nothing.
    await page.getByLabel("Sua senha").fill("Senha-Errada-1");
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Senha incorreta.");

    await page.getByLabel("Sua senha").fill(account.password);
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toasts(page)).toContainText("Conta excluída");
    await expect(page.getByRole("banner").getByRole("link", { name: "Entrar" })).toBeVisible();

    expect((await page.request.get(petPath)).status()).toBe(404);
    expect((await page.request.get(photo)).status()).toBe(404);

    // The same answer as an e-mail nobody registered.
    await page.goto("/entrar");
    await submitSignIn(page, account.email, account.password);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Credenciais incorretas ou usuário não existe");
  });
});
