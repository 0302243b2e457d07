// docs/decisions/0026: a visitor saves a search ('Avise-me'), confirms it from the outbox,
// the daily digest (the Cron Trigger, run through wrangler's scheduled route) mails a new
// matching pet, and the alert is cancelled in one click (docs/decisions/0026).
import path from "node:path";
import type { Page } from "@playwright/test";
import { outboxLink, toasts, uniqueEmail, waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { fillPetAd } from "./support/pet-form";

/** Letters only (the search's trigram index needs 3 or more): no other test's pet has it. */
const distinctiveWord = () => `Zorbix${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

/** The newest digest mailed to `email` that lists `petName`, from the local outbox. */
async function digestFor(page: Page, email: string, petName: string) {
  const digest = page
    .getByTestId("outbox-message")
    .filter({ hasText: email })
    .filter({ hasText: "Novos pets para a sua busca" })
    .filter({ hasText: petName })
    .first();
  // The Cron Trigger runs after the scheduled route answers: look again until it is there.
  await expect(async () => {
    await page.goto("/dev/caixa-de-saida");
    await expect(digest).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return digest;
}

test.describe("saved searches ('Avise-me')", () => {
  test(
    "a visitor saves a search, confirms it, gets the digest of a new pet and cancels it in one click",
    { tag: "@js" },
    async ({ page, javaScriptEnabled, login }, testInfo) => {
      const word = distinctiveWord();
      const email = uniqueEmail(testInfo, "alerta");

      // 1. The visitor's search, and 'Avise-me' under it.
      await page.goto(`/buscar-pets?q=${word}&filter=Gato&view=lista`);
      await waitForHydration(page, javaScriptEnabled);
      await expect(page.getByText("Nenhum pet encontrado.")).toBeVisible();
      const box = page.getByRole("region", { name: "Receba os novos pets desta busca" });
      await expect(box).toContainText(`“${word}” · Gato`);
      await box.getByLabel("Seu e-mail").fill(email);
      await box.getByRole("button", { name: "Avise-me quando aparecer um pet assim" }).click();
      await expect(page).toHaveURL(new RegExp(`/buscar-pets\\?q=${word}&filter=Gato$`));
      await expect(toasts(page)).toContainText("Confirme seu e-mail");

      // 2. The confirmation link opens a page with a button (a GET confirms nothing).
      const confirmation = await outboxLink(page, email, "/alertas/confirmar/");
      await page.goto(confirmation);
      await waitForHydration(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Confirmar alerta" }).click();
      await expect(toasts(page)).toContainText("Alerta confirmado!");
      await expect(page).toHaveURL(new RegExp(`/buscar-pets\\?q=${word}&filter=Gato$`));

      // 3. Someone posts a cat with that word in its name.
      await login();
      const petName = `Mingau ${word}`;
      await page.goto("/cadastrar-pet?aba=perdido");
      await waitForHydration(page, javaScriptEnabled);
      await fillPetAd(page, { name: petName, species: "gato", color: "Branco", lostOn: "2026-11-20" });
      await page.getByLabel("Fotos").setInputFiles(path.join(process.cwd(), "public/seed/pets/cachorro-01.webp"));
      await page.getByRole("button", { name: "Publicar anúncio" }).click();
      await expect(page).toHaveURL(/\/pet\/\d+$/);
      const petPath = new URL(page.url()).pathname;

      // 4. The daily Cron Trigger plans, the task queue's consumer writes and delivers the digest
      // (docs/decisions/0037): cron → queue → outbox, with RFC 8058 headers. The
      // built app is served unbundled (no_bundle), where wrangler cannot add its /__scheduled
      // middleware; Miniflare's own trigger route runs the same `scheduled` handler.
      const ran = await page.request.get("/cdn-cgi/local/scheduled?cron=0+11+*+*+*");
      expect(ran.status(), await ran.text()).toBe(200);
      const digest = await digestFor(page, email, petName);
      await expect(digest.locator(`a[href$="${petPath}"]`)).toBeVisible();
      const headers = digest.getByTestId("outbox-headers");
      await expect(headers).toContainText(/List-Unsubscribe: <http:\/\/[^>]+\/alertas\/cancelar\/[\w-]{43}>/);
      await expect(headers).toContainText("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      const href = await digest.locator('a[href*="/alertas/cancelar/"]').first().getAttribute("href");
      const cancel = new URL(href!).pathname;
      expect(await headers.textContent()).toContain(`${cancel}>`);

      // 5. One click. Without JavaScript: the mail provider's POST (RFC 8058), from its own
      // origin and with no cookie of ours. With it: the page's button.
      if (!javaScriptEnabled) {
        const unsubscribed = await page.request.post(cancel, {
          form: { "List-Unsubscribe": "One-Click" },
          headers: { Origin: "https://webmail.example" },
        });
        expect(unsubscribed.status()).toBe(200);
        await page.goto(cancel);
        await expect(page.getByRole("alert")).toContainText("Este alerta não existe mais");
      } else {
        await page.goto(cancel);
        await waitForHydration(page, javaScriptEnabled);
        await page.getByRole("button", { name: "Cancelar alerta" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Você não receberá mais e-mails" })).toBeVisible();
        const again = await page.request.post(cancel, { form: { "List-Unsubscribe": "One-Click" } });
        expect(again.status()).toBe(404);
      }
    },
  );

  // Instant alerts (docs/decisions/0046): no cron; the ad's own message on the task queue
  // (run by wrangler dev's local queue) finds the covering saved search and mails it.
  test("a saved search covering a new lost pet gets its mail from the queue within minutes", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
    login,
  }) => {
    const subscriber = await login({ tag: "vizinho", confirmed: true });
    await page.goto("/buscar-pets?cidade=Ilhabela&category=perdido");
    await waitForHydration(page, javaScriptEnabled);
    const box = page.getByRole("region", { name: "Receba os novos pets desta busca" });
    await box.getByRole("button", { name: "Avise-me quando aparecer um pet assim" }).click();
    await expect(toasts(page)).toContainText("Alerta criado!");

    // A neighbour's dog runs away in Ilhabela.
    await login({ tag: "tutor" });
    const petName = `Bolinha ${distinctiveWord()}`;
    await page.goto("/cadastrar-pet?aba=perdido");
    await waitForHydration(page, javaScriptEnabled);
    await fillPetAd(page, {
      name: petName,
      location: "ilhabela sp",
      neighbourhood: "Centro",
      color: "Preto",
      lostOn: new Date().toISOString().slice(0, 10),
    });
    await page.getByLabel("Fotos").setInputFiles(path.join(process.cwd(), "public/seed/pets/cachorro-01.webp"));
    await page.getByRole("button", { name: "Publicar anúncio" }).click();
    await expect(page).toHaveURL(/\/pet\/\d+$/);
    const petPath = new URL(page.url()).pathname;

    // The mail arrives from the queue, with no daily run: a bounded wait.
    const mail = page
      .getByTestId("outbox-message")
      .filter({ hasText: subscriber.email })
      .filter({ hasText: `Novo pet perdido na sua região: ${petName}` });
    await expect(async () => {
      await page.goto("/dev/caixa-de-saida");
      await expect(mail).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    await expect(mail.locator(`a[href$="${petPath}"]`)).toBeVisible();
    await expect(mail.getByTestId("outbox-headers")).toContainText(/List-Unsubscribe: <http:\/\/[^>]+\/alertas\/cancelar\/[\w-]{43}>/);
  });

  test("without JavaScript, a bad e-mail gets a 400, the message in Portuguese and what was typed back", async ({ page }) => {
    const word = distinctiveWord();
    await page.goto(`/alertas/novo?q=${word}&filter=Gato`);
    await page.getByLabel("Seu e-mail").fill("maria-sem-arroba");
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/alertas/novo"));
    await page.getByRole("button", { name: "Avise-me quando aparecer um pet assim" }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole("main").getByRole("alert").getByText("Informe um e-mail válido.")).toBeVisible();
    await expect(page.getByLabel("Seu e-mail")).toHaveValue("maria-sem-arroba");
    await expect(page.getByText(`“${word}” · Gato`)).toBeVisible();
  });
});
