// 'Quero adotar' (docs/decisions/0047): an adoption ad's own next step. Anyone, without an
// account, sends a short request to the poster (a person or an NGO); it is a message of its
// own kind, so it takes the messages' limits, mails and rules (docs/decisions/0033, 0031).
// The NGO behind an ad shows as a card; an adoption search that finds nothing offers the
// NGOs near the searched city.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { organizations, petMessages, users } from "~/db/schema";
import { brasiliaNow } from "~/lib/format";
import { organizationsNear } from "~/models/organizations.server";
import { listOutbox } from "~/platform/mail.server";
import { RATE_LIMITS } from "~/platform/rate-limit.server";
import { getSession } from "~/platform/session.server";
import { OWNER_MAILS_PER_AD } from "~/services/ad-inbox.server";
import type { JobMessage } from "~/services/job-messages";
import { createOrganization, createPet, createUser, db } from "./fixtures";
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

const SAO_PAULO = 3550308;
const OSASCO = 3534401; // ~15 km from São Paulo
const JUNDIAI = 3525904; // ~50 km from São Paulo
const CAMPINAS = 3509502; // within 50 km of Jundiaí
const MANAUS = 1302603;

let ipSerial = 0;
/** A new client address per request unless one is given: limits per client never mix tests. */
const nextIp = () => `203.2.${(++ipSerial >> 8) & 255}.${ipSerial & 255}`;

let serial = 0;
function validFields(extra: Record<string, string> = {}) {
  serial += 1;
  return {
    name: "Joana Souza",
    email: `joana${serial}@exemplo.org`,
    phone: "(21) 99876-5432",
    message: `Olá! Moro em casa com quintal e tenho tempo para passear todo dia. (${serial})`,
    ...extra,
  };
}

async function account(type: "personal" | "ngo" = "personal", { confirmed = true } = {}): Promise<Actor> {
  const user = await createUser(type);
  if (confirmed) await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return { ...user, accountType: type };
}

async function ask(
  petId: number,
  fields: Record<string, string>,
  { as = null, ip = nextIp(), bindings }: { as?: Actor | null; ip?: string; bindings?: Partial<Env> } = {},
) {
  const request = postForm(`/pet/${petId}/quero-adotar`, fields, { "CF-Connecting-IP": ip });
  const call = await contextFor(as, { bindings });
  const outcome = await invoke(route("pet.quero-adotar"), "action", request, { id: String(petId) }, call);
  return { outcome, call };
}

async function writeMessage(
  petId: number,
  fields: Record<string, string>,
  { ip = nextIp(), bindings }: { ip?: string; bindings?: Partial<Env> } = {},
) {
  const request = postForm(`/pet/${petId}/mensagem`, fields, { "CF-Connecting-IP": ip });
  const call = await contextFor(null, { bindings });
  return invoke(route("pet.mensagem"), "action", request, { id: String(petId) }, call);
}

async function formPage(petId: number | string, as: Actor | null = null) {
  const call = await contextFor(as);
  return invoke(
    route("pet.quero-adotar"),
    "loader",
    new Request(`http://localhost/pet/${petId}/quero-adotar`),
    { id: String(petId) },
    call,
  );
}

async function petPage(petId: number, as: Actor | null = null) {
  const call = await contextFor(as);
  const outcome = await invoke(route("pet"), "loader", new Request(`http://localhost/pet/${petId}`), { id: String(petId) }, call);
  return outcome.data as { organization: unknown; messages: Record<string, unknown>[] };
}

type Reply = { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }; limited: boolean };
const replyOf = (outcome: Outcome) => outcome.data as Reply;

async function mailsTo(address: string) {
  return (await listOutbox(env.KV, 1000)).filter((m) => m.to === address);
}

const messagesOf = (petId: number) => db.select().from(petMessages).where(eq(petMessages.petId, petId));

