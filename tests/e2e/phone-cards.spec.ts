// Lists shaped for a phone (docs/decisions/0041, "Compact cards on phones"): at 360 px every
// card is a row, the photo at the left of its heading, and says how long ago it was posted;
// where the visitor gave a city, how far away it is. Nothing scrolls sideways. JavaScript
// off, and on (@js): the light pages hydrate nothing, the app pages do.
import type { Locator, Page } from "@playwright/test";
import { waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

test.use({ viewport: { width: 360, height: 740 } });

const TIME_AGO = /^(agora mesmo|há \d+ (minutos?|horas?|dias?|mês|meses|anos?))$/;

/** The photo sits at the left of the heading, beside it (not above it). */
async function expectRow(card: Locator) {
  const photo = (await card.locator("> img").boundingBox())!;
  const heading = (await card.getByRole("heading").boundingBox())!;
  expect(photo.x + photo.width).toBeLessThanOrEqual(heading.x);
  expect(heading.y).toBeLessThan(photo.y + photo.height);
  // About 7rem wide, 4:3.
  expect(Math.round(photo.width)).toBe(112);
  expect(Math.round(photo.height)).toBe(84);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test.describe("cards on a phone", () => {
  test("the home's cards are rows that say how long ago; the heart and share stay 44 px", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/");
    await waitForHydration(page, javaScriptEnabled);
    const card = page.getByTestId("pet-card").first();
    await expectRow(card);
    const time = card.locator("time");
    await expect(time).toHaveText(TIME_AGO);
    await expect(time).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z$/);
    // The status badge stays over the photo.
    const photo = (await card.locator("> img").boundingBox())!;
    const badge = (await card.locator("> span").first().boundingBox())!;
    expect(badge.x).toBeGreaterThanOrEqual(photo.x);
    expect(badge.x + badge.width).toBeLessThanOrEqual(photo.x + photo.width);
    expect(badge.y + badge.height).toBeLessThanOrEqual(photo.y + photo.height);
    for (const button of [card.getByRole("button", { name: /favoritos/ }), card.locator("summary")]) {
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    const product = page.getByTestId("product-card").first();
    await expectRow(product);
    await expect(product.locator("time")).toHaveText(TIME_AGO);
    // An event's date badge stays whole over its photo, its category below it.
    const event = page.getByTestId("event-card").first();
    await expectRow(event);
    const eventPhoto = (await event.locator("> img").boundingBox())!;
    const [date, category] = [(await event.locator("> span").nth(0).boundingBox())!, (await event.locator("> span").nth(1).boundingBox())!];
    expect(date.y + date.height).toBeLessThanOrEqual(category.y);
    expect(category.y + category.height).toBeLessThanOrEqual(eventPhoto.y + eventPhoto.height);
    await expectNoSidewaysScroll(page);
  });

  test("a city search says how far each pet is: 'na cidade' in it, 'a N km' around it", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
  }) => {
    // The seed's pets are in São Paulo, ~17 km from Guarulhos.
    await page.goto("/buscar-pets?cidade=guarulhos-sp&raio=50");
    await waitForHydration(page, javaScriptEnabled);
    const around = page.getByTestId("pet-card");
    await expect(around.first()).toBeVisible();
    await expect(around.first().locator(".icon-pin")).toHaveText(/ · a \d+ km$/);
    await expectRow(around.first());
    await expectNoSidewaysScroll(page);

    await page.goto("/buscar-pets?cidade=sao-paulo-sp");
    await waitForHydration(page, javaScriptEnabled);
    const cards = page.getByTestId("pet-card");
    await expect(cards.first()).toBeVisible();
    for (const card of (await cards.all()).slice(0, 5)) {
      await expect(card.locator(".icon-pin")).toHaveText(/São Paulo - SP · na cidade$/);
    }
    // The same cards without a city: no distance.
    await page.goto("/buscar-pets");
    await expect(page.getByTestId("pet-card").first().locator(".icon-pin")).not.toContainText(" · ");
  });

  test("listings with a city filter and the city pages show the distance too", async ({ page }) => {
    await page.goto("/pets-perdidos/sp/guarulhos");
    await expect(page.getByTestId("pet-card").first().locator(".icon-pin")).toHaveText(/ · a \d+ km$/);
    await page.goto("/ongs?cidade=guarulhos-sp&raio=50");
    const ngo = page.getByTestId("organization-card").first();
    await expect(ngo.locator(".icon-pin")).toHaveText(/ · a \d+ km$/);
    await expectRow(ngo);
    await expectNoSidewaysScroll(page);
  });
});
