// Instant 'Avise-me' alerts (docs/decisions/0046): a new lost, found or sighted pet reaches
// every confirmed saved search whose city and radius, status and species cover it, through
// the task queue; at most INSTANT_ALERTS_PER_DAY a day per address; the rest go to the
// daily digest, which never repeats a pet already mailed to that address.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { instantAlertDays, savedSearches, users } from "~/db/schema";
import { INSTANT_ALERTS_PER_DAY, normaliseCriteria } from "~/lib/saved-search";
import {
  alertDay,
  alertedAtOnceAmong,
  coveringSavedSearches,
  deleteInstantAlertsOf,
  recordedInstantAlertsQuery,
  recordInstantAlert,
} from "~/models/instant-alerts.server";
import { newestPetId, saveSearch } from "~/models/saved-searches.server";
import * as newRoute from "~/routes/alertas.novo";
import { listOutbox, type OutboxEntry } from "~/platform/mail.server";
import { alertNewPet, announceNewPet } from "~/services/instant-alerts.server";
import { searchAlertColumns } from "~/services/search-alerts.server";
import { INSTANT_ALERTS_PER_MESSAGE, type JobMessage } from "~/services/job-messages";
import { activityDb, createPet, createUser, db } from "./fixtures";
import { readMeter } from "./read-meter";
import { makeContext } from "./context";
import { drain, runDailyWork, siteEnv } from "./task-queue-harness";
import { type Actor, contextFor, invoke, postForm, routeAt } from "./route-harness";

const novo = routeAt(newRoute, "/alertas/novo");
const DAY = 24 * 60 * 60 * 1000;
const OSASCO = 3534401; // 15.5 km from São Paulo (docs/decisions/0032)
// Far from São Paulo and from each other: each test's own city.
const RIBEIRAO_PRETO = 3543402;
const BAURU = 3506003;
const PRESIDENTE_PRUDENTE = 3541406;
const MARILIA = 3529005;
const FRANCA = 3516200;

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

/** The pets `email` was told of at once on Brasília day `day`, from its row of that day. */
async function toldOn(day: string, email: string): Promise<number[]> {
  const [row] = await db
    .select()
    .from(instantAlertDays)
    .where(and(eq(instantAlertDays.day, day), eq(instantAlertDays.email, email)));
  return (row?.pets ?? []).map(([petId]) => petId);
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
    // The job sends its mails itself: no outbox, no 'deliveries' message (docs/decisions/0052).
    expect(processed.filter((m) => m.kind === "deliveries")).toHaveLength(0);
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
    expect(await toldOn(alertDay(now), email)).toEqual(mailedIds);

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

  it("the daily housekeeping keeps the last 8 Brasília days (today and the week before) and deletes the older ones", async () => {
    const now = new Date();
    const email = "velho@exemplo.com.br";
    await db.insert(instantAlertDays).values([
      { day: alertDay(now, 8), email, pets: [[1, 1]] },
      { day: alertDay(now, 7), email, pets: [[2, 1]] },
    ]);
    await runDailyWork(now);
    expect(await toldOn(alertDay(now, 8), email)).toEqual([]);
    expect(await toldOn(alertDay(now, 7), email)).toEqual([2]);
  });

  it("the digest skips a pet told at once days before (its search's digests had stopped), and lists the rest", async () => {
    const email = await confirmedSearch("cidade=franca-sp");
    const now = new Date();
    const told = await createPetIn(FRANCA, "Franca - SP", `Contado ${word()}`);
    await alertsFor(told.id, new Date(now.getTime() - 3 * DAY));
    expect(await toldOn(alertDay(now, 3), email)).toEqual([told.id]);
    const untold = await createPetIn(FRANCA, "Franca - SP", `Não contado ${word()}`);
    await runDailyWork(new Date(now.getTime() + 60_000));
    const [digest] = await digestsTo(email);
    expect(digest!.text).toContain(`/pet/${untold.id}`);
    expect(digest!.text).not.toMatch(new RegExp(`/pet/${told.id}(\\s|$)`));
  });
});

