// Every public page is valid HTML by the W3C's own checker, the Nu Html Checker (vnu,
// from the `vnu-jar` package, run with the machine's Java; docs/decisions/0041). Light
// pages lean on the browser alone (docs/decisions/0020), so what the parser fixes up
// silently is a bug here. Each page is fetched once as a visitor without any cookie and
// once signed in, written to a temporary directory, and vnu checks all the files in one
// Java start (a start costs more than the checks).
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "./support/fixtures";

/**
 * The public pages of app/routes.ts, every listing and every kind of detail page with a
 * seeded id, the static pages, the forms as first served and the not-found page.
 */
const PUBLIC_PAGES = [
  "/",
  "/buscar-pets",
  "/buscar-pets?q=Thor&tipo=cachorro",
  "/buscar-pets?q=zzzznadaaqui",
  "/pets",
  "/pets?status=perdido&page=2",
  "/pets-perdidos/sp/sao-paulo",
  "/adocao/sp/sao-paulo",
  "/produtos",
  "/ongs",
  "/ver-ongs",
  "/eventos",
  "/clinicas",
  "/favoritos",
  "/meus-favoritos/produtos",
  "/pet/1",
  "/pet/15",
  "/pet/1/cartaz",
  "/pet/1/mensagem",
  "/pet/15/quero-adotar",
  "/buscar-pets?category=adocao&cidade=osasco-sp",
  "/denunciar/pet/1",
  "/perfil/maria%40exemplo.com.br",
  "/produto/1",
  "/ong/1",
  "/evento/1",
  "/evento/12",
  "/clinica/1",
  "/quem-somos",
  "/links-uteis",
  "/termos",
  "/privacidade",
  "/contato",
  "/entrar",
  "/entrar?aba=cadastrar",
  "/empresas",
  "/empresas?aba=cadastrar",
  "/empresa-landing",
  "/cadastrar-ong",
  "/esqueci-senha",
  "/redefinir-senha/token-inventado-123",
  "/cadastrar-pet?aba=perdido",
  "/anunciar",
  "/alertas/novo?filter=perdido",
  "/pet/999999",
  "/caminho/que-nao-existe",
];

/** The pages above that answer 404 (every other one answers 200, after redirects). */
const NOT_FOUND = new Set(["/pet/999999", "/caminho/que-nao-existe"]);

// The checker itself, as the package ships it.
const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/** Runs vnu once over `files`; resolves with its messages (it exits 1 when any is an error). */
function vnu(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      ["-jar", VNU_JAR, "--errors-only", "--format", "json", "--stdout", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        try {
          resolve((JSON.parse(stdout) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(new Error(`vnu did not answer (is Java installed? npm test installs it): ${error?.message ?? ""}\n${stderr}`));
        }
      },
    );
  });
}

/** `count` at a time: the server is shared with the other workers. */
async function inBatches<T>(items: T[], count: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += count) await Promise.all(items.slice(i, i + count).map(work));
}

test("every public page is valid HTML (Nu Html Checker), as a visitor and signed in", async ({
  page,
  login,
  baseURL,
  javaScriptEnabled,
}) => {
  // Pure server output: checked once (docs/decisions/0003).
  test.skip(javaScriptEnabled, "HTML do servidor: verificado só no projeto sem-js");
  // ~90 pages and one Java start: about 30 s alone, more on a busy machine.
  test.setTimeout(180_000);
  await login("personal");
  const dir = mkdtempSync(join(tmpdir(), "html-valido-"));
  try {
    const pages = new Map<string, string>();
    const wrongStatus: string[] = [];
    const visits = PUBLIC_PAGES.flatMap((path) => [
      { path, signedIn: false },
      { path, signedIn: true },
    ]);
    await inBatches(visits, 4, async ({ path, signedIn }) => {
      // Without any cookie, as a first visit (a light page, docs/decisions/0020); signed in,
      // with the login fixture's cookie in the page's request context.
      const response = signedIn ? await page.request.get(path) : await fetch(new URL(path, baseURL));
      const status = typeof response.status === "function" ? response.status() : response.status;
      const html = await response.text();
      // A page that moved or broke would be checked as some other page: its status says so.
      if (status !== (NOT_FOUND.has(path) ? 404 : 200)) wrongStatus.push(`${path} (${signedIn ? "com sessão" : "sem cookie"}): ${status}`);
      const file = join(dir, `${pages.size}-${signedIn ? "conectado" : "visitante"}.html`);
      pages.set(file, `${path} (${signedIn ? "com sessão" : "sem cookie"})`);
      writeFileSync(file, html);
    });
    expect(wrongStatus, "páginas com status inesperado").toEqual([]);
    const messages = await vnu([...pages.keys()]);
    const errors = messages
      .filter((message) => message.type === "error" || message.subType === "fatal")
      .map((message) => {
        const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : "";
        const where = `${pages.get(file) ?? file}, linha ${message.lastLine ?? "?"}:${message.firstColumn ?? "?"}`;
        return `${where}: ${message.message}\n    ${(message.extract ?? "").replace(/\s+/g, " ")}`;
      });
    expect(errors.length, `${errors.length} erros de HTML:\n${errors.join("\n")}`).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
