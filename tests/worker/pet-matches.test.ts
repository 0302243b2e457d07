// Lost ↔ found/sighted matches (docs/decisions/0025). Constructed cases
// against the real local D1 and KV: which pets match, what is stored, who is mailed and
// how often, and who sees the list.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getCloudflare } from "~/context.server";
import { petMatches, pets } from "~/db/schema";
import { MATCH_CANDIDATE_LIMIT } from "~/lib/pet-match";
import { findMatchCandidates, listSimilarLostPets } from "~/models/pet-matches.server";
import { loader as petLoader } from "~/routes/pet";
import { action as editPetAction } from "~/routes/pet.edit";
import { listOutbox } from "~/platform/mail.server";
import { MATCH_MAILS_PER_DAY, matchAfterPosting, matchNewPet } from "~/services/pet-matches.server";
import { makeContext, signedInContext } from "./context";
import { activityDb, createPet, createUser, db } from "./fixtures";
import { drain } from "./task-queue-harness";
import type { JobMessage } from "~/services/job-messages";

const DAY = 24 * 60 * 60 * 1000;
const ORIGIN = "http://localhost";

interface Place {
  code: number;
  name: string;
  uf: string;
}

const SAO_PAULO: Place = { code: 3550308, name: "São Paulo", uf: "SP" };
const OSASCO: Place = { code: 3534401, name: "Osasco", uf: "SP" };

// Each test its own municipality, one with no other within 25 km (840 of them), so the pets
// of one test are never candidates in another; two tests use São Paulo and Osasco on purpose.
let isolated: Place[] | null = null;
async function uniqueCity(): Promise<Place> {
  isolated ??= (
    await env.DB.prepare(
      `SELECT ibge_code AS code, name, uf FROM municipalities m WHERE NOT EXISTS (SELECT 1 FROM municipality_neighbours n
        WHERE n.from_code = m.ibge_code AND n.to_code <> m.ibge_code AND n.distance_km <= 25) ORDER BY ibge_code`,
    ).all<Place>()
  ).results;
  const next = isolated.shift();
  if (!next) throw new Error("acabaram os municípios isolados");
  return next;
}

const label = (city: Place) => `${city.name} - ${city.uf}`;

type PetFields = Parameters<typeof createPet>[1];

/** A lost dog that the found dog below matches fully. */
const lostDog = (city: Place, overrides: PetFields = {}): PetFields => ({
  status: "perdido",
  type: "cachorro",
  location: `Centro, ${label(city)}`,
  municipalityCode: city.code,
  size: "Médio",
  gender: "Macho",
  color: "Caramelo com branco",
  breed: "Vira-lata",
  missingSince: "2026-11-10",
  ...overrides,
});

const foundDog = (city: Place, overrides: PetFields = {}): PetFields =>
  lostDog(city, { status: "encontrado", color: "branco e caramelo", breed: "SRD", missingSince: "2026-11-11", ...overrides });

/** A 'matches' message's work, then the deliveries of the mails it wrote (docs/decisions/0037). */
async function run(petId: number, now?: Date) {
  const result = await matchNewPet({ env, db, activityDb, origin: ORIGIN, now }, petId);
  if (result.mailKeys.length > 0) await drain([{ kind: "deliveries", keys: result.mailKeys }]);
  return result;
}

const mailsTo = async (email: string) => (await listOutbox(env.KV, 1000)).filter((m) => m.to === email);

const storedFor = (ids: number[]) => db.select().from(petMatches).where(inArray(petMatches.lostPetId, ids));

