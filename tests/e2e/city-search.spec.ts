// The search's city filter takes any municipality and a radius, and the city
// pages list the lost pets of a city and its region (docs/decisions/0032, "Search and city
// pages"). JavaScript off (plain GET forms and links), and on for the main flow (@js).
import path from "node:path";
import type { Page } from "@playwright/test";
import { waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { fillPetAd } from "./support/pet-form";

const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Publishes a lost pet in Jundiaí - SP through the pet form, as its owner does. */
async function postLostPetInJundiai(page: Page, javaScriptEnabled: boolean, name: string) {
  await page.goto("/cadastrar-pet?aba=perdido");
  await waitForHydration(page, javaScriptEnabled);
  // Typed as people type it; the server resolves it to Jundiaí - SP.
  await fillPetAd(page, { name, location: "jundiai sp", color: "Caramelo", lostOn: "2026-11-20" });
  await page.getByLabel("Fotos").setInputFiles(path.join(process.cwd(), "public/seed/pets/cachorro-01.webp"));
  await page.getByRole("button", { name: "Publicar anúncio" }).click();
  await expect(page).toHaveURL(/\/pet\/\d+$/);
}

/** The search form of /buscar-pets: the pet's name, a city and a distance. */
async function searchFor(page: Page, javaScriptEnabled: boolean, name: string, city: string, radius: string) {
  await page.goto("/buscar-pets");
  await waitForHydration(page, javaScriptEnabled);
  const form = page.getByRole("search");
  await form.getByPlaceholder("Estou procurando...").fill(name);
  await form.getByLabel("Cidade", { exact: true }).fill(city);
  // The distance sits in 'Filtros', beside the results (docs/decisions/0033, "One line of search").
  await page.getByRole("complementary", { name: "Filtros" }).getByLabel("Distância").selectOption({ label: radius });
  await form.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\/buscar-pets\?.*cidade=/);
}

test.describe("city search and city pages", () => {
  // `@js` although the pages are light: this flow was asked for with JavaScript on too (docs/decisions/0003).
  test("a pet in Jundiaí: found by Jundiaí and by Campinas + 50 km, not by Campinas alone; listed on /pets-perdidos/sp/jundiai", {
    tag: "@js",
  }, async ({ page, javaScriptEnabled, login }) => {
    await login();
    const name = `Jundi ${token()}`;
    await postLostPetInJundiai(page, javaScriptEnabled, name);
    const card = page.getByTestId("pet-card").filter({ hasText: name });

    await searchFor(page, javaScriptEnabled, name, "Jundiaí", "Só na cidade");
    await expect(page.getByRole("search").getByLabel("Cidade", { exact: true })).toHaveValue("Jundiaí - SP");
    await expect(page.getByRole("link", { name: "Remover filtro Jundiaí - SP" })).toBeVisible();
    await expect(card.first()).toBeVisible();

    // Campinas is about 40 km from Jundiaí.
    await searchFor(page, javaScriptEnabled, name, "Campinas, SP", "50 km");
    await expect(page.getByRole("link", { name: "Remover filtro Campinas - SP e até 50 km" })).toBeVisible();
    await expect(card.first()).toBeVisible();

    await searchFor(page, javaScriptEnabled, name, "Campinas", "Só na cidade");
    await expect(page.getByText("Nenhum pet encontrado.")).toBeVisible();
    await expect(card).toHaveCount(0);

    await page.goto("/pets-perdidos/sp/jundiai");
    await expect(page).toHaveTitle("Pets perdidos em Jundiaí - SP e região | Patas Conectadas");
    await expect(page.getByRole("heading", { level: 1, name: "Pets perdidos em Jundiaí - SP e região" })).toBeVisible();
    await expect(card.first()).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Cidades próximas" }).getByRole("link", { name: "Várzea Paulista - SP" }),
    ).toHaveAttribute("href", "/pets-perdidos/sp/varzea-paulista");
    await expect(page.getByRole("link", { name: "Avise-me quando aparecer um pet perdido aqui" })).toHaveAttribute(
      "href",
      "/alertas/novo?cidade=jundiai-sp&raio=25&filter=perdido",
    );
  });

  test("a city in several states offers the choice; an unknown one says so", async ({ page }) => {
    await page.goto("/buscar-pets?cidade=Bom+Jesus");
    await expect(page.getByText("Há mais de uma cidade com esse nome. Qual delas?")).toBeVisible();
    await page.getByRole("link", { name: "Bom Jesus - RS" }).click();
    await expect(page).toHaveURL(/cidade=bom-jesus-rs/);
    await expect(page.getByRole("search").getByLabel("Cidade", { exact: true })).toHaveValue("Bom Jesus - RS");

    await page.goto("/buscar-pets?cidade=Atl%C3%A2ntida");
    await expect(page.getByText(/Não encontramos a cidade “Atlântida”/)).toBeVisible();
  });

  test("an unknown city page is the 404 page; old four-city links still search", async ({ page }) => {
    const response = await page.goto("/pets-perdidos/sp/atlantida");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Cidade não encontrada" })).toBeVisible();

    await page.goto("/buscar-pets?location=S%C3%A3o+Paulo");
    await expect(page).toHaveURL(/\/buscar-pets\?cidade=S%C3%A3o\+Paulo$/);
    await expect(page.getByRole("search").getByLabel("Cidade", { exact: true })).toHaveValue("São Paulo - SP");
  });

  test("'Campi' suggests Campinas - SP first, on a phone", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the suggestions are filled by the page's script");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/cadastrar-pet?aba=perdido");
    await waitForHydration(page, javaScriptEnabled);
    await page
      .getByLabel(/^Cidade/)
      .first()
      .fill("Campi");
    const options = page.locator("datalist option");
    await expect(options.first()).toHaveAttribute("value", "Campinas - SP");
  });
});
