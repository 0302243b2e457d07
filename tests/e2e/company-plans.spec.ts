// /empresa-landing, its plan dialog and the Premium payment in the local Mercado Pago
// sandbox (docs/decisions/0014). Each payment test uses a fresh company account: other
// specs rely on the seed companies' plans.
import type { Page, TestInfo } from "@playwright/test";
import { formatCnpj, pathPattern, randomCnpj, toasts, uniqueEmail, waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const jsOn = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

/** A fresh company account (basic plan), signed in on the page through /dev/sessao. */
async function freshCompany(page: Page, testInfo: TestInfo, baseURL: string) {
  const company = { companyName: `Pet Shop ${Date.now() % 100000}`, cnpj: randomCnpj(), email: uniqueEmail(testInfo, "empresa-plano") };
  const response = await page.request.post("/dev/sessao", {
    form: {
      intent: "criar",
      accountType: "company",
      name: company.companyName,
      email: company.email,
      password: "Senha-Forte-123",
      companyName: company.companyName,
      cnpj: company.cnpj,
    },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  return company;
}

/** From the dashboard's 'Assinar Premium' to the sandbox's checkout page. */
async function goToSandboxCheckout(page: Page, testInfo: TestInfo, company: { companyName: string; cnpj: string; email: string }) {
  await page.goto("/empresa/dashboard");
  await waitForHydration(page, jsOn(testInfo));
  await expect(page.getByTestId("plano-atual")).toContainText("Plano Básico");
  await page.getByRole("link", { name: "Assinar Premium" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Plano Premium" });
  await expect(dialog).toBeVisible();
  // A signed-in company's own data fills the dialog.
  await expect(dialog.getByLabel("Nome da empresa")).toHaveValue(company.companyName);
  await expect(dialog.getByLabel("CNPJ")).toHaveValue(formatCnpj(company.cnpj));
  await expect(dialog.getByLabel("E-mail")).toHaveValue(company.email);
  await dialog.getByRole("button", { name: "Ir para o pagamento" }).click();
  await expect(page).toHaveURL(/\/dev\/mercado-pago\/checkout\/sandbox-/);
  await expect(page.getByRole("button", { name: "Aprovar pagamento" })).toBeVisible();
  await expect(page.getByText("Plano Premium", { exact: true })).toBeVisible();
  await expect(page.getByText("R$ 49,90", { exact: true })).toBeVisible();
}

test.describe("página para empresas", () => {
  test("a landing mostra o convite, os cinco benefícios e os três planos", async ({ page }) => {
    await page.goto("/empresa-landing");
    await expect(page.getByRole("heading", { level: 1, name: "Impulsione seu Negócio Pet Conosco!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Cadastre sua Empresa Agora" })).toHaveAttribute("href", "/empresa-landing?plano=basico");
    await expect(page.getByTestId("beneficios").getByRole("listitem")).toHaveCount(5);

    const plans = page.getByTestId("plano");
    await expect(plans).toHaveCount(3);
    const basic = page.getByRole("article", { name: "Plano Básico" });
    await expect(basic).toContainText("Grátis");
    await expect(basic.getByRole("link", { name: "Escolher Plano" })).toHaveAttribute("href", "/empresa-landing?plano=basico");
    const premium = page.getByRole("article", { name: "Plano Premium" });
    await expect(premium).toContainText("R$ 49,90/mês");
    await expect(premium.getByRole("listitem")).toContainText([
      "Anúncios ilimitados",
      "Inclusão de clínica/pet shop",
      "Destaque nos resultados de busca",
      "Suporte prioritário",
    ]);
    await expect(premium.getByRole("listitem")).toHaveCount(4);
    await expect(premium.getByRole("link", { name: "Escolher Plano" })).toHaveAttribute("href", "/empresa-landing?plano=premium");
    const custom = page.getByRole("article", { name: "Plano Personalizado" });
    await expect(custom).toContainText("Entre em Contato");
    await expect(custom.getByRole("link", { name: "Falar com Consultor" })).toHaveAttribute("href", "/contato");
    // No dialog until a plan is chosen.
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test(
    "o diálogo do plano: campos em branco mostram as mensagens (com JS, um <dialog> modal)",
    { tag: "@js" },
    async ({ page }, testInfo) => {
      await page.goto("/empresa-landing");
      await waitForHydration(page, jsOn(testInfo));
      await page.getByRole("article", { name: "Plano Premium" }).getByRole("link", { name: "Escolher Plano" }).click();
      await expect(page).toHaveURL(/\/empresa-landing\?plano=premium$/);
      const dialog = page.getByRole("dialog", { name: "Plano Premium" });
      await expect(dialog).toBeVisible();
      if (jsOn(testInfo)) {
        await expect.poll(() => dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
      }
      await dialog.getByLabel("Nome da empresa").fill("   ");
      await dialog.getByRole("button", { name: "Ir para o pagamento" }).click();
      await expect(dialog.getByRole("alert").getByText("Por favor, preencha o nome da empresa", { exact: true })).toBeVisible();
      await expect(dialog.getByRole("alert").getByText("Por favor, preencha o CNPJ", { exact: true })).toBeVisible();
      await expect(dialog.getByRole("alert").getByText("Por favor, preencha o email", { exact: true })).toBeVisible();

      await dialog.getByLabel("Nome da empresa").fill("Pet Shop Teste");
      await dialog.getByLabel("CNPJ").fill("11.222.333/0001-82");
      await dialog.getByLabel("E-mail").fill("contato@petshopteste.com.br");
      await dialog.getByRole("button", { name: "Ir para o pagamento" }).click();
      await expect(dialog.getByRole("alert").getByText("CNPJ inválido. Confira os 14 caracteres digitados.")).toBeVisible();
      // What was typed stays.
      await expect(dialog.getByLabel("Nome da empresa")).toHaveValue("Pet Shop Teste");

      await dialog.getByRole("link", { name: "Cancelar" }).click();
      await expect(page).toHaveURL(/\/empresa-landing$/);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    },
  );

  test("Plano Básico leva ao cadastro de empresa com os campos preenchidos", async ({ page }, testInfo) => {
    const cnpj = randomCnpj();
    const email = uniqueEmail(testInfo, "basico");
    await page.goto("/empresa-landing");
    await page.getByRole("link", { name: "Cadastre sua Empresa Agora" }).click();
    const dialog = page.getByRole("dialog", { name: "Plano Básico" });
    await dialog.getByLabel("Nome da empresa").fill("  Pet Shop Básico  ");
    await dialog.getByLabel("CNPJ").fill(cnpj);
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/\/empresas\?aba=cadastrar&/);
    await expect(page.getByLabel("Nome da Empresa")).toHaveValue("Pet Shop Básico");
    await expect(page.getByLabel("CNPJ")).toHaveValue(formatCnpj(cnpj));
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
  });

  // The price the checkout charges, on the button that leads to it (docs/decisions/0014).
  test("'Assinar Premium' no painel mostra o preço", async ({ page, login }) => {
    await login("company");
    await page.goto("/empresa/dashboard");
    const plan = page.getByTestId("plano-atual");
    await expect(plan).toContainText("Plano Básico");
    await expect(plan.getByRole("link", { name: /^Assinar Premium/ })).toHaveText("Assinar Premium por R$ 49,90/mês");
  });
});

test.describe("Plano Premium no sandbox do Mercado Pago", () => {
  test("a empresa paga, volta ao painel com a mensagem e fica Premium", { tag: "@js" }, async ({ page, baseURL }, testInfo) => {
    const company = await freshCompany(page, testInfo, baseURL!);
    await goToSandboxCheckout(page, testInfo, company);
    await page.getByRole("button", { name: "Aprovar pagamento" }).click();
    await expect(page).toHaveURL(pathPattern("/empresa/dashboard"));
    await expect(toasts(page)).toContainText("Pagamento aprovado! Bem-vindo ao Plano Premium!");
    await expect(page.getByTestId("plano-atual")).toContainText(/Plano Premium até \d{2}\/\d{2}\/\d{4}/);
    await expect(page.getByRole("link", { name: "Assinar Premium" })).toHaveCount(0);
  });

  for (const [button, message] of [
    ["Recusar pagamento", "Pagamento não foi aprovado. Tente novamente."],
    ["Deixar pendente", "Pagamento está sendo processado. Você receberá uma confirmação em breve."],
  ] as const) {
    test(`${button}: a mensagem certa, e o plano continua Básico`, async ({ page, baseURL }, testInfo) => {
      const company = await freshCompany(page, testInfo, baseURL!);
      await goToSandboxCheckout(page, testInfo, company);
      await page.getByRole("button", { name: button }).click();
      await expect(page).toHaveURL(pathPattern("/empresa/dashboard"));
      await expect(toasts(page)).toContainText(message);
      await expect(page.getByTestId("plano-atual")).toContainText("Plano Básico");
    });
  }

  test("o sandbox de um visitante volta à landing com a mensagem", async ({ page }, testInfo) => {
    await page.goto("/empresa-landing?plano=premium");
    const dialog = page.getByRole("dialog", { name: "Plano Premium" });
    await dialog.getByLabel("Nome da empresa").fill("Pet Shop Visitante");
    await dialog.getByLabel("CNPJ").fill(randomCnpj());
    await dialog.getByLabel("E-mail").fill(uniqueEmail(testInfo, "visitante"));
    await dialog.getByRole("button", { name: "Ir para o pagamento" }).click();
    await expect(page).toHaveURL(/\/dev\/mercado-pago\/checkout\/sandbox-/);
    await page.getByRole("button", { name: "Deixar pendente" }).click();
    await expect(page).toHaveURL(pathPattern("/empresa-landing"));
    await expect(toasts(page)).toContainText("Pagamento está sendo processado. Você receberá uma confirmação em breve.");
  });
});
