// The listings' city filter (docs/decisions/0032, "Listings, alerts and Perto de
// você"). Plain GET forms, the same with JavaScript on or off, so JavaScript off only.
// Sample data: Tico (lost) and a renal cat food in Curitiba, Bolinha (lost) in Brasília,
// a hygiene mat in Rio de Janeiro, SOS Bichos' bazaar in Porto Alegre.
import { expect, test } from "./support/fixtures";

test.describe("the listings' city filter", () => {
  test("/pets narrows to a city in place, keeps the status, and 'Limpar' lists every city again", async ({ page }) => {
    await page.goto("/pets?status=perdido");
    const filter = page.locator("form").filter({ has: page.getByRole("button", { name: "Filtrar" }) });
    await filter.getByLabel("Cidade", { exact: true }).fill("curitiba");
    await filter.getByLabel("Distância").selectOption({ label: "10 km" });
    await filter.getByRole("button", { name: "Filtrar" }).click();

    await expect(page).toHaveURL(/\/pets\?status=perdido&cidade=curitiba&raio=10$/);
    await expect(filter.getByLabel("Cidade", { exact: true })).toHaveValue("Curitiba - PR");
    const cards = page.getByTestId("pet-card");
    await expect(cards.filter({ hasText: "Tico" })).toHaveCount(1);
    await expect(cards.filter({ hasText: "Bolinha" })).toHaveCount(0);
    // The status links keep the city; 'Avise-me' saves it.
    await expect(page.getByRole("link", { name: "Todos", exact: true })).toHaveAttribute("href", "/pets?cidade=curitiba-pr&raio=10");
    await expect(page.getByText("Curitiba - PR e até 10 km")).toBeVisible();

    await page.getByRole("link", { name: "Limpar" }).click();
    await expect(page).toHaveURL(/\/pets\?status=perdido$/);
    await expect(cards.filter({ hasText: "Bolinha" })).toHaveCount(1);
  });

  test("products and events: a city narrows the list; a city in several states offers the choice", async ({ page }) => {
    await page.goto("/produtos");
    const search = page.getByRole("search");
    await search.getByLabel("Cidade", { exact: true }).fill("Curitiba, PR");
    await search.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/produtos\?.*cidade=Curitiba/);
    await expect(page.getByText("Ração Terapêutica Renal para Gatos 1,5 kg")).toBeVisible();
    await expect(page.getByText("Tapete Higiênico Super Absorvente - 30 Unidades")).toHaveCount(0);

    await page.goto("/eventos");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Filtrar" }) });
    await form.getByLabel("Cidade", { exact: true }).fill("porto alegre");
    await form.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByText("Bazar Beneficente SOS Bichos")).toBeVisible();
    await expect(page.getByText("Abrigo de Portas Abertas")).toHaveCount(0);

    await page.goto("/clinicas?cidade=Bom+Jesus");
    await expect(page.getByText("Há mais de uma cidade com esse nome. Qual delas?")).toBeVisible();
    await page.getByRole("link", { name: "Bom Jesus - PI" }).click();
    await expect(page).toHaveURL(/\/clinicas\?cidade=bom-jesus-pi$/);
  });
});
