// After publishing, the owner spreads the word: on their own ad 'Compartilhar no WhatsApp'
// (a message written for them, with the ad's link) and 'Imprimir cartaz' come first, and
// never 'Chamar no WhatsApp' to their own number. The owner's poster carries the number
// large beside the QR code; anyone else's keeps it protected; both fit one A4 sheet
// (docs/decisions/0022, "The owner's own ad").
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { waitForHydration } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { fillPetAd } from "./support/pet-form";

const unique = (base: string) => `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

function uniquePhone() {
  const four = () => String(1000 + Math.floor(Math.random() * 9000));
  const [a, b] = [four(), four()];
  return { typed: `(11) 9${a}-${b}`, digits: `119${a}${b}` };
}

function expectNoNumber(text: string, phone: { typed: string; digits: string }, where: string) {
  const local = phone.digits.slice(2);
  for (const form of [phone.typed, phone.digits, local, `${local.slice(0, 5)}-${local.slice(5)}`]) {
    expect(text, `${where} contém ${form}`).not.toContain(form);
  }
}

/** Pages of a PDF: one `/Type /Page` object each (`/Type /Pages` is the tree). */
async function printedPages(page: Page): Promise<number> {
  const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
  return pdf.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
}

/** The element's text stays on one line, inside its box. */
async function expectOneLine(element: Locator, what: string) {
  const box = await element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return { lines: lines.size, scroll: el.scrollWidth, client: el.clientWidth };
  });
  expect(box.lines, `${what}: linhas`).toBe(1);
  expect(box.scroll, `${what}: cabe na largura`).toBeLessThanOrEqual(box.client + 1);
}

test.describe("the owner spreads the word", () => {
  test.describe.configure({ timeout: 60_000 });

  // `@js`: the flow of the issue, with JavaScript on as well (the pet page is light).
  test("The owner's own ad shows sharing first and no chat with themselves, and the poster carries the number", { tag: "@js" }, async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    login,
  }) => {
    await login();
    const phone = uniquePhone();
    const name = unique("Bidu");
    await page.goto("/cadastrar-pet?aba=perdido");
    await waitForHydration(page, javaScriptEnabled);
    await fillPetAd(page, {
      name,
      whatsapp: phone.typed,
      color: "Caramelo",
      lostOn: "2026-11-20",
      location: "Vila Mariana, São Paulo - SP",
    });
    await page.getByLabel("Fotos").setInputFiles(path.join(process.cwd(), "public/seed/pets/cachorro-01.webp"));
    await page.getByRole("button", { name: "Publicar anúncio" }).click();
    await expect(page).toHaveURL(/\/pet\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const adUrl = `${baseURL}/pet/${id}`;

    // On a phone, sharing is on the first screen, ahead of everything else the owner can do.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await waitForHydration(page, javaScriptEnabled);
    const main = page.getByRole("main");
    const share = main.getByRole("link", { name: "Compartilhar no WhatsApp" });
    await expect(share).toBeInViewport({ ratio: 1 });
    const text = new URL((await share.getAttribute("href"))!).searchParams.get("text")!;
    expect(await share.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(text).toContain(`Ajude a encontrar ${name}!`);
    expect(text.endsWith(adUrl)).toBe(true);
    const poster = main.getByTestId("spread-the-word").getByRole("link", { name: "Imprimir cartaz" });
    await expect(poster).toBeVisible();
    await expect(main.getByRole("link", { name: "Imprimir cartaz" })).toHaveCount(1);
    const firstAction = main.locator("a.btn, button.btn").first();
    await expect(firstAction).toHaveText("Compartilhar no WhatsApp");
    // No chat with themselves, nor a message to themselves.
    await expect(main.getByRole("link", { name: "Chamar no WhatsApp" })).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Enviar mensagem" })).toHaveCount(0);
    expect(await page.locator(`a[href="/pet/${id}/whatsapp"]`).count()).toBe(0);
    expectNoNumber(await page.content(), phone, "a página do dono");
    await expectAccessible(page, javaScriptEnabled);

    // The link's preview: the ad's photo, absolute, as its card copy (a few dozen KB).
    const html = await (await page.request.get(`/pet/${id}`)).text();
    const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
    expect(image).toMatch(new RegExp(`^${baseURL}/imagens/pets/[a-z0-9/_-]+\\.card\\.webp$`));
    expect(html).toContain(`<meta property="og:url" content="${adUrl}"/>`);
    await expect
      .poll(async () => {
        const response = await page.request.get(image!, { maxRedirects: 0 });
        return response.status() === 200
          ? `${response.headers()["content-type"]} ${(await response.body()).length < 300_000}`
          : response.status();
      })
      .toBe("image/webp true");

    // The owner's poster: the number large, beside the QR code, the headline on one line.
    await poster.click();
    await expect(page).toHaveURL(new RegExp(`/pet/${id}/cartaz$`));
    const headline = page.getByRole("heading", { level: 1, name: "PROCURA-SE" });
    await expect(headline).toBeVisible();
    await expectOneLine(headline, "PROCURA-SE a 360 px");
    await page.setViewportSize({ width: 1024, height: 900 });
    const contact = page.getByTestId("poster-contact");
    const number = contact.getByText(phone.typed, { exact: true });
    await expect(number).toBeVisible();
    await expectOneLine(number, "o número");
    const qr = (await contact.getByRole("img", { name: `QR code para ${adUrl}` }).boundingBox())!;
    const digits = (await number.boundingBox())!;
    expect(digits.x, "o número ao lado do QR code").toBeGreaterThan(qr.x + qr.width);
    expect(digits.y + digits.height / 2).toBeGreaterThan(qr.y);
    expect(digits.y + digits.height / 2).toBeLessThan(qr.y + qr.height);
    expect(digits.height, "o número em letras grandes").toBeGreaterThan(40);
    expect(await printedPages(page)).toBe(1);
    await expectAccessible(page, javaScriptEnabled);

    // Anyone else's poster: no number, the way to reach the owner, one sheet as well.
    const stranger = await browser.newContext({ baseURL, javaScriptEnabled });
    const other = await stranger.newPage();
    await other.setViewportSize({ width: 360, height: 740 });
    await other.goto(`/pet/${id}/cartaz`);
    await expectOneLine(other.getByRole("heading", { level: 1, name: "PROCURA-SE" }), "PROCURA-SE de outra pessoa");
    await expect(other.getByText("Fale com quem anunciou pelo site")).toBeVisible();
    await expect(other.getByRole("img", { name: `QR code para ${adUrl}` })).toBeVisible();
    expectNoNumber(await other.content(), phone, "o cartaz de outra pessoa");
    expect(await printedPages(other)).toBe(1);
    // Their page of the ad keeps 'Chamar no WhatsApp', through our route.
    await other.goto(`/pet/${id}`);
    await expect(other.getByRole("main").getByRole("link", { name: "Chamar no WhatsApp" })).toHaveAttribute("href", `/pet/${id}/whatsapp`);
    await expect(other.getByRole("main").getByRole("link", { name: "Compartilhar no WhatsApp" })).toHaveCount(0);
    await stranger.close();
  });

  // JavaScript off only: layout, nothing that changes with a script.
  test("every kind of poster keeps its headline on one line, on a phone and on A4", async ({ page }) => {
    // The seed's lost, found, sighted and adoption ads (scripts/seed/data.mjs).
    // The words agree with the pet's sex ('ENCONTRADA', docs/decisions/0045).
    for (const [id, headline] of [
      [1, /^PROCURA-SE$/],
      [31, /^ENCONTRAD[OA]$/],
      [40, /^VIST[OA] POR AQUI$/],
      [15, /^ADOTE$/],
    ] as const) {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`/pet/${id}/cartaz`);
      const heading = page.getByRole("heading", { level: 1, name: headline });
      await expectOneLine(heading, `${headline} a 360 px`);
      // The printed sheet's width: A4 less the 12 mm margins, at 96 px per inch.
      await page.emulateMedia({ media: "print" });
      await page.setViewportSize({ width: Math.floor(((210 - 24) / 25.4) * 96), height: 1000 });
      await expectOneLine(heading, `${headline} em A4`);
      // Back to no emulation: 'screen' would make the PDF itself use the screen's styles.
      await page.emulateMedia({ media: null });
      expect(await printedPages(page), `${headline}: uma folha`).toBe(1);
    }
  });
});
