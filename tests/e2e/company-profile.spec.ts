import { formatCnpj, randomCnpj, SEED_COMPANY_CNPJ, toasts, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

test.describe("Perfil da Empresa", () => {
  test("a company edits its profile; a new CNPJ needs the current password; a confirmed company's CNPJ is refused and what was typed is kept", async ({
    page,
    baseURL,
  }, testInfo) => {
    // A fresh company, signed in through the e2e session route (docs/decisions/0003).
    const email = uniqueEmail(testInfo, "empresa-perfil");
    const created = await page.request.post("/dev/sessao", {
      form: {
        intent: "criar",
        accountType: "company",
        name: "Empresa Perfil",
        email,
        password: "Senha-Forte-123",
        companyName: "Empresa Perfil",
        cnpj: randomCnpj(),
      },
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(created.status()).toBe(200);

    await page.goto("/empresa/dashboard/perfil");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Perfil da Empresa" })).toBeVisible();
    await expect(main.getByTestId("plano-atual")).toContainText("Plano Básico");
    const cnpj = formatCnpj(randomCnpj());
    await main.getByLabel("Nome da Empresa").fill("Pet Shop Novo Lar");
    await main.getByLabel("CNPJ").fill(cnpj);
    await main.getByLabel("E-mail", { exact: true }).fill("atendimento@novolar.com.br");
    await main.getByLabel("Telefone").fill("(11) 3333-4444");
    await main.getByLabel("Endereço").fill("Rua das Acácias, 55 - São Paulo, SP");
    await main.getByLabel("Site").fill("www.novolar.com.br");
    await main.getByLabel("Descrição").fill("Rações, banho e tosa.");
    // A new CNPJ asks for the current password (docs/decisions/0028).
    await main.getByRole("button", { name: "Salvar Alterações" }).click();
    await expect(main.getByRole("alert").getByText("Digite sua senha atual para trocar o CNPJ.")).toBeVisible();
    await expect(main.getByLabel("Nome da Empresa")).toHaveValue("Pet Shop Novo Lar");
    await expect(main.getByLabel("CNPJ")).toHaveValue(cnpj);
    await main.getByLabel("Senha atual").fill("Senha-Errada-1");
    await main.getByRole("button", { name: "Salvar Alterações" }).click();
    await expect(main.getByRole("alert").getByText("Senha atual incorreta.")).toBeVisible();
    await expect(main.getByLabel("Senha atual")).toHaveValue("");
    await main.getByLabel("Senha atual").fill("Senha-Forte-123");
    await main.getByRole("button", { name: "Salvar Alterações" }).click();
    await expect(toasts(page)).toContainText("Perfil atualizado!");
    await expect(toasts(page)).toContainText("Suas informações foram salvas com sucesso");
    await expect(main.getByLabel("Nome da Empresa")).toHaveValue("Pet Shop Novo Lar");
    await expect(main.getByLabel("CNPJ")).toHaveValue(cnpj);
    await expect(page.getByRole("complementary")).toContainText("Pet Shop Novo Lar");

    // The seed company's CNPJ belongs to a confirmed account: refused even with the password.
    await main.getByLabel("Nome da Empresa").fill("Nome Digitado");
    await main.getByLabel("CNPJ").fill(SEED_COMPANY_CNPJ);
    await main.getByLabel("Senha atual").fill("Senha-Forte-123");
    await main.getByRole("button", { name: "Salvar Alterações" }).click();
    await expect(
      main
        .getByRole("alert")
        .getByText("Este CNPJ já pertence a outra conta confirmada. Se ele é da sua empresa, escreva para contato@patasconectadas.com.br."),
    ).toBeVisible();
    await expect(main.getByLabel("Nome da Empresa")).toHaveValue("Nome Digitado");
    await page.goto("/empresa/dashboard/perfil");
    await expect(main.getByLabel("Nome da Empresa")).toHaveValue("Pet Shop Novo Lar");
  });
});
