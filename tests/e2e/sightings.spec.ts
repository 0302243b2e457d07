// 'Vi este pet' (docs/decisions/0024-sightings.md). A visitor without an
// account reports a sighting; the owner sees it on the page, in Meus Pets and in the mail;
// the public sees place and time, never the reporter's contact; the owner hides it.
import path from "node:path";
import type { Page } from "@playwright/test";
import { toasts, waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { fillPetAd } from "./support/pet-form";

const unique = (base: string) => `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function postLostPet(page: Page, javaScriptEnabled: boolean, name: string) {
  await page.goto("/cadastrar-pet?aba=perdido");
  await waitForHydration(page, javaScriptEnabled);
  const lostOn = new Date(Date.now() - 2 * 864e5).toISOString().slice(0, 10);
  await fillPetAd(page, { name, color: "Caramelo", lostOn });
  await page.getByLabel("Fotos").setInputFiles(path.join(process.cwd(), "public/seed/pets/cachorro-01.webp"));
  await page.getByRole("button", { name: "Publicar anúncio" }).click();
  await expect(page).toHaveURL(/\/pet\/\d+$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

test.describe("Vi este pet", () => {
  test("a lost pet's page offers 'Vi este pet' beside 'Chamar no WhatsApp', leading to the form", async ({ page }) => {
    // On a phone the form is far down the page (docs/decisions/0033 §10).
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/pet/1");
    const main = page.getByRole("main");
    const button = main.getByRole("link", { name: "Vi este pet", exact: true });
    await expect(button).toHaveAttribute("href", "#vi-este-pet");
    const whatsapp = (await main.getByRole("link", { name: "Chamar no WhatsApp" }).boundingBox())!;
    const near = (await button.boundingBox())!;
    expect(Math.abs(near.y - whatsapp.y)).toBeLessThan(120);
    await button.click();
    await expect(page).toHaveURL(/#vi-este-pet$/);
    await expect(page.getByRole("form", { name: "Vi este pet" })).toBeInViewport();
  });

  // `@js` although the pet page is light: this flow was asked for with JavaScript on too (docs/decisions/0003).
  test("a visitor reports a sighting; the owner sees it and is mailed; the public sees no contact", { tag: "@js" }, async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    login,
  }) => {
    const owner = await login({ tag: "avistamento" });
    const name = unique("Pipoca");
    const id = await postLostPet(page, javaScriptEnabled, name);
    const place = unique("Praça da Matriz");
    const notes = unique("Estava com coleira azul");
    const contact = `(11) 9${String(1000 + Math.floor(Math.random() * 9000))}-${String(1000 + Math.floor(Math.random() * 9000))}`;

    // A visitor without an account (the light first visit of docs/decisions/0020).
    const visitor = await browser.newContext({ baseURL, javaScriptEnabled });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/pet/${id}`);
    await waitForHydration(visitorPage, javaScriptEnabled);
    const form = visitorPage.getByRole("form", { name: "Vi este pet" });
    await expect(form.getByLabel("Quando")).not.toHaveValue("");
    // Sent without the place: the server answers with the message and keeps what was typed.
    await form.getByLabel("Observações (opcional)").fill(notes);
    await form.getByLabel("WhatsApp ou e-mail para contato (opcional)").fill(contact);
    await form.getByRole("button", { name: "Enviar avistamento" }).click();
    await expect(visitorPage.getByRole("main").getByRole("alert").getByText("Por favor, informe onde você viu o pet.")).toBeVisible();
    await waitForHydration(visitorPage, javaScriptEnabled);
    const again = visitorPage.getByRole("form", { name: "Vi este pet" });
    await expect(again.getByLabel("Observações (opcional)")).toHaveValue(notes);
    await expect(again.getByLabel("WhatsApp ou e-mail para contato (opcional)")).toHaveValue(contact);
    await again.getByLabel("Onde você viu").fill(place);
    await again.getByRole("button", { name: "Enviar avistamento" }).click();

    await expect(visitorPage).toHaveURL(new RegExp(`/pet/${id}#avistamentos$`));
    await expect(toasts(visitorPage).getByText("Obrigado por avisar!")).toBeVisible();
    await expect(visitorPage.getByTestId("avistamento").filter({ hasText: place })).toBeVisible();
    // The sender sees what was sent (place, time, notes), not just an empty form again;
    // once: a reload shows the page as anyone sees it (docs/decisions/0024, After sending).
    const sent = visitorPage.getByRole("region", { name: "Avistamento enviado" });
    await expect(sent).toContainText(place);
    await expect(sent).toContainText(notes);
    await expect(sent.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await expect(sent).not.toContainText(contact);
    await visitorPage.goto(`/pet/${id}`);
    await expect(visitorPage.getByRole("region", { name: "Avistamento enviado" })).toHaveCount(0);
    // The public (anyone else, a fresh page): place and time; notes and contact are the owner's only.
    const publicContext = await browser.newContext({ baseURL, javaScriptEnabled });
    const publicPage = await publicContext.newPage();
    await publicPage.goto(`/pet/${id}`);
    await expect(publicPage.getByTestId("avistamento").filter({ hasText: place }).locator("time")).toBeVisible();
    for (const text of [await publicPage.content(), await (await publicContext.request.get(`/pet/${id}.data`)).text()]) {
      expect(text).not.toContain(contact);
      expect(text).not.toContain(notes);
    }
    await publicContext.close();

    // The owner: the mail, the page with everything, Meus Pets.
    await page.goto("/dev/caixa-de-saida");
    const mail = page
      .getByTestId("outbox-message")
      .filter({ hasText: owner.email })
      .filter({ hasText: `Alguém viu ${name}!` });
    await expect(mail).toBeVisible();
    await expect(mail).toContainText(place);
    await expect(mail).toContainText(contact);
    await expect(mail).toContainText(notes);
    await expect(mail.locator(`a[href$="/pet/${id}"]`)).toBeVisible();

    await page.goto("/dashboard/pets");
    await expect(page.getByTestId("my-pet").filter({ hasText: name }).getByTestId("meus-avistamentos")).toContainText(place);

    await page.goto(`/pet/${id}`);
    await waitForHydration(page, javaScriptEnabled);
    const ownerItem = page.getByTestId("avistamento").filter({ hasText: place });
    await expect(ownerItem).toContainText(notes);
    await expect(ownerItem.getByRole("link", { name: contact })).toBeVisible();
    // The owner hides it: gone for everyone.
    await ownerItem.getByRole("button", { name: `Ocultar o avistamento em ${place}` }).click();
    await expect(toasts(page).getByText("Avistamento ocultado")).toBeVisible();
    await expect(page.getByTestId("avistamento").filter({ hasText: place })).toHaveCount(0);
    await visitorPage.goto(`/pet/${id}`);
    await expect(visitorPage.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(visitorPage.getByTestId("avistamento").filter({ hasText: place })).toHaveCount(0);
    await visitor.close();
  });
});
