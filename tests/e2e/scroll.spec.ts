// docs/decisions/0033 §3: with JavaScript on, a pet opened from /pets
// starts at the top, and Back returns to the same place in the list. Both are light pages
// now (docs/decisions/0042): two documents, whose places the browser keeps; the light
// script must not disturb that.
import { waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

test.describe("scroll position", () => {
  test("a pet opened from /pets starts at the top; Back restores the list's place", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "Without JavaScript the browser itself restores the place.");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/pets");
    await waitForHydration(page, javaScriptEnabled);
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
