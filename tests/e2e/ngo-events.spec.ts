// Events of the NGO dashboard and the public event pages (docs/decisions/0016).
// The seed NGO (ONG Patinhas Felizes, organization 1) creates its own uniquely named
// event; a fresh NGO without an organization and a personal account try the rest.
import { pathPattern, toasts, uniqueEmail, waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const unique = (base: string) => `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const MONTHS = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];

const WEEKDAYS = ["dom.", "seg.", "ter.", "qua.", "qui.", "sex.", "sáb."];

/** Tomorrow in Brasília as 'yyyy-MM-dd' and in long Portuguese ('sáb., 05 de dezembro de 2026'). */
function tomorrowInBrasilia() {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" })
    .format(new Date(Date.now() + 24 * 3600 * 1000))
    .split("-");
  const [year, month, day] = parts as [string, string, string];
  const weekday = WEEKDAYS[new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay()];
  return { iso: `${year}-${month}-${day}`, long: `${weekday}, ${day} de ${MONTHS[Number(month) - 1]} de ${year}` };
}

test.describe("eventos da ONG", () => {
  // `@js`: with JavaScript the forms are sent without a reload and Conform checks first.
  test("a ONG publica, edita e exclui um evento; ele aparece em /eventos, /evento/{id} e na página da ONG", { tag: "@js" }, async ({
    page,
    login,
    javaScriptEnabled,
  }) => {
    await login("ngo");
    const title = unique("Feira de Adoção Teste");
    const day = tomorrowInBrasilia();
    await page.goto("/ong/dashboard/eventos");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("main").getByRole("link", { name: "Novo Evento" }).first().click();
    await expect(page).toHaveURL(pathPattern("/ong/dashboard/novo-evento"));
    await waitForHydration(page, javaScriptEnabled);

    const form = page.locator("form#event-new");
    await form.getByLabel("Título").fill(title);
    await form.getByLabel("Data").fill(day.iso);
    await form.getByLabel("Horário").fill("19:45");
    await form.getByLabel("Cidade", { exact: true }).fill("São Paulo - SP");
    await form.getByLabel("Local", { exact: true }).fill("Praça da Sé");
    await form.getByLabel("Categoria").selectOption("feira");
    await form.getByLabel("Descrição").fill("Feira de teste; com vírgulas, e ponto e vírgula.");
    await page.getByRole("button", { name: "Publicar evento" }).click();

    await expect(page).toHaveURL(/\/evento\/\d+$/);
    await expect(toasts(page)).toContainText("Seu evento foi publicado com sucesso!");
    const eventId = Number(new URL(page.url()).pathname.split("/").at(-1));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("evento-data")).toHaveText(day.long);
    await expect(page.getByTestId("evento-horario")).toHaveText("19:45");
    await expect(page.getByTestId("evento-local")).toHaveText("Praça da Sé, São Paulo - SP");
    await expect(page.getByText("Feira", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sobre o evento" })).toBeVisible();
    await expect(page.getByRole("link", { name: "ONG Patinhas Felizes", exact: true })).toHaveAttribute("href", "/ong/1");
    const actions = page.getByRole("complementary");
    await expect(actions.getByRole("heading", { name: "Ações" })).toBeVisible();
    await expect(actions.getByText("Compartilhar")).toBeVisible();
    await expect(actions.getByRole("link", { name: "Editar Evento" })).toHaveAttribute("href", `/ong/dashboard/evento/${eventId}/edit`);
    await expect(actions.getByRole("link", { name: "Excluir Evento" })).toHaveAttribute("href", `/ong/dashboard/evento/${eventId}/excluir`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);

    await page.goto("/eventos");
    await expect(page.getByTestId("event-card").filter({ hasText: title })).toBeVisible();
    await page.goto("/ong/1");
    await expect(page.getByText(title)).toBeVisible();
    await page.goto("/ong/dashboard/eventos");
    await expect(page.getByRole("list", { name: "Próximos eventos" }).getByText(title)).toBeVisible();

    // Editing keeps the date, changes the time.
    await page.getByRole("link", { name: `Editar ${title}` }).click();
    await expect(page).toHaveURL(pathPattern(`/ong/dashboard/evento/${eventId}/edit`));
    await waitForHydration(page, javaScriptEnabled);
    const edit = page.locator("form#event-edit");
    await expect(edit.getByLabel("Data")).toHaveValue(day.iso);
    await expect(edit.getByLabel("Horário")).toHaveValue("19:45");
    await edit.getByLabel("Título").fill(`${title} (editado)`);
    await edit.getByLabel("Horário").fill("");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page).toHaveURL(pathPattern(`/evento/${eventId}`));
    await expect(page.getByRole("heading", { level: 1, name: `${title} (editado)` })).toBeVisible();
    // An event without a time shows none: not 'Horário 00:00' (docs/decisions/0016).
    await expect(page.getByTestId("evento-data")).toHaveText(day.long);
    await expect(page.getByTestId("evento-horario")).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText("00:00");
    await page.goto("/eventos");
    const card = page.getByTestId("event-card").filter({ hasText: `${title} (editado)` });
    await expect(card.locator("time")).toHaveText(day.long);
    await page.goto(`/ong/dashboard/evento/${eventId}/edit`);
    await expect(page.locator("form#event-edit").getByLabel("Horário")).toHaveValue("");
    await page.goto(`/evento/${eventId}`);

    // Deleting goes through the confirmation step.
    await page.getByRole("link", { name: "Excluir Evento" }).click();
    await expect(page).toHaveURL(pathPattern(`/ong/dashboard/evento/${eventId}/excluir`));
    await expect(page.getByRole("heading", { name: "Excluir evento" })).toBeVisible();
    await expect(page.getByText("Tem certeza que deseja excluir este evento? Esta ação não pode ser desfeita.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Cancelar" })).toBeVisible();
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Sim, excluir" }).click();
    await expect(page).toHaveURL(pathPattern("/ong/dashboard/eventos"));
    await expect(toasts(page)).toContainText("Evento excluído");
    await expect(toasts(page)).toContainText("O evento foi removido com sucesso.");
    await expect(page.getByText(title)).toHaveCount(0);
    expect((await page.request.get(`/evento/${eventId}`)).status()).toBe(404);
  });

  test("Meus Eventos da ONG de exemplo: próximos e passados, com Editar e Excluir", async ({ page, login }) => {
    await login("ngo");
    await page.goto("/ong/dashboard/eventos");
    const upcoming = page.getByRole("list", { name: "Próximos eventos" }).getByTestId("meu-evento");
    expect(await upcoming.count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByRole("list", { name: "Eventos passados" }).getByText("Feira de Adoção de Primavera")).toBeVisible();
    await expect(upcoming.first().getByRole("link", { name: /^Editar / })).toHaveAttribute("href", /^\/ong\/dashboard\/evento\/\d+\/edit$/);
    await expect(upcoming.first().getByRole("link", { name: /^Excluir / })).toHaveAttribute(
      "href",
      /^\/ong\/dashboard\/evento\/\d+\/excluir$/,
    );
  });

  test("uma pessoa vê só o compartilhar; o .ics é text/calendar", async ({ page, login }) => {
    await login();
    await page.goto("/evento/1");
    const actions = page.getByRole("complementary");
    await expect(actions.getByText("Compartilhar")).toBeVisible();
    await expect(actions.getByRole("link", { name: "Adicionar à agenda" })).toHaveAttribute("href", "/evento/1/agenda.ics");
    await expect(page.getByRole("link", { name: "Editar Evento" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Excluir Evento" })).toHaveCount(0);
    const ics = await page.request.get("/evento/1/agenda.ics");
    expect(ics.status()).toBe(200);
    expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(ics.headers()["content-disposition"]).toContain("attachment");
    const body = await ics.text();
    expect(body).toContain("BEGIN:VEVENT");
    expect(body).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect(body).toContain("SUMMARY:Feira de Adoção de Sábado no Parque");
  });

  test("outra ONG (sem organização) não cria, não edita nem exclui eventos alheios", async ({ page, baseURL }, testInfo) => {
    const origin = new URL(baseURL!).origin;
    const created = await page.request.post("/dev/sessao", {
      form: {
        intent: "criar",
        accountType: "ngo",
        name: "ONG Intrusa",
        email: uniqueEmail(testInfo, "ong-intrusa"),
        password: "Senha-Forte-123",
      },
      headers: { Origin: origin },
    });
    expect(created.status()).toBe(200);
    await page.goto("/ong/dashboard/novo-evento");
    await expect(page.getByText("Você precisa selecionar uma organização para criar um evento")).toBeVisible();
    await expect(page.getByRole("link", { name: "Cadastrar organização" }).last()).toHaveAttribute("href", "/ong/dashboard/cadastrar");
    const fields = {
      title: "Evento Intruso",
      date: "2099-01-01",
      time: "10:00",
      city: "São Paulo - SP",
      category: "outro",
      description: "x",
    };
    const create = await page.request.post("/ong/dashboard/novo-evento", { headers: { Origin: origin }, multipart: fields });
    expect(create.status()).toBe(403);
    const edit = await page.request.post("/ong/dashboard/evento/1/edit", { headers: { Origin: origin }, multipart: fields });
    expect(edit.status()).toBe(404);
    const del = await page.request.post("/ong/dashboard/evento/1/excluir", { headers: { Origin: origin }, form: {} });
    expect(del.status()).toBe(404);
    await page.goto("/evento/1");
    await expect(page.getByRole("heading", { level: 1, name: "Feira de Adoção de Sábado no Parque" })).toBeVisible();
    await page.goto("/eventos");
    await expect(page.getByText("Evento Intruso")).toHaveCount(0);
  });

  // docs/decisions/0033, 'The event page on a phone': the flyer whole, the way there
  // and the organization's WhatsApp, the same contact its own page shows (0022).
  test("num celular, a página do evento mostra a imagem inteira, 'Como chegar' e o WhatsApp da organização", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/evento/1");
    const image = page.getByRole("img", { name: "Imagem do evento Feira de Adoção de Sábado no Parque" });
    await expect(image).toHaveJSProperty("complete", true);
    const shown = await image.evaluate((img: HTMLImageElement) => {
      const natural = img.naturalWidth / img.naturalHeight;
      const box = img.clientWidth / img.clientHeight;
      const fit = getComputedStyle(img).objectFit;
      // What part of the picture is on screen, and the ratio it is drawn at.
      const contained = fit === "contain" || fit === "scale-down" || Math.abs(box - natural) < 0.02;
      return {
        visible: contained ? 1 : Math.min(box / natural, natural / box),
        drawnRatio: fit === "fill" && !contained ? box : natural,
        natural,
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
      };
    });
    expect(shown.visible).toBeGreaterThan(0.99);
    expect(shown.drawnRatio).toBeCloseTo(shown.natural, 2);
    // The size is known before the image arrives: no layout shift.
    expect(shown.width).not.toBeNull();
    expect(shown.height).not.toBeNull();

    const place = "Parque da Aclimação - Rua Muniz de Sousa, 1119, Aclimação, São Paulo - SP";
    const directions = page.getByRole("link", { name: "Como chegar" });
    await expect(directions).toHaveAttribute("href", `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`);
    await expect(directions).toHaveAttribute("target", "_blank");
    await expect(directions).toHaveAttribute("rel", /noopener/);
    const whatsapp = page.getByRole("link", { name: "WhatsApp da organização" });
    await expect(whatsapp).toHaveAttribute("href", "https://wa.me/5511998765432");
    await expect(whatsapp).toHaveAttribute("rel", /noopener/);
    for (const link of [directions, whatsapp]) {
      const box = (await link.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    // The NGO's page shows the same number.
    await page.goto("/ong/1");
    await expect(page.getByTestId("contato-ong").getByRole("link", { name: "(11) 99876-5432" })).toHaveAttribute(
      "href",
      "https://wa.me/5511998765432",
    );
  });

  test("/evento/{id} desconhecido responde 404 com os textos da especificação", async ({ page }) => {
    for (const id of ["999999", "abc"]) {
      const response = await page.goto(`/evento/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Evento não encontrado" })).toBeVisible();
      await expect(page.getByText("O evento que você está procurando não existe ou foi removido.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/eventos");
    }
    expect((await page.request.get("/evento/999999/agenda.ics")).status()).toBe(404);
  });

  test("/eventos: este fim de semana e passados atrás de links, e filtro por categoria", async ({ page }) => {
    await page.goto("/eventos");
    await expect(page.getByRole("heading", { level: 1, name: "Todos os Eventos" })).toBeVisible();
    await expect(page.getByText("Feira de Adoção de Primavera")).toHaveCount(0);
    // Dates carry the weekday; 'Este fim de semana' lists Saturday's and Sunday's only (docs/decisions/0033 §6).
    await expect(page.getByTestId("event-card").first()).toContainText(/(dom|seg|ter|qua|qui|sex|sáb)\., \d{2} de /);
    const when = page.getByRole("navigation", { name: "Quando" });
    await when.getByRole("link", { name: "Este fim de semana" }).click();
    await expect(page).toHaveURL(/\/eventos\?quando=fim-de-semana$/);
    await expect(page.getByRole("heading", { level: 1, name: "Eventos deste fim de semana" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Quando" }).getByRole("link", { name: "Este fim de semana" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    for (const text of await page.getByTestId("event-card").allInnerTexts()) expect(text).toMatch(/(sáb|dom)\., \d{2} de /);
    await page.getByRole("navigation", { name: "Quando" }).getByRole("link", { name: "Passados" }).click();
    await expect(page).toHaveURL(/\/eventos\?quando=passados$/);
    await expect(page.getByTestId("event-card").filter({ hasText: "Feira de Adoção de Primavera" })).toBeVisible();
    await page.getByRole("navigation", { name: "Categorias" }).getByRole("link", { name: "Arrecadação" }).click();
    await expect(page).toHaveURL(/\/eventos\?quando=passados&categoria=arrecadacao$/);
    const cards = page.getByTestId("event-card");
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasText: "Feira de Adoção de Primavera" })).toHaveCount(0);
    await page.goto("/eventos?categoria=vacinacao");
    for (const card of await page.getByTestId("event-card").all()) await expect(card).toContainText("Vacinação");
  });
});
