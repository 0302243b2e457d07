import type { Page } from "@playwright/test";
import { expectAccessible, expectAccessibleAt, submitWithServerErrors } from "./support/axe";
import { expect, test } from "./support/fixtures";

// Every page of the app through axe-core with JavaScript off, as most of our visitors see
// it (docs/decisions/0021-accessibility.md): public pages as a visitor, each dashboard as
// its role (one page, so one browser context, per test), 404 pages, and forms showing
// the server's errors. A page fails on any serious or critical violation and on heading
// order. Pages are checked in order within a test and failures are soft, so one run lists
// every page that fails. Other specs can call `expectAccessible(page, javaScriptEnabled)`.
test.describe.configure({ mode: "parallel" });

/** A page to check: a path, and optionally what to do on it before axe runs. */
interface Visit {
  path: string;
  /** The status the page answers with (200 unless said). */
  status?: number;
  /** Puts the page in the state to check, e.g. a form showing the server's errors. */
  then?: (page: Page) => Promise<void>;
  label?: string;
}

/** The first POST form in <main> with a field a person fills in. */
function mainForm(page: Page, field?: string) {
  const forms = page.getByRole("main").locator('form[method="post"]');
  if (field) return forms.filter({ has: page.getByLabel(field, { exact: true }) }).first();
  return forms.filter({ has: page.locator('input:not([type="hidden"]), textarea, select') }).first();
}

/** Submits the page's main form as it is, so the server answers with its field errors. */
function withErrors(field?: string, blank?: string): Visit["then"] {
  return async (page) => {
    const form = mainForm(page, field);
    if (blank) await form.getByLabel(blank, { exact: true }).fill("");
    await submitWithServerErrors(page, form);
  };
}

async function checkAll(page: Page, javaScriptEnabled: boolean, visits: Visit[]) {
  for (const visit of visits) {
    const label = visit.label ?? visit.path;
    await test.step(label, async () => {
      // A page as first served, without JavaScript: checked from its HTML, with no load
      // of its own (docs/decisions/0021).
      if (!javaScriptEnabled && !visit.then) {
        const status = await expectAccessibleAt(page, visit.path, label);
        expect.soft(status, `status de ${visit.path}`).toBe(visit.status ?? 200);
        return;
      }
      const response = await page.goto(visit.path);
      expect.soft(response?.status(), `status de ${visit.path}`).toBe(visit.status ?? 200);
      if (visit.then) await visit.then(page);
      await expectAccessible(page, javaScriptEnabled, label);
    });
  }
}

