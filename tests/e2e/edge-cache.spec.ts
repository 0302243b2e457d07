// The edge cache through the real Worker (docs/decisions/0019-edge-cache.md). The e2e
// server runs with the cache off, since parallel tests share URLs; these requests turn it
// on for themselves with a header that only the e2e server honours.
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { pathPattern } from "./support/accounts";
import { fillPetAd } from "./support/pet-form";
import { expect, test } from "./support/fixtures";

const CACHE_ON = { "X-Teste-Cache-Segundos": "60" };
const photo = path.join(process.cwd(), "public/seed/pets", "cachorro-01.webp");

const nonceInHeader = (response: APIResponse) => /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
const noncesInHtml = (html: string) => [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))];

test.describe("edge cache for visitors without cookies", () => {
  let visitor: APIRequestContext;

  test.beforeEach(async ({ playwright, baseURL }) => {
    visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: CACHE_ON });
  });
  test.afterEach(async () => {
    await visitor.dispose();
  });

  test("a pet page is rendered once, then served from the cache with a fresh nonce; views still count; the owner's edit shows at once", async ({
    page,
    login,
  }) => {
    await login({ tag: "cache" });
    const name = `Cacheado ${Date.now().toString(36)}`;
    await page.goto("/cadastrar-pet?aba=perdido");
    await fillPetAd(page, { name, color: "Preto", lostOn: "2026-11-20", notes: "Coleira vermelha.", location: "Centro, Recife - PE" });
    await page.getByLabel("Fotos").setInputFiles([photo]);
    await page.getByRole("button", { name: "Publicar anúncio" }).click();
    await expect(page).toHaveURL(/\/pet\/\d+$/);
    const petPath = new URL(page.url()).pathname;

    // Two phones open the link shared in a group: one render, one copy.
    const first = await visitor.get(petPath, { headers: { "User-Agent": "Celular A" } });
    const second = await visitor.get(petPath, { headers: { "User-Agent": "Celular B" } });
    expect(first.status()).toBe(200);
    expect(first.headers()["x-edge-cache"]).toBe("MISS");
    expect(second.headers()["x-edge-cache"]).toBe("HIT");
    const html = await second.text();
    expect(html).toContain(name);
    // The copy carries this response's nonce, in the CSP header and in every script.
    expect(noncesInHtml(html)).toEqual([nonceInHeader(second)]);
    expect(nonceInHeader(second)).not.toBe(nonceInHeader(first));
    expect(second.headers()["set-cookie"]).toBeUndefined();

    // The owner (1, on publishing), phone A (the render) and phone B (the hit): 3 views.
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByRole("main").textContent();
      })
      .toContain("3 visualizações");

    // Anyone with a cookie gets a fresh, private render, never the shared copy.
    const signedIn = await page.request.get(petPath, { headers: CACHE_ON });
    expect(signedIn.headers()["x-edge-cache"]).toBeUndefined();
    expect(signedIn.headers()["cache-control"]).toBe("private, no-store");

    // The owner edits: they see it at once, and so does the next visitor.
    await page.goto(`${petPath}/edit`);
    await page.getByLabel("Nome", { exact: true }).fill(`${name} editado`);
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page).toHaveURL(pathPattern(petPath));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} editado`);
    await expect.poll(async () => (await (await visitor.get(petPath)).text()).includes(`${name} editado`)).toBe(true);
  });

  test("public listings are cached; sign-in, dashboards and searches with a cookie are not", async ({ page, login }) => {
    // Tests in parallel publish, and any write forgets the home page (docs/decisions/0034):
    // a pair of visits may straddle one, so the pair is tried again, up to three times.
    const first = (await visitor.get("/")).headers()["x-edge-cache"];
    let again = (await visitor.get("/")).headers()["x-edge-cache"];
    for (let retry = 0; retry < 2 && again !== "HIT"; retry++) {
      await visitor.get("/");
      again = (await visitor.get("/")).headers()["x-edge-cache"];
    }
    expect([first, again]).toEqual(["MISS", "HIT"]);
    await visitor.get("/buscar-pets?q=thor");
    expect((await visitor.get("/buscar-pets?q=thor")).headers()["x-edge-cache"]).toBe("HIT");
    expect((await visitor.get("/entrar")).headers()["x-edge-cache"]).toBeUndefined();
    // An unknown pet answers 404 every time and is never stored.
    const missing = await visitor.get("/pet/999999");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["x-edge-cache"]).toBe("MISS");
    expect((await visitor.get("/pet/999999")).headers()["x-edge-cache"]).toBe("MISS");

    await login({ tag: "cache-lista" });
    const withCookie = await page.request.get("/", { headers: CACHE_ON });
    expect(withCookie.headers()["x-edge-cache"]).toBeUndefined();
    // "0" (the e2e server's own setting) keeps the cache off.
    const off = await visitor.get("/pets", { headers: { "X-Teste-Cache-Segundos": "0" } });
    expect(off.headers()["x-edge-cache"]).toBeUndefined();
  });
});
