import { waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

test.describe("search bar", () => {
  test("the home search form lands on /buscar-pets with the query", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("search");
    await form.getByPlaceholder("Estou procurando...").fill("vira");
    await form.getByLabel("Cidade", { exact: true }).fill("São Paulo");
    await form.getByLabel("Distância").selectOption("25");
    await form.getByLabel("Categoria").selectOption("perdido");
    await form.getByRole("button", { name: "Buscar" }).click();

    await expect(page).toHaveURL(/\/buscar-pets\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("q")).toBe("vira");
    expect(url.searchParams.get("cidade")).toBe("São Paulo");
    expect(url.searchParams.get("raio")).toBe("25");
    expect(url.searchParams.get("category")).toBe("perdido");

    await expect(page.getByRole("heading", { level: 1, name: "Buscar Pets" })).toBeVisible();
    const results = page.getByRole("search");
    await expect(results.getByPlaceholder("Estou procurando...")).toHaveValue("vira");
    // The city as the server resolved it (docs/decisions/0032).
    await expect(results.getByLabel("Cidade", { exact: true })).toHaveValue("São Paulo - SP");
    // The distance and the category sit in 'Filtros' (docs/decisions/0033, "One line of search").
    const filters = page.getByRole("complementary", { name: "Filtros" });
    await expect(filters.getByLabel("Distância")).toHaveValue("25");
    await expect(filters.getByLabel("Categoria")).toHaveValue("perdido");
    await expect(page.getByText(/^\d+ anúncios? de pets? perdidos? entre [\d.]+ anúncios$/)).toBeVisible();
  });

  test("the distance and category selects offer their values", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("search");
    const radii = await form.getByLabel("Distância").locator("option").allInnerTexts();
    expect(radii).toEqual(["Só na cidade", "10 km", "25 km", "50 km"]);
    const values = await form
      .getByLabel("Categoria")
      .locator("option")
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    // Every status, in the one status control (docs/decisions/0033 §11).
    expect(values).toEqual(["", "perdido", "encontrado", "avistado", "adocao", "ongs", "produtos", "clinicas", "eventos"]);
  });

  test("searching for NGOs goes to the NGO list", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("search");
    await form.getByLabel("Categoria").selectOption("ongs");
    await form.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/ongs$/);
    await expect(page.getByRole("heading", { level: 1, name: "Todas as ONGs" })).toBeVisible();
  });

  test("the home search for NGOs in Belo Horizonte keeps the city and the radius", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("search");
    await form.getByLabel("Cidade").fill("Belo Horizonte");
    await form.getByLabel("Distância").selectOption("25");
    await form.getByLabel("Categoria").selectOption("ongs");
    await form.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/ongs\?cidade=Belo\+Horizonte&raio=25$/);
    await expect(page.getByLabel("Cidade", { exact: true }).first()).toHaveValue("Belo Horizonte - MG");
  });

  test("the count names what it counts", async ({ page }) => {
    await page.goto("/buscar-pets?category=perdido");
    await expect(page.getByText(/^[\d.]+ anúncios? de pets? perdidos? entre [\d.]+ anúncios$/)).toBeVisible();
    await page.goto("/buscar-pets?category=adocao");
    await expect(page.getByText(/^[\d.]+ pets? para adoção entre [\d.]+ anúncios$/)).toBeVisible();
    // /pets counts the same way.
    await page.goto("/pets?status=perdido");
    await expect(page.getByText(/^[\d.]+ anúncios? de pets? perdidos?$/)).toBeVisible();
  });

  test("a search for an event that finds no pet points to the events (docs/decisions/0033 §6)", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("search").getByPlaceholder("Estou procurando...").fill("feira de adoção");
    await page.getByRole("search").getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByText("Nenhum pet encontrado.")).toBeVisible();
    const events = page.getByRole("region", { name: "Procurando um evento? Estes combinam com a sua busca:" });
    await events.getByRole("link", { name: /Feira de Adoção de Sábado no Parque/ }).click();
    await expect(page).toHaveURL(/\/evento\/\d+$/);
  });

  test("a search with no match offers to clear the filters", async ({ page }) => {
    await page.goto("/buscar-pets?q=zzzznadaaqui");
    await expect(page.getByText(/^0 pets entre [\d.]+ anúncios$/)).toBeVisible();
    await expect(page.getByText("Nenhum pet encontrado.")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Limpar filtros" }).last().click();
    await expect(page).toHaveURL(/\/buscar-pets$/);
    await expect(page.locator("article").first()).toBeVisible();
  });
});

