// A finder reports a found cat knowing only what a finder can know (docs/decisions/0045):
// no name, breed, age, sex or size asked for; the ad goes out under a built title, the same
// on its page, its <title> and its card. JavaScript off, and on (@js).
import path from "node:path";
import { toasts, waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const PHOTO = path.join(process.cwd(), "public/seed/pets/gato-01.webp");
const today = () => new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);

test("a found cat with only the finder's fields is published under a built title", { tag: "@js" }, async ({
  page,
  javaScriptEnabled,
  login,
}) => {
  await login({ tag: "achou-gato" });
  await page.goto("/cadastrar-pet?aba=encontrado");
  await waitForHydration(page, javaScriptEnabled);
  const form = page.getByRole("main");
  // The finder's words: the day found, then seen once 'Avistado' is chosen (CSS picks the
  // word, so it follows the choice without JavaScript too).
  const date = form.locator('input[name="missingSince"]');
  await expect(form.getByText("Data do desaparecimento")).toHaveCount(0);
  await expect(form.locator('[data-finder-word="encontrado"]')).toBeVisible();
  await form.getByLabel("Categoria").selectOption("avistado");
  await expect(form.locator('[data-finder-word="avistado"]')).toBeVisible();
  await expect(form.locator('[data-finder-word="encontrado"]')).toBeHidden();
  await form.getByLabel("Categoria").selectOption("encontrado");
  // Sex and size start at 'Não sei'.
  await expect(form.getByLabel("Sexo")).toHaveValue("nao-sei");
  await expect(form.getByLabel("Porte")).toHaveValue("nao-sei");

  await form.getByLabel("Espécie").selectOption("gato");
  await date.fill(today());
  await form.getByLabel("WhatsApp").fill("(11) 98765-4321");
  await form.getByLabel("Cidade", { exact: true }).fill("Osasco - SP");
  await form.getByLabel("Bairro ou referência").fill("Perto da estação");
  await form.getByLabel("Fotos").setInputFiles(PHOTO);
  await form.getByRole("button", { name: "Publicar anúncio" }).click();

  await expect(page).toHaveURL(/\/pet\/\d+$/);
  await expect(toasts(page)).toContainText("Anúncio publicado!");
  const title = "Gato encontrado em Osasco - SP";
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} | Patas Conectadas`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
  const facts = page.getByRole("main").locator("dl").first();
  await expect(facts).toContainText("SexoNão informado");
  await expect(facts).toContainText("PorteNão informado");
  expect(await page.content()).not.toContain("Não sei");

  // Its card, in the search, carries the same title.
  const id = new URL(page.url()).pathname.split("/").pop()!;
  await page.goto("/buscar-pets?category=encontrado&cidade=osasco-sp");
  await expect(
    page
      .getByTestId("pet-card")
      .getByRole("link", { name: title })
      .and(page.locator(`a[href="/pet/${id}"]`)),
  ).toBeVisible();
});
