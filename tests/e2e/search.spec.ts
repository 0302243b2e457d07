import { expect, test } from "@playwright/test";

test.describe("search bar", () => {
  test("the home search form lands on /buscar-pets with the query", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("search");
    await form.getByPlaceholder("Estou procurando...").fill("vira");
    await form.getByLabel("Localização").selectOption("São Paulo");
    await form.getByLabel("Categoria").selectOption("perdido");
    await form.getByRole("button", { name: "Buscar" }).click();

    await expect(page).toHaveURL(/\/buscar-pets\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("q")).toBe("vira");
    expect(url.searchParams.get("location")).toBe("São Paulo");
    expect(url.searchParams.get("category")).toBe("perdido");

    await expect(page.getByRole("heading", { level: 1, name: "Buscar Pets" })).toBeVisible();
    const results = page.getByRole("search");
    await expect(results.getByPlaceholder("Estou procurando...")).toHaveValue("vira");
    await expect(results.getByLabel("Localização")).toHaveValue("São Paulo");
    await expect(results.getByLabel("Categoria")).toHaveValue("perdido");
    await expect(page.getByText(/^\d+ de \d+ pets encontrados$/)).toBeVisible();
  });

  test("the location and category selects offer the spec's values", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("search");
    const cities = await form.getByLabel("Localização").locator("option").allInnerTexts();
    expect(cities).toEqual(["Todas as cidades", "São Paulo", "Rio de Janeiro", "Belo Horizonte", "Brasília"]);
    const values = await form.getByLabel("Categoria").locator("option").evaluateAll((options) =>
      options.map((o) => (o as HTMLOptionElement).value),
    );
    expect(values).toEqual(["", "perdido", "adocao", "ongs", "produtos", "clinicas"]);
  });

  test("searching for NGOs goes to the NGO list", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("search");
    await form.getByLabel("Categoria").selectOption("ongs");
    await form.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/ongs$/);
    await expect(page.getByRole("heading", { level: 1, name: "Todas as ONGs" })).toBeVisible();
  });

  test("a search with no match offers to clear the filters", async ({ page }) => {
    await page.goto("/buscar-pets?q=zzzznadaaqui");
    await expect(page.getByText(/^0 de \d+ pets encontrados$/)).toBeVisible();
    await page.getByRole("link", { name: "Limpar filtros" }).click();
    await expect(page).toHaveURL(/\/buscar-pets$/);
    await expect(page.locator("article").first()).toBeVisible();
  });
});
