import { toasts, waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

test.describe("share", () => {
  test("without JavaScript a card's share button offers WhatsApp; the item's page offers WhatsApp, Facebook and the link", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    test.skip(javaScriptEnabled, "the menu of links is the page without JavaScript");
    await page.goto("/buscar-pets?q=Salem");
    const card = page.getByTestId("pet-card").first();
    await card.getByLabel("Compartilhar Salem").click();
    const url = `${baseURL}/pet/`;
    // A card carries one link, not a hidden menu (docs/decisions/0041): the address alone,
    // WhatsApp's preview shows the page's title and photo.
    await expect(card.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", new RegExp(`^https://wa\\.me/\\?text=${url}\\d+$`));

    await page.goto("/pet/1");
    const menu = page.getByRole("main").getByTestId("share-menu");
    await menu.getByText("Compartilhar", { exact: true }).click();
    await expect(menu.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
      "href",
      new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(`${baseURL}/pet/1`)}$`),
    );
    await expect(menu.getByRole("link", { name: "Facebook" })).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${baseURL}/pet/1`)}`,
    );
    await expect(menu.getByLabel("Copie o link:")).toHaveValue(`${baseURL}/pet/1`);
  });

  test("with JavaScript the device's share sheet gets the page's address", { tag: "@js" }, async ({ page, javaScriptEnabled, baseURL }) => {
    test.skip(!javaScriptEnabled, "needs JavaScript");
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: unknown) => {
          (window as unknown as { shared: unknown[] }).shared.push(data);
        },
      });
    });
    await page.goto("/pet/1");
    await waitForHydration(page, true);
    await page.getByRole("main").getByText("Compartilhar", { exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared))
      .toEqual([expect.objectContaining({ url: `${baseURL}/pet/1`, title: "Thor" })]);
    // The sheet replaced the menu: it did not open.
    await expect(page.getByRole("main").getByRole("link", { name: "WhatsApp", exact: true })).toBeHidden();
  });

  test("with JavaScript and no share sheet the link is copied", { tag: "@js" }, async ({ page, context, javaScriptEnabled, baseURL }) => {
    test.skip(!javaScriptEnabled, "needs JavaScript");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", { configurable: true, value: undefined });
    });
    await page.goto("/buscar-pets?q=Salem");
    await waitForHydration(page, true);
    await page.getByTestId("pet-card").first().getByLabel("Compartilhar Salem").click();
    await expect(toasts(page)).toContainText("Link copiado!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^${baseURL}/pet/\\d+$`));
  });

  test("a failing share says so in Portuguese", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "needs JavaScript");
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async () => {
          throw new DOMException("blocked", "NotAllowedError");
        },
      });
    });
    await page.goto("/pet/1");
    await waitForHydration(page, true);
    await page.getByRole("main").getByText("Compartilhar", { exact: true }).click();
    await expect(toasts(page)).toContainText("Não foi possível compartilhar. Tente copiar o link manualmente.");
  });
});
