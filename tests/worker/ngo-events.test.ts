// Events of the NGO dashboard (docs/decisions/0016): the organization's owner in
// every query, Brasília wall-clock dates, the banner in R2, the public page and its .ics.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, type AccountType } from "~/db/schema";
import { isCalendarDate } from "~/forms/fields";
import { brasiliaToday } from "~/lib/format";
import { brasiliaToUtcStamp, escapeIcsText, eventToIcs, foldIcsLine } from "~/lib/ics";
import { listEventsPage } from "~/models/listings.server";
import * as agendaRoute from "~/routes/evento.agenda";
import * as publicPage from "~/routes/evento";
import * as listPage from "~/routes/eventos";
import * as editRoute from "~/routes/ong.dashboard.evento.edit";
import * as deleteRoute from "~/routes/ong.dashboard.evento.excluir";
import * as myEventsRoute from "~/routes/ong.dashboard.eventos";
import * as newRoute from "~/routes/ong.dashboard.novo-evento";
import { getSession } from "~/platform/session.server";
import { pendingViews } from "~/services/view-counter.server";
import { createEvent, createOrganization, createUser, db } from "./fixtures";
import {
  type Actor,
  contextFor,
  describeDiff,
  diffStores,
  fullSnapshot,
  invoke,
  isUnchanged,
  pngFile,
  postForm,
  routeAt,
  storedImage,
} from "./route-harness";

const route = routeAt;
const NEW = route(newRoute, "/ong/dashboard/novo-evento");
const EDIT = route(editRoute, "/ong/dashboard/evento/:id/edit");
const DELETE = route(deleteRoute, "/ong/dashboard/evento/:id/excluir");
const MINE = route(myEventsRoute, "/ong/dashboard/eventos");
const PUBLIC = route(publicPage, "/evento/:id");
const AGENDA = route(agendaRoute, "/evento/:id/agenda.ics");
const LIST = route(listPage, "/eventos");

async function ngo({ withOrganization = true } = {}) {
  const user = await createUser("ngo");
  const actor: Actor = { ...user, accountType: "ngo" as AccountType };
  const organization = withOrganization ? await createOrganization(user.id) : null;
  return { actor, organization };
}

const FORM = {
  title: "Feira de Adoção da Primavera",
  date: "2099-03-15",
  time: "14:30",
  city: "Parque Ibirapuera, São Paulo - SP",
  category: "adocao",
  description: "Cães e gatos vacinados à espera de um lar.",
};

async function call(target: typeof NEW, actor: Actor | null, request: Request, params: Record<string, string> = {}) {
  const context = await contextFor(actor);
  const outcome = await invoke(target, request.method === "GET" ? "loader" : "action", request, params, context);
  expect(outcome.error).toBeNull();
  return { outcome, context: context.context };
}

const get = (path: string) => new Request(`http://localhost${path}`);

async function eventRow(id: number) {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row;
}

