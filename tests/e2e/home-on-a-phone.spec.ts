import { expect, test } from "./support/fixtures";

// The home on a 360×740 phone (docs/decisions/0041, "A home a thumb can cross"): at most
// eight screens of scrolling, and the first screen holds what a person in a hurry came
// for: the search and the two urgent actions. Checked without JavaScript and with it (the
// script must not grow the page).
const PHONE = { width: 360, height: 740 };
const MAX_SCREENS = 8;

test.describe("the home on a phone", () => {
  test.use({ viewport: PHONE });

  test("is at most 8 screens tall, and its first screen holds the search and the urgent actions", { tag: "@js" }, async ({ page }) => {
    await page.goto("/", { waitUntil: "load" });
    const main = page.getByRole("main");
    // Each section still leads to its full list.
    for (const id of ["pets-perdidos", "adocao", "ultimos-pets", "produtos", "clinicas", "ongs", "eventos"]) {
      await expect(page.locator(`section#${id}`).getByRole("link", { name: /^Ver tod/ })).toBeVisible();
    }
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const screens = `${height} px = ${(height / PHONE.height).toFixed(1)} telas de ${PHONE.height} px`;
    console.log(`Altura da página inicial a 360 px: ${screens}`);
    expect.soft(height, screens).toBeLessThanOrEqual(MAX_SCREENS * PHONE.height);

    const firstScreen = [
      main.getByRole("link", { name: "Perdi meu pet" }),
      main.getByRole("link", { name: "Encontrei um pet" }),
      main.getByRole("search").getByRole("button", { name: "Buscar" }),
    ];
    for (const target of firstScreen) {
      const box = await target.boundingBox();
      expect(box, `${target}`).not.toBeNull();
      // At the top of the page, nothing scrolled: its bottom edge within the first screen.
      expect.soft(box!.y + box!.height, `${target} ends at ${Math.round(box!.y + box!.height)} px`).toBeLessThanOrEqual(PHONE.height);
    }
  });
});
