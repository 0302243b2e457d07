// docs/decisions/0033 §4: a refused form shows, at its top, one alert
// with every error, each a link to its field; with JavaScript, focus moves to it.
import type { Page } from "@playwright/test";
import { waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/** The summary's links, each with the id it points to, checked to exist on the page. */
async function summaryLinks(page: Page, title: string) {
  const summary = page.getByRole("main").getByRole("alert").filter({ hasText: title });
  await expect(summary).toBeVisible();
  const links = summary.getByRole("link");
  const targets: string[] = [];
  for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute("href") ?? ""))) {
    expect(href).toMatch(/^#.+/);
    await expect(page.locator(`[id="${href.slice(1)}"]`), href).toHaveCount(1);
    targets.push(href.slice(1));
  }
  return { summary, links, targets };
}

test.describe("error summary", () => {
  test("a refused ad form lists every error at its top, each a link to its field", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
    login,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login();
    await page.goto("/cadastrar-pet?aba=perdido");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("Nome", { exact: true }).fill("Thor");
    await page.getByRole("button", { name: "Publicar anúncio" }).click();

    const { summary, links } = await summaryLinks(page, "Erro ao cadastrar");
    await expect(links.filter({ hasText: "Por favor, preencha a raça (ou SRD)." })).toHaveAttribute("href", /-breed$/);
    expect(await links.count()).toBeGreaterThanOrEqual(6);
    // What was typed stays.
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Thor");
    if (javaScriptEnabled) {
      // Focus moves to the summary; a link takes focus to its field.
      await expect(summary).toBeFocused();
      await links.filter({ hasText: "Por favor, preencha a raça (ou SRD)." }).click();
      await expect(page.getByLabel("Raça")).toBeFocused();
    } else {
      // The server's own checks are in it too.
      await expect(links.filter({ hasText: "Envie pelo menos uma foto" })).toHaveAttribute("href", "#photos-input");
      // The page comes back at its top: the summary is on the first screen.
      const box = (await summary.boundingBox())!;
      expect(box.y).toBeLessThan(740);
    }
  });

  test("sign-in, contact and sighting forms have it too", async ({ page }) => {
    await page.goto("/contato");
    await page.getByRole("button", { name: /Enviar/ }).click();
    const contact = await summaryLinks(page, "Não foi possível enviar");
    expect(contact.targets.length).toBeGreaterThanOrEqual(3);

    await page.goto("/entrar");
    await page.getByRole("main").getByRole("button", { name: "Entrar", exact: true }).click();
    await summaryLinks(page, "Erro no login");

    await page.goto("/pet/1");
    await page.getByRole("button", { name: "Enviar avistamento" }).click();
    const sighting = await summaryLinks(page, "Não foi possível enviar o avistamento");
    expect(sighting.targets.length).toBeGreaterThanOrEqual(1);
  });
});
