// Light pages for everyone (docs/decisions/0042-light-pages-for-everyone.md): every
// public page that only shows things is server HTML plus our one small script, whoever
// asks (no cookie, a visitor cookie, signed in); the app loads only on the forms' pages.
import type { APIRequestContext, Page } from "@playwright/test";
import { header, toasts } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const appScripts = "script[type=module], link[rel=modulepreload]";

/** An id linked from a listing, e.g. `/produto/7` from `/produtos`. */
async function firstLinked(request: APIRequestContext, listing: string, prefix: string): Promise<string> {
  const html = await (await request.get(listing)).text();
  const match = new RegExp(`href="(/${prefix}/[^"#?]+)"`).exec(html);
  expect(match, `a link to /${prefix}/ on ${listing}`).toBeTruthy();
  return match![1]!;
}

/** Every public page that only shows things, and its expected status. */
async function publicPages(request: APIRequestContext): Promise<[string, number][]> {
  return [
    ["/", 200],
    ["/buscar-pets?q=thor", 200],
    ["/pets", 200],
    ["/pets?status=perdido", 200],
    ["/pets-perdidos/sp/jundiai", 200],
    ["/adocao/sp/sao-paulo", 200],
    ["/produtos", 200],
    ["/ongs", 200],
    ["/ver-ongs", 200],
    ["/eventos", 200],
    ["/clinicas", 200],
    ["/pet/1", 200],
    [await firstLinked(request, "/produtos", "produto"), 200],
    [await firstLinked(request, "/ongs", "ong"), 200],
    [await firstLinked(request, "/eventos", "evento"), 200],
    [await firstLinked(request, "/clinicas", "clinica"), 200],
    [await firstLinked(request, "/pet/1", "perfil"), 200],
    ["/quem-somos", 200],
    ["/links-uteis", 200],
    ["/termos", 200],
    ["/privacidade", 200],
    ["/pagina-que-nao-existe", 404],
    ["/pet/999999", 404],
  ];
}

