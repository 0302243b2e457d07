// The owner's WhatsApp number is in no page or loader data; "Chamar no
// WhatsApp" goes through our redirect (docs/decisions/0022). Lost pets warn about scams.
import type { Page } from "@playwright/test";
import { fillPetAd } from "./support/pet-form";
import path from "node:path";
import { waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const WARNING = "Atenção: nunca pague para receber notícias do seu pet. Golpistas usam anúncios de pets perdidos.";
const unique = (base: string) => `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const petIdFrom = (page: Page) => Number(new URL(page.url()).pathname.split("/").pop());

/** A number of its own for each test, so that finding it anywhere means a leak. */
function uniquePhone() {
  const four = () => String(1000 + Math.floor(Math.random() * 9000));
  const [a, b] = [four(), four()];
  return { typed: `(11) 9${a}-${b}`, digits: `119${a}${b}` };
}

async function postPet(page: Page, javaScriptEnabled: boolean, kind: "perdido" | "adocao", name: string, phone: string) {
  await page.goto(`/cadastrar-pet?aba=${kind}`);
  await waitForHydration(page, javaScriptEnabled);
  await fillPetAd(
    page,
    kind === "perdido"
      ? { name, whatsapp: phone, color: "Caramelo", lostOn: "2026-11-20" }
      : { name, whatsapp: phone, temperament: "Dócil" },
  );
  // At least one photo is required.
  await page.getByLabel("Fotos").setInputFiles(path.join(process.cwd(), "public/seed/pets/cachorro-01.webp"));
  await page.getByRole("button", { name: "Publicar anúncio" }).click();
  await expect(page).toHaveURL(/\/pet\/\d+$/);
  return petIdFrom(page);
}

function expectNoNumber(text: string, phone: { typed: string; digits: string }, where: string) {
  const local = phone.digits.slice(2);
  for (const form of [phone.typed, phone.digits, local, `${local.slice(0, 5)}-${local.slice(5)}`]) {
    expect(text, `${where} contém ${form}`).not.toContain(form);
  }
}

test.describe("protected contacts", () => {
  // `@js`: with JavaScript the page also carries its loader data for hydration.
  test("the number is in no page; 'Chamar no WhatsApp' leads to the chat through our route", { tag: "@js" }, async ({
    page,
    browser,
    javaScriptEnabled,
    login,
    baseURL,
  }) => {
    await login();
    const phone = uniquePhone();
    const name = unique("Thor");
    const id = await postPet(page, javaScriptEnabled, "perdido", name, phone.typed);

    // The owner's own page, then a visitor's (no cookie: the light first visit).
    await page.reload();
    await waitForHydration(page, javaScriptEnabled);
    expectNoNumber(await page.content(), phone, "a página do dono");
    expectNoNumber(await (await page.request.get(`/pet/${id}.data`)).text(), phone, "os dados da página");
    const visitor = await browser.newContext({ baseURL, javaScriptEnabled });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/pet/${id}`);
    await expect(visitorPage.getByRole("heading", { level: 1, name })).toBeVisible();
    // The owner never gets it: a chat with their own number (tests/e2e/owner-spreads-the-word.spec.ts).
    const link = visitorPage.getByRole("main").getByRole("link", { name: "Chamar no WhatsApp" });
    await expect(link).toHaveAttribute("href", `/pet/${id}/whatsapp`);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expectNoNumber(await visitorPage.content(), phone, "a página do visitante");
    // Listings carry no number either.
    await visitorPage.goto("/pets?status=perdido");
    expectNoNumber(await visitorPage.content(), phone, "/pets");

    // Following the link (without opening wa.me): a redirect to the owner's chat.
    const response = await visitor.request.get(`/pet/${id}/whatsapp`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const location = new URL(response.headers()["location"]!);
    expect(`${location.origin}${location.pathname}`).toBe(`https://wa.me/55${phone.digits}`);
    expect(location.searchParams.get("text")).toBe(`Olá! Vi o anúncio de ${name} na Patas Conectadas.`);
    await visitor.close();

    // An unknown pet: the usual not-found page.
    const missing = await page.request.get("/pet/999999999/whatsapp", { maxRedirects: 0 });
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain("Pet não encontrado");
  });

  // JavaScript off only: the warning is on the pet page, a light page (docs/decisions/0042).
  test("a lost pet warns about scams; an adoption pet does not", async ({ page, javaScriptEnabled, login }) => {
    await login();
    const lost = await postPet(page, javaScriptEnabled, "perdido", unique("Mel"), uniquePhone().typed);
    const adoption = await postPet(page, javaScriptEnabled, "adocao", unique("Luna"), uniquePhone().typed);
    await page.goto(`/pet/${lost}`);
    await waitForHydration(page, javaScriptEnabled);
    await expect(page.getByRole("main").getByText(WARNING)).toBeVisible();
    await page.goto(`/pet/${adoption}`);
    await waitForHydration(page, javaScriptEnabled);
    // Its owner's page: sharing, never a chat with their own number.
    await expect(page.getByRole("main").getByRole("link", { name: "Compartilhar no WhatsApp" })).toBeVisible();
    await expect(page.getByText(WARNING)).toHaveCount(0);
  });

  test("the poster shows the number to its owner only", async ({ page, login }) => {
    await login();
    const phone = uniquePhone();
    const id = await postPet(page, false, "perdido", unique("Bob"), phone.typed);
    await page.goto(`/pet/${id}/cartaz`);
    await expect(page.getByTestId("poster-contact")).toContainText(`Ligue ou chame no WhatsApp:${phone.typed}`);
    await page.context().clearCookies();
    await page.goto(`/pet/${id}/cartaz`);
    await expect(page.getByRole("heading", { name: "PROCURA-SE" })).toBeVisible();
    await expect(page.getByText("Fale com quem anunciou pelo site")).toBeVisible();
    expectNoNumber(await page.content(), phone, "o cartaz público");
  });
});
