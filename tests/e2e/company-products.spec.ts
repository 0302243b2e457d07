// Products of the company dashboard and the public product page (docs/decisions/0014).
// Tests that create products use a FRESH company, so the seed's basic company stays at
// its 5 products for every other test.
import type { Page, TestInfo } from "@playwright/test";
import path from "node:path";
import { NEW_PASSWORD, randomCnpj, toasts, uniqueEmail, waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const BASIC_LIMIT_MESSAGE = "O Plano Básico permite até 5 produtos. Assine o Plano Premium para anunciar mais.";
const photo = (name: string) => path.join(process.cwd(), "public/seed/products", name);

/** Signs the page in as a brand-new company on the Basic plan (through the e2e session route). */
async function freshCompany(page: Page, baseURL: string, testInfo: TestInfo, tag: string) {
  const email = uniqueEmail(testInfo, tag);
  const response = await page.request.post("/dev/sessao", {
    form: {
      intent: "criar",
      accountType: "company",
      name: "Loja de Teste",
      companyName: `Loja ${tag}`,
      cnpj: randomCnpj(),
      email,
      password: NEW_PASSWORD,
      confirmed: "1",
    },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  return email;
}

async function fillProduct(page: Page, title: string, price = "49,90") {
  const form = page.getByRole("main");
  await form.getByLabel("Categoria").selectOption("acessorios");
  await form.getByLabel("Título").fill(title);
  await form.getByLabel("Descrição").fill("Coleira ajustável com faixa refletiva para passeios à noite.");
  await form.getByLabel("Preço (R$)").fill(price);
  await form.getByLabel("Contato").fill("(11) 97777-1234");
  await form.getByLabel("Cidade", { exact: true }).fill("Moema, São Paulo - SP");
  // '@perfil' as people write it (docs/decisions/0033 §14): kept, and linked on the page.
  await form.getByLabel("Instagram").fill("@bomprachorro");
}

async function createProduct(page: Page, title: string, photos: string[] = [], javaScriptEnabled = false) {
  await page.goto("/empresa/dashboard/produtos/novo");
  await waitForHydration(page, javaScriptEnabled);
  await fillProduct(page, title);
  if (photos.length) await page.getByRole("main").getByLabel("Fotos").setInputFiles(photos);
  await page.getByRole("button", { name: "Publicar produto" }).click();
  await expect(page).toHaveURL(/\/empresa\/dashboard$/);
  await expect(toasts(page)).toContainText("Produto publicado");
}

/** The id of the dashboard card titled `title`, from its 'Editar' link. */
async function productId(page: Page, title: string) {
  const edit = page.getByRole("link", { name: `Editar ${title}` });
  const target = await edit.getAttribute("href");
  return Number(/produtos\/(\d+)\/editar/.exec(target ?? "")![1]);
}

test.describe("produtos da empresa", () => {
  test("a basic company publishes up to 5 products and the 6th is refused", async ({ page, baseURL }, testInfo) => {
    await freshCompany(page, baseURL!, testInfo, "limite");
    await page.goto("/empresa/dashboard");
    await expect(page.getByText("Você ainda não cadastrou nenhum produto.")).toBeVisible();
    // How many of the plan's products are used (docs/decisions/0014).
    await expect(page.getByTestId("produtos-do-plano")).toHaveText("0 de 5 produtos");
    for (let i = 1; i <= 5; i++) await createProduct(page, `Produto ${i} ${testInfo.project.name}`);
    await expect(page.getByTestId("meu-produto")).toHaveCount(5);
    await expect(page.getByTestId("limite-basico")).toContainText(BASIC_LIMIT_MESSAGE);

    // 'Novo Produto' explains the limit instead of showing the form.
    await page.getByRole("link", { name: "Novo Produto" }).click();
    await expect(page.getByTestId("limite-basico")).toContainText(BASIC_LIMIT_MESSAGE);
    await expect(page.getByRole("link", { name: "Assinar Premium" }).first()).toHaveAttribute("href", "/empresa-landing?plano=premium");
    await expect(page.getByLabel("Título")).toHaveCount(0);

    // The server refuses a 6th sent anyway, and writes nothing.
    const forged = await page.request.post("/empresa/dashboard/produtos/novo", {
      multipart: {
        category: "outros",
        title: "Sexto produto",
        description: "Não devia entrar.",
        price: "10,00",
        contact: "(11) 97777-1234",
        city: "São Paulo - SP",
      },
      headers: { Origin: new URL(baseURL!).origin },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    await page.goto("/empresa/dashboard");
    await expect(page.getByTestId("meu-produto")).toHaveCount(5);
    await expect(page.getByText("Sexto produto")).toHaveCount(0);
  });

  // With JavaScript the photos go through PhotoInput and the forms are sent by fetch.
  test("a product is published with photos, edited and deleted", { tag: "@js" }, async ({ page, baseURL, javaScriptEnabled }, testInfo) => {
    await freshCompany(page, baseURL!, testInfo, "editar");
    const title = `Coleira ${testInfo.project.name} ${Date.now()}`;
    await createProduct(page, title, [photo("coleira.webp"), photo("brinquedo.webp")], javaScriptEnabled);
    const id = await productId(page, title);
    await expect(page.getByTestId("meu-produto")).toContainText("R$ 49,90");

    // Edit: the Instagram shown back; a Facebook that is not a profile is refused and kept.
    await page.getByRole("link", { name: `Editar ${title}` }).click();
    await expect(page).toHaveURL(/\/editar$/);
    await waitForHydration(page, javaScriptEnabled);
    const form = page.getByRole("main");
    await expect(form.getByLabel("Preço (R$)")).toHaveValue("49,90");
    await expect(form.getByLabel("Instagram")).toHaveValue("@bomprachorro");
    await form.getByLabel("Facebook").fill("bom pra chorro");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(
      form.getByRole("alert").getByText("Informe o Facebook como @pagina, pagina ou o endereço facebook.com/pagina."),
    ).toBeVisible();
    await expect(form.getByLabel("Facebook")).toHaveValue("bom pra chorro");
    await expect(form.getByLabel("Instagram")).toHaveValue("@bomprachorro");
    // Then a new price, the Facebook address, the second photo removed.
    await form.getByLabel("Facebook").fill("https://www.facebook.com/bomprachorro/");
    await page.getByRole("main").getByLabel("Preço (R$)").fill("59,90");
    await page.getByRole("checkbox", { name: "Remover" }).nth(1).check();
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page).toHaveURL(/\/empresa\/dashboard$/);
    await expect(toasts(page)).toContainText("Produto atualizado");
    await expect(toasts(page)).toContainText("O produto foi atualizado com sucesso.");

    await page.goto(`/produto/${id}`);
    const main = page.getByRole("main");
    await expect(main.getByTestId("preco")).toHaveText("R$ 59,90");
    await expect(main.locator('img[src^="/imagens/produtos/"]')).toHaveCount(1);
    await expect(main.getByRole("link", { name: "@bomprachorro" })).toHaveAttribute("href", "https://www.instagram.com/bomprachorro");
    await expect(main.getByRole("link", { name: "facebook.com/bomprachorro" })).toHaveAttribute(
      "href",
      "https://www.facebook.com/bomprachorro",
    );

    // Delete through the confirmation step.
    await page.goto("/empresa/dashboard");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("link", { name: `Excluir ${title}` }).click();
    await expect(page.getByRole("heading", { name: "Excluir produto" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Cancelar" })).toHaveAttribute("href", "/empresa/dashboard");
    await page.getByRole("button", { name: "Sim, excluir" }).click();
    await expect(page).toHaveURL(/\/empresa\/dashboard$/);
    await expect(toasts(page)).toContainText("Produto excluído");
    await expect(page.getByText("Você ainda não cadastrou nenhum produto.")).toBeVisible();

    const gone = await page.goto(`/produto/${id}`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Produto não encontrado" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/produtos");
  });

  test("the form refuses a bad price and keeps what was typed", { tag: "@js" }, async ({ page, baseURL, javaScriptEnabled }, testInfo) => {
    await freshCompany(page, baseURL!, testInfo, "preco");
    await page.goto("/empresa/dashboard/produtos/novo");
    await waitForHydration(page, javaScriptEnabled);
    await fillProduct(page, "Produto com preço errado", "49,999");
    await page.getByRole("button", { name: "Publicar produto" }).click();
    await expect(page.getByRole("main").getByRole("alert").getByText("Use no máximo 2 casas decimais.")).toBeVisible();
    await expect(page.getByRole("main").getByLabel("Título")).toHaveValue("Produto com preço errado");
    await expect(page.getByRole("main").getByLabel("Preço (R$)")).toHaveValue("49,999");
    await page.goto("/empresa/dashboard");
    await expect(page.getByTestId("meu-produto")).toHaveCount(0);
  });

  test("another company's forged POSTs change nothing", async ({ page, baseURL }, testInfo) => {
    await freshCompany(page, baseURL!, testInfo, "intrusa");
    const origin = new URL(baseURL!).origin;
    // Product 1 of the seed belongs to Pet Shop Amigo Fiel.
    const edit = await page.request.post("/empresa/dashboard/produtos/1/editar", {
      multipart: {
        category: "outros",
        title: "Invadido",
        description: "x",
        price: "1,00",
        contact: "(11) 90000-0000",
        city: "São Paulo - SP",
      },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(edit.status()).toBe(404);
    const remove = await page.request.post("/empresa/dashboard/produtos/1/excluir", {
      form: {},
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(remove.status()).toBe(404);
    await page.goto("/produto/1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ração Premium Cães Adultos Raças Médias 15 kg");
    await expect(page.getByTestId("preco")).toHaveText("R$ 189,90");
  });

  test("the seed's basic company is at its limit and sees only its own products", async ({ page, login }) => {
    await login("company");
    await page.goto("/empresa/dashboard");
    await expect(page.getByTestId("plano-atual")).toContainText("Plano Básico");
    await expect(page.getByTestId("meu-produto")).toHaveCount(5);
    await expect(page.getByTestId("produtos-do-plano")).toHaveText("5 de 5 produtos");
    await expect(page.getByTestId("meu-produto").first()).toContainText(/\d+ visualizaç(ão|ões)/);
    await expect(page.getByText("Antipulgas e Carrapatos")).toHaveCount(0); // VetVida's
    await expect(page.getByTestId("limite-basico")).toContainText(BASIC_LIMIT_MESSAGE);
  });

  test("a Premium company gets the form past 5 products", async ({ page, login }) => {
    await login({ email: "contato@vetvida.com.br" });
    await page.goto("/empresa/dashboard");
    const count = await page.getByTestId("meu-produto").count();
    expect(count).toBeGreaterThan(5);
    // Premium has no limit: the count alone.
    await expect(page.getByTestId("produtos-do-plano")).toHaveText(`${count} produtos`);
    await expect(page.getByTestId("limite-basico")).toHaveCount(0);
    await page.getByRole("link", { name: "Novo Produto" }).click();
    await expect(page.getByRole("main").getByLabel("Título")).toBeVisible();
  });

  test("a POST without a session is sent to /empresas with the message", async ({ page, baseURL }) => {
    const response = await page.request.post("/empresa/dashboard/produtos/1/editar", {
      form: { title: "x" },
      headers: { Origin: new URL(baseURL!).origin },
    });
    // Followed to /empresas, whose page shows the message flashed into this new session.
    expect(new URL(response.url()).pathname).toBe("/empresas");
    expect(await response.text()).toContain("Você precisa estar logado para atualizar um produto.");
  });
});

test.describe("página do produto", () => {
  test("/produto/{id} shows the product with its buttons", async ({ page }) => {
    const response = await page.goto("/produto/1");
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Ração Premium Cães Adultos Raças Médias 15 kg");
    await expect(main.getByTestId("preco")).toHaveText("R$ 189,90");
    await expect(main).toContainText("Alimentação");
    await expect(main).toContainText("Pet Shop Amigo Fiel");
    await expect(main).toContainText("Moema, São Paulo - SP");
    await expect(main).toContainText("Entrega em domicílio");
    await expect(main.getByRole("link", { name: "www.petshopamigo.com.br" })).toHaveAttribute("href", "https://www.petshopamigo.com.br");
    await expect(main.getByRole("link", { name: "@petshopamigo" })).toHaveAttribute("href", "https://instagram.com/petshopamigo");
    await expect(main.getByRole("link", { name: "Comprar Agora" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/5511977771234\?text=.*comprar/,
    );
    await expect(main.getByRole("link", { name: "Enviar Mensagem" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/5511977771234\?text=.*d%C3%BAvida/,
    );
    await expect(main.getByTestId("favorite-button")).toBeVisible();
    await expect(main.getByTestId("share-menu")).toBeVisible();
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Ração Premium/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /^http:\/\/localhost:\d+\/seed\/products\/racao\.webp$/,
    );
    // Never the owner's e-mail.
    expect(await page.content()).not.toContain("contato@petshopamigo.com.br");
  });

  test("an unknown product answers 404 with the spec's screen", async ({ page }) => {
    const response = await page.goto("/produto/999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Produto não encontrado" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/produtos");
  });

  test("/produtos puts Premium products first with 'Destaque' and filters by category", async ({ page }) => {
    await page.goto("/produtos");
    const cards = page.getByTestId("product-card");
    await expect(cards.first().getByTestId("destaque")).toHaveText("Destaque");
    // Premium (VetVida) cards come first, then the rest without the badge.
    const badges = await cards.evaluateAll((els) => els.map((el) => el.querySelector('[data-testid="destaque"]') !== null));
    expect(badges.indexOf(false)).toBeGreaterThan(0);
    expect(badges.slice(badges.indexOf(false)).every((b) => !b)).toBe(true);
    await expect(cards.first().getByRole("link").first()).toHaveAttribute("href", /^\/produto\/\d+$/);

    await page.getByRole("navigation", { name: "Categorias" }).getByRole("link", { name: "Higiene" }).click();
    await expect(page).toHaveURL(/\/produtos\?categoria=higiene$/);
    await expect(page.getByRole("navigation", { name: "Categorias" }).getByRole("link", { name: "Higiene" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const texts = await page.getByTestId("product-card").allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain("Higiene");
  });
});
