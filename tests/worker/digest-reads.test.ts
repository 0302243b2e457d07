// The daily digest reads at most 300 rows per saved search (docs/decisions/0049): the
// planner's pages and every statement of its messages, over a day of new pets and saved
// searches of every kind (city and radius, city, no city, text). Each search's own query
// (newMatchesQuery, the search page's filters) is the reference for what it mails.
import { env } from "cloudflare:workers";
import { asc, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { savedSearches } from "~/db/schema";
import { criteriaOf, DIGEST_PETS_PER_MAIL, normaliseCriteria } from "~/lib/saved-search";
import { newMatchesQuery, withSearchArea } from "~/models/pet-search.server";
import type { SavedSearch } from "~/models/saved-searches.server";
import { planDigests } from "~/services/daily-jobs.server";
import type { JobMessage } from "~/services/job-messages";
import { digestMatches, digestSearches, searchAlertColumns } from "~/services/search-alerts.server";
import { activityDb, createUser, db } from "./fixtures";
import { readMeter } from "./read-meter";
import { fakeProvider, providerEnv, siteEnv } from "./task-queue-harness";

/** The searches, each `PER_CRITERIA` times (different addresses). */
const CRITERIA = [
  // A city and a radius.
  "cidade=sao-paulo-sp&raio=25&filter=perdido",
  "cidade=sao-paulo-sp&raio=50",
  "cidade=osasco-sp&raio=10&filter=Gato",
  "cidade=campinas-sp&raio=50&filter=adocao&filter=Cachorro&filter=Pequeno",
  "cidade=guarulhos-sp&raio=25&filter=Outro",
  "cidade=jundiai-sp&raio=50&filter=Macho",
  // A city only.
  "cidade=sao-paulo-sp",
  "cidade=manaus-am&filter=encontrado",
  "cidade=jundiai-sp&filter=Cachorro&filter=Gato",
  "cidade=campinas-sp&filter=Fêmea&filter=Grande",
  // No city.
  "filter=perdido",
  "filter=adocao&filter=Gato",
  "",
  "filter=Outro&filter=Pequeno",
  "filter=encontrado&filter=avistado",
  // Text: words of 3+ letters (the trigram index), short words (LIKE), accents.
  "q=labrador",
  "q=vira&cidade=sao-paulo-sp&raio=25",
  "q=caramelo&filter=perdido",
  "q=siames&cidade=osasco-sp",
  "q=thor pe",
  "q=são jo&filter=Macho",
  "q=Poodle&filter=Cachorro&filter=Grande",
  // Few or no new pets: the trigram index reads every pet with the word to find them.
  "q=thor&cidade=manaus-am&filter=encontrado&filter=Macho",
  "q=siames&cidade=osasco-sp",
  "q=labrador&filter=Outro",
  "q=poodle&cidade=manaus-am&filter=Gato",
  "q=bidu&filter=perdido",
];
const PER_CRITERIA = 30;
/** Pets posted before the searches' last digest (what the trigram index reads through)… */
const OLD_PETS = 20_000;
/** …and the day's new ones. */
const NEW_PETS = 1_500;

const CODES = [3550308, 3534401, 3518800, 3509502, 3525904, 1302603, 3106200];

/** `count` pets in one statement, their columns cycling through the values searches filter by. */
async function insertPets(userId: string, count: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO pets (user_id, name, type, status, location, breed, color, size, gender, municipality_code, listed, moderation)
     SELECT ?1,
       'Pet ' || i || CASE i % 7 WHEN 0 THEN ' Caramelo' WHEN 1 THEN ' Thor' WHEN 2 THEN ' Mel' ELSE '' END || CASE WHEN i % 101 = 0 THEN ' Bidu' ELSE '' END,
       CASE i % 5 WHEN 0 THEN 'cachorro' WHEN 1 THEN 'cachorro' WHEN 2 THEN 'gato' WHEN 3 THEN 'gato' ELSE 'coelho' END,
       CASE i % 4 WHEN 0 THEN 'perdido' WHEN 1 THEN 'encontrado' WHEN 2 THEN 'avistado' ELSE 'adocao' END,
       CASE i % 2 WHEN 0 THEN 'Centro' ELSE 'Vila São José' END,
       CASE i % 6 WHEN 0 THEN 'Vira-lata' WHEN 1 THEN 'Labrador' WHEN 2 THEN 'Siamês' WHEN 3 THEN NULL WHEN 4 THEN 'Poodle' ELSE 'SRD' END,
       CASE i % 3 WHEN 0 THEN 'Caramelo' WHEN 1 THEN 'preto e branco' ELSE NULL END,
       CASE i % 4 WHEN 0 THEN 'Pequeno' WHEN 1 THEN 'Médio' WHEN 2 THEN 'Grande' ELSE NULL END,
       CASE i % 3 WHEN 0 THEN 'Macho' WHEN 1 THEN 'Fêmea' ELSE NULL END,
       json_extract(?3, '$[' || (i % 8) || ']'),
       CASE WHEN i % 23 = 0 THEN 0 ELSE 1 END,
       CASE WHEN i % 29 = 0 THEN 'held' ELSE NULL END
     FROM n`,
  )
    .bind(userId, count, JSON.stringify([...CODES, null]))
    .run();
}

const maxPetId = async () => (await env.DB.prepare("SELECT coalesce(max(id), 0) AS id FROM pets").first<{ id: number }>())!.id;

let seen: number;
let newest: number;
let searches: SavedSearch[];
/** What each search's own query finds, by search id: the reference. */
const expected = new Map<number, number[]>();

beforeAll(async () => {
  const user = await createUser();
  await insertPets(user.id, OLD_PETS);
  seen = await maxPetId();
  const templates = await Promise.all(
    CRITERIA.map(async (query) => {
      const criteria = normaliseCriteria(query);
      return { criteria, ...(await searchAlertColumns(db, criteria)) };
    }),
  );
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO saved_searches (email, criteria, token, confirmed_at, last_pet_id,
       alert_municipality_code, alert_radius_km, alert_status, alert_species)
     SELECT 'resumo' || t.key || '-' || n.i || '@exemplo.com.br', t.value ->> 'criteria', lower(hex(randomblob(16))),
       CASE WHEN n.i % 20 = 0 THEN NULL ELSE 1 END,
       -- A few saved during the day: they have seen part of it.
       CASE WHEN n.i % 7 = 0 THEN ?3 + 700 ELSE ?3 END,
       t.value ->> 'alertMunicipalityCode', t.value ->> 'alertRadiusKm', t.value ->> 'alertStatus', t.value ->> 'alertSpecies'
     FROM json_each(?1) t CROSS JOIN n`,
  )
    .bind(JSON.stringify(templates), PER_CRITERIA, seen)
    .run();
  await insertPets(user.id, NEW_PETS);
  newest = await maxPetId();
  // Some addresses were told of a new pet at once, on one of the last 5 Brasília days:
  // their digest leaves it out (0046).
  await env.DB.prepare(
    `INSERT INTO instant_alert_days (day, email, pets)
     SELECT date('now', '-3 hours', '-' || (id % 5) || ' days'), email, json_array(json_array(?1 - id % 40, id))
     FROM saved_searches WHERE id % 3 = 0`,
  )
    .bind(newest)
    .run();
  searches = await db.select().from(savedSearches).where(isNotNull(savedSearches.confirmedAt)).orderBy(asc(savedSearches.id));
  for (const search of searches) {
    const criteria = await withSearchArea(db, criteriaOf(search.criteria));
    const found = await newMatchesQuery(db, criteria, search.lastPetId, newest, DIGEST_PETS_PER_MAIL + 1, search.email);
    expected.set(
      search.id,
      found.map((pet) => pet.id),
    );
  }
}, 60_000);