describe("matching a new found or sighted pet against lost pets", () => {
  it("ranks the true match first and stores the pair with lostPetId the lost one", async () => {
    const finder = await createUser();
    const ownerA = await createUser();
    const ownerB = await createUser();
    // A real city, in different neighbourhoods.
    const trueLost = await createPet(ownerA.id, lostDog(SAO_PAULO, { type: "reptil", location: "Moema, São Paulo - SP" }));
    const partial = await createPet(
      ownerB.id,
      lostDog(SAO_PAULO, { type: "reptil", size: "Grande", color: "Caramelo", missingSince: "2026-11-01" }),
    );
    const found = await createPet(finder.id, foundDog(SAO_PAULO, { type: "reptil", location: "Pinheiros, São Paulo - SP" }));

    const result = await run(found.id);
    expect(result.stored.map((m) => m.lostPetId)).toEqual([trueLost.id, partial.id]);
    expect(result.stored[0]!.score).toBeGreaterThan(result.stored[1]!.score);
    const rows = await storedFor([trueLost.id, partial.id]);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.otherPetId === found.id)).toBe(true);
  });

  it("never matches another species, another city, a pet older than 60 days, a closed or unlisted one, or one's own", async () => {
    const city = await uniqueCity();
    const finder = await createUser();
    const other = await createUser();
    const cat = await createPet(other.id, lostDog(city, { type: "gato" }));
    const elsewhere = await createPet(other.id, lostDog(await uniqueCity()));
    const old = await createPet(other.id, lostDog(city, { createdAt: new Date(Date.now() - 61 * DAY) }));
    const closed = await createPet(other.id, lostDog(city, { closedAs: "reencontrado", closedAt: new Date() }));
    const unlisted = await createPet(other.id, lostDog(city, { listed: false }));
    const own = await createPet(finder.id, lostDog(city));
    const adoption = await createPet(other.id, lostDog(city, { status: "adocao" }));
    const found = await createPet(finder.id, foundDog(city));

    expect((await run(found.id)).stored).toEqual([]);
    expect(await storedFor([cat.id, elsewhere.id, old.id, closed.id, unlisted.id, own.id, adoption.id])).toEqual([]);
    expect(await mailsTo(other.email)).toEqual([]);
    expect(await mailsTo(finder.email)).toEqual([]);
  });

  it("stores nothing below the threshold (same species and city, another colour and sex)", async () => {
    const city = await uniqueCity();
    const owner = await createUser();
    const finder = await createUser();
    const lost = await createPet(owner.id, lostDog(city, { color: "Preto", gender: "Fêmea" }));
    const found = await createPet(finder.id, foundDog(city, { color: "Branco" }));
    expect((await run(found.id)).stored).toEqual([]);
    expect(await storedFor([lost.id])).toEqual([]);
  });

  it("a sighted pet matches as a found one does", async () => {
    const city = await uniqueCity();
    const owner = await createUser();
    const lost = await createPet(owner.id, lostDog(city));
    const sighted = await createPet((await createUser()).id, foundDog(city, { status: "avistado" }));
    expect((await run(sighted.id)).stored).toEqual([expect.objectContaining({ lostPetId: lost.id, otherPetId: sighted.id })]);
  });

  it("mails the lost pet's owner once per match, with the exact subject and both links", async () => {
    const city = await uniqueCity();
    const owner = await createUser();
    const finder = await createUser();
    const lost = await createPet(owner.id, lostDog(city, { name: "Paçoca" }));
    const found = await createPet(finder.id, foundDog(city, { name: "Cão da praça" }));

    expect((await run(found.id)).mailed).toEqual([lost.id]);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Possível correspondência para Paçoca");
    for (const body of [mails[0]!.text, mails[0]!.html]) {
      expect(body).toContain(`${ORIGIN}/pet/${lost.id}`);
      expect(body).toContain(`${ORIGIN}/pet/${found.id}`);
    }
    const [row] = await storedFor([lost.id]);
    expect(row!.notifiedAt).toBeInstanceOf(Date);
    // The finder hears of it too: both posters are mailed (docs/decisions/0046).
    const finderMails = await mailsTo(finder.email);
    expect(finderMails.map((m) => m.subject)).toEqual(["Possível correspondência para Cão da praça"]);
    for (const body of [finderMails[0]!.text, finderMails[0]!.html]) {
      expect(body).toContain(`${ORIGIN}/pet/${lost.id}`);
      expect(body).toContain(`${ORIGIN}/pet/${found.id}`);
      expect(body).toContain("Paçoca");
    }

    // Running again (a retry, an edit) stores and mails nothing new.
    expect(await run(found.id)).toEqual({ stored: [], mailed: [], mailKeys: [] });
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect(await mailsTo(finder.email)).toHaveLength(1);
  });

  it(`mails one owner at most ${MATCH_MAILS_PER_DAY.limit} times a day; the rest are stored and shown`, async () => {
    const city = await uniqueCity();
    const owner = await createUser();
    const lost = await createPet(owner.id, lostDog(city));
    const now = new Date();
    const founds = [];
    for (let i = 0; i < MATCH_MAILS_PER_DAY.limit + 2; i++) {
      const found = await createPet((await createUser()).id, foundDog(city, { name: `Achado ${i}` }));
      founds.push(found);
      await run(found.id, now);
    }
    expect(await mailsTo(owner.email)).toHaveLength(MATCH_MAILS_PER_DAY.limit);
    const rows = await storedFor([lost.id]);
    expect(rows).toHaveLength(founds.length);
    expect(rows.filter((r) => r.notifiedAt)).toHaveLength(MATCH_MAILS_PER_DAY.limit);

    // The next day the owner hears again.
    const tomorrow = await createPet((await createUser()).id, foundDog(city));
    await run(tomorrow.id, new Date(now.getTime() + DAY));
    expect(await mailsTo(owner.email)).toHaveLength(MATCH_MAILS_PER_DAY.limit + 1);

    const { context } = await ownerPage(owner);
    const data = await loadPet(lost.id, context);
    expect(data.matches).toHaveLength(founds.length + 1);
  });
});

