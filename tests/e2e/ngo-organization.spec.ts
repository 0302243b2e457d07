// The NGO's organization (docs/decisions/0016): registration with photos, one
// per account, the public page and its not-found screen. All without JavaScript.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { toasts, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const PHOTOS = ["public/seed/pets/gato-02.webp", "public/seed/pets/cachorro-01.webp"].map((p) => path.join(process.cwd(), p));

test.describe("organização da ONG", () => {
  test("a fresh NGO registers its organization with 2 photos; a second registration is refused", async ({ page, baseURL }, testInfo) => {
    const origin = new URL(baseURL!).origin;
    const email = uniqueEmail(testInfo, "ong-cadastro");
    const created = await page.request.post("/dev/sessao", {
      form: { intent: "criar", accountType: "ngo", name: "Abrigo Teste", email, password: "Senha-Forte-123" },
      headers: { Origin: origin },
    });
    expect(created.status()).toBe(200);
    const name = `Abrigo Esperança ${testInfo.testId.slice(0, 6)}`;

    await page.goto("/ong/dashboard/cadastrar");
    const main = page.getByRole("main");
    await main.getByLabel("Categoria").selectOption({ label: "Abrigo" });
    await main.getByLabel("Nome", { exact: true }).fill(name);
    await main.getByLabel("Área de atuação").selectOption({ label: "Adoção" });
    await main.getByLabel("WhatsApp").fill("(11) 98765-4321");
    await main.getByLabel("E-mail").fill("contato@abrigoesperanca.org.br");
    await main.getByLabel("Cidade", { exact: true }).fill("Campinas, SP");
    await main.getByLabel("Site (opcional)").fill("abrigoesperanca.org.br");
    await main.getByLabel("Instagram (opcional)").fill("@abrigoesperanca");
    await main.getByLabel("Facebook (opcional)").fill("fb.com/abrigoesperanca");
    await main.getByLabel("Descrição").fill("Acolhemos cães e gatos resgatados em Campinas.");
    await main.getByLabel("Fotos").setInputFiles(PHOTOS);
    await main.getByRole("button", { name: "Cadastrar organização" }).click();

    await expect(page).toHaveURL(/\/ong\/dashboard$/);
    await expect(toasts(page)).toContainText("ONG cadastrada");
    await expect(main.getByRole("heading", { name })).toBeVisible();
    await expect(main.getByTestId("galeria-dashboard").getByRole("listitem")).toHaveCount(1);
    const publicLink = main.getByRole("link", { name: "Ver página pública" });
    await expect(publicLink).toHaveAttribute("target", "_blank");
    await expect(publicLink).toHaveAttribute("rel", "noopener");

    // The gallery: add a photo, make one the main image, remove one (small POST forms).
    const gallery = main.getByTestId("galeria-dashboard").getByRole("listitem");
    await main.getByLabel("Adicionar fotos").setInputFiles(PHOTOS[0]!);
    await main.getByRole("button", { name: "Adicionar à galeria" }).click();
    await expect(toasts(page)).toContainText("Imagem atualizada");
    await expect(gallery).toHaveCount(2);
    const mainImage = main.getByRole("img", { name: `Imagem principal de ${name}` });
    const before = await mainImage.getAttribute("src");
    await gallery.first().getByRole("button", { name: "Usar como principal" }).click();
    await expect(toasts(page)).toContainText("Imagem atualizada");
    await expect(mainImage).not.toHaveAttribute("src", before!);
    await expect(gallery).toHaveCount(2);
    await gallery.first().getByRole("button", { name: "Remover" }).click();
    await expect(toasts(page)).toContainText("Imagem removida");
    await expect(gallery).toHaveCount(1);

    // The edit form: every field; a blank optional one is cleared.
    await main.getByLabel("Cidade", { exact: true }).fill("Valinhos, SP");
    await main.getByLabel("Site (opcional)").fill("");
    await main.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(toasts(page)).toContainText("Perfil atualizado!");
    // Stored as the forms store it: the municipality's own name and UF (docs/decisions/0032).
    await expect(main.getByLabel("Cidade", { exact: true })).toHaveValue("Valinhos - SP");
    await expect(main.getByLabel("Site (opcional)")).toHaveValue("");

    // The tab now shows the notice and no form; a forged second registration creates nothing.
    await page.goto("/ong/dashboard/cadastrar");
    await expect(main.getByTestId("ong-ja-cadastrada")).toContainText("Você já possui uma ONG cadastrada.");
    await expect(main.getByRole("link", { name: "Ver Perfil da ONG" })).toHaveAttribute("href", "/ong/dashboard");
    await expect(main.getByRole("button", { name: "Cadastrar organização" })).toHaveCount(0);
    const forged = await page.request.post("/ong/dashboard/cadastrar", {
      multipart: {
        type: "ong",
        name: "Segunda ONG Forjada",
        actionArea: "resgate",
        whatsapp: "(11) 98765-4321",
        email: "x@exemplo.org.br",
        city: "São Paulo - SP",
        description: "Não devia existir.",
        photos: { name: "foto.webp", mimeType: "image/webp", buffer: await readFile(PHOTOS[0]!) },
      },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(409);
    await page.goto(`/ongs?q=${encodeURIComponent("Segunda ONG Forjada")}`);
    await expect(page.getByTestId("organization-card")).toHaveCount(0);
    await page.goto(`/ongs?q=${encodeURIComponent(name)}`);
    await expect(page.getByTestId("organization-card")).toHaveCount(1);
  });

  test("the organization page shows Sobre, Galeria, the contact links and the share", async ({ page }) => {
    await page.goto("/ongs?categoria=ong&q=Patinhas");
    await page.getByTestId("organization-card").getByRole("link", { name: "ONG Patinhas Felizes", exact: true }).click();
    await expect(page).toHaveURL(/\/ong\/\d+$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "ONG Patinhas Felizes" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Sobre" })).toBeVisible();
    await expect(main).toContainText("Área de atuação: Múltipla");

    const contact = main.getByTestId("contato-ong");
    await expect(contact.getByRole("link", { name: "(11) 99876-5432" })).toHaveAttribute("href", "https://wa.me/5511998765432");
    await expect(contact.getByRole("link", { name: "contato@patinhasfelizes.org.br" })).toHaveAttribute(
      "href",
      "mailto:contato@patinhasfelizes.org.br",
    );
    await expect(contact.getByRole("link", { name: "www.patinhasfelizes.org.br" })).toHaveAttribute(
      "href",
      "https://www.patinhasfelizes.org.br",
    );
    await expect(contact.getByRole("link", { name: "facebook.com/ongpatinhasfelizes" })).toHaveAttribute(
      "href",
      "https://facebook.com/ongpatinhasfelizes",
    );
    await expect(contact.getByRole("link", { name: "@patinhasfelizes", exact: true })).toHaveAttribute(
      "href",
      "https://instagram.com/patinhasfelizes",
    );
    await expect(main.getByText("Compartilhar", { exact: true })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Eventos desta ONG" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Ver todos" })).toHaveAttribute("href", "/eventos");

    await main.getByRole("link", { name: "Galeria" }).click();
    await expect(page).toHaveURL(/\?aba=galeria$/);
    await expect(main.getByTestId("galeria-ong").getByRole("listitem")).toHaveCount(3);
  });

  test("an NGO with no organization is invited to register one", async ({ page, login }) => {
    await login({ email: "julia.voluntaria@exemplo.com.br" });
    await page.goto("/ong/dashboard");
    const invitation = page.getByTestId("convite-cadastrar-ong");
    await expect(invitation).toContainText("Você ainda não cadastrou sua ONG.");
    await invitation.getByRole("link", { name: "Cadastrar organização" }).click();
    await expect(page).toHaveURL(/\/ong\/dashboard\/cadastrar$/);
    await expect(page.getByRole("main").getByRole("button", { name: "Cadastrar organização" })).toBeVisible();
  });

  test("unknown organizations answer 404 with the spec's texts", async ({ page }) => {
    for (const id of ["999999", "abc"]) {
      const response = await page.goto(`/ong/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Organização não encontrada" })).toBeVisible();
      await expect(page.getByText("A organização que você está procurando não existe ou foi removida.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Ver outras ONGs" })).toHaveAttribute("href", "/ver-ongs");
    }
    await page.getByRole("link", { name: "Ver outras ONGs" }).click();
    await expect(page.getByRole("heading", { name: "Todas as ONGs" })).toBeVisible();
  });
});
