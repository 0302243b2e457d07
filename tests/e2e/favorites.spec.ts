import type { Browser, Page } from "@playwright/test";
import { pathPattern, signIn, toasts, waitForHydration } from "./support/accounts";
import { expect, startSession, test } from "./support/fixtures";

// Seed pets with names no other spec creates, found through the search page so parallel
// tests that publish pets never push them off the page.
const FIRST = "Salem";
const SECOND = "Bolinha";

/** A card's heart, before and after the click ("Adicionar … aos favoritos", "Remover … dos favoritos"). */
const HEART = / (aos|dos) favoritos$/;

function petCard(page: Page, name: string) {
  return page.getByTestId("pet-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function favouriteFromSearch(page: Page, name: string, javaScriptEnabled: boolean) {
  await page.goto(`/buscar-pets?q=${encodeURIComponent(name)}`);
  await waitForHydration(page, javaScriptEnabled);
  const card = petCard(page, name);
  const heart = card.getByRole("button", { name: `Adicionar ${name} aos favoritos` });
  if (javaScriptEnabled) {
    // No reload: the light page's script sends the heart in the background and the answer
    // flips it in place, with a toast (docs/decisions/0042).
    const url = page.url();
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === "/favoritos" && r.request().method() === "POST");
    await heart.click();
    await expect(card.getByRole("button", { name: `Remover ${name} dos favoritos` })).toHaveAttribute("aria-pressed", "true");
    expect((await sent).status()).toBe(200);
    await expect(toasts(page)).toContainText("Adicionado aos favoritos");
    expect(page.url()).toBe(url);
  } else {
    await heart.click();
    // Back on the same search, at the card, with the heart filled.
    await expect(page).toHaveURL(new RegExp(`/buscar-pets\\?q=${name}#pet-\\d+$`));
    await expect(toasts(page)).toContainText("Adicionado aos favoritos");
    await expect(petCard(page, name).getByRole("button", { name: `Remover ${name} dos favoritos` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  }
}

function favoriteItems(page: Page) {
  return page.getByTestId("favorite-item");
}

async function newPage(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: "pt-BR" });
  return { context, page: await context.newPage() };
}

// Hearts change with JavaScript (sent in the background, no reload): every test is `@js`.
test.describe("favourites", () => {
  test(
    "a visitor's hearts follow them into the account and to another browser",
    { tag: "@js" },
    async ({ page, browser, javaScriptEnabled, baseURL, newAccount }, testInfo) => {
      const account = await newAccount({ tag: "favoritos" });

      await favouriteFromSearch(page, FIRST, javaScriptEnabled);
      await favouriteFromSearch(page, SECOND, javaScriptEnabled);
      // The state survives a reload (it is on the server, not in the browser).
      await page.reload();
      await expect(petCard(page, SECOND).getByRole("button", { name: `Remover ${SECOND} dos favoritos` })).toBeVisible();

      // Through the form: the hearts move into the account at sign-in.
      await signIn(page, account.email, account.password, "/dashboard");
      await page.getByRole("link", { name: "Meus Favoritos" }).click();
      await expect(page).toHaveURL(pathPattern("/dashboard/favoritos"));
      await expect(favoriteItems(page)).toHaveCount(2);
      // Most recent first.
      await expect(favoriteItems(page).first()).toContainText(SECOND);
      await expect(favoriteItems(page).nth(1)).toContainText(FIRST);

      await waitForHydration(page, javaScriptEnabled);
      await page.getByRole("button", { name: `Remover ${SECOND} dos favoritos` }).click();
      await expect(page).toHaveURL(pathPattern("/dashboard/favoritos"));
      await expect(favoriteItems(page)).toHaveCount(1);
      await expect(favoriteItems(page).first()).toContainText(FIRST);

      const other = await newPage(browser, baseURL, javaScriptEnabled);
      await startSession(other.context.request, baseURL!, testInfo, { email: account.email });
      await other.page.goto("/dashboard/favoritos");
      await expect(favoriteItems(other.page)).toHaveCount(1);
      await expect(favoriteItems(other.page).first().getByRole("heading").getByRole("link", { name: FIRST })).toHaveAttribute(
        "href",
        /^\/pet\/\d+$/,
      );
      // The hearts on the cards show the account's state in that browser too.
      await other.page.goto(`/buscar-pets?q=${FIRST}`);
      await expect(petCard(other.page, FIRST).getByRole("button", { name: HEART })).toHaveAttribute("aria-pressed", "true");
      await other.page.goto(`/buscar-pets?q=${SECOND}`);
      await expect(petCard(other.page, SECOND).getByRole("button", { name: HEART })).toHaveAttribute("aria-pressed", "false");
      await other.context.close();
    },
  );

  test("products and NGOs are favourited from their listings and resolved from the database", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
    login,
  }) => {
    await login({ tag: "favoritos-produtos" });
    await page.goto("/dashboard/favoritos/produtos");
    await expect(page.getByText("Você ainda não adicionou nenhum produto aos favoritos.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Explorar produtos" })).toHaveAttribute("href", "/produtos");
    await page.goto("/dashboard/favoritos/ongs");
    await expect(page.getByText("Você ainda não adicionou nenhuma ONG aos favoritos.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Explorar ONGs" })).toHaveAttribute("href", "/ongs");
    await page.goto("/dashboard/favoritos");
    await expect(page.getByText("Você ainda não adicionou nenhum pet aos favoritos.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Explorar pets" })).toHaveAttribute("href", "/pets");

    await page.goto("/produtos");
    await waitForHydration(page, javaScriptEnabled);
    const product = page.getByTestId("product-card").first();
    const title = (await product.getByRole("heading").innerText()).trim();
    const price = (await product.getByText(/R\$/).first().innerText()).trim();
    await product.getByRole("button", { name: HEART }).click();
    await expect(product.getByRole("button", { name: HEART })).toHaveAttribute("aria-pressed", "true");

    await page.goto("/ongs");
    await waitForHydration(page, javaScriptEnabled);
    const ngo = page.getByTestId("organization-card").first();
    const ngoName = (await ngo.getByRole("heading").innerText()).trim();
    await ngo.getByRole("button", { name: HEART }).click();
    await expect(ngo.getByRole("button", { name: HEART })).toHaveAttribute("aria-pressed", "true");

    await page.goto("/dashboard/favoritos/produtos");
    await expect(favoriteItems(page)).toHaveCount(1);
    await expect(favoriteItems(page).first()).toContainText(price);
    await expect(favoriteItems(page).first().getByRole("heading").getByRole("link", { name: title })).toHaveAttribute(
      "href",
      /^\/produto\/\d+$/,
    );
    await page.goto("/dashboard/favoritos/ongs");
    await expect(favoriteItems(page)).toHaveCount(1);
    await expect(favoriteItems(page).first().getByRole("heading").getByRole("link", { name: ngoName })).toHaveAttribute(
      "href",
      /^\/ong\/\d+$/,
    );
  });

  test("the heart on the pet page toggles both ways", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    await page.goto("/pet/3");
    await waitForHydration(page, javaScriptEnabled);
    const main = page.getByRole("main");
    // With JavaScript the change is sent in the background: wait for it before reloading.
    const saved = () =>
      javaScriptEnabled
        ? page.waitForResponse((r) => new URL(r.url()).pathname === "/favoritos" && r.request().method() === "POST")
        : Promise.resolve(null);
    let sent = saved();
    await main.getByRole("button", { name: "Favoritar" }).click();
    await expect(main.getByRole("button", { name: "Favoritado" })).toHaveAttribute("aria-pressed", "true");
    await sent;
    await page.reload();
    await waitForHydration(page, javaScriptEnabled);
    sent = saved();
    await main.getByRole("button", { name: "Favoritado" }).click();
    await expect(main.getByRole("button", { name: "Favoritar" })).toHaveAttribute("aria-pressed", "false");
    await sent;
    await page.reload();
    await expect(main.getByRole("button", { name: "Favoritar" })).toBeVisible();
  });

  test("a visitor finds their hearts through the header, events and clinics included", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/favoritos");
    await expect(page).toHaveURL(pathPattern("/meus-favoritos"));
    await expect(page.getByText("Você ainda não adicionou nenhum pet aos favoritos.")).toBeVisible();

    for (const [listing, testId, tab] of [
      ["/eventos", "event-card", "Eventos"],
      ["/clinicas", "clinic-card", "Clínicas"],
    ] as const) {
      await page.goto(listing);
      await waitForHydration(page, javaScriptEnabled);
      const card = page.getByTestId(testId).first();
      const name = (await card.getByRole("heading").innerText()).trim();
      const sent = javaScriptEnabled
        ? page.waitForResponse((r) => new URL(r.url()).pathname === "/favoritos" && r.request().method() === "POST")
        : null;
      await card.getByRole("button", { name: HEART }).click();
      await expect(card.getByRole("button", { name: HEART })).toHaveAttribute("aria-pressed", "true");
      await sent;
      await page.getByRole("banner").getByRole("link", { name: "Favoritos", exact: true }).click();
      await expect(page).toHaveURL(pathPattern("/meus-favoritos"));
      await page.getByRole("navigation", { name: "Tipos de favoritos" }).getByRole("link", { name: tab }).click();
      await expect(favoriteItems(page)).toHaveCount(1);
      await expect(favoriteItems(page).first().getByRole("heading")).toHaveText(name);
    }
  });
});
