import type { Page } from "@playwright/test";
import {
  formatCnpj,
  invalidCnpj,
  NEW_PASSWORD,
  pathPattern,
  randomCnpj,
  recordPosts,
  SEED,
  SEED_COMPANY_CNPJ,
  termsCheckbox,
  uniqueEmail,
  waitForHydration,
} from "./support/accounts";
import { expect, test } from "./support/fixtures";

// The server answers every refused form (status 400, values typed kept, passwords never
// sent back). Without JavaScript that is a new page; with JavaScript the form is sent in
// the background and its answer shown in place, without a reload: the browser no longer
// runs the schemas itself (docs/decisions/0042, "The app pages and 130 KB"). Each form's
// checks run again with JavaScript (`@js`); of the refusals that need the database (an
// e-mail already in use), the personal form's runs with it as the example for all three.
test.describe.configure({ mode: "parallel" });

const EMAIL_TAKEN = "Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.";
const TERMS = "Você precisa aceitar os termos de uso para se cadastrar.";
const SHORT_PASSWORD = "A senha deve ter pelo menos 8 caracteres.";
const BAD_EMAIL = "Informe um e-mail válido.";

interface SignUpForm {
  path: string;
  heading: string;
  button: string;
}

const PERSONAL: SignUpForm = { path: "/entrar?aba=cadastrar", heading: "Criar conta", button: "Cadastrar" };
const COMPANY: SignUpForm = { path: "/empresas?aba=cadastrar", heading: "Área de Empresas", button: "Cadastrar Empresa" };
const NGO: SignUpForm = { path: "/cadastrar-ong", heading: "Cadastro de ONG/Voluntário", button: "Cadastrar ONG" };

interface Values {
  /** Text and e-mail fields by label, checked again after the error. */
  text: [label: string, value: string][];
  password: string;
  confirmPassword: string;
  terms: boolean;
}

