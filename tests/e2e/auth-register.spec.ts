import path from "node:path";
import {
  formatCnpj,
  header,
  NEW_PASSWORD,
  pathPattern,
  randomCnpj,
  registerPersonal,
  termsCheckbox,
  toasts,
  uniqueEmail,
  waitForHydration,
} from "./support/accounts";
import { expect, test } from "./support/fixtures";

test.describe.configure({ mode: "parallel" });

test.describe("sign-up", () => {
  test(
    "a personal account signs up on /entrar?aba=cadastrar and lands on /dashboard",
    { tag: "@js" },
    async ({ page, javaScriptEnabled }, testInfo) => {
      const email = uniqueEmail(testInfo, "pessoal");
      await registerPersonal(page, { name: "Joana Prado", email, password: NEW_PASSWORD }, javaScriptEnabled);

      await expect(page.getByRole("heading", { level: 1, name: "Minha conta" })).toBeVisible();
      await expect(page.getByRole("main").getByRole("complementary")).toContainText("Joana Prado");
      await expect(page.getByRole("main")).toContainText(email);
      await expect(header(page).getByRole("button", { name: "Sair" })).toBeVisible();
      // Named in words, not an unlabeled circle (docs/decisions/0033 §15).
      await expect(header(page).getByRole("link", { name: "Minha conta", exact: true })).toHaveAttribute("href", "/dashboard");
      // The avatar's initial is the name's, not the e-mail's ("p" of pessoal-…).
      await expect(header(page).getByRole("link", { name: "Minha conta", exact: true }).locator("span[aria-hidden]")).toHaveText("J");
      // The toast is shown once.
      await page.reload();
      await expect(toasts(page)).not.toContainText("Cadastro realizado com sucesso");
      await expect(page).toHaveURL(pathPattern("/dashboard"));
    },
  );

  test("a company signs up on /empresas?aba=cadastrar and sees its name and CNPJ", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "empresa");
    const cnpj = randomCnpj();
    const companyName = `Pet Shop Teste ${cnpj.slice(0, 6)}`;

    await page.goto("/empresas?aba=cadastrar");
    await expect(page.getByRole("heading", { level: 1, name: "Área de Empresas" })).toBeVisible();
    await page.getByLabel("Nome da Empresa").fill(companyName);
    // Typed with punctuation: the CNPJ is stored as digits and shown formatted.
    await page.getByLabel("CNPJ").fill(formatCnpj(cnpj));
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Senha", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirmar senha", { exact: true }).fill(NEW_PASSWORD);
    await termsCheckbox(page).check();
    await page.getByRole("button", { name: "Cadastrar Empresa" }).click();

    await expect(page).toHaveURL(pathPattern("/empresa/dashboard"));
    await expect(toasts(page)).toContainText("Cadastro realizado com sucesso");
    await expect(page.getByRole("heading", { level: 1, name: "Painel da Empresa" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByText(companyName, { exact: true }).first()).toBeVisible();
    await expect(main).toContainText(email);
    await expect(main.getByTestId("plano-atual")).toContainText("Plano Básico");
    // The company's data, as saved, on the Perfil da Empresa tab.
    await page.getByRole("link", { name: "Perfil da Empresa" }).click();
    await expect(main.getByLabel("Nome da Empresa")).toHaveValue(companyName);
    await expect(main.getByLabel("CNPJ")).toHaveValue(formatCnpj(cnpj));
    await expect(main.getByLabel("E-mail", { exact: true })).toHaveValue(email);
  });

  // The NGO flow departs from the spec: sign-up signs the account in (docs/decisions/0007).
  test("NGO sign-up lands signed in", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "ong");

    await page.goto("/cadastrar-ong");
    await expect(page.getByRole("heading", { level: 1, name: "Cadastro de ONG/Voluntário" })).toBeVisible();
    await page.getByLabel("Nome da ONG/Responsável").fill("Amigos dos Bichos");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Senha", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirmar senha", { exact: true }).fill(NEW_PASSWORD);
    await termsCheckbox(page).check();
    await page.getByRole("button", { name: "Cadastrar ONG" }).click();

    await expect(page).toHaveURL(pathPattern("/ong/dashboard"));
    await expect(toasts(page)).toContainText("Sua conta de ONG foi criada com sucesso!");
    await expect(toasts(page)).not.toContainText("Faça login");
    await expect(header(page).getByRole("link", { name: "Entrar" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Painel ONG/Voluntário" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main).toContainText("Amigos dos Bichos");
    await expect(main).toContainText("Você ainda não cadastrou sua ONG.");

    // The next step: 'Cadastrar organização', pre-filled with the account's name and e-mail.
    await main.getByTestId("convite-cadastrar-ong").getByRole("link", { name: "Cadastrar organização" }).click();
    await expect(page).toHaveURL(pathPattern("/ong/dashboard/cadastrar"));
    await expect(main.getByRole("heading", { name: "Cadastrar organização" })).toBeVisible();
    await expect(main.getByLabel("Nome", { exact: true })).toHaveValue("Amigos dos Bichos");
    await expect(main.getByLabel("E-mail")).toHaveValue(email);

    // One photo: the main image. The gallery's count and its text agree.
    await main.getByLabel("Categoria").selectOption({ label: "Abrigo" });
    await main.getByLabel("Área de atuação").selectOption({ label: "Adoção" });
    await main.getByLabel("WhatsApp").fill("(11) 98765-4321");
    await main.getByLabel("Cidade", { exact: true }).fill("Campinas, SP");
    await main.getByLabel("Descrição").fill("Acolhemos cães e gatos resgatados em Campinas.");
    await main.getByLabel("Fotos").setInputFiles(path.join(process.cwd(), "public/seed/pets/gato-02.webp"));
    await main.getByRole("button", { name: "Cadastrar organização" }).click();
    await expect(page).toHaveURL(pathPattern("/ong/dashboard"));
    const gallery = main.getByRole("region", { name: /^Galeria/ });
    await expect(gallery.getByRole("heading", { name: "Galeria (1 de 12 fotos)" })).toBeVisible();
    await expect(gallery).not.toContainText("ainda não possui fotos");
    await expect(gallery).toContainText("Por enquanto a galeria tem só a imagem principal.");
  });
});

test.describe("account type selector on /entrar?aba=cadastrar", () => {
  for (const [choice, target, heading] of [
    [/^Empresa/, "/empresas?aba=cadastrar", "Área de Empresas"],
    [/^ONG\/Voluntário/, "/cadastrar-ong", "Cadastro de ONG/Voluntário"],
  ] as const) {
    test(`choosing ${heading === "Área de Empresas" ? "Empresa" : "ONG/Voluntário"} leads to ${target}`, { tag: "@js" }, async ({
      page,
      javaScriptEnabled,
    }) => {
      await page.goto("/entrar?aba=cadastrar");
      await waitForHydration(page, javaScriptEnabled);
      await expect(page.getByRole("radio", { name: /^Pessoal/ })).toBeChecked();
      await page.getByRole("radio", { name: choice }).click();
      // Without JavaScript the choice takes effect when the form is sent.
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Cadastrar", exact: true }).click();

      await expect(page).toHaveURL(pathPattern(target));
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    });
  }
});