describe("matching a new lost pet against found and sighted pets", () => {
  it("stores the pairs and mails the finders; the lost pet's owner sees them on the page", async () => {
    const city = await uniqueCity();
    const finder = await createUser();
    const sighter = await createUser();
    const owner = await createUser();
    const found = await createPet(finder.id, foundDog(city, { name: "Achado" }));
    const sighted = await createPet(
      sighter.id,
      foundDog(city, { name: "Visto", status: "avistado", size: "Grande", missingSince: "2026-11-20" }),
    );
    const otherCity = await createPet(finder.id, foundDog(await uniqueCity()));
    const lost = await createPet(owner.id, lostDog(city, { name: "Bidu" }));

    const result = await run(lost.id);
    expect(result.stored.map((m) => [m.lostPetId, m.otherPetId])).toEqual([
      [lost.id, found.id],
      [lost.id, sighted.id],
    ]);
    expect((await mailsTo(finder.email)).map((m) => m.subject)).toEqual(["Possível correspondência para Achado"]);
    expect((await mailsTo(sighter.email)).map((m) => m.subject)).toEqual(["Possível correspondência para Visto"]);
    // The owner, who posted, gets one mail with both (docs/decisions/0046): the matching
    // runs on the queue, after the page they landed on.
    const ownerMails = await mailsTo(owner.email);
    expect(ownerMails.map((m) => m.subject)).toEqual(["Possível correspondência para Bidu"]);
    expect(ownerMails[0]!.text).toContain(`${ORIGIN}/pet/${found.id}`);
    expect(ownerMails[0]!.text).toContain(`${ORIGIN}/pet/${sighted.id}`);

    const { context } = await ownerPage(owner);
    const data = await loadPet(lost.id, context);
    expect(data.matches.map((m) => m.id)).toEqual([found.id, sighted.id]);
    expect(data.matches.map((m) => m.id)).not.toContain(otherCity.id);
  });
});

async function ownerPage(user: { id: string }) {
  return { context: await signedInContext(user) };
}

type PetLoaderData = {
  matches: { id: number; name: string }[];
  similarLost: { id: number; name: string; status: string }[];
  isOwner: boolean;
};

async function loadPet(id: number, context: Parameters<typeof getCloudflare>[0]): Promise<PetLoaderData> {
  const request = new Request(`http://localhost/pet/${id}.data`);
  const result = (await petLoader({ params: { id: String(id) }, context, request } as never)) as unknown;
  await waitOnExecutionContext(getCloudflare(context).ctx);
  return ((result as { data?: unknown }).data ?? result) as PetLoaderData;
}