describe("the daily digest at scale", () => {
  it("matches in memory the pets each search's own query finds, for every kind of search", async () => {
    const found = await digestMatches(db, searches, newest);
    const byId = new Map(searches.map((search, i) => [search.id, found[i]!.map((pet) => pet.id)]));
    for (const search of searches)
      expect({ criteria: search.criteria, ids: byId.get(search.id) }).toEqual({ criteria: search.criteria, ids: expected.get(search.id) });
  });

  it("the reference is not trivial: every kind of search, some with nothing, some with more than a mail holds", () => {
    const counts = [...expected.values()].map((ids) => ids.length);
    expect(counts.filter((n) => n === 0).length).toBeGreaterThan(0);
    expect(counts.filter((n) => n > DIGEST_PETS_PER_MAIL).length).toBeGreaterThan(searches.length / 3);
    expect(counts.filter((n) => n > 0 && n <= DIGEST_PETS_PER_MAIL).length).toBeGreaterThan(0);
  });

  it("reads at most 300 rows per saved search, the planner's pages and every message included, and mails what each search finds", async () => {
    const meter = readMeter();
    // The mails' outbox is the activity database's (docs/decisions/0050): its rows count too.
    const outbox = readMeter(env.ACTIVITY_DB);
    const messages: JobMessage[] = [];
    const planned = await planDigests(meter.db, async (more) => void messages.push(...more));
    const planRead = meter.take();
    const keys: string[] = [];
    const now = new Date();
    // The provider's stand-in: the jobs send the digests themselves (docs/decisions/0052).
    const provider = fakeProvider();
    for (const message of messages) {
      if (message.kind !== "digests") throw new Error(message.kind);
      const job = { env: providerEnv, db: meter.db, activityDb: outbox.activityDb, now, fetcher: provider.fetcher };
      keys.push(...(await digestSearches(job, message.searchIds, message.newestPetId)));
    }
    const read = planRead + meter.take() + outbox.take();
    const written = meter.takeWritten() + outbox.takeWritten();
    expect(planned).toBe(searches.length);
    expect(messages.flatMap((m) => (m.kind === "digests" ? m.searchIds : [])).sort((a, b) => a - b)).toEqual(searches.map((s) => s.id));
    console.log(
      `digest: ${read} rows read (${planRead} by the planner) and ${written} written for ${searches.length} saved searches in ${messages.length} messages: ${(read / searches.length).toFixed(1)} read and ${(written / searches.length).toFixed(1)} written each`,
    );
    expect(read / searches.length).toBeLessThanOrEqual(300);
    // Sent, none left in the outbox.
    expect(keys).toEqual([]);
    const mailed = searches.filter((s) => expected.get(s.id)!.length > 0).map((s) => s.email);
    expect(provider.delivered.map((m) => m.to[0]).sort()).toEqual(mailed.sort());

    // Every search has seen the day; the same messages again write nothing.
    const behind = await env.DB.prepare("SELECT count(*) AS n FROM saved_searches WHERE confirmed_at IS NOT NULL AND last_pet_id < ?")
      .bind(newest)
      .first<{ n: number }>();
    expect(behind!.n).toBe(0);
    for (const message of messages) {
      if (message.kind === "digests") {
        expect(await digestSearches({ env: siteEnv, db, activityDb, now }, message.searchIds, message.newestPetId)).toEqual([]);
      }
    }
  }, 60_000);
});
