// Clinics of the company dashboard and the public clinic page
// (docs/decisions/0015). The seed's Premium company (VetVida) creates; the seed's basic
// company (Pet Shop Amigo Fiel) sees the Premium notice and forges POSTs.
import { pathPattern, toasts, waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const PREMIUM = { email: "contato@vetvida.com.br" };
const unique = (base: string) => `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test.describe("clínicas da empresa", () => {
  // `@js`: with JavaScript the forms are sent without a reload and Conform checks first.
  test("a empresa Premium cadastra uma clínica com dois veterinários; a página mostra tudo e os textos de falta", { tag: "@js" }, async ({
    page,
    login,
    javaScriptEnabled,
  }) => {
    await login(PREMIUM);
    const name = unique("Consultório Patinhas");
    await page.goto("/empresa/dashboard/clinicas");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("link", { name: "Nova Clínica" }).click();
    await expect(page).toHaveURL(pathPattern("/empresa/dashboard/clinicas/nova"));
    await waitForHydration(page, javaScriptEnabled);

    const form = page.locator("form#clinic-new");
    await form.getByLabel("Categoria").selectOption("consultorio");
    await form.getByLabel("Nome", { exact: true }).fill(name);
    await form.getByLabel("Descrição").fill("Consultório de bairro com atendimento sem pressa.");
    await form.getByLabel("Telefone").fill("(11) 3456-7890");
    await form.getByLabel("E-mail").fill("contato@patinhas.com.br");
    await form.getByLabel("Cidade", { exact: true }).fill("Campinas, SP");
    await form.getByLabel("Endereço").fill("Rua das Flores, 100 - Centro");
    await form.getByLabel("Instagram").fill("@patinhas");
    await form.getByLabel("Especialidades").fill(" Dermatologia , Cardiologia,, ");
    await form.getByLabel("Serviços").fill("Consultas, Vacinação");
    await form.getByLabel("Estacionamento").check();
    await page.getByRole("button", { name: "Cadastrar clínica" }).click();

    await expect(page).toHaveURL(/\/empresa\/dashboard\/clinicas\/\d+\/editar/);
    await expect(toasts(page)).toContainText("Clínica cadastrada");
    await waitForHydration(page, javaScriptEnabled);
    const clinicId = Number(new URL(page.url()).pathname.split("/").at(-2));

    for (const [vet, specialty] of [
      ["Dra. Ana Lima", "Dermatologia"],
      ["Dr. Bruno Reis", "Cardiologia"],
    ] as const) {
      await page.getByLabel("Nome do veterinário").fill(vet);
      await page.getByLabel("Especialidade", { exact: true }).fill(specialty);
      await page.getByRole("button", { name: "Adicionar veterinário" }).click();
      await expect(page.getByTestId("veterinario").filter({ hasText: vet })).toBeVisible();
    }
    await expect(page.getByTestId("veterinario")).toHaveCount(2);

    await page.goto(`/clinica/${clinicId}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Rua das Flores, 100 - Centro")).toBeVisible();
    await expect(page.getByText("Horário não informado")).toBeVisible();
    await expect(page.getByText(/\d+ visualizaç(ão|ões)/)).toBeVisible();
    await expect(page.getByText("Estacionamento", { exact: true })).toBeVisible();
    await expect(page.getByText("Atendimento a domicílio")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Sobre a Clínica" })).toBeVisible();
    await expect(page.getByText("Consultório de bairro com atendimento sem pressa.")).toBeVisible();
    for (const item of ["Dermatologia", "Cardiologia", "Consultas", "Vacinação"]) {
      await expect(
        page
          .getByRole("listitem")
          .filter({ hasText: new RegExp(`^${item}$`) })
          .first(),
      ).toBeVisible();
    }
    const vets = page.getByTestId("veterinarios");
    await expect(vets).toContainText("Dra. Ana Lima");
    await expect(vets).toContainText("Dr. Bruno Reis");
    await expect(vets).toContainText("Cardiologia");
    // No WhatsApp: both buttons call the phone; missing contacts read 'Não informado'.
    await expect(page.getByRole("link", { name: "Agendar Consulta" })).toHaveAttribute("href", "tel:1134567890");
    await expect(page.getByRole("link", { name: "Enviar Mensagem" })).toHaveAttribute("href", "tel:1134567890");
    const contact = page.getByRole("complementary");
    for (const label of ["WhatsApp", "Site", "Facebook"]) {
      await expect(contact.locator("div", { has: page.getByText(label, { exact: true }) })).toContainText("Não informado");
    }
    await expect(contact.getByRole("link", { name: "@patinhas", exact: true })).toHaveAttribute(
      "href",
      "https://www.instagram.com/patinhas",
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", name);

    // Removing one veterinarian, then the clinic itself (a confirmation step).
    await page.goto(`/empresa/dashboard/clinicas/${clinicId}/editar`);
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Remover Dr. Bruno Reis" }).click();
    await expect(page.getByTestId("veterinario")).toHaveCount(1);
    await page.goto("/empresa/dashboard/clinicas");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("link", { name: `Excluir ${name}` }).click();
    await expect(page.getByRole("heading", { name: "Excluir clínica" })).toBeVisible();
    await page.getByRole("button", { name: "Sim, excluir" }).click();
    await expect(page).toHaveURL(pathPattern("/empresa/dashboard/clinicas"));
    await expect(toasts(page)).toContainText("Clínica excluída");
    await expect(page.getByText(name)).toHaveCount(0);
    expect((await page.request.get(`/clinica/${clinicId}`)).status()).toBe(404);
  });

  test("a empresa do Plano Básico vê o aviso do Premium em vez do formulário", async ({ page, login }) => {
    await login("company");
    await page.goto("/empresa/dashboard/clinicas");
    const notice = page.getByTestId("clinicas-premium");
    await expect(notice).toContainText("Plano Premium");
    await expect(notice.getByRole("link", { name: "Assinar Premium" })).toHaveAttribute("href", "/empresa-landing?plano=premium");
    await expect(page.getByRole("link", { name: "Nova Clínica" })).toHaveCount(0);
    await page.goto("/empresa/dashboard/clinicas/nova");
    await expect(page.getByTestId("clinicas-premium")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cadastrar clínica" })).toHaveCount(0);
    await expect(page.getByLabel("Nome", { exact: true })).toHaveCount(0);
  });

  test("POSTs forjados por outra empresa não mudam nada", async ({ page, login, baseURL }) => {
    // VetVida's seeded clinic #1; the basic Pet Shop Amigo Fiel tries to change it.
    await login("company");
    const before = await page.request.get("/clinica/1");
    expect(before.status()).toBe(200);
    const origin = new URL(baseURL!).origin;
    const edit = await page.request.post("/empresa/dashboard/clinicas/1/editar", {
      headers: { Origin: origin },
      multipart: {
        category: "outro",
        name: "Tomada",
        description: "x",
        phone: "(11) 3456-7890",
        email: "a@b.com.br",
        city: "Campinas - SP",
        address: "Rua X",
      },
    });
    expect(edit.status()).toBe(403);
    const vet = await page.request.post("/empresa/dashboard/clinicas/1/editar", {
      headers: { Origin: origin },
      form: { intent: "adicionar-veterinario", vetName: "Intruso" },
    });
    expect(vet.status()).toBe(403);
    // Deleting needs no Premium (docs/decisions/0015), so this one is refused by ownership.
    const del = await page.request.post("/empresa/dashboard/clinicas/1/excluir", { headers: { Origin: origin }, form: {} });
    expect(del.status()).toBe(404);
    await page.goto("/clinica/1");
    await expect(page.getByRole("heading", { level: 1, name: "Clínica Veterinária VetVida Vila Mariana" })).toBeVisible();
    await expect(page.getByTestId("veterinarios")).not.toContainText("Intruso");
    await expect(page.getByTestId("veterinarios").getByRole("listitem")).toHaveCount(3);
  });

  test("um POST sem sessão vai para /empresas com a mensagem da especificação", async ({ page, baseURL }) => {
    const response = await page.request.post("/empresa/dashboard/clinicas/nova", {
      headers: { Origin: new URL(baseURL!).origin },
      form: { name: "Sem sessão" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const location = response.headers()["location"]!;
    expect(location).toMatch(/^\/empresas\?redirectTo=/);
    await page.goto(location);
    await expect(toasts(page)).toContainText("Você precisa estar logado para atualizar uma clínica.");
  });

  test("/clinica/{id} que não existe responde 404 com os textos da especificação", async ({ page }) => {
    const response = await page.goto("/clinica/999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Clínica não encontrada" })).toBeVisible();
    await expect(page.getByText("A clínica que você está procurando não existe ou foi removida.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/clinicas");
  });

  test("/clinicas filtra por categoria e põe as clínicas Premium em destaque", async ({ page }) => {
    await page.goto("/clinicas");
    await expect(page.getByTestId("clinic-card").first().getByTestId("destaque")).toHaveText("Destaque");
    await page.getByRole("navigation", { name: "Categorias" }).getByRole("link", { name: "Hospital" }).click();
    await expect(page).toHaveURL(/\/clinicas\?categoria=hospital$/);
    const cards = page.getByTestId("clinic-card");
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText("Hospital");
  });
});