describe("who sees 'Possíveis correspondências'", () => {
  it("only the lost pet's owner gets the matches in the loader data", async () => {
    const city = await uniqueCity();
    const owner = await createUser();
    const finder = await createUser();
    const lost = await createPet(owner.id, lostDog(city));
    const found = await createPet(finder.id, foundDog(city));
    await run(found.id);

    const own = await loadPet(lost.id, await signedInContext(owner));
    expect(own.matches.map((m) => m.id)).toEqual([found.id]);

    for (const context of [(await makeContext()).context, await signedInContext(finder), await signedInContext(await createUser())]) {
      const data = await loadPet(lost.id, context);
      expect(data.isOwner).toBe(false);
      expect(data.matches).toEqual([]);
      expect(JSON.stringify(data)).not.toContain(`"score"`);
    }
    // The found pet's page has no owner's list ('Pets perdidos parecidos perto daqui' is
    // public and apart, below).
    expect((await loadPet(found.id, await signedInContext(finder))).matches).toEqual([]);
  });

  it("a match whose found pet was closed leaves the list", async () => {
    const city = await uniqueCity();
    const owner = await createUser();
    const lost = await createPet(owner.id, lostDog(city));
    const found = await createPet((await createUser()).id, foundDog(city));
    await run(found.id);
    await db.update(pets).set({ closedAs: "reencontrado", closedAt: new Date() }).where(eq(pets.id, found.id));
    expect((await loadPet(lost.id, await signedInContext(owner))).matches).toEqual([]);
  });
});

/** The edit's action, then the task queue's work it sent (the matching; docs/decisions/0037). */
async function editPet(user: { id: string }, id: number, fields: Record<string, string>) {
  const context = await signedInContext(user);
  const queued: JobMessage[] = [];
  getCloudflare(context).env.JOBS = { send: async (body: JobMessage) => void queued.push(body) } as unknown as Queue;
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request(`http://localhost/pet/${id}/edit`, { method: "POST", body });
  const result = await editPetAction({ params: { id: String(id) }, context, request } as never).catch((thrown: unknown) => thrown);
  await waitOnExecutionContext(getCloudflare(context).ctx);
  expect(queued).toEqual([{ kind: "matches", petId: id, origin: "http://localhost" }]);
  await drain(queued);
  return result as Response;
}

describe("editing a pet", () => {
  it("matches again when the city changes, and a pair an edit made impossible leaves the list", async () => {
    const city = await uniqueCity();
    const owner = await createUser();
    const finder = await createUser();
    const lost = await createPet(owner.id, lostDog(city, { name: "Farofa" }));
    const found = await createPet(finder.id, foundDog(await uniqueCity()));
    expect((await run(found.id)).stored).toEqual([]);

    const fields = {
      name: found.name,
      type: "cachorro",
      status: "encontrado",
      city: label(city),
      neighbourhood: "Centro",
      breed: "SRD",
      gender: "Macho",
      size: "Médio",
      color: "branco e caramelo",
    };
    expect((await editPet(finder, found.id, fields)).status).toBe(302);
    expect((await storedFor([lost.id])).map((r) => r.otherPetId)).toEqual([found.id]);
    expect((await mailsTo(owner.email)).map((m) => m.subject)).toEqual(["Possível correspondência para Farofa"]);
    expect((await loadPet(lost.id, await signedInContext(owner))).matches.map((m) => m.id)).toEqual([found.id]);

    // Another edit that changes nothing of the pair mails nothing again.
    expect((await editPet(finder, found.id, { ...fields, neighbourhood: "Praça" })).status).toBe(302);
    expect(await mailsTo(owner.email)).toHaveLength(1);

    // The finder corrects the species: the pair no longer shows.
    expect((await editPet(finder, found.id, { ...fields, type: "gato" })).status).toBe(302);
    expect((await loadPet(lost.id, await signedInContext(owner))).matches).toEqual([]);
  });
});

describe("never failing the ad", () => {
  it("a failure to queue the matching is logged, and the caller goes on", async () => {
    const city = await uniqueCity();
    const owner = await createUser();
    await createPet(owner.id, lostDog(city));
    const found = await createPet((await createUser()).id, foundDog(city));
    const brokenQueue = {
      send: () => Promise.reject(new Error("fila fora do ar")),
      sendBatch: () => Promise.reject(new Error("fila fora do ar")),
    } as unknown as Queue;
    const { context } = await makeContext(null, { JOBS: brokenQueue });
    const request = new Request("http://localhost/cadastrar-pet", { method: "POST" });
    await expect(matchAfterPosting(context, request, found.id)).resolves.toBeUndefined();
    await waitOnExecutionContext(getCloudflare(context).ctx);
  });
});