describe("'Quero adotar'", () => {
  it("a visitor asks a person for their adoption ad: stored as a request, the poster mailed with it and a Reply-To, a toast", async () => {
    const o = await account();
    const pet = await createPet(o.id, { name: "Bolinha", status: "adocao" });
    const fields = validFields();
    const { outcome, call } = await ask(pet.id, fields);
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe(`/pet/${pet.id}`);
    expect(getSession(call.context).get("toasts")?.[0]).toMatchObject({
      type: "success",
      title: "Pedido enviado!",
      description: "Quem anunciou vai receber por e-mail e responder pelo contato que você deixou.",
    });
    expect(await messagesOf(pet.id)).toEqual([
      expect.objectContaining({
        kind: "adoption",
        senderName: fields.name,
        senderEmail: fields.email,
        senderPhone: fields.phone,
        message: fields.message,
      }),
    ]);
    const [mail] = await mailsTo(o.email);
    expect(mail?.subject).toBe("Pedido de adoção: Joana Souza quer adotar Bolinha");
    expect(mail?.replyTo).toBe(fields.email);
    for (const part of [fields.name, fields.message, fields.email, fields.phone, `http://localhost/pet/${pet.id}#mensagens`]) {
      expect(mail!.text).toContain(part);
    }
    // The poster reads it on the ad, marked as a request.
    expect((await petPage(pet.id, o)).messages).toEqual([expect.objectContaining({ kind: "adoption", message: fields.message })]);
  });

  it("reaches the NGO behind the ad: its account's address gets the request; the form names the NGO", async () => {
    const ngo = await account("ngo");
    const org = await createOrganization(ngo.id, { name: "ONG Patas do Bem" });
    const pet = await createPet(ngo.id, { name: "Pingo", status: "adocao" });
    const page = await formPage(pet.id);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: "open", kind: "adoption", pet: { id: pet.id, name: "Pingo", organizationName: org.name } });
    expect(JSON.stringify(page.data)).not.toContain(ngo.email);

    const fields = validFields({ phone: "" });
    expect((await ask(pet.id, fields)).outcome.status).toBe(303);
    const [mail] = await mailsTo(ngo.email);
    expect(mail?.subject).toBe("Pedido de adoção: Joana Souza quer adotar Pingo");
    expect(mail?.text).toContain(fields.message);
    expect(mail?.replyTo).toBe(fields.email);
  });

  it("an unconfirmed poster gets no typed text: not the request, not the sender, not the pet's name", async () => {
    const o = await account("personal", { confirmed: false });
    const pet = await createPet(o.id, { name: "Ganhe R$500 no PIX www.golpe.example", status: "adocao" });
    const fields = validFields({ message: "Acesse www.golpe.example e ganhe R$500 agora mesmo" });
    expect((await ask(pet.id, fields)).outcome.status).toBe(303);
    const [mail] = await mailsTo(o.email);
    expect(mail?.subject).toBe("Você recebeu um pedido de adoção na Patas Conectadas");
    expect(mail?.replyTo).toBeUndefined();
    const whole = JSON.stringify(mail);
    for (const typed of [fields.name, fields.email, fields.phone, "golpe", "R$500"]) expect(whole).not.toContain(typed);
    expect(mail!.text).toContain(`http://localhost/pet/${pet.id}#mensagens`);
    // The signed-in poster reads it on the ad.
    expect((await petPage(pet.id, o)).messages).toEqual([expect.objectContaining({ kind: "adoption", senderName: fields.name })]);
  });

  it("bad input: 400, every message at once in Portuguese, what was typed kept, nothing written", async () => {
    const o = await account();
    const pet = await createPet(o.id, { status: "adocao" });
    const before = await fullSnapshot();
    const empty = await ask(pet.id, { name: "", email: "", phone: "", message: "" });
    expect(empty.outcome.status).toBe(400);
    expect(replyOf(empty.outcome).result.error).toMatchObject({
      name: ["Por favor, preencha seu nome."],
      email: ["Informe um e-mail ou um telefone para receber a resposta."],
      message: ["Por favor, escreva sua mensagem."],
    });
    const typed = { name: "Joana", email: "joana@", phone: "me liga", message: "a".repeat(1001) };
    const bad = await ask(pet.id, typed);
    expect(bad.outcome.status).toBe(400);
    expect(replyOf(bad.outcome).result.error).toMatchObject({
      email: ["Informe um e-mail válido."],
      phone: ["Informe um WhatsApp ou telefone com DDD, por exemplo (11) 98765-4321."],
      message: ["A mensagem pode ter no máximo 1.000 caracteres."],
    });
    expect(replyOf(bad.outcome).result.initialValue).toMatchObject(typed);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
    expect(await mailsTo(o.email)).toEqual([]);
  });

  it("a filled honeypot gets the same answer, and nothing is stored or mailed", async () => {
    const o = await account();
    const pet = await createPet(o.id, { status: "adocao" });
    const before = await fullSnapshot();
    const { outcome, call } = await ask(pet.id, validFields({ website: "http://spam.example" }));
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe(`/pet/${pet.id}`);
    expect(getSession(call.context).get("toasts")?.[0]?.title).toBe("Pedido enviado!");
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
  });

  it("only an open adoption ad takes requests; the poster gets no form on their own ad", async () => {
    const o = await account();
    // A lost pet's page sends the visitor to 'Enviar mensagem'; a request posted anyway is a 404.
    const lost = await createPet(o.id, { status: "perdido" });
    const elsewhere = await formPage(lost.id);
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.location).toBe(`/pet/${lost.id}/mensagem`);
    const closed = await createPet(o.id, { status: "adocao", closedAs: "adotado", closedAt: new Date() });
    expect((await formPage(closed.id)).status).toBe(404);
    expect((await formPage(closed.id)).data).toMatchObject({ state: "closed" });
    for (const id of [lost.id, closed.id, 999_999_999]) {
      const before = await fullSnapshot();
      expect((await ask(id, validFields())).outcome.status, String(id)).toBe(404);
      expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
    }
    expect((await formPage("abc")).status).toBe(404);

    const pet = await createPet(o.id, { status: "adocao" });
    expect((await formPage(pet.id, o)).data).toMatchObject({ state: "own" });
    const before = await fullSnapshot();
    expect((await ask(pet.id, validFields(), { as: o })).outcome.status).toBe(403);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
  });

  it("a signed-in visitor finds name and e-mail filled in, and the message begun", async () => {
    const o = await account();
    const visitor = await account();
    const pet = await createPet(o.id, { name: "Mel", status: "adocao" });
    expect((await formPage(pet.id, visitor)).data).toMatchObject({
      defaults: { name: expect.stringMatching(/^Pessoa \d+$/), email: visitor.email, message: "Olá! Tenho interesse em adotar Mel." },
    });
  });
});

