// Instant 'Avise-me' alerts (docs/decisions/0046): a new lost, found or sighted pet reaches
// every confirmed saved search whose city and radius, status and species cover it, through
// the task queue; at most INSTANT_ALERTS_PER_DAY a day per address; the rest go to the
// daily digest, which never repeats a pet already mailed to that address.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { instantAlerts, savedSearches, users } from "~/db/schema";
import { INSTANT_ALERTS_PER_DAY, normaliseCriteria } from "~/lib/saved-search";
import { coveringSavedSearches } from "~/models/instant-alerts.server";
import { newestPetId, saveSearch } from "~/models/saved-searches.server";
import * as newRoute from "~/routes/alertas.novo";
import { listOutbox, type OutboxEntry } from "~/platform/mail.server";
import { announceNewPet } from "~/services/instant-alerts.server";
import { searchAlertColumns } from "~/services/search-alerts.server";
import { INSTANT_ALERTS_PER_MESSAGE, type JobMessage } from "~/services/job-messages";
import { createPet, createUser, db } from "./fixtures";
import { makeContext } from "./context";
import { drain, runDailyWork, siteEnv } from "./task-queue-harness";
import { type Actor, contextFor, invoke, postForm, routeAt } from "./route-harness";

const novo = routeAt(newRoute, "/alertas/novo");
const DAY = 24 * 60 * 60 * 1000;
const OSASCO = 3534401; // 15.5 km from São Paulo (docs/decisions/0032)

let serial = 0;
const nextIp = () => `198.51.100.${++serial}`;
/** A made-up word: this test's pets and searches never meet another's. */
const word = () =>
  `zq${crypto
    .randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 8)}`;

async function verifiedUser(): Promise<Actor> {
  const user = await createUser("personal");
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return { ...user, accountType: "personal" };
}

/** A search saved through 'Avise-me' by a verified account: confirmed at once. Its e-mail. */
async function confirmedSearch(query: string, user?: Actor): Promise<string> {
  const actor = user ?? (await verifiedUser());
  const call = await contextFor(actor);
  const saved = await invoke(novo, "action", postForm(`/alertas/novo?${query}`, {}, { "CF-Connecting-IP": nextIp() }), {}, call);
  expect(saved.status, JSON.stringify(saved.data)).toBe(303);
  return actor.email;
}

/** The same search saved by a visitor: unconfirmed until the link is opened. */
async function unconfirmedSearch(query: string): Promise<string> {
  const email = `visitante-${++serial}@exemplo.com.br`;
  const saved = await invoke(
    novo,
    "action",
    postForm(`/alertas/novo?${query}`, { email }, { "CF-Connecting-IP": nextIp() }),
    {},
    await contextFor(null),
  );
  expect(saved.status).toBe(303);
  return email;
}

async function createPetIn(code: number, city: string, name: string, overrides: Parameters<typeof createPet>[1] = {}) {
  const poster = await createUser();
  return createPet(poster.id, {
    name,
    status: "perdido",
    type: "cachorro",
    location: `Centro, ${city}`,
    municipalityCode: code,
    ...overrides,
  });
}

async function alertsFor(petId: number, now = new Date()) {
  return drain([{ kind: "instant-alerts", petId }], { env: siteEnv, now });
}

const instantMailsTo = async (email: string): Promise<OutboxEntry[]> =>
  (await listOutbox(env.KV, 1000)).filter((m) => m.to === email && m.subject.startsWith("Novo pet"));
const digestsTo = async (email: string): Promise<OutboxEntry[]> =>
  (await listOutbox(env.KV, 1000)).filter((m) => m.to === email && m.subject === "Novos pets para a sua busca");

