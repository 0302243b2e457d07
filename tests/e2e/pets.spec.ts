import type { Page } from "@playwright/test";
import path from "node:path";
import { fillPetAd } from "./support/pet-form";
import { pathPattern, submitSignIn, toasts, waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const photo = (name: string) => path.join(process.cwd(), "public/seed/pets", name);
const PHOTOS = ["cachorro-01.webp", "cachorro-02.webp", "gato-01.webp", "gato-02.webp"].map(photo);

async function fillLost(page: Page, name: string) {
  await fillPetAd(page, { name, color: "Caramelo", lostOn: "2026-11-20", notes: "Usava coleira azul com plaquinha." });
}

async function fillAdoption(page: Page, name: string) {
  await fillPetAd(page, { name });
  await page.getByLabel("Temperamento").fill("Dócil e brincalhão");
  await page.getByLabel("Vacinado").check();
  await page.getByLabel("Aceita crianças").check();
}

const unique = (base: string) => `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const petIdFrom = (page: Page) => Number(new URL(page.url()).pathname.split("/").pop());

test.describe("pet ads", () => {
  test("a visitor is told no account is needed first; the form ends with it; every required field is marked", async ({ page, login }) => {
    // Said before the fields (docs/decisions/0044): the account is made on the same submit.
    await page.goto("/cadastrar-pet?aba=perdido");
    const notice = page
      .getByRole("note")
      .filter({ hasText: "Não precisa de conta antes: ela é criada no fim do formulário, junto com o anúncio." });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("link", { name: "Entrar" })).toHaveAttribute(
      "href",
      "/entrar?redirectTo=%2Fcadastrar-pet%3Faba%3Dperdido",
    );
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Publicar anúncio" }) });
    await expect(form.getByText("Campos com * são obrigatórios.")).toBeVisible();
    // WhatsApp too, and the account fields at the end.
    for (const label of [
      "Nome",
      "Espécie",
      "Raça",
      "Idade",
      "Sexo",
      "Porte",
      "Cor",
      "Data do desaparecimento",
      "WhatsApp",
      "Cidade",
      "Seu nome",
      "E-mail",
      "Senha",
    ]) {
      await expect(form.getByLabel(label, { exact: true }), label).toHaveAttribute("aria-required", "true");
    }
    await expect(form.getByLabel(/Li e aceito os Termos de Uso/)).toHaveAttribute("aria-required", "true");
    await expect(form.getByRole("group", { name: "Sua conta" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Entrar antes de publicar" })).toBeVisible();
    await page.goto("/anunciar?aba=adocao");
    await expect(page.getByText("Não precisa de conta antes")).toBeVisible();
    await expect(page.getByRole("group", { name: "Sua conta" })).toBeVisible();
    // Signed in, nothing to say and no account fields.
    await login();
    await page.goto("/cadastrar-pet?aba=perdido");
    await expect(page.getByText("Não precisa de conta antes")).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Sua conta" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Entrar antes de publicar" })).toHaveCount(0);
  });

  // `@js` where the photos are limited and downscaled in the browser or the form checks first.
  test("a signed-in user posts a lost pet with 2 photos; it shows everywhere", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
    login,
  }) => {
    await login();
    const name = unique("Thor");
    await page.goto("/cadastrar-pet?aba=perdido");
    await waitForHydration(page, javaScriptEnabled);
    await fillLost(page, name);
    await page.getByLabel("Fotos").setInputFiles(PHOTOS.slice(0, 2));
    await page.getByRole("button", { name: "Publicar anúncio" }).click();

    await expect(page).toHaveURL(/\/pet\/\d+$/);
    await expect(toasts(page)).toContainText("Anúncio publicado!");
    await expect(toasts(page)).toContainText("Seu anúncio de pet perdido foi publicado.");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(main).toContainText("Desaparecido desde 20/11/2026");
    await expect(main).toContainText("Desaparecido em 20/11/2026");
    await expect(main).toContainText("Usava coleira azul com plaquinha.");
    await expect(main).toContainText("Caramelo");
    await expect(main).toContainText("Vila Mariana, São Paulo - SP");
    // Its owner shares it; a chat with their own number is not offered (docs/decisions/0022;
    // tests/e2e/owner-spreads-the-word.spec.ts).
    await expect(main.getByRole("link", { name: "Compartilhar no WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
    await expect(main.getByRole("link", { name: "Chamar no WhatsApp" })).toHaveCount(0);
    // The ad's own photos: other pets of São Paulo may be listed under 'Possíveis
    // correspondências' below (matches cross city lines, docs/decisions/0032).
    const images = main.locator('img[src^="/imagens/pets/"]:not(section[aria-labelledby="correspondencias-titulo"] img)');
    await expect(images).toHaveCount(2);
    // Adoption traits are for adoption ads only.
    await expect(main.getByText("Aceita crianças")).toHaveCount(0);

    const id = petIdFrom(page);
    await page.goto("/");
    await expect(page.locator(`section#pets-perdidos a[href="/pet/${id}"]`).first()).toBeVisible();
    await page.goto("/pets?status=perdido");
    await expect(page.locator(`a[href="/pet/${id}"]`).first()).toBeVisible();
  });

  test("an adoption pet with 3 photos; a 4th is refused as the spec says", { tag: "@js" }, async ({ page, javaScriptEnabled, login }) => {
    await login();
    const name = unique("Mel");
    await page.goto("/anunciar?aba=adocao");
    await waitForHydration(page, javaScriptEnabled);
    await fillAdoption(page, name);
    if (javaScriptEnabled) {
      const messages: string[] = [];
      page.once("dialog", async (dialog) => {
        messages.push(dialog.message());
        await dialog.accept();
      });
      await page.getByLabel("Fotos").setInputFiles(PHOTOS);
      await expect.poll(() => messages).toEqual(["Limite de 3 imagens por anúncio."]);
      await expect.poll(() => page.getByLabel("Fotos").evaluate((el) => (el as HTMLInputElement).files?.length)).toBe(3);
    } else {
      await page.getByLabel("Fotos").setInputFiles(PHOTOS);
    }
    await page.getByRole("button", { name: "Publicar anúncio" }).click();

    await expect(page).toHaveURL(/\/pet\/\d+$/);
    await expect(toasts(page)).toContainText("Seu anúncio de pet para adoção foi publicado.");
    if (!javaScriptEnabled) await expect(toasts(page)).toContainText("Limite de 3 imagens por anúncio.");
    const main = page.getByRole("main");
    await expect(main.locator('img[src^="/imagens/pets/"]')).toHaveCount(3);
    await expect(main).toContainText("Para Adoção");
    await expect(main).toContainText("Dócil e brincalhão");
    await expect(main.getByText("Aceita crianças")).toBeVisible();
    await expect(main).not.toContainText("Desaparecido desde");
    const id = petIdFrom(page);
    await page.goto("/pets?status=adocao");
    await expect(page.locator(`a[href="/pet/${id}"]`).first()).toBeVisible();
  });

  test("a text file renamed .jpg is refused, and what was typed is kept", { tag: "@js" }, async ({ page, javaScriptEnabled, login }) => {
    await login();
    await page.goto("/cadastrar-pet?aba=perdido");
    await waitForHydration(page, javaScriptEnabled);
    const name = unique("Bolt");
    await fillLost(page, name);
    await page.getByLabel("Fotos").setInputFiles({
      name: "foto.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("isto não é uma foto, é só texto com nome de foto"),
    });
    await page.getByRole("button", { name: "Publicar anúncio" }).click();
    await expect(
      page.getByRole("main").getByRole("alert").getByText('O arquivo "foto.jpg" não é uma imagem aceita (JPEG, PNG, WebP, GIF ou AVIF).'),
    ).toBeVisible();
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue(name);
    await expect(page.getByLabel("Cor")).toHaveValue("Caramelo");

    // Missing required fields and no photo: Portuguese messages.
    await page.goto("/cadastrar-pet?aba=perdido");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Publicar anúncio" }).click();
    await expect(page.getByRole("main").getByRole("alert").getByText("Por favor, preencha o nome do pet.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert").getByText("Por favor, informe a data do desaparecimento.")).toBeVisible();
  });

  test("the owner edits the status to encontrado, then deletes the pet", { tag: "@js" }, async ({ page, javaScriptEnabled, login }) => {
    await login();
    await page.goto("/cadastrar-pet?aba=perdido");
    await waitForHydration(page, javaScriptEnabled);
    const name = unique("Nina");
    await fillLost(page, name);
    await page.getByLabel("Fotos").setInputFiles(PHOTOS.slice(0, 2));
    await page.getByRole("button", { name: "Publicar anúncio" }).click();
    await expect(page).toHaveURL(/\/pet\/\d+$/);
    const id = petIdFrom(page);

    await page.getByRole("link", { name: "Editar" }).click();
    await expect(page).toHaveURL(pathPattern(`/pet/${id}/edit`));
    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("Situação").selectOption("encontrado");
    await page.getByLabel("Remover").first().check();
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page).toHaveURL(pathPattern(`/pet/${id}`));
    await expect(toasts(page)).toContainText("Pet atualizado");
    await expect(page.getByRole("main").getByText("Encontrado", { exact: true })).toBeVisible();
    // The ad's own photos: a found pet's page also lists similar lost pets nearby
    // (docs/decisions/0046), which other tests may have posted by now.
    const ownPhotos = 'img[src^="/imagens/pets/"]:not(section[aria-labelledby="perdidos-parecidos-titulo"] img)';
    await expect(page.getByRole("main").locator(ownPhotos)).toHaveCount(1);

    await page.getByRole("link", { name: "Excluir" }).click();
    await expect(page.getByRole("heading", { name: "Excluir pet" })).toBeVisible();
    await page.getByRole("button", { name: "Sim, excluir" }).click();
    // The pet page is gone: the owner lands on their list of pets.
    await expect(page).toHaveURL(pathPattern("/dashboard/pets"));
    await expect(toasts(page)).toContainText("Pet removido");
    const gone = await page.goto(`/pet/${id}`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Pet não encontrado" })).toBeVisible();
    await page.goto("/pets");
    await expect(page.locator(`a[href="/pet/${id}"]`)).toHaveCount(0);
  });

  test("another user can neither edit nor delete, not even by direct POST", async ({ page, browser, login }) => {
    // Maria's seeded pet #1.
    await login();
    const editPage = await page.goto("/pet/1/edit");
    expect(editPage?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Sem permissão" })).toBeVisible();
    const before = await page.request.get("/pet/1");
    expect(before.status()).toBe(200);

    const origin = new URL(page.url()).origin;
    const post = await page.request.post("/pet/1/edit", {
      headers: { Origin: origin },
      multipart: { name: "Roubado", type: "cachorro", city: "São Paulo - SP", status: "encontrado" },
    });
    expect(post.status()).toBe(403);
    const del = await page.request.post("/pet/1/excluir", { headers: { Origin: origin }, form: {} });
    expect(del.status()).toBe(404);
    await page.goto("/pet/1");
    await expect(page.getByRole("heading", { level: 1, name: "Thor" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Editar" })).toHaveCount(0);

    // A visitor is sent to sign in.
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${origin}/pet/1/edit`);
    await expect(visitorPage).toHaveURL(/\/entrar\?redirectTo=%2Fpet%2F1%2Fedit$/);
    await visitor.close();
  });

  test("a visitor who prefers to sign in first keeps the adoption ad, published after sign-in", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
  }) => {
    const name = unique("Luna");
    await page.goto("/anunciar?aba=adocao");
    await waitForHydration(page, javaScriptEnabled);
    await fillAdoption(page, name);
    await page.getByLabel("Fotos").setInputFiles(PHOTOS.slice(0, 2));
    // 'Entrar antes de publicar' (docs/decisions/0044): the draft waits through sign-in.
    await page.getByRole("button", { name: "Entrar antes de publicar" }).click();

    await expect(page).toHaveURL(/\/entrar\?redirectTo=/);
    // A calm notice, not an error (docs/decisions/0033 §1).
    await expect(toasts(page)).toContainText("Falta só entrar");
    await expect(toasts(page)).not.toContainText("Erro");
    // Through the form (the draft is restored after it), as the seed's personal account.
    await submitSignIn(page, "maria@exemplo.com.br", "Patas@2026");
    await expect(page).toHaveURL(/\/anunciar\?aba=adocao$/);
    await expect(page.getByText("Recuperamos o anúncio que você começou antes de entrar.")).toBeVisible();
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue(name);
    await expect(page.getByLabel("Temperamento")).toHaveValue("Dócil e brincalhão");
    await expect(page.getByRole("img", { name: "Foto já enviada" })).toHaveCount(2);
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Publicar anúncio" }).click();

    await expect(page).toHaveURL(/\/pet\/\d+$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("main").locator('img[src^="/imagens/pets/"]')).toHaveCount(2);
    // The draft is gone once published.
    await page.goto("/anunciar?aba=adocao");
    await expect(page.getByText("Recuperamos o anúncio")).toHaveCount(0);
  });

  test("the pet page carries link-preview meta and counts views", async ({ request }, testInfo) => {
    // A view counts once a day per visitor (docs/decisions/0012): a visitor of its own
    // for each project and attempt.
    const visitor = { headers: { "User-Agent": `e2e-visualizacoes/${testInfo.project.name}/${testInfo.retry}/${Date.now()}` } };
    const html = await (await request.get("/pet/2", visitor)).text();
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/seed\/pets\/[^"]+"/);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+"/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/pet\/2"/);
    // React separates adjacent text in server HTML with <!-- -->.
    const views = (text: string) => Number(text.match(/(\d+)(?:<!-- -->)?\s*visualizaç(?:ão|ões)/)![1]);
    // The page counts its own view before it shows the count (docs/decisions/0051): the
    // visitor's first view is already in it, and another visitor's page shows theirs too.
    const first = views(html);
    expect(first).toBeGreaterThan(0);
    const another = { headers: { "User-Agent": `${visitor.headers["User-Agent"]}/outro` } };
    expect(views(await (await request.get("/pet/2", another)).text())).toBeGreaterThan(first);
  });

  test("the lost-pet poster has the photo, the facts and a QR code", async ({ page, login }) => {
    await page.goto("/pet/1/cartaz");
    await expect(page.getByRole("heading", { name: "PROCURA-SE" })).toBeVisible();
    await expect(page.getByRole("img", { name: /QR code para http:\/\/localhost:\d+\/pet\/1/ })).toBeVisible();
    // The number only on the owner's print (docs/decisions/0022).
    await expect(page.getByTestId("poster-contact")).not.toContainText(/\(\d{2}\)/);
    await login("personal");
    await page.goto("/pet/1/cartaz");
    await expect(page.getByTestId("poster-contact")).toContainText(/Ligue ou chame no WhatsApp:\s*\(\d{2}\)/);
  });

  test("'Anunciar' asks what happened first, nothing preselected (docs/decisions/0033 §9)", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Anunciar" }).first().click();
    await expect(page).toHaveURL(/\/anunciar$/);
    const question = page.getByRole("navigation", { name: "O que você quer anunciar?" });
    for (const choice of ["Perdi meu pet", "Encontrei um pet", "Quero doar"]) {
      await expect(question.getByRole("link", { name: new RegExp(choice) })).toBeVisible();
    }
    // No form until a choice is made.
    await expect(page.getByRole("button", { name: "Publicar anúncio" })).toHaveCount(0);
    await question.getByRole("link", { name: /Encontrei um pet/ }).click();
    await expect(page).toHaveURL(/\/anunciar\?aba=encontrado$/);
    await expect(page.getByText("Tipo de anúncio: Encontrei um pet")).toBeVisible();
    await expect(page.getByLabel("Categoria")).toHaveValue("encontrado");
    await page.getByRole("link", { name: "Trocar" }).click();
    await page
      .getByRole("navigation", { name: "O que você quer anunciar?" })
      .getByRole("link", { name: /Perdi meu pet/ })
      .click();
    await expect(page.getByLabel("Categoria")).toHaveValue("perdido");
    await page.goto("/cadastrar-pet");
    await expect(page.getByRole("button", { name: "Publicar anúncio" })).toHaveCount(0);
    await page.getByRole("link", { name: /Quero doar/ }).click();
    await expect(page.getByLabel("Temperamento")).toBeVisible();
  });

  test("the ads page explains the NGO and product tabs", async ({ page, login }) => {
    await page.goto("/anunciar?aba=ong");
    await expect(page.getByRole("main").getByRole("link", { name: "Cadastrar ONG/Voluntário" })).toHaveAttribute("href", "/cadastrar-ong");
    await page.goto("/anunciar?aba=produto");
    await expect(page.getByRole("main").getByRole("link", { name: "Área de Empresas" })).toHaveAttribute("href", "/empresas");
    await login("company");
    await page.goto("/anunciar?aba=produto");
    await expect(page.getByRole("main").getByRole("link", { name: "Ir para o Painel da Empresa" })).toHaveAttribute(
      "href",
      "/empresa/dashboard",
    );
  });
});
