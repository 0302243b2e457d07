import { expect, test } from "./support/fixtures";

test.describe("static pages", () => {
  for (const [path, title] of [
    ["/quem-somos", "Quem Somos"],
    ["/links-uteis", "Links Úteis"],
    ["/termos", "Termos de Uso"],
    ["/privacidade", "Política de Privacidade"],
  ] as const) {
    test(`${path} renders`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(title));
    });
  }

  // The legal pages describe the product as it is: 'Denunciar' on every item, 'Excluir minha
  // conta' and 'Baixar meus dados' in Meus dados, contacts protected (docs/decisions/0022,
  // 0035, 0036).
  test("/termos says how to report, delete the account and reach an advertiser, as the site does it", async ({ page }) => {
    await page.goto("/termos");
    const main = page.getByRole("main");
    await expect(main).toContainText("O número não aparece no anúncio");
    await expect(main).toContainText("“Chamar no WhatsApp”");
    await expect(main).not.toContainText("ficará visível no anúncio");
    await expect(main).toContainText("pelo link “Denunciar”, que aparece em cada anúncio");
    await expect(main).not.toContainText("denunciar um conteúdo pela nossa página de contato");
    await expect(main).toContainText("Você mesmo exclui a sua conta, a qualquer momento");
    await expect(main).not.toContainText("pedir a exclusão da sua conta a qualquer momento pelo e-mail");
    await expect(main.getByRole("link", { name: "Excluir minha conta" })).toHaveAttribute("href", "/meus-dados/excluir");
    await expect(main.getByRole("link", { name: "Meus dados" })).toHaveAttribute("href", "/meus-dados");
  });

  test("/privacidade says which contacts are public and how to export and delete the data", async ({ page }) => {
    await page.goto("/privacidade");
    const main = page.getByRole("main");
    await expect(main).not.toContainText("mostram o número de WhatsApp");
    await expect(main).not.toContainText("mostra nome, e-mail, telefone");
    await expect(main).toContainText("o número de WhatsApp do anúncio não aparece na página");
    await expect(main).toContainText("só aparecem se você marcar “Mostrar meu e-mail” ou “Mostrar meu telefone”");
    await expect(main).toContainText("seu endereço de e-mail nunca é mostrado a quem escreve");
    await expect(main).toContainText("E-mails que enviamos");
    await expect(main.getByRole("link", { name: "baixar meus dados" })).toHaveAttribute("href", "/meus-dados/baixar");
    await expect(main.getByRole("link", { name: "excluir minha conta" })).toHaveAttribute("href", "/meus-dados/excluir");
  });

  test("about page tells the story since 2019 with its numbers", async ({ page }) => {
    await page.goto("/quem-somos");
    const main = page.getByRole("main");
    await expect(main).toContainText("2019");
    await expect(main).toContainText("5.000");
    await expect(main).toContainText("3.500");
  });

  test("useful links: four groups, a disclaimer and Sugerir Link to /contato", async ({ page }) => {
    await page.goto("/links-uteis");
    const main = page.getByRole("main");
    for (const group of ["Adoção e Proteção Animal", "Saúde e Bem-estar", "Legislação e Denúncias", "Educação e Comportamento"]) {
      await expect(main.getByRole("heading", { level: 2, name: group })).toBeVisible();
    }
    await expect(main).toContainText("não representam endosso");
    const external = main.locator('a[target="_blank"]');
    expect(await external.count()).toBeGreaterThanOrEqual(8);
    await expect(external.first()).toHaveAttribute("rel", /noopener/);
    await main.getByRole("link", { name: "Sugerir Link" }).click();
    await expect(page).toHaveURL(/\/contato/);
    await expect(page.getByLabel("Assunto")).toHaveValue("Sugestão de link");
  });

  test("/ver-ongs shows the NGO list", async ({ page }) => {
    // The list itself under this URL (docs/decisions/0016), not a redirect.
    await page.goto("/ver-ongs");
    await expect(page).toHaveURL(/\/ver-ongs$/);
    await expect(page.getByRole("heading", { level: 1, name: "Todas as ONGs" })).toBeVisible();
    // The 8 seed organizations, plus any another spec registers meanwhile.
    await expect(page.getByTestId("organization-card").nth(7)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Categorias" }).getByRole("link", { name: "Abrigo" })).toHaveAttribute(
      "href",
      "/ver-ongs?categoria=abrigo",
    );
  });
});

test.describe("listing pages", () => {
  test("/pets filters by status with links", async ({ page }) => {
    await page.goto("/pets");
    await expect(page.getByRole("heading", { level: 1, name: "Todos os Pets" })).toBeVisible();
    const filters = page.getByRole("navigation", { name: "Filtrar por situação" });
    for (const name of ["Todos", "Perdido", "Encontrado", "Para Adoção", "Avistado"]) {
      await expect(filters.getByRole("link", { name })).toBeVisible();
    }
    await filters.getByRole("link", { name: "Encontrado" }).click();
    await expect(page).toHaveURL(/\/pets\?status=encontrado$/);
    // With JavaScript the URL changes before the new list renders: wait for the new page.
    await expect(filters.getByRole("link", { name: "Encontrado" })).toHaveAttribute("aria-current", "page");
    const cards = page.locator("article");
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.getByText("Encontrado", { exact: true }).count()).toBe(await cards.count());
  });

  // 12 a page (docs/decisions/0043, "No extra bytes without JavaScript"; it was 24).
  test("/pets pages 12 at a time", async ({ page }) => {
    await page.goto("/pets");
    await expect(page.locator("article")).toHaveCount(12);
    await page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Próxima" }).click();
    await expect(page).toHaveURL(/page=2/);
    expect(await page.locator("article").count()).toBeGreaterThan(0);
  });

  for (const [path, title] of [
    ["/produtos", "Todos os Produtos"],
    ["/ongs", "Todas as ONGs"],
    ["/eventos", "Todos os Eventos"],
    ["/clinicas", "Todas as Clínicas"],
  ] as const) {
    test(`${path} lists seeded items`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      expect(await page.locator("article").count()).toBeGreaterThan(0);
    });
  }
});

test.describe("not found", () => {
  test("unknown paths answer 404 with a link home", async ({ page }) => {
    const response = await page.goto("/caminho/que-nao-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Voltar para o início" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