describe("across city lines (docs/decisions/0032)", () => {
  it("a dog lost in Osasco matches the same dog found in São Paulo, 15.5 km away, below a same-city match", async () => {
    const owner = await createUser();
    const finder = await createUser();
    const neighbour = await createUser();
    const lost = await createPet(owner.id, lostDog(OSASCO, { type: "furao", name: "Paçoca" }));
    const sameCity = await createPet(neighbour.id, foundDog(OSASCO, { type: "furao" }));
    const found = await createPet(finder.id, foundDog(SAO_PAULO, { type: "furao" }));
    const fromOsasco = (await run(sameCity.id)).stored;
    const fromSaoPaulo = (await run(found.id)).stored;
    expect(fromOsasco.map((m) => m.lostPetId)).toEqual([lost.id]);
    expect(fromSaoPaulo.map((m) => m.lostPetId)).toEqual([lost.id]);
    expect(fromSaoPaulo[0]!.score).toBeLessThan(fromOsasco[0]!.score);
    expect(fromSaoPaulo[0]!.score).toBeGreaterThanOrEqual(60);
    const shown = (await loadPet(lost.id, await signedInContext(owner))).matches.map((m) => m.id);
    expect(shown).toEqual([sameCity.id, found.id]);
  });

  it("a pet whose location was never resolved takes no part", async () => {
    const city = await uniqueCity();
    const owner = await createUser();
    await createPet(owner.id, lostDog(city));
    const found = await createPet((await createUser()).id, foundDog(city, { municipalityCode: null, location: "Algum lugar" }));
    expect((await run(found.id)).stored).toEqual([]);
  });
});

describe("the candidate query", () => {
  it("walks the area's municipalities inside the 60-day window and reads about the rows it returns", async () => {
    const city = await uniqueCity();
    const owner = await createUser();
    const finder = await createUser();
    // Candidates, and pets of the same city and species it must skip (other statuses).
    for (let i = 0; i < 12; i++) await createPet(owner.id, lostDog(city));
    for (let i = 0; i < 4; i++) await createPet(owner.id, foundDog(city));
    // Noise it should not read at all: other municipalities.
    for (let i = 0; i < 20; i++) await createPet(owner.id, lostDog(await uniqueCity()));

    const query = findMatchCandidates(db, {
      type: "cachorro",
      municipalityCode: city.code,
      radiusKm: 25,
      statuses: ["perdido"],
      since: new Date(Date.now() - 60 * DAY),
      excludeUserId: finder.id,
    }).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail);
    expect(details.some((d) => /municipality_neighbours USING COVERING INDEX municipality_neighbours_from_distance_idx/.test(d))).toBe(
      true,
    );
    expect(details.some((d) => /SEARCH pets USING INDEX pets_municipality_code_idx \(municipality_code=\? AND rowid>\?\)/.test(d))).toBe(
      true,
    );
    expect(details.some((d) => /^SCAN pets\b/.test(d))).toBe(false);

    const result = await env.DB.prepare(query.sql)
      .bind(...query.params)
      .all();
    expect(result.results).toHaveLength(12);
    expect(result.results.length).toBeLessThanOrEqual(MATCH_CANDIDATE_LIMIT);
    // The 16 pets of that municipality (12 lost, 4 found), its neighbours row and the window seek.
    expect(result.meta.rows_read).toBeLessThanOrEqual(3 * 16);
  });
});

