import { gzipSync } from "node:zlib";
import type { APIRequestContext, Browser } from "@playwright/test";
import { describeVisit as describe, firstVisitBytes } from "./support/first-visit-bytes";
import { expect, test } from "./support/fixtures";

// The page weight budget of a search results page on a first visit
// (docs/decisions/0043-save-data.md): what a cheap phone downloads to show it, HTML + CSS
// + JS + the images above the fold, ≤ 120 KB, and ≤ 60 KB when the phone sends
// `Save-Data: on`. Text is counted gzip-compressed, as Cloudflare sends it (the local
// server does not compress); images as they are. Chromium also fetches lazy images a
// screen or two below the fold before they are needed: those are listed apart.
const RESULTS = "/buscar-pets?tipo=cachorro";
const BUDGET_KB = 120;
const SAVE_DATA_BUDGET_KB = 60;

const visit = (browser: Browser, baseURL: string, headers: Record<string, string> = {}) =>
  firstVisitBytes(browser, baseURL, RESULTS, {
    headers,
    inspect: async (page) => {
      await expect(page.getByTestId("pet-card").first()).toBeVisible();
      return { cards: await page.getByTestId("pet-card").count() };
    },
  }).then((r) => ({ ...r, cards: r.inspected.cards }));

test.describe("page weight of a search results page", () => {
  // A phone runs the page's scripts: with JavaScript on, they count (docs/decisions/0003).
  test("first visit ≤ 120 KB, and ≤ 60 KB with Save-Data: on, whose cards show drawings", { tag: "@js" }, async ({
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the budget counts the scripts a phone runs");
    const usual = await visit(browser, baseURL!);
    expect(usual.cards, "a page of results").toBeGreaterThan(3);
    expect(usual.total, describe(usual)).toBeLessThanOrEqual(BUDGET_KB * 1024);

    const lighter = await visit(browser, baseURL!, { "Save-Data": "on" });
    expect(lighter.cards).toBe(usual.cards);
    expect(lighter.total, describe(lighter)).toBeLessThanOrEqual(SAVE_DATA_BUDGET_KB * 1024);
    expect(lighter.total, `${describe(lighter)} vs ${describe(usual)}`).toBeLessThan(usual.total);
    console.log(`Peso de ${RESULTS}: ${describe(usual)}; com Save-Data: ${describe(lighter)}`);
  });

  test("with Save-Data: on, cards show the drawing of their kind and the pet's page its photo", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "Save-Data": "on" } });
    try {
      const page = await context.newPage();
      await page.goto(RESULTS);
      const photos = page.getByTestId("pet-card").getByRole("img");
      await expect(photos.first()).toHaveAttribute("src", "/placeholders/pet.svg");
      for (const src of await photos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")))) {
        expect(src).toBe("/placeholders/pet.svg");
      }
      await page.getByTestId("pet-card").first().getByRole("link").first().click();
      const main = page.getByRole("main").getByRole("img").first();
      await expect(main).not.toHaveAttribute("src", /placeholders/);
    } finally {
      await context.close();
    }
  });
});

// The app's pages (forms, dashboards): ≤ 130 KB of JavaScript, gzip, for every script and
// module the HTML loads, static imports followed (as `npm run bench:pages` counts it). The
// browser shows the server's answers to a form, so neither zod nor Conform's client is in
// it (docs/decisions/0042, "The app pages and 130 KB"). Server HTML only: runs once.
const APP_JS_BUDGET_KB = 130;
const APP_PAGES: { path: string; who?: "personal" | "ngo" | "company" }[] = [
  { path: "/entrar" },
  { path: "/empresas" },
  { path: "/contato" },
  { path: "/empresa-landing" },
  { path: "/cadastrar-ong" },
  { path: "/esqueci-senha" },
  { path: "/anunciar" },
  { path: "/cadastrar-pet" },
  { path: "/alertas/novo" },
  { path: "/dashboard", who: "personal" },
  { path: "/meus-dados", who: "personal" },
  { path: "/dashboard/favoritos", who: "personal" },
  { path: "/ong/dashboard", who: "ngo" },
  { path: "/empresa/dashboard", who: "company" },
];

/**
 * The JavaScript a page loads: gzip bytes in all, and the modules' text. `fetched` keeps
 * each module's text across pages (they share most of them; hashed names never change).
 */
async function appScripts(request: APIRequestContext, path: string, fetched: Map<string, string>) {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const queue = [
    ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
  ].map((src) => new URL(src, "http://app/").pathname);
  const modules = new Map<string, string>();
  while (queue.length) {
    const src = queue.shift()!;
    if (modules.has(src)) continue;
    const text = fetched.get(src) ?? (await (await request.get(src)).text());
    fetched.set(src, text);
    modules.set(src, text);
    for (const m of text.matchAll(/(?:import|from)\s*["']((?:\.{1,2})?\/[^"']+\.js)["']/g))
      queue.push(new URL(m[1]!, `http://app${src}`).pathname);
  }
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .join("");
  const bytes = [...modules.values(), inline].reduce((sum, text) => sum + (text ? gzipSync(text).length : 0), 0);
  return { bytes, modules };
}

test.describe("JavaScript of the app's pages", () => {
  test("each ≤ 130 KB, without zod or Conform's client", async ({ page, login }) => {
    test.setTimeout(60_000);
    let signedInAs: string | undefined;
    const fetched = new Map<string, string>();
    for (const { path, who } of APP_PAGES) {
      if (who && who !== signedInAs) {
        await login(who);
        signedInAs = who;
      }
      const { bytes, modules } = await appScripts(page.request, path, fetched);
      expect(modules.size, `${path} loads the app`).toBeGreaterThan(3);
      expect(bytes, `${path}: ${(bytes / 1024).toFixed(1)} KB of JavaScript`).toBeLessThanOrEqual(APP_JS_BUDGET_KB * 1024);
      for (const [src, text] of modules) {
        expect(text.includes("ZodError"), `${path} loads zod (${src})`).toBe(false);
        expect(text.includes("__intent__"), `${path} loads Conform's client (${src})`).toBe(false);
      }
    }
  });
});
