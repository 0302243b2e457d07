// Issue 21, finding 3 (docs/decisions/0033): with JavaScript on, a pet opened from /pets
// starts at the top, and Back returns to the same place in the list. The list is hydrated
// and the pet page is a light landing page for a visitor without cookies (0020): the client
// navigation between them must keep ScrollRestoration mounted.
import { expect, test } from "./support/fixtures";

test.describe("scroll position", () => {
  test("a pet opened from /pets starts at the top; Back restores the list's place", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "Without JavaScript the browser itself restores the place.");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/pets");
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    const card = page.getByTestId("pet-card").nth(5);
    await card.scrollIntoViewIfNeeded();
    const listPlace = await page.evaluate(() => window.scrollY);
    expect(listPlace).toBeGreaterThan(1000);
    await card.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/pet\/\d+$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/pets$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(listPlace);
  });
});