describe("'Pets perdidos parecidos perto daqui' on a found or sighted pet's page (docs/decisions/0046)", () => {
  it("lists the similar lost pets to everyone: a visitor, the finder, anyone signed in", async () => {
    const city = await uniqueCity();
    const owner = await createUser();
    const finder = await createUser();
    const lost = await createPet(owner.id, lostDog(city, { name: "Paçoca" }));
    const unlike = await createPet(owner.id, lostDog(city, { color: "Preto", gender: "Fêmea" }));
    const found = await createPet(finder.id, foundDog(city));
    await run(found.id);

    for (const context of [(await makeContext()).context, await signedInContext(finder), await signedInContext(await createUser())]) {
      const data = await loadPet(found.id, context);
      expect(data.similarLost.map((m) => m.id)).toEqual([lost.id]);
      expect(data.similarLost[0]).toMatchObject({ name: "Paçoca", status: "perdido" });
      expect(JSON.stringify(data)).not.toContain(`"score"`);
    }
    expect((await loadPet(found.id, (await makeContext()).context)).similarLost.map((m) => m.id)).not.toContain(unlike.id);
    // A lost pet's page has no such list.
    expect((await loadPet(lost.id, (await makeContext()).context)).similarLost).toEqual([]);
  });

  it("a sighted pet's page lists them too; closed, held or unlisted lost pets leave the list", async () => {
    const city = await uniqueCity();
    const owner = await createUser();
    const lost = await createPet(owner.id, lostDog(city));
    const closed = await createPet(owner.id, lostDog(city));
    const held = await createPet(owner.id, lostDog(city));
    const sighted = await createPet((await createUser()).id, foundDog(city, { status: "avistado" }));
    await run(sighted.id);
    const visitor = async () => (await loadPet(sighted.id, (await makeContext()).context)).similarLost.map((m) => m.id).sort();
    expect(await visitor()).toEqual([lost.id, closed.id, held.id].sort());
    await db.update(pets).set({ closedAs: "reencontrado", closedAt: new Date(), listed: false }).where(eq(pets.id, closed.id));
    await db.update(pets).set({ moderation: "held" }).where(eq(pets.id, held.id));
    expect(await visitor()).toEqual([lost.id]);
  });

  it("a lost pet posted after the found one joins the found pet's list", async () => {
    const city = await uniqueCity();
    const found = await createPet((await createUser()).id, foundDog(city));
    const lost = await createPet((await createUser()).id, lostDog(city));
    await run(lost.id);
    expect((await loadPet(found.id, (await makeContext()).context)).similarLost.map((m) => m.id)).toEqual([lost.id]);
  });

  it("reads about the rows it returns: the found pet's pairs, on their index", async () => {
    const city = await uniqueCity();
    const owner = await createUser();
    for (let i = 0; i < 5; i++) await createPet(owner.id, lostDog(city));
    const found = await createPet((await createUser()).id, foundDog(city));
    await run(found.id);
    const query = listSimilarLostPets(db, found.id).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail);
    expect(details.some((d) => /pet_matches USING INDEX pet_matches_other_pet_id_idx/.test(d))).toBe(true);
    expect(details.some((d) => /^SCAN /.test(d))).toBe(false);
    const result = await env.DB.prepare(query.sql)
      .bind(...query.params)
      .all();
    expect(result.results).toHaveLength(5);
    // The found pet's row once, then each pair's index entry, its row and the lost pet's row.
    expect(result.meta.rows_read).toBeLessThanOrEqual(1 + 3 * 5 + 1);
  });
});

describe("the match mail to both posters, within the daily caps (docs/decisions/0046)", () => {
  it("the finder gets one mail for the whole run, and none past their own daily cap", async () => {
    const city = await uniqueCity();
    const finder = await createUser();
    const now = new Date();
    const owners = [await createUser(), await createUser()];
    for (const owner of owners) await createPet(owner.id, lostDog(city));
    const found = await createPet(finder.id, foundDog(city, { name: "Achado" }));
    await run(found.id, now);
    const first = await mailsTo(finder.email);
    expect(first).toHaveLength(1);
    // Both lost pets in one mail.
    expect(first[0]!.text.match(/\/pet\//g)!.length).toBeGreaterThanOrEqual(3);
    for (const owner of owners) expect(await mailsTo(owner.email)).toHaveLength(1);

    // The finder posts more found dogs the same day: at most MATCH_MAILS_PER_DAY mails in all.
    for (let i = 0; i < MATCH_MAILS_PER_DAY.limit + 1; i++) {
      const other = await createPet(finder.id, foundDog(city, { name: `Achado ${i}` }));
      await run(other.id, now);
    }
    expect(await mailsTo(finder.email)).toHaveLength(MATCH_MAILS_PER_DAY.limit);
  });

  it("a poster whose own pet matched nothing new gets no mail", async () => {
    const city = await uniqueCity();
    const finder = await createUser();
    const found = await createPet(finder.id, foundDog(city));
    await run(found.id);
    expect(await mailsTo(finder.email)).toEqual([]);
  });
});