describe("saving a search keeps what the instant alerts look it up by", () => {
  it("the municipality, the radius, one status and one species; none when several or 'Outro'", async () => {
    const one = await confirmedSearch("cidade=Osasco&raio=10&category=perdido&filter=Gato");
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.email, one));
    expect(row).toMatchObject({ alertMunicipalityCode: OSASCO, alertRadiusKm: 10, alertStatus: "perdido", alertSpecies: "gato" });

    const several = await confirmedSearch("cidade=osasco-sp&filter=encontrado&filter=avistado&filter=Outro");
    const [other] = await db.select().from(savedSearches).where(eq(savedSearches.email, several));
    expect(other).toMatchObject({ alertMunicipalityCode: OSASCO, alertRadiusKm: 0, alertStatus: "", alertSpecies: "" });

    const noCity = await confirmedSearch(`q=${word()}&filter=perdido`);
    const [third] = await db.select().from(savedSearches).where(eq(savedSearches.email, noCity));
    expect(third).toMatchObject({ alertMunicipalityCode: null, alertStatus: "perdido", alertSpecies: "" });
  });
});

describe("a new pet's instant alerts, from the task queue", () => {
  it("a confirmed saved search that covers it gets one mail; unconfirmed or not covering ones get none", async () => {
    const name = `Totó ${word()}`;
    const covering = [
      await confirmedSearch("cidade=sao-paulo-sp&raio=25&filter=perdido&filter=Cachorro"),
      await confirmedSearch("cidade=osasco-sp"),
      await confirmedSearch(`cidade=osasco-sp&q=${encodeURIComponent(name.split(" ")[1]!)}`),
    ];
    const notCovering = [
      await unconfirmedSearch("cidade=osasco-sp&filter=perdido"),
      await confirmedSearch("cidade=osasco-sp&filter=Gato"),
      await confirmedSearch("cidade=osasco-sp&filter=encontrado"),
      await confirmedSearch("cidade=sao-paulo-sp&filter=perdido"),
      await confirmedSearch(`cidade=osasco-sp&q=${word()}`),
      await confirmedSearch("cidade=osasco-sp&filter=Pequeno"),
      // No city: not a neighbour; the digest tells it (docs/decisions/0046).
      await confirmedSearch("filter=perdido&filter=Cachorro"),
    ];
    const pet = await createPetIn(OSASCO, "Osasco - SP", name, { size: "Grande" });

    const { processed } = await alertsFor(pet.id);
    expect(processed.filter((m) => m.kind === "deliveries")).toHaveLength(1);
    for (const email of covering) {
      const mails = await instantMailsTo(email);
      expect(mails, email).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.subject).toBe(`Novo pet perdido na sua região: ${name}`);
      for (const body of [mail!.text, mail!.html]) {
        expect(body).toContain(`https://patas.example/pet/${pet.id}`);
        expect(body).toContain("https://patas.example/alertas/cancelar/");
      }
      expect(mail!.headers?.["List-Unsubscribe"]).toMatch(/^<https:\/\/patas\.example\/alertas\/cancelar\/[\w-]{43}>$/);
      expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    }
    for (const email of notCovering) expect(await instantMailsTo(email), email).toEqual([]);

    // The same message delivered again mails nobody twice.
    await alertsFor(pet.id);
    for (const email of covering) expect(await instantMailsTo(email)).toHaveLength(1);
  });

  it("a held, unlisted or closed pet, an adoption ad, or a pet of no municipality alerts no one", async () => {
    const email = await confirmedSearch("cidade=osasco-sp");
    const held = await createPetIn(OSASCO, "Osasco - SP", "Retido", { moderation: "held" });
    const unlisted = await createPetIn(OSASCO, "Osasco - SP", "Fora", { listed: false });
    const closed = await createPetIn(OSASCO, "Osasco - SP", "Fechado", { closedAs: "reencontrado", closedAt: new Date(), listed: false });
    const adoption = await createPetIn(OSASCO, "Osasco - SP", "Adote", { status: "adocao" });
    const nowhere = await createPetIn(OSASCO, "Osasco - SP", "Sem lugar", { municipalityCode: null });
    for (const pet of [held, unlisted, closed, adoption, nowhere]) await alertsFor(pet.id);
    expect(await instantMailsTo(email)).toEqual([]);
  });

  it("an address with two saved searches that cover the pet hears of it once", async () => {
    const user = await verifiedUser();
    await confirmedSearch("cidade=osasco-sp", user);
    await confirmedSearch("cidade=sao-paulo-sp&raio=25&filter=perdido", user);
    const pet = await createPetIn(OSASCO, "Osasco - SP", `Duplo ${word()}`);
    await alertsFor(pet.id);
    expect(await instantMailsTo(user.email)).toHaveLength(1);
  });

  it("a search saved after the pet was posted is not alerted about it", async () => {
    const pet = await createPetIn(OSASCO, "Osasco - SP", `Antes ${word()}`);
    const email = await confirmedSearch("cidade=osasco-sp");
    await alertsFor(pet.id);
    expect(await instantMailsTo(email)).toEqual([]);
  });

  it(`many covering searches are split into messages of ${INSTANT_ALERTS_PER_MESSAGE}`, async () => {
    const code = 3509502; // Campinas: none of the other tests' searches
    const emails: string[] = [];
    for (let i = 0; i < INSTANT_ALERTS_PER_MESSAGE + 5; i++) emails.push(await confirmedSearch("cidade=campinas-sp&filter=perdido"));
    const pet = await createPetIn(code, "Campinas - SP", `Muitos ${word()}`);
    const { processed } = await alertsFor(pet.id);
    expect(processed.filter((m) => m.kind === "instant-alerts")).toHaveLength(2);
    for (const email of emails) expect(await instantMailsTo(email)).toHaveLength(1);
  });
});

