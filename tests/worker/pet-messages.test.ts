// 'Enviar mensagem' (docs/decisions/0033 §2): anyone writes to the poster
// of an open ad without an account; the poster gets it by e-mail (the text only at a
// confirmed address, docs/decisions/0031) and on the ad's page; their address never
// reaches the sender; the limits of 0030's shape.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { petMessages, users } from "~/db/schema";
import { listPetMessagesForOwner } from "~/models/pet-messages.server";
import { listOutbox } from "~/platform/mail.server";
import { petMessageMail } from "~/services/pet-messages.server";
import { OWNER_MAILS_PER_AD } from "~/services/ad-inbox.server";
import type { JobMessage } from "~/services/job-messages";
import { brasiliaNow } from "~/lib/format";
import { drain, siteEnv } from "./task-queue-harness";
import { RATE_LIMITS } from "~/platform/rate-limit.server";
import { getSession } from "~/platform/session.server";
import { createPet, createUser, db } from "./fixtures";
import {
  type Actor,
  contextFor,
  diffStores,
  fullSnapshot,
  invoke,
  isUnchanged,
  type Outcome,
  postForm,
  routeEntries,
} from "./route-harness";

const route = (id: string) => {
  const found = routeEntries().find((r) => r.id === id);
  if (!found) throw new Error(`rota ${id} ausente`);
  return found;
};

let ipSerial = 0;
/** A new client address per request unless one is given: limits per client never mix tests. */
const nextIp = () => `203.1.${(++ipSerial >> 8) & 255}.${ipSerial & 255}`;

let serial = 0;
function validFields(extra: Record<string, string> = {}) {
  serial += 1;
  return {
    name: "Joana Souza",
    email: `joana${serial}@exemplo.org`,
    phone: "(21) 99876-5432",
    message: `Olá! O Bolinha ainda está para adoção? Moro perto e tenho quintal. (${serial})`,
    ...extra,
  };
}

async function poster({ confirmed = true } = {}) {
  const user = await createUser("personal");
  if (confirmed) await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return { ...user, accountType: "personal" as const };
}

async function send(
  petId: number,
  fields: Record<string, string>,
  { as = null, ip = nextIp(), bindings }: { as?: Actor | null; ip?: string; bindings?: Partial<Env> } = {},
) {
  const request = postForm(`/pet/${petId}/mensagem`, fields, { "CF-Connecting-IP": ip });
  const call = await contextFor(as, { bindings });
  const outcome = await invoke(route("pet.mensagem"), "action", request, { id: String(petId) }, call);
  return { outcome, call };
}

async function formPage(petId: number | string, as: Actor | null = null) {
  const call = await contextFor(as);
  return invoke(route("pet.mensagem"), "loader", new Request(`http://localhost/pet/${petId}/mensagem`), { id: String(petId) }, call);
}

type Reply = { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }; limited: boolean };
const replyOf = (outcome: Outcome) => outcome.data as Reply;

async function mailsTo(address: string) {
  return (await listOutbox(env.KV, 1000)).filter((m) => m.to === address);
}

const messagesOf = (petId: number) => db.select().from(petMessages).where(eq(petMessages.petId, petId));

