// An owner closes an ad as a happy ending; the home counter moves, the
// pet shows the banner and leaves the default search (docs/decisions/0023).
import path from "node:path";
import type { Page } from "@playwright/test";
import { waitForHydration } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { fillPetAd } from "./support/pet-form";

const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function postPet(page: Page, javaScriptEnabled: boolean, kind: "perdido" | "adocao", name: string) {
  await page.goto(`/cadastrar-pet?aba=${kind}`);
  await waitForHydration(page, javaScriptEnabled);
  await fillPetAd(page, kind === "perdido" ? { name, color: "Caramelo", lostOn: "2026-11-20" } : { name, temperament: "Dócil" });
  await page.getByLabel("Fotos").setInputFiles(path.join(process.cwd(), "public/seed/pets/cachorro-01.webp"));
  await page.getByRole("button", { name: "Publicar anúncio" }).click();
  await expect(page).toHaveURL(/\/pet\/\d+$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

async function foundCounter(page: Page) {
  await page.goto("/");
  return Number((await page.getByTestId("stat-found").innerText()).replace(/\D/g, ""));
}

test.describe("ad lifecycle", () => {
  // `@js`: this flow was asked for with JavaScript on too (docs/decisions/0003).
  test("an owner closes a lost pet as 'Reencontrado!': banner, home counter, out of the search", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
    login,
  }) => {
    // Seven page loads, an ad posted and an accessibility check: with JavaScript on a loaded
    // machine this has taken 30 s.
    test.setTimeout(60_000);
    await login();
    const word = token();
    const name = `Paçoca ${word}`;
    const id = await postPet(page, javaScriptEnabled, "perdido", name);

    await page.goto(`/buscar-pets?q=${word}`);
    await expect(page.getByTestId("pet-card").getByRole("link", { name, exact: true })).toBeVisible();
    const before = await foundCounter(page);

    await page.goto(`/pet/${id}`);
    await waitForHydration(page, javaScriptEnabled);
    await expect(page.getByTestId("ad-state")).toContainText("Aberto");
    await page.getByRole("link", { name: `Marcar como reencontrado: anúncio de ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/pet/${id}/encerrar`));
    await expect(page.getByRole("heading", { level: 1, name: "Encerrar anúncio" })).toBeVisible();
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Sim, Reencontrado!" }).click();

    await expect(page).toHaveURL(new RegExp(`/pet/${id}$`));
    const banner = page.getByTestId("closed-banner");
    await expect(banner).toContainText("Reencontrado!");
    await expect(banner).toContainText("Este pet voltou para casa em");
    await expect(page.getByTestId("ad-state")).toContainText("Encerrado como Reencontrado!");
    await expect(page.getByRole("main").getByRole("link", { name: "Chamar no WhatsApp" })).toHaveCount(0);
    await expectAccessible(page, javaScriptEnabled);

    // Parallel tests may close ads too: the counter grew by at least this one.
    expect(await foundCounter(page)).toBeGreaterThanOrEqual(before + 1);
    await expect(page.locator("#casos-resolvidos").getByRole("link", { name, exact: true })).toBeVisible();

    await page.goto(`/buscar-pets?q=${word}`);
    await expect(page.getByText("Nenhum pet encontrado.")).toBeVisible();
    await page.goto(`/buscar-pets?q=${word}&encerrados=1`);
    const card = page.getByTestId("pet-card").filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText("Reencontrado!")).toBeVisible();
  });

  test("Meus Pets closes an adoption ad as 'Adotado!' and shows each ad's state", async ({ page, login }) => {
    await login();
    const name = `Biscoito ${token()}`;
    await postPet(page, false, "adocao", name);

    await page.goto("/dashboard/pets");
    const item = page.getByTestId("my-pet").filter({ hasText: name });
    await expect(item.getByTestId("ad-state")).toHaveText("Aberto");
    await expectAccessible(page, false);
    await item.getByRole("link", { name: `Marcar como adotado: anúncio de ${name}` }).click();
    await expectAccessible(page, false);
    await page.getByRole("button", { name: "Sim, Adotado!" }).click();

    await expect(page).toHaveURL(/\/dashboard\/pets$/);
    await expect(item.getByTestId("ad-state")).toContainText("Encerrado como Adotado!");
    await expect(item.getByRole("link", { name: /^Marcar como/ })).toHaveCount(0);
    // The renewal page of a closed ad explains it and offers no button.
    const id = (await item.getByRole("link", { name: "Ver Detalhes" }).getAttribute("href"))!.split("/").pop();
    await page.goto(`/pet/${id}/renovar`);
    await expect(page.getByRole("heading", { level: 1, name: "Renovar anúncio" })).toBeVisible();
    await expect(page.getByText("Encerrado como Adotado!")).toBeVisible();
    await expect(page.getByRole("button", { name: "Renovar anúncio" })).toHaveCount(0);
    await expectAccessible(page, false);
  });
});