describe("the daily cap and the digest", () => {
  it(`at most ${INSTANT_ALERTS_PER_DAY} a day per address; the digest mails the rest and never repeats one`, async () => {
    const code = 3548708; // São Bernardo do Campo
    const email = await confirmedSearch("cidade=sao-bernardo-do-campo-sp&filter=perdido");
    const now = new Date();
    const posted = [];
    for (let i = 0; i < INSTANT_ALERTS_PER_DAY + 2; i++) {
      const pet = await createPetIn(code, "São Bernardo do Campo - SP", `Cão ${i} ${word()}`);
      posted.push(pet);
      await alertsFor(pet.id, now);
    }
    const instant = await instantMailsTo(email);
    expect(instant).toHaveLength(INSTANT_ALERTS_PER_DAY);
    const mailedIds = posted.slice(0, INSTANT_ALERTS_PER_DAY).map((p) => p.id);
    expect(await db.select({ petId: instantAlerts.petId }).from(instantAlerts).where(eq(instantAlerts.email, email))).toEqual(
      expect.arrayContaining(mailedIds.map((petId) => ({ petId }))),
    );

    // The daily digest: the capped pets, not the ones mailed at once.
    await runDailyWork(new Date(now.getTime() + 60_000));
    const [digest] = await digestsTo(email);
    expect(digest).toBeDefined();
    for (const pet of posted.slice(INSTANT_ALERTS_PER_DAY)) expect(digest!.text).toContain(`/pet/${pet.id}`);
    for (const id of mailedIds) expect(digest!.text).not.toMatch(new RegExp(`/pet/${id}(\\s|$)`));

    // The next day the address hears at once again.
    const tomorrow = await createPetIn(code, "São Bernardo do Campo - SP", `Amanhã ${word()}`);
    await alertsFor(tomorrow.id, new Date(now.getTime() + DAY));
    expect(await instantMailsTo(email)).toHaveLength(INSTANT_ALERTS_PER_DAY + 1);
  });

  it("no digest at all when every new pet was mailed at once; the search still moves on", async () => {
    const code = 3547809; // Santo André
    const email = await confirmedSearch("cidade=santo-andre-sp");
    const pet = await createPetIn(code, "Santo André - SP", `Só um ${word()}`);
    await alertsFor(pet.id);
    expect(await instantMailsTo(email)).toHaveLength(1);
    await runDailyWork(new Date(Date.now() + 60_000));
    expect(await digestsTo(email)).toEqual([]);
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.email, email));
    expect(row!.lastPetId).toBeGreaterThanOrEqual(pet.id);
  });

  it("week-old rows go with the daily housekeeping", async () => {
    const now = new Date();
    await db
      .insert(instantAlerts)
      .values({ email: "velho@exemplo.com.br", petId: 1, savedSearchId: 1, createdAt: new Date(now.getTime() - 8 * DAY) });
    await runDailyWork(now);
    expect(await db.select().from(instantAlerts).where(eq(instantAlerts.email, "velho@exemplo.com.br"))).toEqual([]);
  });
});

