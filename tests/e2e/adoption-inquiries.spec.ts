// 'Quero adotar' (docs/decisions/0047): an adoption ad leads with its own next step. A
// visitor without an account sends a short request; the NGO behind the ad, shown as a card,
// gets it by e-mail. An adoption search that finds nothing offers the NGOs near the city.
import { toasts, waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const unique = (base: string) => `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

// The sample NGO (ONG Patinhas Felizes, /ong/1, confirmed) and two of its adoption ads:
// one per project, so that retries stay within the ad's day per network (docs/decisions/0033).
const NGO_EMAIL = "contato@patinhasfelizes.org.br";
const ADS = { semJs: { id: 15, name: "Pingo" }, comJs: { id: 16, name: "Mia" } };

test.describe("Quero adotar", () => {
  test("'Quero adotar' reaches the NGO's inbox", { tag: "@js" }, async ({ browser, baseURL, javaScriptEnabled, page }) => {
    const ad = javaScriptEnabled ? ADS.comJs : ADS.semJs;
    const visitor = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 360, height: 740 } });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/pet/${ad.id}`);
    await waitForHydration(visitorPage, javaScriptEnabled);
    const main = visitorPage.getByRole("main");
    // The NGO behind the ad, as a card with its page.
    const card = main.getByTestId("ad-organization");
    await expect(card.getByRole("link", { name: "ONG Patinhas Felizes" })).toHaveAttribute("href", "/ong/1");
    await expect(card).toContainText("Vila Mariana, São Paulo - SP");

    await main.getByRole("link", { name: "Quero adotar" }).click();
    await expect(visitorPage).toHaveURL(new RegExp(`/pet/${ad.id}/quero-adotar$`));
    await waitForHydration(visitorPage, javaScriptEnabled);
    const form = visitorPage.getByRole("form", { name: `Quero adotar ${ad.name}` });
    await expect(form).toContainText("ONG Patinhas Felizes recebe seu pedido");
    const message = unique("Moro em casa com quintal e trabalho de casa");
    await form.getByLabel("Seu nome").fill("Joana Souza");
    await form.getByLabel("Mensagem", { exact: true }).fill(message);
    // Without a contact: the server says so and keeps what was typed.
    await form.getByRole("button", { name: "Enviar pedido" }).click();
    await expect(
      visitorPage.getByRole("main").getByRole("alert").getByText("Informe um e-mail ou um telefone para receber a resposta."),
    ).toBeVisible();
    await expect(form.getByLabel("Mensagem", { exact: true })).toHaveValue(message);
    await form.getByLabel("Seu WhatsApp ou telefone").fill("(21) 99876-5432");
    await form.getByRole("button", { name: "Enviar pedido" }).click();

    await expect(visitorPage).toHaveURL(new RegExp(`/pet/${ad.id}$`));
    await expect(toasts(visitorPage).getByText("Pedido enviado!")).toBeVisible();
    expect(await visitorPage.content()).not.toContain(NGO_EMAIL);
    await visitor.close();

    // The NGO's inbox (the local outbox): the request, with the visitor's contact.
    await page.goto("/dev/caixa-de-saida");
    const mail = page
      .getByTestId("outbox-message")
      .filter({ hasText: NGO_EMAIL })
      .filter({ hasText: `Pedido de adoção: Joana Souza quer adotar ${ad.name}` })
      .filter({ hasText: message });
    await expect(mail).toContainText("(21) 99876-5432");
  });

  test("an adoption search with no pet offers the NGOs near the city", async ({ page }) => {
    await page.goto("/buscar-pets?category=adocao&cidade=osasco-sp");
    await expect(page.getByText("Nenhum pet encontrado.")).toBeVisible();
    const offer = page.getByTestId("nearby-organizations");
    await expect(offer.getByRole("heading", { name: "ONGs perto de Osasco - SP" })).toBeVisible();
    await expect(offer.getByTestId("organization-card").first()).toBeVisible();
    await expect(offer.getByRole("link", { name: "Ver todas as ONGs da região" })).toHaveAttribute(
      "href",
      "/ongs?cidade=osasco-sp&raio=50",
    );
  });
});
