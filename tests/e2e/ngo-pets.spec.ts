// docs/decisions/0033 §8: the NGO and company dashboards have the personal dashboard's Meus Pets,
// Meus Alertas and Meu Perfil (the same modules). A shelter edits and closes its adoption
// ads from its own dashboard and comes back to it.
import path from "node:path";
import { pathPattern, toasts } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { fillPetAd } from "./support/pet-form";

const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("Meus Pets da ONG", () => {
  test("uma ONG edita o próprio anúncio de adoção pelo seu painel e o encerra de lá", { tag: "@js" }, async ({ page, login }) => {
    await login("ngo");
    const name = `Amora ${token()}`;
    await page.goto("/cadastrar-pet?aba=adocao");
    await fillPetAd(page, { name, temperament: "Dócil" });
    await page.getByLabel("Fotos").setInputFiles(path.join(process.cwd(), "public/seed/pets/gato-01.webp"));
    await page.getByRole("button", { name: "Publicar anúncio" }).click();
    await expect(page).toHaveURL(/\/pet\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());

    await page.goto("/ong/dashboard");
    const nav = page.getByRole("navigation", { name: "Seções da ONG" });
    await nav.getByRole("link", { name: "Meus Pets" }).click();
    await expect(page).toHaveURL(pathPattern("/ong/dashboard/pets"));
    await expect(nav.getByRole("link", { name: "Meus Pets" })).toHaveAttribute("aria-current", "page");
    const card = page.getByTestId("my-pet").filter({ hasText: name });
    await card.getByRole("link", { name: `Editar ${name}` }).click();

    await expect(page).toHaveURL(pathPattern(`/pet/${id}/edit`));
    const renamed = `${name} Feliz`;
    await page.getByLabel("Nome", { exact: true }).fill(renamed);
    await page.getByLabel("Temperamento").fill("Calma e carinhosa");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page).toHaveURL(pathPattern(`/pet/${id}`));
    await expect(toasts(page)).toContainText("Pet atualizado");
    await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByText("Calma e carinhosa")).toBeVisible();

    // Back in Meus Pets: the new name, and closing the ad comes back to this tab.
    await page.goto("/ong/dashboard/pets");
    const edited = page.getByTestId("my-pet").filter({ has: page.getByRole("heading", { name: renamed, exact: true }) });
    await expect(edited.getByTestId("ad-state")).toHaveText("Aberto");
    await edited.getByRole("link", { name: `Marcar como adotado: anúncio de ${renamed}` }).click();
    await page.getByRole("button", { name: "Sim, Adotado!" }).click();
    await expect(page).toHaveURL(pathPattern("/ong/dashboard/pets"));
    await expect(edited.getByTestId("ad-state")).toContainText("Encerrado como Adotado!");
  });
});