async function r2Has(url: string | null | undefined) {
  return url ? (await env.IMAGES.head(url.replace(/^\/imagens\//, ""))) !== null : false;
}

async function unchangedBy(run: () => Promise<unknown>) {
  const before = await fullSnapshot();
  await run();
  const diff = diffStores(before, await fullSnapshot());
  expect(isUnchanged(diff), describeDiff(diff)).toBe(true);
}

describe("novo evento", () => {
  it("a ONG publica para a própria organização: data de Brasília, imagem no R2, aviso de sucesso", async () => {
    const { actor, organization } = await ngo();
    const { outcome, context } = await call(NEW, actor, postForm("/ong/dashboard/novo-evento", { ...FORM, image: pngFile() }));
    expect(outcome.status).toBe(303);
    const id = Number(outcome.location!.match(/^\/evento\/(\d+)$/)![1]);
    const row = (await eventRow(id))!;
    expect(row).toMatchObject({
      organizationId: organization!.id,
      title: FORM.title,
      date: "2099-03-15T14:30",
      category: "adocao",
      views: 0,
    });
    expect(row.mainImageUrl).toMatch(/^\/imagens\/eventos\/[0-9a-f-]{36}\.png$/);
    expect(await r2Has(row.mainImageUrl)).toBe(true);
    expect(getSession(context).get("toasts")?.[0]?.description).toBe("Seu evento foi publicado com sucesso!");
  });

  it("sem horário, o evento é às 00:00; sem imagem, a coluna fica NULL", async () => {
    const { actor } = await ngo();
    const { outcome } = await call(NEW, actor, postForm("/ong/dashboard/novo-evento", { ...FORM, time: "" }));
    const row = (await eventRow(Number(outcome.location!.split("/").at(-1))))!;
    expect(row.date).toBe("2099-03-15T00:00");
    expect(row.mainImageUrl).toBeNull();
  });

  it("recusa datas e horários inválidos com 400, mantendo o que foi digitado e sem escrever nada", async () => {
    const { actor } = await ngo();
    for (const [date, time, field] of [
      ["2099-02-30", "10:00", "date"],
      ["15/03/2099", "10:00", "date"],
      ["", "10:00", "date"],
      ["2099-03-15", "24:00", "time"],
      ["2099-03-15", "9h", "time"],
    ] as const) {
      await unchangedBy(async () => {
        const { outcome } = await call(NEW, actor, postForm("/ong/dashboard/novo-evento", { ...FORM, date, time }));
        expect(outcome.status).toBe(400);
        const result = (outcome.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }).result;
        expect(result.error[field]?.length).toBeGreaterThan(0);
        expect(result.initialValue.title).toBe(FORM.title);
      });
    }
  });

  it("campos obrigatórios e categoria desconhecida: 400 com as mensagens em português", async () => {
    const { actor } = await ngo();
    await unchangedBy(async () => {
      const { outcome } = await call(NEW, actor, postForm("/ong/dashboard/novo-evento", { title: " ", date: "", category: "show" }));
      expect(outcome.status).toBe(400);
      const errors = (outcome.data as { result: { error: Record<string, string[]> } }).result.error;
      expect(errors.title).toEqual(["Por favor, preencha o título do evento."]);
      expect(errors.city).toEqual(["Por favor, informe a cidade."]);
      expect(errors.description).toEqual(["Por favor, preencha a descrição do evento."]);
      expect(errors.category).toEqual(["Escolha a categoria."]);
    });
  });

  it("uma imagem que não é imagem é recusada pelos bytes", async () => {
    const { actor } = await ngo();
    await unchangedBy(async () => {
      const fake = new File([new TextEncoder().encode("<svg/>")], "x.png", { type: "image/png" });
      const { outcome } = await call(NEW, actor, postForm("/ong/dashboard/novo-evento", { ...FORM, image: fake }));
      expect(outcome.status).toBe(400);
      expect((outcome.data as { result: { error: Record<string, string[]> } }).result.error.image?.length).toBeGreaterThan(0);
    });
  });

  it("sem organização: o formulário dá lugar ao aviso, e um POST forjado não escreve nada (nem no R2)", async () => {
    const { actor } = await ngo({ withOrganization: false });
    const page = await call(NEW, actor, get("/ong/dashboard/novo-evento"));
    expect((page.outcome.data as { organization: unknown }).organization).toBeNull();
    await unchangedBy(async () => {
      const { outcome } = await call(NEW, actor, postForm("/ong/dashboard/novo-evento", { ...FORM, image: pngFile() }));
      expect(outcome.status).toBe(403);
      const result = (outcome.data as { result: { error: Record<string, string[]> } }).result;
      expect(result.error[""]).toEqual(["Você precisa selecionar uma organização para criar um evento"]);
    });
  });
});

describe("editar evento", () => {
  it("a dona edita: troca a imagem (a antiga sai do R2) e depois a remove", async () => {
    const { actor, organization } = await ngo();
    const oldImage = await storedImage("eventos");
    const event = await createEvent(organization!.id, { mainImageUrl: oldImage });
    const path = `/ong/dashboard/evento/${event.id}/edit`;
    const params = { id: String(event.id) };

    const loaded = await call(EDIT, actor, get(path), params);
    expect((loaded.outcome.data as { event: { date: string } }).event.date).toBe(event.date);

    const replaced = await call(EDIT, actor, postForm(path, { ...FORM, title: "Novo título", time: "08:05", image: pngFile() }), params);
    expect(replaced.outcome).toMatchObject({ status: 303, location: `/evento/${event.id}` });
    const row = (await eventRow(event.id))!;
    expect(row).toMatchObject({ title: "Novo título", date: "2099-03-15T08:05" });
    expect(row.mainImageUrl).not.toBe(oldImage);
    expect(await r2Has(oldImage)).toBe(false);
    expect(await r2Has(row.mainImageUrl)).toBe(true);

    await call(EDIT, actor, postForm(path, { ...FORM, removeImage: "on" }), params);
    expect((await eventRow(event.id))!.mainImageUrl).toBeNull();
    expect(await r2Has(row.mainImageUrl)).toBe(false);
  });

  it("outra ONG recebe 404 e nada muda (a dona é a da organização do evento)", async () => {
    const { organization } = await ngo();
    const { actor: intruder } = await ngo();
    const event = await createEvent(organization!.id, { mainImageUrl: await storedImage("eventos") });
    const path = `/ong/dashboard/evento/${event.id}/edit`;
    await unchangedBy(async () => {
      for (const request of [get(path), postForm(path, { ...FORM, title: "Invadido", removeImage: "on", image: pngFile() })]) {
        const { outcome } = await call(EDIT, intruder, request, { id: String(event.id) });
        expect(outcome.status).toBe(404);
      }
    });
  });
});

describe("excluir evento", () => {
  it("a dona confirma: o evento e a imagem somem, com o aviso do spec, e volta a Meus Eventos", async () => {
    const { actor, organization } = await ngo();
    const image = await storedImage("eventos");
    const event = await createEvent(organization!.id, { mainImageUrl: image });
    const path = `/ong/dashboard/evento/${event.id}/excluir`;
    const confirm = await call(DELETE, actor, get(path), { id: String(event.id) });
    expect(confirm.outcome.status).toBe(200);
    const { outcome, context } = await call(DELETE, actor, postForm(path, {}), { id: String(event.id) });
    expect(outcome).toMatchObject({ status: 303, location: "/ong/dashboard/eventos" });
    expect(await eventRow(event.id)).toBeUndefined();
    expect(await r2Has(image)).toBe(false);
    expect(getSession(context).get("toasts")?.[0]).toMatchObject({
      title: "Evento excluído",
      description: "O evento foi removido com sucesso.",
    });
    const page = await call(PUBLIC, null, get(`/evento/${event.id}`), { id: String(event.id) });
    expect(page.outcome.status).toBe(404);
  });

  it("outra ONG, uma conta pessoal e um id desconhecido não excluem nada", async () => {
    const { organization } = await ngo();
    const { actor: intruder } = await ngo();
    const event = await createEvent(organization!.id, { mainImageUrl: await storedImage("eventos") });
    const personal = { ...(await createUser("personal")), accountType: "personal" as AccountType };
    await unchangedBy(async () => {
      const { outcome } = await call(DELETE, intruder, postForm(`/ong/dashboard/evento/${event.id}/excluir`, {}), { id: String(event.id) });
      expect(outcome.status).toBe(404);
      const refused = await call(DELETE, personal, postForm(`/ong/dashboard/evento/${event.id}/excluir`, {}), { id: String(event.id) });
      expect(refused.outcome.status).toBe(302);
      const unknown = await call(DELETE, intruder, postForm("/ong/dashboard/evento/999999/excluir", {}), { id: "999999" });
      expect(unknown.outcome.status).toBe(404);
    });
  });
});

describe("Meus Eventos e /eventos", () => {
  it("Meus Eventos: só os da própria organização, próximos primeiro (do mais cedo), depois os passados", async () => {
    const { actor, organization } = await ngo();
    const { organization: other } = await ngo();
    const soon = await createEvent(organization!.id, { date: "2098-01-01T09:00" });
    const later = await createEvent(organization!.id, { date: "2099-01-01T09:00" });
    const past = await createEvent(organization!.id, { date: "2001-01-01T09:00" });
    await createEvent(other!.id, { date: "2098-06-01T09:00" });
    const { outcome } = await call(MINE, actor, get("/ong/dashboard/eventos"));
    const data = outcome.data as { upcoming: { id: number }[]; past: { id: number }[] };
    expect(data.upcoming.map((e) => e.id)).toEqual([soon.id, later.id]);
    expect(data.past.map((e) => e.id)).toEqual([past.id]);
  });

  it("/eventos: próximos a partir de hoje (Brasília), passados atrás de ?quando=passados, filtro por categoria", async () => {
    const { organization } = await ngo();
    const today = brasiliaToday();
    const earlyToday = await createEvent(organization!.id, { date: today, category: "educacao" });
    const old = await createEvent(organization!.id, { date: "2001-05-05T10:00", category: "educacao" });
    const upcoming = await listEventsPage(db, 1, { from: today, when: "proximos", category: "educacao" });
    expect(upcoming.items.map((e) => e.id)).toContain(earlyToday.id);
    expect(upcoming.items.map((e) => e.id)).not.toContain(old.id);
    expect(upcoming.items.every((e) => e.category === "educacao")).toBe(true);
    const { outcome } = await call(LIST, null, get("/eventos?quando=passados&categoria=educacao"));
    const data = outcome.data as { items: { id: number }[]; when: string; category: string };
    expect(data).toMatchObject({ when: "passados", category: "educacao" });
    expect(data.items.map((e) => e.id)).toContain(old.id);
    expect(data.items.map((e) => e.id)).not.toContain(earlyToday.id);
  });
});

describe("página pública /evento/{id}", () => {
  it("conta a visita, diz se é a dona e não expõe id nem e-mail da dona", async () => {
    const { actor, organization } = await ngo();
    const event = await createEvent(organization!.id);
    const params = { id: String(event.id) };
    const visitor = await call(PUBLIC, null, get(`/evento/${event.id}`), params);
    const data = visitor.outcome.data as { event: Record<string, unknown>; isOwner: boolean };
    expect(data.isOwner).toBe(false);
    expect(data.event.organizationName).toBe(organization!.name);
    expect(JSON.stringify(data)).not.toContain(actor.id);
    expect(JSON.stringify(data)).not.toContain(actor.email);
    // D1's count plus the event's counter's pending views (docs/decisions/0051).
    expect((await eventRow(event.id))!.views + (await pendingViews(env, "event", event.id))).toBe(1);
    const owner = await call(PUBLIC, actor, get(`/evento/${event.id}`), params);
    expect((owner.outcome.data as { isOwner: boolean }).isOwner).toBe(true);
    const { actor: otherNgo } = await ngo();
    const other = await call(PUBLIC, otherNgo, get(`/evento/${event.id}`), params);
    expect((other.outcome.data as { isOwner: boolean }).isOwner).toBe(false);
  });

  // docs/decisions/0033, 'The event page on a phone': the organization's public WhatsApp
  // (its own page shows it) and a maps search for the stored place, as links only.
  it("'Como chegar' e o WhatsApp da organização vêm prontos como links", async () => {
    const { organization } = await ngo();
    const event = await createEvent(organization!.id);
    const visitor = await call(PUBLIC, null, get(`/evento/${event.id}`), { id: String(event.id) });
    const data = visitor.outcome.data as { event: Record<string, unknown>; directions: string; organizationChat: string };
    expect(data.directions).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("Parque Ibirapuera, São Paulo - SP")}`,
    );
    expect(data.organizationChat).toBe("https://wa.me/5511988887777");
    expect(data.event).not.toHaveProperty("organizationWhatsapp");
  });

  it("ids desconhecidos ou inválidos: 404", async () => {
    for (const id of ["999999", "abc", "0", "-1"]) {
      const { outcome } = await call(PUBLIC, null, get(`/evento/${id}`), { id });
      expect(outcome.status).toBe(404);
      const ics = await call(AGENDA, null, get(`/evento/${id}/agenda.ics`), { id });
      expect(ics.outcome.status).toBe(404);
    }
  });
});

describe("arquivo .ics (Adicionar à agenda)", () => {
  it("escapa texto conforme a RFC 5545", () => {
    expect(escapeIcsText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("dobra linhas em 75 octetos sem partir caracteres UTF-8", () => {
    const line = `DESCRIPTION:${"ã".repeat(100)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    const encoder = new TextEncoder();
    for (const part of parts) expect(encoder.encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
    expect(foldIcsLine("SUMMARY:curto")).toBe("SUMMARY:curto");
  });

  it("Brasília (UTC-3) vira UTC, inclusive na virada do dia", () => {
    expect(brasiliaToUtcStamp("2027-03-15T14:30")).toBe("20270315T173000Z");
    expect(brasiliaToUtcStamp("2027-12-31T22:00")).toBe("20280101T010000Z");
    expect(brasiliaToUtcStamp("2027-12-31T22:00", 2)).toBe("20280101T030000Z");
  });

  it("o VEVENT completo: DTSTART, 2 horas de duração, SUMMARY, LOCATION, DESCRIPTION, URL, UID, DTSTAMP", () => {
    const ics = eventToIcs(
      {
        id: 7,
        title: "Feira; adoção, gatos",
        description: "Linha 1\nLinha 2",
        location: "Rua A, 10",
        date: "2027-03-15T10:00",
        url: "https://patas.example/evento/7",
        host: "patas.example",
      },
      new Date(Date.UTC(2026, 10, 23, 12, 0, 0)),
    );
    const lines = ics.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(lines).toContain("DTSTART:20270315T130000Z");
    expect(lines).toContain("DTEND:20270315T150000Z");
    expect(lines).toContain("SUMMARY:Feira\\; adoção\\, gatos");
    expect(lines).toContain("LOCATION:Rua A\\, 10");
    expect(lines).toContain("DESCRIPTION:Linha 1\\nLinha 2");
    expect(lines).toContain("URL:https://patas.example/evento/7");
    expect(lines).toContain("UID:evento-7@patas.example");
    expect(lines).toContain("DTSTAMP:20261123T120000Z");
  });

  it("um evento sem horário vira um evento de dia inteiro, não 00:00 às 02:00", () => {
    const ics = eventToIcs({ id: 8, title: "Feira", description: "d", location: "l", date: "2027-12-31T00:00", url: "u", host: "h" });
    const lines = ics.split("\r\n");
    expect(lines).toContain("DTSTART;VALUE=DATE:20271231");
    expect(lines).toContain("DTEND;VALUE=DATE:20280101");
    expect(ics).not.toMatch(/DTSTART:|DTEND:/);
  });

  it("a rota responde text/calendar como anexo, sem escrever nada", async () => {
    const { organization } = await ngo();
    const event = await createEvent(organization!.id, { title: "Mutirão, castração; gatos", date: "2099-01-10T10:00" });
    await unchangedBy(async () => {
      const { outcome } = await call(AGENDA, null, get(`/evento/${event.id}/agenda.ics`), { id: String(event.id) });
      expect(outcome.status).toBe(200);
      expect(outcome.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
      expect(outcome.headers.get("Content-Disposition")).toContain(`evento-${event.id}.ics`);
    });
    const response = (await agendaRoute.loader({
      request: get(`/evento/${event.id}/agenda.ics`),
      params: { id: String(event.id) },
      context: (await contextFor(null)).context,
    } as never)) as Response;
    const text = await response.text();
    expect(text).toContain("SUMMARY:Mutirão\\, castração\\; gatos");
    expect(text).toContain("DTSTART:20990110T130000Z");
    expect(text).toContain(`URL:http://localhost/evento/${event.id}`);
  });
});

describe("datas do formulário", () => {
  it("só dias do calendário", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2027-13-01")).toBe(false);
    expect(isCalendarDate("2027-1-01")).toBe(false);
  });
});
