// Light pages (docs/decisions/0042): which routes are light, and the script they carry.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { buildLightScript } from "../support/light-script";
import { isLightPage, pagePolicy } from "~/lib/page-policy";

// A light route's handle (docs/decisions/0042), as the routes declare it.
const LIGHT_PAGE = pagePolicy({ light: true });
// How a route says so: `light: true` first in its page policy (app/lib/page-policy.ts).
const DECLARES_LIGHT = /export const handle = pagePolicy\(\{\s*light: true\b/;

const ROUTES = join(process.cwd(), "app", "routes");

// The public pages that only show things. A route added here, or taken out, is a decision:
// the app's forms stay on the others.
const LIGHT_ROUTES = [
  "adocao.cidade",
  "buscar-pets",
  "clinica",
  "clinicas",
  "evento",
  "eventos",
  "home",
  "links-uteis",
  "not-found",
  "ong",
  "ongs",
  "perfil",
  "pet",
  "pets",
  "pets-perdidos.cidade",
  "privacidade",
  "produto",
  "produtos",
  "quem-somos",
  "termos",
  "ver-ongs",
];

function routeSources() {
  return readdirSync(ROUTES)
    .filter((name) => name.endsWith(".tsx"))
    .map((name) => ({ route: name.replace(/\.tsx$/, ""), source: readFileSync(join(ROUTES, name), "utf8") }));
}

describe("light routes", () => {
  it("are the public pages that only show things", () => {
    const light = routeSources()
      .filter(({ source }) => DECLARES_LIGHT.test(source))
      .map(({ route }) => route)
      .sort();
    expect(light).toEqual(LIGHT_ROUTES);
  });

  it("each also loads itself as a document when the app navigates to it", () => {
    for (const { route, source } of routeSources()) {
      const handle = DECLARES_LIGHT.test(source);
      const middleware = /export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;/.test(source);
      expect({ route, middleware }).toEqual({ route, middleware: handle });
    }
  });

  it("are decided by the leaf route", () => {
    expect(isLightPage([{ handle: undefined }, { handle: LIGHT_PAGE }])).toBe(true);
    expect(isLightPage([{ handle: LIGHT_PAGE }, { handle: undefined }])).toBe(false);
    expect(isLightPage([])).toBe(false);
  });
});

describe("the light pages' script", () => {
  // Built as `npm run build` builds it (vite.light-script.ts), in memory.
  let LIGHT_SCRIPT_FILE = "";
  let LIGHT_SCRIPT_SOURCE = "";
  beforeAll(async () => {
    ({ file: LIGHT_SCRIPT_FILE, source: LIGHT_SCRIPT_SOURCE } = await buildLightScript());
  }, 60_000);

  it("is valid JavaScript, versioned by its content, under the budget", () => {
    expect(() => new Function(LIGHT_SCRIPT_SOURCE)).not.toThrow();
    expect(LIGHT_SCRIPT_FILE).toMatch(/^[a-z0-9]+\.js$/);
    // 15 KB gzip for all of our scripts on a light page; this one is the only one.
    expect(gzipSync(LIGHT_SCRIPT_SOURCE).length).toBeLessThan(15 * 1024);
  });

  it("carries the words the app uses", () => {
    for (const words of ["Adicionado aos favoritos", "Removido dos favoritos", "Link copiado!", "Favoritado"]) {
      expect(LIGHT_SCRIPT_SOURCE).toContain(JSON.stringify(words).slice(1, -1));
    }
  });
});