/** The page as the browser would get it, with this context's cookies. */
async function expectLight(request: APIRequestContext, path: string, status: number, signedIn: boolean) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(status);
  const html = await response.text();
  expect(html, `${path} is light`).toMatch(/<html[^>]*\sdata-light=""/);
  expect(html, `${path} loads no app module`).not.toMatch(/<script[^>]*type="module"|rel="modulepreload"/);
  // One script: ours, by address; nothing inline.
  expect(
    [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]),
    path,
  ).toEqual([expect.stringMatching(/^<script src="\/js\/leve\/[a-z0-9]+\.js" defer="" nonce="[^"]+">$/)]);
  // The header says who is there, from the server.
  expect(html.includes("Minha conta"), `${path} shows the signed-in header`).toBe(signedIn);
}

test.describe("light pages", () => {
  // Server HTML only: runs once (docs/decisions/0003).
  test("every public page is light without a cookie, with a visitor cookie and signed in", async ({ page, login, baseURL }) => {
    // 23 pages three times: asked side by side, and a minute for a loaded machine.
    test.setTimeout(60_000);
    const request = page.request;
    const pages = await publicPages(request);
    const everyPage = (signedIn: boolean) => Promise.all(pages.map(([path, status]) => expectLight(request, path, status, signedIn)));
    await everyPage(false);

    // A heart gives the visitor their cookie (taken back at once); the pages stay light.
    for (const favorito of ["1", "0"]) {
      const heart = await request.post("/favoritos", {
        form: { tipo: "events", id: "1", favorito, voltar: "/" },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      expect(heart.status()).toBe(303);
    }
    expect((await page.context().cookies()).map((c) => c.name)).toContain("__Host-visitante");
    await everyPage(false);

    await login({ tag: "leve" });
    await everyPage(true);

    // The forms' pages keep the app.
    for (const path of ["/anunciar", "/dashboard"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toMatch(/<html[^>]*\sdata-light/);
      expect(html, path).toMatch(/rel="modulepreload"/);
    }
  });

  test("the script is one small file kept for a year", async ({ page }) => {
    const html = await (await page.request.get("/")).text();
    const src = /<script src="(\/js\/leve\/[a-z0-9]+\.js)"/.exec(html)![1]!;
    const response = await page.request.get(src);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/javascript/);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    // The budget is 15 KB gzip for all of our scripts on a page (docs/decisions/0042).
    const { gzipSync } = await import("node:zlib");
    expect(gzipSync(await response.body()).length).toBeLessThan(15 * 1024);
  });
});

/** A heart on a light page: with JavaScript in the background (no reload), else the form. */
async function toggleHeart(page: Page, javaScriptEnabled: boolean, from: string, to: string, toast: string) {
  const main = page.getByRole("main");
  const url = page.url();
  const pressed = toast === "Adicionado aos favoritos";
  if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await main.getByRole("button", { name: from, exact: true }).first().click();
  await expect(main.getByRole("button", { name: to, exact: true }).first()).toHaveAttribute("aria-pressed", String(pressed));
  await expect(toasts(page)).toContainText(toast);
  if (javaScriptEnabled) {
    expect(page.url()).toBe(url);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  }
}

test.describe("light pages with and without JavaScript", () => {
  for (const who of ["visitante", "conta"] as const) {
    test(`hearts, share and toasts work on light pages (${who})`, { tag: "@js" }, async ({ page, login, javaScriptEnabled, baseURL }) => {
      if (who === "conta") await login({ tag: "leve-js" });
      if (javaScriptEnabled) {
        // The share sheet, recorded (headless Chromium has none).
        await page.addInitScript(() => {
          (window as unknown as { shared: unknown[] }).shared = [];
          Object.defineProperty(navigator, "share", {
            configurable: true,
            value: async (data: unknown) => void (window as unknown as { shared: unknown[] }).shared.push(data),
          });
        });
      }
      // A detail page: the labelled heart. Seed pet 4 is hearted only by this test.
      await page.goto("/pet/4");
      await expect(page.locator("html")).toHaveAttribute("data-light", "");
      if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
      await expect(
        header(page)
          .getByRole("link", { name: who === "conta" ? "Minha conta" : "Entrar" })
          .first(),
      ).toBeAttached();
      await toggleHeart(page, javaScriptEnabled, "Favoritar", "Favoritado", "Adicionado aos favoritos");
      // The answer came from the server: a new page shows the same state.
      await page.goto("/pet/4");
      await expect(page.getByRole("main").getByRole("button", { name: "Favoritado" })).toHaveAttribute("aria-pressed", "true");
      await toggleHeart(page, javaScriptEnabled, "Favoritado", "Favoritar", "Removido dos favoritos");
      if (javaScriptEnabled && who === "visitante") {
        // The sighting form's 'Cidade' suggests municipalities, as the app's forms do.
        await page.getByLabel("Cidade (opcional)").fill("Jundi");
        await expect(page.locator("datalist option[value='Jundiaí - SP']")).toBeAttached();
      }

      // A listing: the card's icon heart, named after the pet.
      await page.goto("/buscar-pets?q=Bolinha");
      await expect(page.locator("html")).toHaveAttribute("data-light", "");
      const name = "Bolinha";
      await toggleHeart(
        page,
        javaScriptEnabled,
        `Adicionar ${name} aos favoritos`,
        `Remover ${name} dos favoritos`,
        "Adicionado aos favoritos",
      );
      await toggleHeart(
        page,
        javaScriptEnabled,
        `Remover ${name} dos favoritos`,
        `Adicionar ${name} aos favoritos`,
        "Removido dos favoritos",
      );

      // Share: the device's sheet with JavaScript, the menu of links without.
      // Exactly this pet: other tests' pets may be called "Bolinha …" too.
      const card = page
        .getByTestId("pet-card")
        .filter({ has: page.getByRole("heading", { name, exact: true }) })
        .first();
      await card.getByLabel(`Compartilhar ${name}`).click();
      if (javaScriptEnabled) {
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared))
          .toEqual([expect.objectContaining({ title: name, url: expect.stringMatching(new RegExp(`^${baseURL}/pet/\\d+$`)) })]);
      } else {
        await expect(card.getByRole("link", { name: "WhatsApp" })).toBeVisible();
      }
    });
  }

  test("a heart whose background request fails is sent as the plain form", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the background request needs JavaScript");
    // The script's request (resposta=dados) fails once; the form's own submission passes.
    await page.route("**/favoritos", async (route) => {
      if (route.request().postData()?.includes("resposta")) await route.fulfill({ status: 500, body: "" });
      else await route.continue();
    });
    await page.goto("/pet/5");
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Favoritar", exact: true }).click();
    // The redirect back, as without JavaScript: the flash message and the heart pressed.
    await expect(toasts(page)).toContainText("Adicionado aos favoritos");
    await expect(main.getByRole("button", { name: "Favoritado", exact: true })).toHaveAttribute("aria-pressed", "true");
    await page.unroute("**/favoritos");
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
    await main.getByRole("button", { name: "Favoritado", exact: true }).click();
    await expect(main.getByRole("button", { name: "Favoritar", exact: true })).toHaveAttribute("aria-pressed", "false");
  });

  test("the app's links to a light page load it as a document", { tag: "@js" }, async ({ page, login, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "client-side navigation needs JavaScript");
    await login({ tag: "leve-nav" });
    await page.goto("/dashboard");
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await header(page).getByRole("link", { name: "Eventos" }).first().click();
    await expect(page).toHaveURL(/\/eventos$/);
    await expect(page.locator("html")).toHaveAttribute("data-light", "");
    await expect(page.locator(appScripts)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    // And back: the app page again, signed in.
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await expect(header(page).getByRole("link", { name: "Minha conta" }).first()).toBeAttached();
    // A link with a fragment keeps it (as Meus Pets' 'Ver todos os avistamentos' does).
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } }).__reactRouterDataRouter.navigate(
        "/pet/1#avistamentos",
      ),
    );
    await expect(page).toHaveURL(/\/pet\/1#avistamentos$/);
    await expect(page.locator("html")).toHaveAttribute("data-light", "");
  });
});
