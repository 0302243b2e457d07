// First visits without cookies get the landing pages as plain HTML, with JavaScript on
// too (docs/decisions/0020-javascript-budget.md); the app loads once there is a cookie.
import { expect, test } from "./support/fixtures";

const appScripts = "script[type=module], link[rel=modulepreload]";

test.describe("light first visit", () => {
  for (const path of ["/", "/buscar-pets?q=thor", "/pet/1"]) {
    test(`${path} without cookies ships no app script, one small inline script`, { tag: "@js" }, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("data-light", "");
      await expect(page.locator(appScripts)).toHaveCount(0);
      const inline = await page.locator("script").allTextContents();
      expect(inline).toHaveLength(1);
      expect(Buffer.byteLength(inline[0]!)).toBeLessThan(2048);
    });
  }

  test("a heart gives the visitor a cookie; from then on the app loads", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    await page.goto("/pet/2");
    const main = page.getByRole("main");
    // Without the app the heart is the plain form: a POST and a redirect back.
    await main.getByRole("button", { name: "Favoritar" }).click();
    await expect(main.getByRole("button", { name: "Favoritado" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator("html")).not.toHaveAttribute("data-light", "");
    if (javaScriptEnabled) {
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
      await expect(page.locator(appScripts).first()).toBeAttached();
    }
    // Undo, so the seed pet keeps no heart from this test's visitor.
    await main.getByRole("button", { name: "Favoritado" }).click();
    await expect(main.getByRole("button", { name: "Favoritar" })).toHaveAttribute("aria-pressed", "false");
  });

  test("signed-in people always get the app", { tag: "@js" }, async ({ page, login, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the app's scripts only run with JavaScript");
    await login({ tag: "leve" });
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveAttribute("data-light", "");
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  });
});
