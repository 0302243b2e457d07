import { expect, test } from "./support/fixtures";

test.describe("public profile", () => {
  test("shows name, e-mail, phone, bio and social links; the pet page links to it", async ({ page }) => {
    await page.goto("/pet/1");
    await page.getByRole("link", { name: "Maria Silva" }).click();
    // Linked by the profile's public id, never by the e-mail (docs/decisions/0011).
    await expect(page).toHaveURL(/\/perfil\/[0-9a-f]{16}$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Maria Silva" })).toBeVisible();
    await expect(main.getByRole("link", { name: "maria@exemplo.com.br" })).toHaveAttribute("href", "mailto:maria@exemplo.com.br");
    await expect(main).toContainText("(11) 98765-4321");
    await expect(main.getByRole("heading", { name: "Sobre mim" })).toBeVisible();
    await expect(main).toContainText("Tutora do Thor e da Luna");
    await expect(main.getByRole("heading", { name: "Perfis Sociais" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", "https://instagram.com/mariasilva.pets");
    await expect(main.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", "https://facebook.com/mariasilva.sp");
  });

  test("the spec's /perfil/{email} finds a profile whose owner shows a confirmed e-mail", async ({ page }) => {
    await page.goto("/perfil/maria%40exemplo.com.br");
    await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Maria Silva" })).toBeVisible();
  });

  test("unknown and malformed addresses get the spec's messages", async ({ page }) => {
    const missing = await page.goto("/perfil/ninguem%40exemplo.com.br");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("alert")).toContainText("Perfil não encontrado.");
    const malformed = await page.goto("/perfil/isto-nao-e-email");
    expect(malformed?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("E-mail do usuário não fornecido na URL.");
  });
});