describe("the record of what an address was told: one row per address and Brasília day", () => {
  it("one D1 row written per mail: the first of an address's day inserts its row, each further one updates it", async () => {
    const emails: string[] = [];
    for (let i = 0; i < 4; i++) emails.push(await confirmedSearch("cidade=ribeirao-preto-sp"));
    const meter = readMeter();
    const job = { env: siteEnv, db: meter.db, activityDb, now: new Date() };
    const pets: number[] = [];
    for (const round of [1, 2]) {
      const pet = await createPetIn(RIBEIRAO_PRETO, "Ribeirão Preto - SP", `Rodada ${round} ${word()}`);
      meter.take();
      meter.takeWritten();
      await alertNewPet(job, { petId: pet.id });
      const [read, written] = [meter.take(), meter.takeWritten()];
      console.log(
        `instant alerts, round ${round}: ${read} rows read and ${written} written in the main database for ${emails.length} mails`,
      );
      // The main database writes only the records (the mails are the activity database's).
      expect(written, `rodada ${round}`).toBe(emails.length);
      pets.push(pet.id);
    }
    for (const email of emails) expect(await toldOn(alertDay(job.now), email)).toEqual(pets);
  });

  it(`concurrent messages cannot pass the cap of ${INSTANT_ALERTS_PER_DAY} a day, nor tell an address of a pet twice`, async () => {
    const email = await confirmedSearch("cidade=bauru-sp");
    const pets = [];
    for (let i = 0; i < INSTANT_ALERTS_PER_DAY + 3; i++) pets.push(await createPetIn(BAURU, "Bauru - SP", `Ao mesmo tempo ${i} ${word()}`));
    const now = new Date();
    // Each pet's message twice, all at the same time.
    await Promise.all([...pets, ...pets].map((pet) => alertsFor(pet.id, now)));
    expect(await instantMailsTo(email)).toHaveLength(INSTANT_ALERTS_PER_DAY);
    const told = await toldOn(alertDay(now), email);
    expect(told).toHaveLength(INSTANT_ALERTS_PER_DAY);
    expect(new Set(told).size).toBe(INSTANT_ALERTS_PER_DAY);
  });

  it("every statement on the records seeks the primary key (day, address); none scans the table", async () => {
    const now = new Date();
    const emails = ["a@exemplo.com.br", "b@exemplo.com.br"];
    const statements = [
      recordInstantAlert(db, { email: emails[0]!, petId: 1, savedSearchId: 1, now, perDay: INSTANT_ALERTS_PER_DAY }).toSQL(),
      recordedInstantAlertsQuery(db, 1, emails, now).toSQL(),
      alertedAtOnceAmong(db, emails, 0, 100).toSQL(),
      deleteInstantAlertsOf(db, emails[0]!).toSQL(),
    ];
    for (const { sql, params } of statements) {
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail);
      expect(
        details.some((d) => /^SCAN instant_alert_days/.test(d)),
        `${sql}\n${details.join("\n")}`,
      ).toBe(false);
    }
  });

  // 23:59 and 00:01 in Brasília (UTC−3): the cap's day changes in between.
  const beforeMidnight = new Date("2026-12-01T02:59:00Z");
  const afterMidnight = new Date("2026-12-01T03:01:00Z");

  it("a message delivered again after midnight tells no one twice, and takes nothing of the new day's cap", async () => {
    const email = await confirmedSearch("cidade=presidente-prudente-sp");
    const pet = await createPetIn(PRESIDENTE_PRUDENTE, "Presidente Prudente - SP", `Meia-noite ${word()}`);
    await alertsFor(pet.id, beforeMidnight);
    expect(await instantMailsTo(email)).toHaveLength(1);
    await alertsFor(pet.id, afterMidnight);
    expect(await instantMailsTo(email)).toHaveLength(1);
    expect(await toldOn("2026-11-30", email)).toEqual([pet.id]);
    expect(await toldOn("2026-12-01", email)).toEqual([]);
  });

  it("a pet recorded before midnight whose mail was lost is mailed by the message's retry after midnight", async () => {
    const email = await confirmedSearch("cidade=marilia-sp");
    const [search] = await db.select().from(savedSearches).where(eq(savedSearches.email, email));
    const pet = await createPetIn(MARILIA, "Marília - SP", `Perdido no caminho ${word()}`);
    // The first delivery recorded the alert and failed before its mail.
    await recordInstantAlert(db, {
      email: email.toLowerCase(),
      petId: pet.id,
      savedSearchId: search!.id,
      now: beforeMidnight,
      perDay: INSTANT_ALERTS_PER_DAY,
    });
    expect(await instantMailsTo(email)).toEqual([]);
    await alertsFor(pet.id, afterMidnight);
    expect(await instantMailsTo(email)).toHaveLength(1);
    expect(await toldOn("2026-11-30", email.toLowerCase())).toEqual([pet.id]);
    expect(await toldOn("2026-12-01", email.toLowerCase())).toEqual([]);
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