describe("'Quero adotar' and 'Enviar mensagem' share the ad's limits and the poster's mails", () => {
  it("per client and hour, across both forms: 429 'Muitas tentativas' with the real wait, what was typed kept", async () => {
    const o = await account();
    const ip = "198.19.1.1";
    for (let i = 0; i < RATE_LIMITS.petMessagesPerIp.limit; i++) {
      const pet = await createPet(o.id, { status: "adocao" });
      const outcome = i % 2 ? (await ask(pet.id, validFields(), { ip })).outcome : await writeMessage(pet.id, validFields(), { ip });
      expect(outcome.status).toBe(303);
    }
    const pet = await createPet(o.id, { status: "adocao" });
    const fields = validFields();
    const before = await fullSnapshot();
    const { outcome } = await ask(pet.id, fields, { ip });
    expect(outcome.status).toBe(429);
    expect(Number(outcome.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(replyOf(outcome).limited).toBe(true);
    expect(replyOf(outcome).result.error?.[""]?.[0]).toMatch(
      /^Muitas mensagens foram enviadas desta conexão. Tente de novo em \d+ (minutos?|hora)\.$/,
    );
    expect(replyOf(outcome).result.initialValue).toMatchObject(fields);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
  }, 30_000);

  it("per ad and network: messages and requests count together; past a day's worth, 429 saying 'amanhã'", async () => {
    const o = await account();
    const pet = await createPet(o.id, { status: "adocao" });
    const ip = "2804:14c:77a1:1::1";
    for (let i = 0; i < RATE_LIMITS.petMessagesPerPetPerNetwork.limit - 1; i++) {
      expect((await writeMessage(pet.id, validFields(), { ip })).status).toBe(303);
    }
    expect((await ask(pet.id, validFields(), { ip })).outcome.status).toBe(303);
    const before = await fullSnapshot();
    // Another /64 of the same /48 is the same network.
    const { outcome } = await ask(pet.id, validFields(), { ip: "2804:14c:77a1:2::1" });
    expect(outcome.status).toBe(429);
    expect(replyOf(outcome).result.error?.[""]).toEqual([
      "Muitas mensagens para este anúncio já foram enviadas desta conexão hoje. Tente de novo amanhã.",
    ]);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
    // Someone elsewhere still gets through.
    expect((await ask(pet.id, validFields())).outcome.status).toBe(303);
  }, 20_000);

  it("the poster gets the first 3 of the day at once, then one summary, whichever form they came from", async () => {
    const o = await account();
    const pet = await createPet(o.id, { name: "Bolinha", status: "adocao" });
    const queued: JobMessage[] = [];
    const JOBS = { send: async (body: JobMessage) => void queued.push(body) } as unknown as Queue;
    expect((await writeMessage(pet.id, validFields(), { bindings: { JOBS } })).status).toBe(303);
    for (let i = 0; i < 4; i++) expect((await ask(pet.id, validFields(), { bindings: { JOBS } })).outcome.status).toBe(303);
    expect(await mailsTo(o.email)).toHaveLength(OWNER_MAILS_PER_AD.limit);
    expect(queued).toEqual([{ kind: "inbox-summary", inbox: "messages", petId: pet.id, day: brasiliaNow().slice(0, 10) }]);
    expect(await messagesOf(pet.id)).toHaveLength(5);
  }, 20_000);
});

describe("the NGO behind an ad", () => {
  it("shows as a card (logo, name, city, its page) to everyone; a person's ad or a held organization shows none", async () => {
    const ngo = await account("ngo");
    const org = await createOrganization(ngo.id, {
      name: "Abrigo Quatro Patas",
      location: "Jacarepaguá, Rio de Janeiro - RJ",
      mainImageUrl: "/imagens/ongs/logo.webp",
    });
    const pet = await createPet(ngo.id, { status: "adocao" });
    const card = {
      id: org.id,
      name: "Abrigo Quatro Patas",
      location: "Jacarepaguá, Rio de Janeiro - RJ",
      mainImageUrl: "/imagens/ongs/logo.webp",
    };
    expect((await petPage(pet.id)).organization).toEqual(card);
    expect((await petPage(pet.id, ngo)).organization).toEqual(card);
    // Any status: a lost pet posted by the NGO shows it too.
    expect((await petPage((await createPet(ngo.id, { status: "perdido" })).id)).organization).toEqual(card);
    // Nothing of the NGO's account leaves the server.
    expect(JSON.stringify(await petPage(pet.id))).not.toContain(ngo.email);

    const person = await account();
    expect((await petPage((await createPet(person.id, { status: "adocao" })).id)).organization).toBeNull();
    await db.update(organizations).set({ moderation: "held" }).where(eq(organizations.id, org.id));
    expect((await petPage(pet.id)).organization).toBeNull();
  });
});

describe("an adoption search with no results offers the NGOs near the city", () => {
  type Offer = { place: string; items: { id: number; name: string }[]; allPath: string } | null;

  async function nearbyOffer(loaderId: string, path: string, params: Record<string, string> = {}) {
    const call = await contextFor(null);
    const outcome = await invoke(route(loaderId), "loader", new Request(`http://localhost${path}`), params, call);
    expect(outcome.status, path).toBe(200);
    return (outcome.data as { nearbyOrganizations: Offer }).nearbyOrganizations;
  }

  it("nearest first within 50 km, public ones only; none when pets were found, for another status, or without a city", async () => {
    const make = async (code: number | null, name: string) => {
      const user = await createUser("ngo");
      return createOrganization(user.id, { name, municipalityCode: code });
    };
    const here = await make(OSASCO, "ONG de Osasco");
    const near = await make(SAO_PAULO, "ONG de São Paulo");
    const edge = await make(JUNDIAI, "ONG de Jundiaí");
    await make(MANAUS, "ONG de Manaus");
    await make(null, "ONG sem cidade");
    const held = await make(OSASCO, "ONG em análise");
    await db.update(organizations).set({ moderation: "held" }).where(eq(organizations.id, held.id));

    const offer = await nearbyOffer("buscar-pets", "/buscar-pets?category=adocao&cidade=osasco-sp");
    expect(offer).toMatchObject({ place: "Osasco - SP", allPath: "/ongs?cidade=osasco-sp&raio=50" });
    const ids = offer!.items.map((o) => o.id);
    expect(ids.slice(0, 2)).toEqual([here.id, near.id]);
    expect(ids).not.toContain(held.id);
    expect(offer!.items.map((o) => o.name)).not.toContain("ONG de Manaus");
    expect(offer!.items.length).toBeLessThanOrEqual(3);
    void edge;

    // /pets with the status and the city, and the city page.
    expect((await nearbyOffer("pets", "/pets?status=adocao&cidade=osasco-sp"))?.items[0]?.id).toBe(here.id);
    expect((await nearbyOffer("adocao.cidade", "/adocao/sp/osasco", { uf: "sp", cidade: "osasco" }))?.items[0]?.id).toBe(here.id);

    // Not offered: another status, no city, or pets found.
    expect(await nearbyOffer("buscar-pets", "/buscar-pets?category=perdido&cidade=osasco-sp")).toBeNull();
    expect(await nearbyOffer("buscar-pets", "/buscar-pets?category=adocao")).toBeNull();
    expect(await nearbyOffer("pets", "/pets?status=perdido&cidade=osasco-sp")).toBeNull();
    const owner = await createUser();
    await createPet(owner.id, { status: "adocao", municipalityCode: OSASCO, location: "Centro, Osasco - SP" });
    expect(await nearbyOffer("buscar-pets", "/buscar-pets?category=adocao&cidade=osasco-sp")).toBeNull();
    expect(await nearbyOffer("pets", "/pets?status=adocao&cidade=osasco-sp")).toBeNull();
    expect(await nearbyOffer("adocao.cidade", "/adocao/sp/osasco", { uf: "sp", cidade: "osasco" })).toBeNull();
    // No NGO near: nothing to offer.
    expect(await nearbyOffer("buscar-pets", "/buscar-pets?category=adocao&cidade=Oiapoque%2C+AP")).toBeNull();
  });

  it("reads one range of the neighbours' index and the organizations' municipality index", async () => {
    const within = await organizationsNear(db, { code: CAMPINAS, km: 50 }, 3);
    expect(within.every((o, i) => i === 0 || o.distanceKm >= within[i - 1]!.distanceKm)).toBe(true);
    const query = organizationsNear(db, { code: CAMPINAS, km: 50 }, 3).toSQL();
    const plan = await db.$client
      .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const detail = plan.results.map((r) => r.detail).join(" | ");
    expect(detail).toMatch(/municipality_neighbours USING COVERING INDEX municipality_neighbours_from_distance_idx/);
    expect(detail).toMatch(/organizations USING INDEX organizations_municipality_code_idx/);
    expect(detail).not.toMatch(/SCAN organizations/);
  });
});