describe("sending a message", () => {
  it("a visitor writes to an ad without WhatsApp: stored, the poster mailed with the text and a Reply-To, a toast", async () => {
    const o = await poster();
    const pet = await createPet(o.id, { name: "Bolinha", status: "adocao", contactWhatsapp: null });
    const fields = validFields();
    const { outcome, call } = await send(pet.id, fields);
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe(`/pet/${pet.id}`);
    expect(getSession(call.context).get("toasts")?.[0]).toMatchObject({
      type: "success",
      title: "Mensagem enviada!",
      description: "O anunciante vai receber por e-mail.",
    });

    expect(await messagesOf(pet.id)).toEqual([
      expect.objectContaining({ senderName: fields.name, senderEmail: fields.email, senderPhone: fields.phone, message: fields.message }),
    ]);
    const [mail] = await mailsTo(o.email);
    expect(mail?.subject).toBe("Nova mensagem sobre Bolinha");
    expect(mail?.replyTo).toBe(fields.email);
    for (const part of [fields.name, fields.message, fields.email, fields.phone, `http://localhost/pet/${pet.id}#mensagens`]) {
      expect(mail!.text).toContain(part);
    }
  });

  it("every open ad takes messages, whatever its status; a phone alone is enough", async () => {
    const o = await poster();
    for (const status of ["perdido", "encontrado", "adocao", "avistado"] as const) {
      const pet = await createPet(o.id, { status });
      const { outcome } = await send(pet.id, validFields({ email: "" }));
      expect(outcome.status, status).toBe(303);
      expect(await messagesOf(pet.id), status).toHaveLength(1);
    }
    const [mail] = await mailsTo(o.email);
    expect(mail?.replyTo).toBeUndefined();
    expect(mail?.text).toContain("não deixou e-mail");
  });

  it("the poster's address is never in what the sender gets back", async () => {
    const o = await poster();
    const pet = await createPet(o.id);
    const page = await formPage(pet.id);
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).not.toContain(o.email);
    const { outcome } = await send(pet.id, validFields());
    expect(outcome.status).toBe(303);
    expect(JSON.stringify(outcome.data ?? null)).not.toContain(o.email);
    for (const [, value] of outcome.headers) expect(value).not.toContain(o.email);
    const refused = await send(pet.id, validFields({ message: "" }));
    expect(JSON.stringify(refused.outcome.data)).not.toContain(o.email);
  });

  it("a signed-in sender finds name and e-mail filled in; the owner gets no form on their own ad", async () => {
    const o = await poster();
    const sender = await poster();
    const pet = await createPet(o.id);
    const page = await formPage(pet.id, sender);
    expect(page.data).toMatchObject({ state: "open", defaults: { name: expect.stringMatching(/^Pessoa \d+$/), email: sender.email } });
    const own = await formPage(pet.id, o);
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ state: "own" });
    // Posting anyway: refused, nothing written.
    const before = await fullSnapshot();
    const { outcome } = await send(pet.id, validFields(), { as: o });
    expect(outcome.status).toBe(403);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
  });

  it("bad input: 400, every message at once in Portuguese, what was typed kept, nothing written", async () => {
    const o = await poster();
    const pet = await createPet(o.id);
    const before = await fullSnapshot();
    const empty = await send(pet.id, { name: "", email: "", phone: "", message: "" });
    expect(empty.outcome.status).toBe(400);
    expect(replyOf(empty.outcome).result.error).toMatchObject({
      name: ["Por favor, preencha seu nome."],
      email: ["Informe um e-mail ou um telefone para receber a resposta."],
      message: ["Por favor, escreva sua mensagem."],
    });
    const short = await send(pet.id, validFields({ message: "Oi" }));
    expect(replyOf(short.outcome).result.error?.message).toEqual(["A mensagem precisa ter pelo menos 10 caracteres."]);

    const typed = { name: "Joana", email: "joana@", phone: "me liga", message: "a".repeat(1001) };
    const bad = await send(pet.id, typed);
    expect(bad.outcome.status).toBe(400);
    expect(replyOf(bad.outcome).result.error).toMatchObject({
      email: ["Informe um e-mail válido."],
      phone: ["Informe um WhatsApp ou telefone com DDD, por exemplo (11) 98765-4321."],
      message: ["A mensagem pode ter no máximo 1.000 caracteres."],
    });
    expect(replyOf(bad.outcome).result.initialValue).toMatchObject(typed);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
    expect(await messagesOf(pet.id)).toEqual([]);
    expect(await mailsTo(o.email)).toEqual([]);
  });

  it("a filled honeypot gets the same answer, and nothing is stored or mailed", async () => {
    const o = await poster();
    const pet = await createPet(o.id);
    const before = await fullSnapshot();
    const { outcome, call } = await send(pet.id, validFields({ website: "http://spam.example" }));
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe(`/pet/${pet.id}`);
    expect(getSession(call.context).get("toasts")?.[0]?.title).toBe("Mensagem enviada!");
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
  });

  it("a closed or unknown ad: 404, and nothing written", async () => {
    const o = await poster();
    const closed = await createPet(o.id, { status: "adocao", closedAs: "adotado", closedAt: new Date() });
    const page = await formPage(closed.id);
    expect(page.status).toBe(404);
    expect(page.data).toMatchObject({ state: "closed" });
    for (const id of [closed.id, 999_999_999]) {
      const before = await fullSnapshot();
      expect((await send(id, validFields())).outcome.status).toBe(404);
      expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
    }
    expect((await formPage(999_999_999)).status).toBe(404);
    expect((await formPage("abc")).status).toBe(404);
  });
});

