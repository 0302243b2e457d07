// docs/decisions/0033 §2: 'Enviar mensagem' on every open ad. A visitor
// without an account writes to the poster; the poster gets it by e-mail (Reply-To: the
// visitor) and on the ad's page; the visitor never sees the poster's address.
import path from "node:path";
import type { Page } from "@playwright/test";
import { toasts, waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { fillPetAd } from "./support/pet-form";

const unique = (base: string) => `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function postAdoptionPet(page: Page, javaScriptEnabled: boolean, name: string) {
  await page.goto("/cadastrar-pet?aba=adocao");
  await waitForHydration(page, javaScriptEnabled);
  await fillPetAd(page, { name, temperament: "Dócil" });
  await page.getByLabel("Fotos").setInputFiles(path.join(process.cwd(), "public/seed/pets/cachorro-01.webp"));
  await page.getByRole("button", { name: "Publicar anúncio" }).click();
  await expect(page).toHaveURL(/\/pet\/\d+$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

test.describe("Enviar mensagem", () => {
  test("a visitor sends a message from the ad; the poster's outbox and ad have it", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    login,
  }) => {
    const owner = await login({ tag: "mensagem", confirmed: true });
    const name = unique("Bolinha");
    const id = await postAdoptionPet(page, javaScriptEnabled, name);
    const message = unique("Olá! Ainda está para adoção? Tenho quintal e tempo");
    const email = `${unique("visitante").replace(/\s/g, "-")}@exemplo.org`;

    // A visitor on a phone, without an account.
    const visitor = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 360, height: 740 } });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/pet/${id}`);
    await visitorPage.getByRole("main").getByRole("link", { name: "Enviar mensagem" }).click();
    await expect(visitorPage).toHaveURL(new RegExp(`/pet/${id}/mensagem$`));
    const form = visitorPage.getByRole("form", { name: "Enviar mensagem" });
    await form.getByLabel("Seu nome").fill("Joana Souza");
    await form.getByLabel("Mensagem", { exact: true }).fill(message);
    // Without a contact: the server says so and keeps what was typed.
    await form.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(
      visitorPage.getByRole("main").getByRole("alert").getByText("Informe um e-mail ou um telefone para receber a resposta."),
    ).toBeVisible();
    await expect(form.getByLabel("Mensagem", { exact: true })).toHaveValue(message);
    await form.getByLabel("Seu e-mail").fill(email);
    await form.getByRole("button", { name: "Enviar mensagem" }).click();

    await expect(visitorPage).toHaveURL(new RegExp(`/pet/${id}$`));
    await expect(toasts(visitorPage).getByText("Mensagem enviada!")).toBeVisible();
    expect(await visitorPage.content()).not.toContain(owner.email);
    await visitor.close();

    // The poster: the mail, with the visitor's address to reply to, then the ad.
    await page.goto("/dev/caixa-de-saida");
    const mail = page
      .getByTestId("outbox-message")
      .filter({ hasText: owner.email })
      .filter({ hasText: `Nova mensagem sobre ${name}` });
    await expect(mail).toContainText(message);
    await expect(mail.getByTestId("outbox-reply-to")).toContainText(email);
    await page.goto(`/pet/${id}`);
    await expect(page.getByTestId("mensagem").filter({ hasText: message })).toContainText(email);
  });
});