test.describe("acessibilidade (axe)", () => {
  test.beforeEach(() => test.setTimeout(120_000));

  test("home e busca", async ({ page, javaScriptEnabled }) => {
    await checkAll(page, javaScriptEnabled, [
      { path: "/" },
      { path: "/buscar-pets" },
      { path: "/buscar-pets?q=Thor&tipo=cachorro" },
      { path: "/buscar-pets?q=zzzznadaaqui", label: "/buscar-pets sem resultados" },
    ]);
  });

  test("listas", async ({ page, javaScriptEnabled }) => {
    await checkAll(page, javaScriptEnabled, [
      { path: "/pets" },
      { path: "/pets?status=perdido&page=2" },
      { path: "/produtos" },
      { path: "/ongs" },
      { path: "/ver-ongs" },
      { path: "/eventos" },
      { path: "/clinicas" },
      { path: "/favoritos" },
      { path: "/meus-favoritos/produtos" },
    ]);
  });

  test("páginas de detalhe", async ({ page, javaScriptEnabled }) => {
    await checkAll(page, javaScriptEnabled, [
      { path: "/pet/1" },
      { path: "/pet/15" },
      { path: "/pet/1/cartaz" },
      // 'Enviar mensagem' (docs/decisions/0033 §2).
      { path: "/pet/1/mensagem" },
      { path: "/pet/1/mensagem", label: "/pet/1/mensagem com erros", then: withErrors() },
      // 'Quero adotar' (docs/decisions/0047).
      { path: "/pet/15/quero-adotar" },
      { path: "/pet/15/quero-adotar", label: "/pet/15/quero-adotar com erros", then: withErrors() },
      // 'Denunciar' (docs/decisions/0035).
      { path: "/denunciar/pet/1" },
      { path: "/denunciar/pet/1", label: "/denunciar/pet/1 com erros", then: withErrors() },
      { path: "/perfil/maria%40exemplo.com.br" },
      { path: "/produto/1" },
      { path: "/ong/1" },
      { path: "/evento/1" },
      { path: "/evento/12", label: "/evento/12 (já aconteceu)" },
      { path: "/clinica/1" },
    ]);
  });

  test("páginas não encontradas", async ({ page, javaScriptEnabled }) => {
    await checkAll(page, javaScriptEnabled, [
      { path: "/pet/999999", status: 404 },
      { path: "/perfil/ninguem%40exemplo.com.br", status: 404 },
      { path: "/produto/999999", status: 404 },
      { path: "/ong/999999", status: 404 },
      { path: "/evento/999999", status: 404 },
      { path: "/clinica/999999", status: 404 },
      { path: "/caminho/que-nao-existe", status: 404 },
    ]);
  });

  test("páginas institucionais e contato", async ({ page, javaScriptEnabled }) => {
    await checkAll(page, javaScriptEnabled, [
      { path: "/quem-somos" },
      { path: "/links-uteis" },
      { path: "/termos" },
      { path: "/privacidade" },
      { path: "/contato" },
      { path: "/contato", label: "/contato com erros", then: withErrors() },
    ]);
  });

  test("entrar e cadastros, com e sem erros", async ({ page, javaScriptEnabled }) => {
    await checkAll(page, javaScriptEnabled, [
      { path: "/entrar" },
      { path: "/entrar", label: "/entrar com erros", then: withErrors() },
      { path: "/entrar?aba=cadastrar" },
      { path: "/entrar?aba=cadastrar", label: "/entrar?aba=cadastrar com erros", then: withErrors() },
      { path: "/empresas" },
      { path: "/empresas?aba=cadastrar", label: "/empresas?aba=cadastrar com erros", then: withErrors() },
      { path: "/empresa-landing" },
      { path: "/empresa-landing?plano=premium" },
      { path: "/cadastrar-ong" },
      { path: "/cadastrar-ong", label: "/cadastrar-ong com erros", then: withErrors() },
    ]);
  });

  test("avisos (toasts)", async ({ page, javaScriptEnabled }) => {
    await checkAll(page, javaScriptEnabled, [
      // The three kinds of toast: success, info and error (with a description).
      {
        path: "/pet/1",
        label: "/pet/1 com o aviso de sucesso",
        then: async (page) => {
          await page.getByRole("main").getByRole("button", { name: "Favoritar" }).click();
          await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Adicionado aos favoritos");
        },
      },
      { path: "/empresa-landing?payment=pending", label: "/empresa-landing com o aviso de pagamento pendente" },
      {
        path: "/empresas",
        label: "/empresas com o aviso de erro de autenticação",
        then: async (page) => {
          // A company form sent after the session is gone: the guard leaves an error toast.
          const origin = new URL(page.url()).origin;
          await page.request.post("/empresa/dashboard/clinicas/nova", {
            form: { name: "Clínica" },
            headers: { Origin: origin },
            maxRedirects: 0,
          });
          await page.goto("/empresas");
          await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Erro de autenticação");
        },
      },
    ]);
  });

  test("recuperação de senha e anúncios de visitante", async ({ page, javaScriptEnabled }) => {
    await checkAll(page, javaScriptEnabled, [
      { path: "/esqueci-senha" },
      { path: "/esqueci-senha", label: "/esqueci-senha com erros", then: withErrors() },
      { path: "/redefinir-senha/token-inventado-123" },
      { path: "/confirmar-email/token-inventado-123", status: 410 },
      { path: "/meus-dados/excluir/token-inventado-123", status: 410 },
      { path: "/cadastrar-pet?aba=perdido" },
      // The visitor's form with its account fields, refused (docs/decisions/0044).
      { path: "/cadastrar-pet?aba=perdido", label: "/cadastrar-pet de visitante com erros", then: withErrors() },
      { path: "/cadastrar-pet?aba=adocao" },
      { path: "/anunciar" },
      { path: "/anunciar?aba=adocao" },
      { path: "/anunciar?aba=ong" },
      { path: "/anunciar?aba=produto" },
    ]);
  });

  // Lighthouse scores these three on a phone (412 px wide), where some parts differ.
  test("páginas principais num celular", async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await checkAll(page, javaScriptEnabled, [
      { path: "/", label: "/ (celular)" },
      { path: "/buscar-pets", label: "/buscar-pets (celular)" },
      { path: "/pet/1", label: "/pet/1 (celular)" },
    ]);
  });

  test("painel da pessoa", async ({ page, javaScriptEnabled, login }) => {
    await login("personal");
    await checkAll(page, javaScriptEnabled, [
      // Visão geral, then the profile in its own tab (docs/decisions/0033 §8).
      { path: "/dashboard" },
      { path: "/dashboard/perfil" },
      // The name left blank: refused with 400, nothing saved.
      { path: "/dashboard/perfil", label: "/dashboard/perfil com erros", then: withErrors("Nome", "Nome") },
      { path: "/dashboard/pets" },
      { path: "/dashboard/favoritos" },
      { path: "/dashboard/favoritos/produtos" },
      { path: "/dashboard/favoritos/ongs" },
      // 'Avise-me' (docs/decisions/0026): Meus Alertas and the form's own page.
      { path: "/dashboard/alertas" },
      { path: "/alertas/novo?filter=perdido&filter=Gato" },
    ]);
  });

  test("painel da pessoa: anúncios e Meus dados", async ({ page, javaScriptEnabled, login }) => {
    await login("personal");
    await checkAll(page, javaScriptEnabled, [
      { path: "/cadastrar-pet?aba=perdido" },
      { path: "/cadastrar-pet?aba=perdido", label: "/cadastrar-pet com erros", then: withErrors() },
      { path: "/anunciar?aba=adocao", label: "/anunciar com erros", then: withErrors() },
      { path: "/pet/1" },
      { path: "/pet/1/edit" },
      { path: "/pet/1/edit", label: "/pet/1/edit com erros", then: withErrors("Nome", "Nome") },
      { path: "/pet/1/excluir" },
      // 'Meus dados' (docs/decisions/0036): the page and the deletion's confirmation.
      { path: "/meus-dados" },
      { path: "/meus-dados/excluir" },
      { path: "/meus-dados/excluir", label: "/meus-dados/excluir com erros", then: withErrors() },
    ]);
  });

  test("moderação (administrador)", async ({ page, javaScriptEnabled, login }) => {
    await login({ email: "admin@patasconectadas.com.br", password: "Patas@2026" });
    await checkAll(page, javaScriptEnabled, [
      { path: "/moderacao" },
      { path: "/moderacao/registro" },
      { path: "/moderacao/pet/1" },
      { path: "/moderacao/pet/1", label: "/moderacao/pet/1 com erros", then: withErrors() },
    ]);
  });

  test("painel da empresa (Plano Básico)", async ({ page, javaScriptEnabled, login }) => {
    await login("company");
    await checkAll(page, javaScriptEnabled, [
      { path: "/empresa/dashboard" },
      // At the Basic plan's limit of 5 products: the page explains it instead of the form.
      { path: "/empresa/dashboard/produtos/novo" },
      { path: "/empresa/dashboard/produtos/1/editar" },
      { path: "/empresa/dashboard/produtos/1/excluir" },
      { path: "/empresa/dashboard/perfil" },
      { path: "/empresa/dashboard/clinicas" },
      { path: "/empresa/dashboard/clinicas/nova" },
      { path: "/empresa/dashboard/meu-perfil" },
    ]);
  });

  test("painel da empresa (Plano Premium) com clínicas", async ({ page, javaScriptEnabled, login }) => {
    await login({ email: "contato@vetvida.com.br", password: "Patas@2026" });
    await checkAll(page, javaScriptEnabled, [
      { path: "/empresa/dashboard" },
      { path: "/empresa/dashboard/produtos/novo", label: "produto novo com erros", then: withErrors() },
      { path: "/empresa/dashboard/clinicas" },
      { path: "/empresa/dashboard/clinicas/nova" },
      { path: "/empresa/dashboard/clinicas/nova", label: "clínica nova com erros", then: withErrors() },
      { path: "/empresa/dashboard/clinicas/1/editar" },
      { path: "/empresa/dashboard/clinicas/1/excluir" },
    ]);
  });

  test("painel da ONG", async ({ page, javaScriptEnabled, login }) => {
    await login("ngo");
    await checkAll(page, javaScriptEnabled, [
      { path: "/ong/dashboard" },
      { path: "/ong/dashboard/cadastrar" },
      { path: "/ong/dashboard/eventos" },
      { path: "/ong/dashboard/novo-evento" },
      { path: "/ong/dashboard/novo-evento", label: "evento novo com erros", then: withErrors() },
      { path: "/ong/dashboard/evento/1/edit" },
      { path: "/ong/dashboard/evento/1/excluir" },
      // The personal dashboard's tabs, shared (docs/decisions/0033 §8): seven tabs in the strip.
      { path: "/ong/dashboard/pets" },
      { path: "/ong/dashboard/meu-perfil" },
    ]);
  });

  test("painel da ONG sem organização cadastrada", async ({ page, javaScriptEnabled, login }) => {
    await login({ email: "julia.voluntaria@exemplo.com.br", password: "Patas@2026" });
    await checkAll(page, javaScriptEnabled, [
      { path: "/ong/dashboard" },
      { path: "/ong/dashboard/cadastrar" },
      { path: "/ong/dashboard/cadastrar", label: "cadastro da ONG com erros", then: withErrors() },
    ]);
  });
});