describe("an unconfirmed poster (docs/decisions/0031)", () => {
  it("gets a mail with nothing anyone typed, and reads the message on the ad's page", async () => {
    const o = await poster({ confirmed: false });
    const stranger = await poster();
    const pet = await createPet(o.id, { name: "Ganhe R$500 no PIX www.golpe.example" });
    const fields = validFields({ message: "Acesse www.golpe.example e ganhe R$500 agora mesmo" });
    expect((await send(pet.id, fields)).outcome.status).toBe(303);

    const [mail] = await mailsTo(o.email);
    expect(mail?.subject).toBe("Você recebeu uma mensagem na Patas Conectadas");
    expect(mail?.replyTo).toBeUndefined();
    const whole = JSON.stringify(mail);
    for (const typed of [fields.name, fields.email, fields.phone, "golpe", "R$500"]) expect(whole).not.toContain(typed);
    expect(mail!.text).toContain(`http://localhost/pet/${pet.id}#mensagens`);

    const pageOf = async (as: Actor | null) => {
      const call = await contextFor(as);
      const outcome = await invoke(route("pet"), "loader", new Request(`http://localhost/pet/${pet.id}`), { id: String(pet.id) }, call);
      return outcome.data as { messages: Record<string, unknown>[] };
    };
    const mine = await pageOf(o);
    expect(mine.messages).toEqual([
      expect.objectContaining({ senderName: fields.name, message: fields.message, senderEmail: fields.email }),
    ]);
    expect(mine.messages[0]!.sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    for (const viewer of [null, stranger]) {
      const page = await pageOf(viewer);
      expect(page.messages).toEqual([]);
      expect(JSON.stringify(page)).not.toContain(fields.email);
    }
    // The owner's query itself refuses anyone else.
    expect(await listPetMessagesForOwner(db, pet.id, stranger.id)).toEqual([]);
  });
});

/** Seconds until midnight in Brasília (UTC−3 all year), when a day's limits start over. */
function secondsToBrasiliaMidnight(now = Date.now()) {
  const day = 24 * 3600_000;
  return Math.ceil((day - ((now - 3 * 3600_000) % day)) / 1000);
}

// Each of these sends dozens of requests: more than the default 5 s on a busy machine.
describe("rate limits", () => {
  it("per client: past the limit, 429 'Muitas tentativas' with the real wait, what was typed kept, nothing written", async () => {
    const o = await poster();
    const ip = "198.19.0.1";
    for (let i = 0; i < RATE_LIMITS.petMessagesPerIp.limit; i++) {
      // Different ads: the limit counts the client.
      const pet = await createPet(o.id);
      expect((await send(pet.id, validFields(), { ip })).outcome.status).toBe(303);
    }
    const pet = await createPet(o.id);
    const fields = validFields();
    const before = await fullSnapshot();
    const { outcome } = await send(pet.id, fields, { ip });
    expect(outcome.status).toBe(429);
    const wait = Number(outcome.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    const minutes = Math.ceil(wait / 60);
    const inWords = minutes === 60 ? "1 hora" : minutes === 1 ? "1 minuto" : `${minutes} minutos`;
    expect(replyOf(outcome).limited).toBe(true);
    expect(replyOf(outcome).result.error?.[""]).toEqual([`Muitas mensagens foram enviadas desta conexão. Tente de novo em ${inWords}.`]);
    expect(replyOf(outcome).result.initialValue).toMatchObject(fields);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
    // Another client still gets through.
    expect((await send(pet.id, validFields(), { ip: "198.19.0.2" })).outcome.status).toBe(303);
  }, 20_000);

  it("per client and ad: past a day's worth, 429 saying 'amanhã'; another ad and other clients still get through", async () => {
    const o = await poster();
    const pet = await createPet(o.id);
    const ip = "2804:14c:65a1:8888::1";
    for (let i = 0; i < RATE_LIMITS.petMessagesPerPetPerNetwork.limit; i++) {
      expect((await send(pet.id, validFields(), { ip })).outcome.status).toBe(303);
    }
    const before = await fullSnapshot();
    // Another address of the same /64 is the same client (docs/decisions/0011).
    const { outcome } = await send(pet.id, validFields(), { ip: "2804:14c:65a1:8888::2" });
    expect(outcome.status).toBe(429);
    expect(replyOf(outcome).result.error?.[""]).toEqual([
      "Muitas mensagens para este anúncio já foram enviadas desta conexão hoje. Tente de novo amanhã.",
    ]);
    expect(Math.abs(Number(outcome.headers.get("Retry-After")) - secondsToBrasiliaMidnight())).toBeLessThanOrEqual(5);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
    expect((await send((await createPet(o.id)).id, validFields(), { ip })).outcome.status).toBe(303);
    expect((await send(pet.id, validFields())).outcome.status).toBe(303);
  }, 20_000);

  // 10 /64s of one /48 (one home's /56, a provider's /48) sent 30 messages and filled the
  // ad's day: a real sender from elsewhere then got 429.
  it("10 /64s of one /48 cannot stop a sender from another network", async () => {
    const o = await poster();
    const pet = await createPet(o.id);
    for (let home = 1; home <= 10; home++) {
      for (let i = 1; i <= 3; i++) await send(pet.id, validFields(), { ip: `2804:14c:65a1:${home.toString(16)}00::${i}` });
    }
    const real = await send(pet.id, validFields({ name: "Vizinha de verdade" }), { ip: "2804:7f0:9a00:1::1" });
    expect(real.outcome.status).toBe(303);
    expect((await messagesOf(pet.id)).some((m) => m.senderName === "Vizinha de verdade")).toBe(true);
    // The whole /48 had one client's day.
    expect(await messagesOf(pet.id)).toHaveLength(3 + 1);
  });

  it("per ad: a shared ceiling that two clients cannot reach; past it, 429 saying 'amanhã'", async () => {
    expect(RATE_LIMITS.petMessagesPerPet.limit).toBeGreaterThan(2 * RATE_LIMITS.petMessagesPerPetPerNetwork.limit);
    const o = await poster();
    const pet = await createPet(o.id);
    // Each message from a new network: the open part, then the reserved one.
    const ceiling = RATE_LIMITS.petMessagesPerPet.limit + RATE_LIMITS.petMessagesReservedPerPet.limit;
    for (let i = 0; i < ceiling; i++) {
      expect((await send(pet.id, validFields())).outcome.status).toBe(303);
    }
    const before = await fullSnapshot();
    const { outcome } = await send(pet.id, validFields());
    expect(outcome.status).toBe(429);
    expect(replyOf(outcome).result.error?.[""]).toEqual(["Este anúncio já recebeu muitas mensagens hoje. Tente de novo amanhã."]);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
    expect(await messagesOf(pet.id)).toHaveLength(ceiling);
  }, 20_000);
});

describe("the ad's reserved part, the poster's mails and notice (docs/decisions/0033)", () => {
  const AD_FULL = "Este anúncio já recebeu muitas mensagens hoje. Tente de novo amanhã.";

  const posterNotices = async (petId: number, as: Actor | null) => {
    const call = await contextFor(as);
    const outcome = await invoke(route("pet"), "loader", new Request(`http://localhost/pet/${petId}`), { id: String(petId) }, call);
    return (outcome.data as { limitNotices: string[] }).limitNotices;
  };

  it("the open part full: networks new to the ad and confirmed accounts still get through, one each per network; the poster is told", async () => {
    const o = await poster();
    const pet = await createPet(o.id, { status: "adocao" });
    const perNetwork = RATE_LIMITS.petMessagesPerPetPerNetwork.limit;
    const home = (n: number, sub = 1) => `2804:b${n.toString(16).padStart(3, "0")}:1:${sub.toString(16)}::1`;
    // Network 0 writes once; others fill the open part, a network's day each.
    expect((await send(pet.id, validFields(), { ip: home(0) })).outcome.status).toBe(303);
    for (let i = 1; i < RATE_LIMITS.petMessagesPerPet.limit; i++) {
      expect((await send(pet.id, validFields(), { ip: home(1 + Math.floor(i / perNetwork), 1 + (i % perNetwork)) })).outcome.status).toBe(
        303,
      );
    }
    const [notice] = await posterNotices(pet.id, o);
    expect(notice).toContain("O limite diário de mensagens deste anúncio foi atingido hoje.");
    expect(notice).toContain(`mais ${RATE_LIMITS.petMessagesReservedPerPet.limit} mensagens`);
    expect(await posterNotices(pet.id, await poster())).toEqual([]);

    const again = await send(pet.id, validFields(), { ip: home(0, 2) });
    expect(again.outcome.status).toBe(429);
    expect(replyOf(again.outcome).result.error?.[""]).toEqual([
      "Este anúncio já recebeu muitas mensagens hoje, e desta conexão já chegou uma. Se você tem conta com e-mail confirmado, entre nela e envie de novo; senão, tente amanhã.",
    ]);
    expect((await send(pet.id, validFields(), { ip: home(0, 2), as: await poster() })).outcome.status).toBe(303);
    const twice = await send(pet.id, validFields(), { ip: home(0, 3), as: await poster() });
    expect(replyOf(twice.outcome).result.error?.[""]).toEqual([AD_FULL]);
    expect((await send(pet.id, validFields(), { ip: "2804:beef:2:1::1" })).outcome.status).toBe(303);
    expect((await send(pet.id, validFields(), { ip: "2804:beef:2:2::1" })).outcome.status).toBe(429);
    for (let i = 2; i < RATE_LIMITS.petMessagesReservedPerPet.limit; i++) {
      expect((await send(pet.id, validFields())).outcome.status).toBe(303);
    }
    const full = await send(pet.id, validFields());
    expect(replyOf(full.outcome).result.error?.[""]).toEqual([AD_FULL]);
    expect(await messagesOf(pet.id)).toHaveLength(RATE_LIMITS.petMessagesPerPet.limit + RATE_LIMITS.petMessagesReservedPerPet.limit);
    expect((await posterNotices(pet.id, o))[0]).toContain("Ninguém mais consegue escrever até a meia-noite");
  }, 60_000);

  it("a burst mails the poster the first 3 at once, then one summary; to an unconfirmed address it names no ad", async () => {
    for (const confirmed of [true, false]) {
      const o = await poster({ confirmed });
      const pet = await createPet(o.id, { name: "Bolinha", status: "adocao" });
      const queued: JobMessage[] = [];
      const JOBS = { send: async (body: JobMessage) => void queued.push(body) } as unknown as Queue;
      for (let i = 0; i < 6; i++) expect((await send(pet.id, validFields(), { bindings: { JOBS } })).outcome.status).toBe(303);
      expect(await mailsTo(o.email)).toHaveLength(OWNER_MAILS_PER_AD.limit);
      expect(queued).toEqual([{ kind: "inbox-summary", inbox: "messages", petId: pet.id, day: brasiliaNow().slice(0, 10) }]);
      await drain(queued, { env: siteEnv });
      const mails = await mailsTo(o.email);
      expect(mails).toHaveLength(OWNER_MAILS_PER_AD.limit + 1);
      const summary = mails.find((m) => m.subject.startsWith("3 novas mensagens"))!;
      expect(summary.subject).toBe(confirmed ? "3 novas mensagens sobre Bolinha hoje" : "3 novas mensagens sobre o seu anúncio hoje");
      expect(summary.text).toContain(`https://patas.example/pet/${pet.id}#mensagens`);
      if (!confirmed) expect(JSON.stringify(summary)).not.toContain("Bolinha");
    }
  }, 30_000);
});

describe("the WhatsApp button's 429 (docs/decisions/0033 §2)", () => {
  it("answers 'Muitas tentativas' with the ad's id, so the page can offer 'Enviar mensagem'", async () => {
    const o = await poster();
    const pet = await createPet(o.id, { contactWhatsapp: "(11) 98765-4321" });
    const ip = "198.19.9.9";
    const open = async () => {
      const call = await contextFor(null);
      const request = new Request(`http://localhost/pet/${pet.id}/whatsapp`, { headers: { "CF-Connecting-IP": ip } });
      return invoke(route("pet.whatsapp"), "loader", request, { id: String(pet.id) }, call);
    };
    for (let i = 0; i < RATE_LIMITS.whatsappPerIp.limit; i++) expect((await open()).status).toBe(302);
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ reason: "rate-limited", petId: pet.id });
    // The form it links to is open to this visitor.
    expect((await formPage(pet.id)).data).toMatchObject({ state: "open" });
  }, 20_000);
});

