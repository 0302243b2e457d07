// The urgent moment in one pass (docs/decisions/0044): from the home's first screen at
// 360 px, 'Perdi meu pet' opens the lost form; a visitor's form ends with the account
// fields, and one submit creates the account, signs it in and publishes the ad. An e-mail
// that already has an account is asked for its password on the same page, losing nothing.
// These specs sign up through the form: the flow IS the sign-up.
import type { Page } from "@playwright/test";
import path from "node:path";
import { header, NEW_PASSWORD, outboxLink, recordPosts, termsCheckbox, toasts, uniqueEmail, waitForHydration } from "./support/accounts";
import { fillPetAd } from "./support/pet-form";
import { expect, test } from "./support/fixtures";

const PHOTOS = ["cachorro-01.webp", "cachorro-02.webp"].map((name) => path.join(process.cwd(), "public/seed/pets", name));
const unique = (base: string) => `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Every page the tab shows, in order (a form answered in place adds none). */
function pagesShown(page: Page): string[] {
  const shown: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    const at = `${url.pathname}${url.search}`;
    if (shown.at(-1) !== at) shown.push(at);
  });
  return shown;
}

/** The home's first screen on a 360 px phone, then 'Perdi meu pet'. */
async function fromTheHome(page: Page, javaScriptEnabled: boolean) {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/");
  const main = page.getByRole("main");
  const lost = main.getByRole("link", { name: "Perdi meu pet", exact: true });
  const found = main.getByRole("link", { name: "Encontrei um pet", exact: true });
  await expect(lost).toBeInViewport({ ratio: 1 });
  await expect(found).toBeInViewport({ ratio: 1 });
  await expect(found).toHaveAttribute("href", "/cadastrar-pet?aba=encontrado");
  // The spec's two buttons stay.
  await expect(main.getByRole("link", { name: "Cadastrar Pet", exact: true })).toHaveAttribute("href", "/cadastrar-pet");
  await expect(main.getByRole("link", { name: "Buscar Pets", exact: true })).toHaveAttribute("href", "/buscar-pets");
  await lost.click();
  await expect(page).toHaveURL(/\/cadastrar-pet\?aba=perdido$/);
  await waitForHydration(page, javaScriptEnabled);
}

/** The lost form, photo first, as an owner in a hurry fills it. */
async function fillLostPet(page: Page, name: string) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Publicar anúncio" }) });
  // The photo is the form's first field.
  await expect(form.locator("input:not([type=hidden]), select, textarea").first()).toHaveAttribute("type", "file");
  await page.getByLabel("Fotos").setInputFiles(PHOTOS);
  await fillPetAd(page, { name, color: "Caramelo", lostOn: "2026-11-20", notes: "Coleira azul com plaquinha." });
}

async function fillNewAccount(page: Page, email: string, password: string) {
  const account = page.getByRole("group", { name: "Sua conta" });
  await account.getByLabel("Seu nome").fill("Joana Dona");
  await account.getByLabel("E-mail", { exact: true }).fill(email);
  await account.getByLabel("Senha", { exact: true }).fill(password);
  await termsCheckbox(account).check();
}

test.describe("a lost pet in one pass", () => {
  test(
    "From the home, a new visitor publishes a lost pet with one submit, creating the account on the way: home, form, published ad, no other page between.",
    { tag: "@js" },
    async ({ page, javaScriptEnabled }, testInfo) => {
      const shown = pagesShown(page);
      const posts = recordPosts(page);
      await fromTheHome(page, javaScriptEnabled);
      const name = unique("Thor");
      const email = uniqueEmail(testInfo, "anuncio");
      await fillLostPet(page, name);
      await fillNewAccount(page, email, NEW_PASSWORD);
      await page.getByRole("button", { name: "Publicar anúncio" }).click();

      await expect(page).toHaveURL(/\/pet\/\d+$/);
      await expect(page.getByRole("main").getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(toasts(page)).toContainText("Anúncio publicado!");
      await expect(toasts(page)).toContainText("Cadastro realizado com sucesso");
      await expect(page.getByRole("main").locator('img[src^="/imagens/pets/"]').first()).toBeVisible();
      // Signed in as the new account, on the same submit.
      await expect(header(page).getByRole("link", { name: "Entrar" })).toHaveCount(0);
      const petPath = new URL(page.url()).pathname;
      expect(shown).toEqual(["/", "/cadastrar-pet?aba=perdido", petPath]);
      expect(posts).toHaveLength(1);

      // The ad is the new account's, and its e-mail confirmation is in the outbox.
      await page.goto("/dashboard/pets");
      await expect(page.getByRole("main")).toContainText(name);
      expect(await outboxLink(page, email, "/confirmar-email/")).toMatch(/^\/confirmar-email\//);
    },
  );

  test("The same flow with an e-mail that already has an account asks for the password and loses nothing.", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
    newAccount,
  }) => {
    const account = await newAccount({ tag: "ja-tem-conta" });
    const shown = pagesShown(page);
    await fromTheHome(page, javaScriptEnabled);
    const name = unique("Nina");
    await fillLostPet(page, name);
    await fillNewAccount(page, account.email, "outra-senha-123");
    await page.getByRole("button", { name: "Publicar anúncio" }).click();

    // The same page asks for the password; everything typed is there, photos included.
    const main = page.getByRole("main");
    await expect(main.getByRole("alert")).toContainText("Este e-mail já tem conta: digite sua senha.");
    await expect(page).toHaveURL(/\/cadastrar-pet\?aba=perdido$/);
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue(name);
    await expect(page.getByLabel("Cor")).toHaveValue("Caramelo");
    await expect(page.getByLabel("Observações")).toHaveValue("Coleira azul com plaquinha.");
    await expect(page.getByRole("img", { name: "Foto já enviada" })).toHaveCount(2);
    const accountPart = page.getByRole("group", { name: "Sua conta" });
    await expect(accountPart.getByLabel("E-mail", { exact: true })).toHaveValue(account.email);
    await expect(accountPart.getByLabel("Senha", { exact: true })).toHaveValue("");
    await expect(accountPart.getByLabel("Seu nome")).toHaveCount(0);

    await waitForHydration(page, javaScriptEnabled);
    await accountPart.getByLabel("Senha", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Publicar anúncio" }).click();

    await expect(page).toHaveURL(/\/pet\/\d+$/);
    await expect(main.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(toasts(page)).toContainText("Anúncio publicado!");
    await expect(toasts(page)).not.toContainText("Cadastro realizado");
    await expect(main).toContainText("Coleira azul com plaquinha.");
    const photos = main.locator('img[src^="/imagens/pets/"]:not(section[aria-labelledby="correspondencias-titulo"] img)');
    await expect(photos).toHaveCount(2);
    expect(shown).toEqual(["/", "/cadastrar-pet?aba=perdido", new URL(page.url()).pathname]);
  });
});
