import type { Page } from "@playwright/test";
import path from "node:path";
import { fillPetAd } from "./support/pet-form";
import { NEW_PASSWORD, outboxLink, pathPattern, SEED, toasts, uniqueEmail, waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const AVATAR = path.join(process.cwd(), "public/seed/pets/gato-01.webp");

async function openProfile(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/dashboard/perfil");
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { name: "Meu Perfil" })).toBeVisible();
}

test.describe("owner dashboard", () => {
  // With JavaScript the form and its photo are sent without a reload and the page revalidates.
  test(
    "the profile form saves every field, the photo included; the public profile shows them",
    { tag: "@js" },
    async ({ page, javaScriptEnabled, login }, testInfo) => {
      const account = await login({ tag: "perfil", confirmed: true });
      await openProfile(page, javaScriptEnabled);
      await page.getByRole("main").getByLabel("Foto", { exact: true }).setInputFiles(AVATAR);
      await page.getByRole("main").getByLabel("Nome", { exact: true }).fill("Joana Tutora");
      await page.getByRole("main").getByLabel("Telefone", { exact: true }).fill("(21) 99876-5432");
      await page.getByRole("main").getByLabel("Facebook", { exact: true }).fill("facebook.com/joana.tutora");
      await page.getByRole("main").getByLabel("Instagram", { exact: true }).fill("@joana.pets");
      await page.getByRole("main").getByLabel("Sobre mim", { exact: true }).fill("Cuido de três gatos resgatados.");
      // The phone goes public; the e-mail stays private (docs/decisions/0011).
      await page.getByRole("main").getByLabel("Mostrar meu telefone").check();
      await page.getByRole("button", { name: "Salvar Alterações" }).click();

      await expect(page).toHaveURL(pathPattern("/dashboard/perfil"));
      await expect(toasts(page)).toContainText("Seu perfil foi atualizado com sucesso!");
      // Saved, not only echoed: the form reads them back from the database.
      await expect(page.getByRole("main").getByLabel("Nome", { exact: true })).toHaveValue("Joana Tutora");
      await expect(page.getByRole("main").getByLabel("E-mail", { exact: true })).toHaveValue(account.email);
      await expect(page.getByRole("main").getByLabel("Telefone", { exact: true })).toHaveValue("(21) 99876-5432");
      await expect(page.getByRole("main").getByLabel("Facebook", { exact: true })).toHaveValue("facebook.com/joana.tutora");
      await expect(page.getByRole("main").getByLabel("Instagram", { exact: true })).toHaveValue("@joana.pets");
      await expect(page.getByRole("main").getByLabel("Sobre mim", { exact: true })).toHaveValue("Cuido de três gatos resgatados.");
      await expect(page.getByRole("main").getByLabel("Mostrar meu telefone")).toBeChecked();
      await expect(page.getByRole("main").getByLabel("Mostrar meu e-mail")).not.toBeChecked();
      // The account line above the tabs (docs/decisions/0033 §8).
      const aside = page.getByRole("complementary", { name: "Sua conta" });
      await expect(aside).toContainText("Joana Tutora");
      const avatar = await aside.locator("img").getAttribute("src");
      expect(avatar).toMatch(/^\/imagens\/avatares\/[0-9a-f-]+\.webp$/);
      expect((await page.request.get(avatar!)).status()).toBe(200);

      await page.getByRole("link", { name: "Ver meu perfil público" }).click();
      // Linked by a random public id, never by the e-mail.
      await expect(page).toHaveURL(/\/perfil\/[0-9a-f]{16}$/);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: "Joana Tutora" })).toBeVisible();
      await expect(main).not.toContainText(account.email);
      await expect(main).toContainText("(21) 99876-5432");
      await expect(main).toContainText("Cuido de três gatos resgatados.");
      await expect(main.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", "https://instagram.com/joana.pets");
      await expect(main.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", "https://facebook.com/joana.tutora");
      await expect(main.getByRole("img", { name: "Joana Tutora" })).toHaveAttribute("src", avatar!);

      // A second photo replaces the first, which is deleted.
      await openProfile(page, javaScriptEnabled);
      await page
        .getByRole("main")
        .getByLabel("Foto", { exact: true })
        .setInputFiles(path.join(process.cwd(), "public/seed/pets/gato-02.webp"));
      await page.getByRole("button", { name: "Salvar Alterações" }).click();
      await expect(toasts(page)).toContainText("Seu perfil foi atualizado com sucesso!");
      const replaced = await page.getByRole("complementary", { name: "Sua conta" }).locator("img").getAttribute("src");
      expect(replaced).not.toBe(avatar);
      expect((await page.request.get(avatar!)).status()).toBe(404);
    },
  );

  test("an e-mail of another account is refused and what was typed is kept", async ({ page, javaScriptEnabled, login }) => {
    const account = await login({ tag: "perfil-duplicado" });
    await openProfile(page, javaScriptEnabled);
    await page.getByRole("main").getByLabel("Nome", { exact: true }).fill("Nome Digitado");
    await page.getByRole("main").getByLabel("E-mail", { exact: true }).fill(SEED.personal.email);
    await page.getByRole("main").getByLabel("Senha atual (só para trocar o e-mail)").fill(account.password);
    await page.getByRole("main").getByLabel("Sobre mim", { exact: true }).fill("Texto que não pode se perder.");
    await page.getByRole("button", { name: "Salvar Alterações" }).click();
    await expect(page.getByRole("main").getByRole("alert").getByText("Este e-mail já está em uso por outra conta.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert").filter({ hasText: "Não foi possível atualizar seu perfil." })).toBeVisible();
    await expect(page.getByRole("main").getByLabel("Nome", { exact: true })).toHaveValue("Nome Digitado");
    await expect(page.getByRole("main").getByLabel("Sobre mim", { exact: true })).toHaveValue("Texto que não pode se perder.");
    // The password is never sent back.
    await expect(page.getByRole("main").getByLabel("Senha atual (só para trocar o e-mail)")).toHaveValue("");
    // Nothing was saved.
    await page.goto("/dashboard/perfil");
    await expect(page.getByRole("main").getByLabel("Nome", { exact: true })).toHaveValue("Pessoa de Teste");
  });

  test("a new e-mail needs the password and applies only when its link is followed", async ({ page, login }, testInfo) => {
    const account = await login({ tag: "troca-email", confirmed: true });
    const email = uniqueEmail(testInfo, "troca-novo");
    await page.goto("/dashboard/perfil");
    await page.getByRole("main").getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Salvar Alterações" }).click();
    await expect(page.getByRole("main").getByRole("alert").getByText("Digite sua senha atual para trocar o e-mail.")).toBeVisible();

    await page.getByRole("main").getByLabel("Senha atual (só para trocar o e-mail)").fill(account.password);
    await page.getByRole("button", { name: "Salvar Alterações" }).click();
    await expect(toasts(page)).toContainText(`Enviamos um link de confirmação para ${email}.`);
    // Until the link is followed, the account keeps its address.
    await expect(page.getByRole("main").getByLabel("E-mail", { exact: true })).toHaveValue(account.email);
    await expect(page.getByRole("status").filter({ hasText: "Troca de e-mail pendente" })).toContainText(email);

    // The old address is told at once.
    await page.goto("/dev/caixa-de-saida");
    await expect(
      page.getByTestId("outbox-message").filter({ hasText: account.email }).filter({ hasText: "Pedido de troca de e-mail" }),
    ).toHaveCount(1);
    const link = await outboxLink(page, email, "/confirmar-email/");
    await page.goto(link);
    await page.getByRole("button", { name: "Confirmar e-mail" }).click();
    // Back where the address is shown and edited: the profile tab.
    await expect(page).toHaveURL(pathPattern("/dashboard/perfil"));
    await expect(toasts(page)).toContainText("E-mail alterado");
    await expect(page.getByRole("main").getByLabel("E-mail", { exact: true })).toHaveValue(email);
  });

  test("a pet deleted from Meus Pets is gone from the home page and /pets", async ({ page, javaScriptEnabled, login }) => {
    await login({ tag: "meus-pets" });
    await page.goto("/dashboard/pets");
    await expect(page.getByText("Você ainda não cadastrou nenhum pet.")).toBeVisible();
    await page.getByRole("link", { name: "Cadastrar meu primeiro pet" }).click();
    await expect(page).toHaveURL(/\/cadastrar-pet/);
    await page.getByRole("link", { name: /Perdi meu pet/ }).click();
    await waitForHydration(page, javaScriptEnabled);
    const name = `Pipoca ${Date.now().toString(36)}`;
    await fillPetAd(page, {
      name,
      species: "gato",
      breed: "SRD",
      age: "2 anos",
      gender: "Fêmea",
      size: "Pequeno",
      location: "Moema, São Paulo - SP",
      color: "Branca",
      lostOn: "2026-11-21",
    });
    await page.getByLabel("Fotos").setInputFiles(path.join(process.cwd(), "public/seed/pets/gato-01.webp"));
    await page.getByRole("button", { name: "Publicar anúncio" }).click();
    await expect(page).toHaveURL(/\/pet\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    await page.goto("/");
    await expect(page.locator(`a[href="/pet/${id}"]`).first()).toBeVisible();

    await page.goto("/dashboard/pets");
    const card = page.getByTestId("my-pet").filter({ hasText: name });
    await expect(card).toContainText("Gato");
    await expect(card).toContainText(/\d+ visualizaç(ão|ões)/);
    await expect(card.getByRole("link", { name: "Ver Detalhes" })).toHaveAttribute("href", `/pet/${id}`);
    await expect(card.getByRole("link", { name: `Editar ${name}` })).toHaveAttribute("href", `/pet/${id}/edit`);
    await card.getByRole("link", { name: `Excluir ${name}` }).click();
    await expect(page.getByRole("heading", { name: "Excluir pet" })).toBeVisible();
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Sim, excluir" }).click();
    await expect(page).toHaveURL(pathPattern("/dashboard/pets"));
    await expect(toasts(page)).toContainText("Pet removido");
    await expect(page.getByText("Você ainda não cadastrou nenhum pet.")).toBeVisible();

    await page.goto("/");
    await expect(page.locator(`a[href="/pet/${id}"]`)).toHaveCount(0);
    await page.goto("/pets");
    await expect(page.locator(`a[href="/pet/${id}"]`)).toHaveCount(0);
    expect((await page.request.get(`/pet/${id}`)).status()).toBe(404);
  });

  test("the tabs are links; visitors are sent to sign in first", async ({ page, login }) => {
    await page.goto("/dashboard/favoritos/produtos");
    await expect(page).toHaveURL(/\/entrar\?redirectTo=%2Fdashboard%2Ffavoritos%2Fprodutos$/);
    await login({ tag: "abas" });
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Seções da conta" });
    await expect(nav.getByRole("link", { name: "Visão geral" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Meu Perfil" }).click();
    await expect(page).toHaveURL(pathPattern("/dashboard/perfil"));
    await expect(nav.getByRole("link", { name: "Meu Perfil" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
    await nav.getByRole("link", { name: "Meus Pets" }).click();
    await expect(page).toHaveURL(pathPattern("/dashboard/pets"));
    await expect(nav.getByRole("link", { name: "Meus Pets" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").getByRole("link", { name: "Cadastrar Pet", exact: true })).toHaveAttribute(
      "href",
      "/cadastrar-pet",
    );
    await nav.getByRole("link", { name: "Meus Favoritos" }).click();
    await expect(page).toHaveURL(pathPattern("/dashboard/favoritos"));
    const sub = page.getByRole("navigation", { name: "Tipos de favoritos" });
    await sub.getByRole("link", { name: "ONGs" }).click();
    await expect(page).toHaveURL(pathPattern("/dashboard/favoritos/ongs"));
    await expect(sub.getByRole("link", { name: "ONGs" })).toHaveAttribute("aria-current", "page");
    expect((await page.request.get("/dashboard/favoritos/outra-coisa")).status()).toBe(404);
  });

  // docs/decisions/0033 §8: on a phone the tab's content starts within
  // the first screen, and /dashboard opens on the owner's ads with their sightings.
  test("on a 360×740 phone /dashboard opens on my ads with their sightings; the tabs' content is on the first screen", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    login,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login({ tag: "visao-geral" });
    await page.goto("/dashboard");
    await expect(page.getByText("Você não tem nenhum anúncio aberto.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Anunciar um pet" })).toHaveAttribute("href", "/cadastrar-pet");

    const name = `Farofa ${Date.now().toString(36)}`;
    await page.goto("/cadastrar-pet?aba=perdido");
    await fillPetAd(page, { name, color: "Caramelo", lostOn: new Date(Date.now() - 2 * 864e5).toISOString().slice(0, 10) });
    await page.getByLabel("Fotos").setInputFiles(path.join(process.cwd(), "public/seed/pets/cachorro-01.webp"));
    await page.getByRole("button", { name: "Publicar anúncio" }).click();
    await expect(page).toHaveURL(/\/pet\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    // Somebody else saw it.
    const visitor = await browser.newContext({ baseURL, javaScriptEnabled });
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`/pet/${id}`);
      const form = visitorPage.getByRole("form", { name: "Vi este pet" });
      await form.getByLabel("Onde você viu").fill("Praça da Matriz");
      await form.getByRole("button", { name: "Enviar avistamento" }).click();
      await expect(toasts(visitorPage).getByText("Obrigado por avisar!")).toBeVisible();
    } finally {
      await visitor.close();
    }

    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Seções da conta" });
    // One compact strip: at most two rows of tabs at least 44 px tall.
    const strip = (await nav.boundingBox())!;
    expect(strip.height).toBeLessThanOrEqual(2 * 44 + 16);
    for (const tab of await nav.getByRole("link").all()) expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const ad = page.getByTestId("meu-anuncio").filter({ hasText: name });
    const sightings = ad.getByTestId("avistamentos-do-anuncio");
    await expect(sightings.getByRole("link", { name: "1 avistamento" })).toHaveAttribute("href", `/pet/${id}#avistamentos`);
    await expect(sightings).toContainText("1 novo nos últimos 7 dias");
    await expect(ad.getByTestId("correspondencias-do-anuncio")).toContainText("Nenhuma correspondência ainda");
    await expect(page.getByRole("main").getByRole("link", { name: "Anunciar um pet" })).toHaveAttribute("href", "/cadastrar-pet");
    const firstScreen = async (heading: string) => {
      const box = (await page.getByRole("heading", { level: 2, name: heading, exact: true }).boundingBox())!;
      expect(box.y + box.height, heading).toBeLessThanOrEqual(740);
    };
    await firstScreen("Meus anúncios abertos");
    await nav.getByRole("link", { name: "Meus Pets" }).click();
    await firstScreen("Meus Pets");

    await login("company");
    await page.goto("/empresa/dashboard/produtos/novo");
    await expect(page.getByRole("navigation", { name: "Seções da empresa" }).getByRole("link", { name: "Meus Produtos" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await firstScreen("Novo Produto");
  });

  // A long address has no place to break (no spaces or hyphens): it wraps anywhere rather
  // than push the page sideways on a 360 px phone (docs/decisions/0033 §12).
  test("a long e-mail wraps on a 360 px phone: no page scrolls sideways", async ({ page, baseURL }) => {
    const email = `mariaeduardadesouzasantos${Math.random().toString(36).slice(2, 10)}@clinicaveterinariaesperancadosanimais.com.br`;
    const created = await page.request.post("/dev/sessao", {
      form: { intent: "criar", name: "Maria Eduarda", email, password: NEW_PASSWORD, confirmed: "1" },
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(created.status(), await created.text()).toBe(200);
    await page.goto("/dashboard/perfil");
    await page.getByRole("main").getByLabel("Mostrar meu e-mail").check();
    await page.getByRole("button", { name: "Salvar Alterações" }).click();
    await expect(toasts(page)).toContainText("Seu perfil foi atualizado com sucesso!");
    const profile = await page.getByRole("link", { name: "Ver meu perfil público" }).getAttribute("href");

    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [profile!, "/dashboard", "/meus-dados", "/meus-dados/excluir"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `${path} rola para o lado`).toBeLessThanOrEqual(0);
    }
    await page.goto(profile!);
    await expect(page.getByRole("main").getByRole("link", { name: email })).toBeVisible();
  });
});

// The three dashboards on a 360×740 phone (docs/decisions/0033, 'Dashboards on a phone'):
// one row of tabs that scrolls sideways instead of wrapping, the title 'Painel', the
// account's name whole, and the NGO card's image above its text.
test.describe("os painéis num celular de 360 px", () => {
  /** Every tab on one line, each 44 px tall; the row scrolls inside itself, not the page. */
  async function expectOneScrollingRow(page: Page, label: string, { mustOverflow }: { mustOverflow: boolean }) {
    const nav = page.getByRole("navigation", { name: label });
    const boxes = await Promise.all((await nav.getByRole("link").all()).map(async (tab) => (await tab.boundingBox())!));
    expect(boxes.length).toBeGreaterThanOrEqual(5);
    for (const box of boxes) {
      expect(box.height, label).toBeGreaterThanOrEqual(44);
      expect(Math.abs(box.y - boxes[0]!.y), `${label}: abas na mesma linha`).toBeLessThanOrEqual(1);
    }
    const scrollers = await nav.evaluate((el) =>
      [el, ...el.querySelectorAll("*")]
        .filter((e) => ["auto", "scroll"].includes(getComputedStyle(e).overflowX))
        .map((e) => ({ scrollWidth: e.scrollWidth, clientWidth: e.clientWidth })),
    );
    expect(scrollers, `${label}: a fileira rola para o lado`).toHaveLength(1);
    if (mustOverflow) expect(scrollers[0]!.scrollWidth).toBeGreaterThan(scrollers[0]!.clientWidth);
    const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(pageOverflow, `${label}: a página não rola para o lado`).toBeLessThanOrEqual(0);
  }

  test("abas numa fileira que rola, título 'Painel' e o nome inteiro", async ({ page, baseURL, login }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const name = "Associação Protetora dos Animais Amigos do Focinho";
    const created = await page.request.post("/dev/sessao", {
      form: { intent: "criar", accountType: "ngo", name, email: uniqueEmail(testInfo, "ong-nome-longo"), password: NEW_PASSWORD },
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(created.status(), await created.text()).toBe(200);
    await page.goto("/ong/dashboard/pets");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Painel ONG/Voluntário");
    await expectOneScrollingRow(page, "Seções da ONG", { mustOverflow: true });
    // Never cut mid-word ('Amigos do Fo…'): the whole name is on screen, wrapped if need be.
    const shown = page.getByTestId("conta-nome");
    await expect(shown).toHaveText(name);
    const cut = await shown.evaluate((el) => ({
      ellipsis: getComputedStyle(el).textOverflow === "ellipsis",
      hidden: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
    }));
    expect(cut).toEqual({ ellipsis: false, hidden: false });

    await login("company");
    await page.goto("/empresa/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Painel da Empresa");
    await expectOneScrollingRow(page, "Seções da empresa", { mustOverflow: true });

    await login("personal");
    await page.goto("/dashboard");
    await expectOneScrollingRow(page, "Seções da conta", { mustOverflow: false });
  });

  test("o cartão da ONG põe a imagem acima do texto", async ({ page, login }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login("ngo");
    await page.goto("/ong/dashboard");
    const image = (await page.getByRole("img", { name: "Imagem principal de ONG Patinhas Felizes" }).boundingBox())!;
    const title = page.getByRole("heading", { level: 2, name: "ONG Patinhas Felizes" });
    const titleBox = (await title.boundingBox())!;
    expect(image.y + image.height).toBeLessThanOrEqual(titleBox.y);
    // One line, not four: the title has the card's width.
    const lineHeight = await title.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect(titleBox.height).toBeLessThan(2 * lineHeight);
  });
});