async function submit(page: Page, form: SignUpForm, values: Values, javaScriptEnabled: boolean) {
  await page.goto(form.path);
  await expect(page.getByRole("heading", { level: 1, name: form.heading })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  for (const [label, value] of values.text) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel("Senha", { exact: true }).fill(values.password);
  await page.getByLabel("Confirmar senha", { exact: true }).fill(values.confirmPassword);
  if (values.terms) await termsCheckbox(page).check();
  const posts = recordPosts(page);
  await page.getByRole("button", { name: form.button, exact: true }).click();
  return posts;
}

/** The messages are shown, the page stays, and every text/e-mail value typed is kept. */
async function expectErrors(page: Page, form: SignUpForm, values: Values, messages: string[], javaScriptEnabled: boolean) {
  const main = page.getByRole("main");
  for (const message of messages) {
    // In the summary at the form's top (docs/decisions/0033 §4), and beside its field.
    await expect(main.getByRole("alert").getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(pathPattern(form.path));
  for (const [label, value] of values.text) {
    await expect(page.getByLabel(label, { exact: true }), `${label} kept`).toHaveValue(value);
  }
  // The server's answer never carries a password back; with JavaScript the fields are
  // emptied with its answer too.
  await expect(page.getByLabel("Senha", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Confirmar senha", { exact: true })).toHaveValue("");
  if (values.terms) await expect(termsCheckbox(page)).toBeChecked();
  // Still signed out.
  await expect(page.getByRole("banner").getByRole("link", { name: "Entrar" })).toBeVisible();
}

/** One submission reached the server: with JavaScript a data request (no reload), else the page. */
function expectOneAnswer(posts: string[], javaScriptEnabled: boolean) {
  expect(posts, "requests sent").toHaveLength(1);
  expect(posts[0]!.includes(".data"), `${posts[0]} is a data request`).toBe(javaScriptEnabled);
}

test.describe("personal sign-up validation", () => {
  test("invalid e-mail, short password and terms not accepted", { tag: "@js" }, async ({ page, javaScriptEnabled }, testInfo) => {
    const values: Values = {
      text: [
        ["Nome", "Joana Prado"],
        ["E-mail", `joana-sem-arroba-${testInfo.project.name}`],
      ],
      password: "curta1",
      confirmPassword: "curta1",
      terms: false,
    };
    const posts = await submit(page, PERSONAL, values, javaScriptEnabled);
    await expectErrors(page, PERSONAL, values, [BAD_EMAIL, SHORT_PASSWORD, TERMS], javaScriptEnabled);
    expectOneAnswer(posts, javaScriptEnabled);
  });

  test("passwords that differ: 'As senhas não coincidem!'", { tag: "@js" }, async ({ page, javaScriptEnabled }, testInfo) => {
    const values: Values = {
      text: [
        ["Nome", "Joana Prado"],
        ["E-mail", uniqueEmail(testInfo, "diferentes")],
      ],
      password: NEW_PASSWORD,
      confirmPassword: "Outra-Senha-456",
      terms: true,
    };
    const posts = await submit(page, PERSONAL, values, javaScriptEnabled);
    await expectErrors(page, PERSONAL, values, ["As senhas não coincidem!"], javaScriptEnabled);
    expectOneAnswer(posts, javaScriptEnabled);
  });

  test("an e-mail already registered is refused", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    const values: Values = {
      text: [
        ["Nome", "Maria Repetida"],
        ["E-mail", SEED.personal.email],
      ],
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      terms: true,
    };
    await submit(page, PERSONAL, values, javaScriptEnabled);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Erro no cadastro");
    await expectErrors(page, PERSONAL, values, [EMAIL_TAKEN], javaScriptEnabled);
  });
});

test.describe("company sign-up validation", () => {
  test(
    "empty company name and CNPJ, short password and terms not accepted",
    { tag: "@js" },
    async ({ page, javaScriptEnabled }, testInfo) => {
      const values: Values = {
        text: [
          ["Nome da Empresa", ""],
          ["CNPJ", ""],
          ["E-mail", uniqueEmail(testInfo, "empresa-vazia")],
        ],
        password: "curta1",
        confirmPassword: "curta1",
        terms: false,
      };
      const posts = await submit(page, COMPANY, values, javaScriptEnabled);
      await expectErrors(
        page,
        COMPANY,
        values,
        ["Por favor, preencha o Nome da Empresa.", "Por favor, preencha o CNPJ.", SHORT_PASSWORD, TERMS],
        javaScriptEnabled,
      );
      // An empty CNPJ is only "fill it in", not also "invalid".
      await expect(page.getByText("CNPJ inválido", { exact: false })).toHaveCount(0);
      expectOneAnswer(posts, javaScriptEnabled);
    },
  );

  test("an invalid CNPJ and an invalid e-mail", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    const values: Values = {
      text: [
        ["Nome da Empresa", "Pet Shop Dígito Errado"],
        ["CNPJ", formatCnpj(invalidCnpj())],
        ["E-mail", "empresa@sem-ponto"],
      ],
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      terms: true,
    };
    const posts = await submit(page, COMPANY, values, javaScriptEnabled);
    await expectErrors(page, COMPANY, values, ["CNPJ inválido. Confira os 14 caracteres digitados.", BAD_EMAIL], javaScriptEnabled);
    expectOneAnswer(posts, javaScriptEnabled);
  });

  test("passwords that differ: 'As senhas não coincidem!'", { tag: "@js" }, async ({ page, javaScriptEnabled }, testInfo) => {
    const values: Values = {
      text: [
        ["Nome da Empresa", "Pet Shop Senhas"],
        ["CNPJ", randomCnpj()],
        ["E-mail", uniqueEmail(testInfo, "empresa-senhas")],
      ],
      password: NEW_PASSWORD,
      confirmPassword: "Outra-Senha-456",
      terms: true,
    };
    const posts = await submit(page, COMPANY, values, javaScriptEnabled);
    await expectErrors(page, COMPANY, values, ["As senhas não coincidem!"], javaScriptEnabled);
    expectOneAnswer(posts, javaScriptEnabled);
  });

  test("an e-mail or a CNPJ already registered is refused", async ({ page, javaScriptEnabled }, testInfo) => {
    const takenEmail: Values = {
      text: [
        ["Nome da Empresa", "Pet Shop Repetido"],
        ["CNPJ", formatCnpj(randomCnpj())],
        ["E-mail", SEED.company.email],
      ],
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      terms: true,
    };
    await submit(page, COMPANY, takenEmail, javaScriptEnabled);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Erro no cadastro");
    await expectErrors(page, COMPANY, takenEmail, [EMAIL_TAKEN], javaScriptEnabled);

    const takenCnpj: Values = {
      text: [
        ["Nome da Empresa", "Pet Shop CNPJ Repetido"],
        ["CNPJ", SEED_COMPANY_CNPJ],
        ["E-mail", uniqueEmail(testInfo, "cnpj-repetido")],
      ],
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      terms: true,
    };
    await submit(page, COMPANY, takenCnpj, javaScriptEnabled);
    // The seed company confirmed its e-mail, so it holds its CNPJ; the message says where
    // the real company writes to (docs/decisions/0028).
    await expectErrors(
      page,
      COMPANY,
      takenCnpj,
      ["Este CNPJ já está cadastrado. Se ele é da sua empresa, escreva para contato@patasconectadas.com.br."],
      javaScriptEnabled,
    );
  });
});

test.describe("NGO sign-up validation", () => {
  test("missing name, invalid e-mail, short password and terms not accepted", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    const values: Values = {
      text: [
        ["Nome da ONG/Responsável", ""],
        ["E-mail", "ong@@exemplo.com.br"],
      ],
      password: "1234567",
      confirmPassword: "1234567",
      terms: false,
    };
    const posts = await submit(page, NGO, values, javaScriptEnabled);
    await expectErrors(
      page,
      NGO,
      values,
      ["Por favor, preencha o nome da ONG ou do responsável.", BAD_EMAIL, SHORT_PASSWORD, TERMS],
      javaScriptEnabled,
    );
    expectOneAnswer(posts, javaScriptEnabled);
  });

  test("passwords that differ: 'As senhas não coincidem.'", { tag: "@js" }, async ({ page, javaScriptEnabled }, testInfo) => {
    const values: Values = {
      text: [
        ["Nome da ONG/Responsável", "Amigos dos Bichos"],
        ["E-mail", uniqueEmail(testInfo, "ong-senhas")],
      ],
      password: NEW_PASSWORD,
      confirmPassword: "Outra-Senha-456",
      terms: true,
    };
    const posts = await submit(page, NGO, values, javaScriptEnabled);
    await expectErrors(page, NGO, values, ["As senhas não coincidem."], javaScriptEnabled);
    expectOneAnswer(posts, javaScriptEnabled);
  });

  test("an e-mail already registered is refused", async ({ page, javaScriptEnabled }) => {
    const values: Values = {
      text: [
        ["Nome da ONG/Responsável", "Patinhas Repetidas"],
        ["E-mail", SEED.ngo.email],
      ],
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      terms: true,
    };
    await submit(page, NGO, values, javaScriptEnabled);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Erro no cadastro");
    await expectErrors(page, NGO, values, [EMAIL_TAKEN], javaScriptEnabled);
  });
});

test.describe("sign-in validation", () => {
  test("an invalid e-mail on /entrar is answered before any password check", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    await page.goto("/entrar");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("E-mail", { exact: true }).fill("maria-sem-arroba");
    await page.getByLabel("Senha", { exact: true }).fill("qualquer-coisa");
    const posts = recordPosts(page);
    await page.getByRole("main").getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByRole("main").getByRole("alert").getByText(BAD_EMAIL, { exact: true })).toBeVisible();
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("maria-sem-arroba");
    expectOneAnswer(posts, javaScriptEnabled);
  });
});
