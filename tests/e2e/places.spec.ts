// 'Cidade' resolved on the server (docs/decisions/0032, Forms): a name in several states
// comes back with the choice and what was typed; choosing one publishes. JavaScript off
// only: the choice is plain HTML (radios in a fieldset) and the server decides.
import path from "node:path";
import { expectAccessible } from "./support/axe";
import { fillPetAd } from "./support/pet-form";
import { toasts } from "./support/accounts";
import { waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const PHOTO = path.join(process.cwd(), "public/seed/pets/cachorro-01.webp");

test.describe("places", () => {
  test("a pet in 'Bom Jesus' asks which one, keeps what was typed, and publishes in Bom Jesus - RS", { tag: "@js" }, async ({
    page,
    login,
    javaScriptEnabled,
  }) => {
    await login();
    const name = `Bidu ${Date.now().toString(36)}`;
    await page.goto("/cadastrar-pet?aba=perdido");
    await waitForHydration(page, javaScriptEnabled);
    await fillPetAd(page, { name, location: "Bom Jesus", neighbourhood: "Centro", color: "Preto", lostOn: "2026-11-20" });
    await page.getByLabel("Fotos").setInputFiles(PHOTO);
    await page.getByRole("button", { name: "Publicar anúncio" }).click();

    // Back with the choice (status 400), what was typed kept.
    const main = page.getByRole("main");
    await expect(main.getByRole("alert").getByText("Há mais de uma cidade com esse nome. Escolha o estado abaixo.")).toBeVisible();
    await expect(main.getByLabel("Cidade", { exact: true })).toHaveValue("Bom Jesus");
    await expect(main.getByLabel("Bairro ou referência")).toHaveValue("Centro");
    await expect(main.getByLabel("Nome", { exact: true })).toHaveValue(name);
    const choice = main.getByRole("group", { name: "Qual destas cidades você quis dizer?" });
    await expect(choice.getByRole("radio")).toHaveCount(5);
    for (const uf of ["PB", "PI", "RN", "RS", "SC"]) await expect(choice.getByLabel(`Bom Jesus - ${uf}`)).toBeVisible();
    await expect(main.getByLabel("Cidade", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, javaScriptEnabled, "cadastrar-pet com a escolha da cidade");

    // The photo was kept as a draft (docs/decisions/0008): choosing the state is enough.
    await choice.getByLabel("Bom Jesus - RS").check();
    await page.getByRole("button", { name: "Publicar anúncio" }).click();
    await expect(page).toHaveURL(/\/pet\/\d+$/);
    await expect(toasts(page)).toContainText("Anúncio publicado!");
    await expect(page.getByRole("main")).toContainText("Centro, Bom Jesus - RS");
  });
});