test.describe("search page", () => {
  test("finds São Paulo when typed without accents", async ({ page }) => {
    await page.goto("/buscar-pets?q=sao+paulo");
    const cards = page.locator("article");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allInnerTexts()) expect(text).toContain("São Paulo");
  });

  // With JavaScript each tick applies at once.
  test("ticks filters, removes a badge, clears all", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    await page.goto("/buscar-pets");
    // The light page's script applies a tick at once (docs/decisions/0042).
    await waitForHydration(page, javaScriptEnabled);
    const filters = page.getByRole("complementary", { name: "Filtros" });
    await filters.getByLabel("Cachorro").check();
    if (javaScriptEnabled) {
      // With JavaScript each tick applies at once.
      await expect(page).toHaveURL(/filter=Cachorro/);
      await waitForHydration(page, javaScriptEnabled);
      await page.getByRole("complementary", { name: "Filtros" }).getByLabel("Pequeno").check();
      await expect(page).toHaveURL(/filter=Pequeno/);
    } else {
      await filters.getByLabel("Pequeno").check();
      await filters.getByRole("button", { name: "Aplicar" }).click();
      await expect(page).toHaveURL(/filter=Cachorro&filter=Pequeno/);
    }
    // The badges come with the new results (with JavaScript the URL changes first).
    await expect(page.getByRole("link", { name: "Remover filtro Pequeno" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Remover filtro Cachorro" })).toBeVisible();
    const cards = page.locator("article");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allInnerTexts()) expect(text).toContain("Cachorro");
    await expect(page.getByRole("complementary", { name: "Filtros" }).getByLabel("Pequeno")).toBeChecked();

    await page.getByRole("link", { name: "Remover filtro Pequeno" }).click();
    await expect(page).toHaveURL(/filter=Cachorro$/);
    await expect(page.getByRole("link", { name: "Remover filtro Pequeno" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Remover filtro Cachorro" })).toBeVisible();

    await page.getByRole("main").getByRole("link", { name: "Limpar filtros" }).first().click();
    await expect(page).toHaveURL(/\/buscar-pets$/);
    await expect(page.getByRole("link", { name: /^Remover filtro/ })).toHaveCount(0);
  });

  test("one status control and the filters /pets shares: species on the adoption list (docs/decisions/0033 §7, §11)", async ({ page }) => {
    // /buscar-pets: the status is the bar's category alone; the panel says 'Espécie' and 'Sexo'.
    await page.goto("/buscar-pets?category=perdido&filter=adocao");
    await expect(page.getByRole("link", { name: "Remover filtro Perdido" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Remover filtro Para Adoção" })).toBeVisible();
    await expect(page.getByText("Nenhum pet encontrado.")).toHaveCount(0);
    const panel = page.getByRole("complementary", { name: "Filtros" });
    await expect(panel.getByRole("group", { name: "Sexo" })).toBeVisible();
    await expect(panel.getByRole("group", { name: "Espécie" })).toBeVisible();
    await expect(panel.getByText("Gênero")).toHaveCount(0);
    await expect(panel.getByLabel("Perdido", { exact: true })).toHaveCount(0);

    // /pets: a family looking for a cat to adopt.
    await page.goto("/pets?status=adocao");
    const filters = page.locator("form").filter({ has: page.getByRole("button", { name: "Filtrar" }) });
    await filters.getByRole("group", { name: "Espécie" }).getByLabel("Gato").check();
    await filters.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/\/pets\?status=adocao&cidade=&raio=0&filter=Gato$/);
    const cards = page.getByTestId("pet-card");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allInnerTexts()) expect(text).toContain("Gato");
    // The status links keep the filter; 'Limpar' drops it.
    await expect(page.getByRole("link", { name: "Todos", exact: true })).toHaveAttribute("href", "/pets?filter=Gato");
    await expect(page.getByText("Filtros (1)")).toBeAttached();
    await page.getByRole("link", { name: "Limpar" }).click();
    await expect(page).toHaveURL(/\/pets\?status=adocao$/);
  });

  test("on a phone the filters fold away until opened", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/buscar-pets");
    const filters = page.getByRole("complementary", { name: "Filtros" });
    await expect(filters.getByLabel("Gato")).toBeHidden();
    await filters.getByText("Filtros", { exact: true }).click();
    await filters.getByLabel("Gato").check();
    await filters.getByRole("button", { name: "Aplicar" }).click();
    await expect(page).toHaveURL(/filter=Gato/);
    // With a filter on, the panel says how many are active; it stays closed, so the results come first.
    await expect(page.getByRole("complementary", { name: "Filtros" }).getByLabel("Gato")).toBeChecked();
    await expect(page.getByText("Filtros (1)")).toBeVisible();
  });

  test("switches to the list view and pages forward", async ({ page }) => {
    await page.goto("/buscar-pets");
    const count = page.getByText(/^\d+ pets? entre [\d.]+ anúncios$/);
    await expect(count).toBeVisible();
    await page.getByRole("navigation", { name: "Visualização" }).getByRole("link", { name: "Lista" }).click();
    await expect(page).toHaveURL(/view=lista/);
    await expect(page.locator('[data-view="lista"] article').first()).toBeVisible();
    const firstPage = await page.locator("article h3").allInnerTexts();
    await page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Próxima" }).click();
    // Keyset pages (docs/decisions/0017): the link carries the last card's id.
    await expect(page).toHaveURL(/view=lista&depois=\d+$/);
    await expect
      .poll(async () => {
        const secondPage = await page.locator("article h3").allInnerTexts();
        return secondPage.length > 0 && JSON.stringify(secondPage) !== JSON.stringify(firstPage);
      })
      .toBe(true);
  });

  test("orders by most viewed", async ({ page }) => {
    await page.goto("/buscar-pets?order=relevantes");
    await expect(page.getByLabel("Ordenar por")).toHaveValue("relevantes");
    // A full page: 12 (docs/decisions/0043).
    expect(await page.locator("article").count()).toBe(12);
  });

  test("NGO, product and clinic searches keep the query", async ({ page }) => {
    await page.goto("/buscar-pets?category=produtos&q=ra%C3%A7%C3%A3o");
    await expect(page).toHaveURL(/\/produtos\?q=ra%C3%A7%C3%A3o$/);
    await expect(page.getByRole("search").getByRole("searchbox")).toHaveValue("ração");
    const cards = page.locator("article");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allInnerTexts()) expect(text.toLowerCase()).toContain("ração");
  });
});