describe("publishing", () => {
  it("a new ad sends its matching and its instant alerts to the queue", async () => {
    const sent: JobMessage[] = [];
    const queue = {
      send: async (body: JobMessage) => void sent.push(body),
      sendBatch: async (messages: { body: JobMessage }[]) => void sent.push(...messages.map((m) => m.body)),
    } as unknown as Queue;
    const { context } = await makeContext(null, { JOBS: queue });
    await announceNewPet(context, 42);
    expect(sent).toEqual([
      { kind: "matches", petId: 42, origin: expect.any(String) },
      { kind: "instant-alerts", petId: 42 },
    ]);
  });
});

describe("the covering query", () => {
  it("seeks the area's municipalities on saved_searches_instant_idx and reads about the rows it returns", async () => {
    const code = 3552205; // Sorocaba
    const lastPetId = await newestPetId(db);
    const columnsOf = async (query: string) => searchAlertColumns(db, normaliseCriteria(query));
    const insert = async (query: string, confirmed = true) => {
      const criteria = normaliseCriteria(query);
      const saved = await saveSearch(db, {
        userId: null,
        email: `s-${++serial}@exemplo.com.br`,
        criteria,
        confirmed,
        lastPetId,
        now: new Date(),
        alert: await columnsOf(query),
      });
      if (!saved.ok) throw new Error("limite");
      return saved.search.id;
    };
    const expected: number[] = [];
    for (let i = 0; i < 4; i++) expected.push(await insert("cidade=sorocaba-sp&filter=perdido&filter=Cachorro"));
    for (let i = 0; i < 2; i++) expected.push(await insert("cidade=sorocaba-sp"));
    const pet = await createPetIn(code, "Sorocaba - SP", "Sorocabano");
    const query = coveringSavedSearches(db, { petId: pet.id, municipalityCode: code, status: "perdido", type: "cachorro" }).toSQL();
    const runQuery = () =>
      env.DB.prepare(query.sql)
        .bind(...query.params)
        .all<{ id: number }>();
    const before = await runQuery();

    // Noise it must not read: other statuses and species, unconfirmed ones, the same city.
    for (let i = 0; i < 10; i++) await insert("cidade=sorocaba-sp&filter=adocao");
    for (let i = 0; i < 10; i++) await insert("cidade=sorocaba-sp&filter=Gato");
    for (let i = 0; i < 10; i++) await insert("cidade=sorocaba-sp&filter=perdido", false);

    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail);
    expect(
      details.some((d) => /saved_searches USING INDEX saved_searches_instant_idx/.test(d)),
      details.join("\n"),
    ).toBe(true);
    expect(
      details.some((d) => /^SCAN /.test(d)),
      details.join("\n"),
    ).toBe(false);
    const result = await runQuery();
    expect(result.results.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected);
    // The 30 rows of noise in the very municipality cost nothing.
    expect(result.meta.rows_read).toBe(before.meta.rows_read);
    // What it reads: the area's neighbour rows, a few index steps for each municipality's
    // 4 (status, species) seeks, and each covering search's index entry and row.
    const neighbours = await env.DB.prepare("SELECT count(*) AS n FROM municipality_neighbours WHERE from_code = ?")
      .bind(code)
      .first<{ n: number }>();
    expect(result.meta.rows_read).toBeLessThanOrEqual(8 * neighbours!.n + 2 * expected.length);
  });
});