describe("the poster's mail", () => {
  it("escapes what the sender typed in the HTML and warns about scams on lost pets", () => {
    const mail = petMessageMail(
      { title: "Rex", status: "perdido", ownerEmail: "dono@exemplo.com.br" },
      { senderName: "<b>Ana</b>", senderEmail: "ana@exemplo.org", senderPhone: null, message: "<script>x</script>\nsegunda linha" },
      "http://localhost/pet/1#mensagens",
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>Ana</b>");
    expect(mail.html).toContain("&lt;script&gt;x&lt;/script&gt;<br>segunda linha");
    expect(mail.text).toContain("nunca pague para receber notícias do seu pet");
    expect(mail.replyTo).toBe("ana@exemplo.org");
  });
});

describe("deleting the ad", () => {
  it("removes its messages", async () => {
    const o = await poster();
    const pet = await createPet(o.id);
    await send(pet.id, validFields());
    expect(await messagesOf(pet.id)).toHaveLength(1);
    const call = await contextFor(o);
    const outcome = await invoke(route("pet.excluir"), "action", postForm(`/pet/${pet.id}/excluir`, {}), { id: String(pet.id) }, call);
    expect(outcome.status).toBe(303);
    expect(await messagesOf(pet.id)).toEqual([]);
  });
});
