// Scale benchmark (docs/decisions/0040): `npm run bench:scale`.
//
// Seeds separate local D1 databases (Miniflare, persisted under .wrangler/bench-scale/,
// never the dev ones), one per binding of scripts/lib.mjs (main and activity, docs/decisions/
// 0050), at 100,000 and 1,000,000 pets with 500,000 saved searches, users, sightings,
// photos and the rest in stated proportions, then measures through the app's own model and
// service functions (D1's meta.rows_read / rows_written of every statement they run, in
// whichever database): each database's size per table, the ten most frequent requests, the digest per
// saved search against a per-new-pet prototype, and one day of scheduled work: the daily
// planner (planDailyWork) run over the seeded database, then the task queue's consumer
// (consumeTasks) on its messages (every reminder and expiry message, a sample of the
// digest messages, the deliveries they ask for, a sample of new-ad matches, and the instant
// alerts of a sample of new ads with their follow-ups, docs/decisions/0046), with a
// mail provider that accepts every batch. It projects each database over three years and
// ends its summary with a verdict per target (scripts/scale-verdicts.ts). The Markdown
// report goes to stdout and docs/benchmarks/scale.md; progress goes to stderr.
//
//   npm run bench:scale
//   npm run bench:scale -- --sizes 100000 --no-write
//   npm run bench:scale -- --digest-messages 200
//
// The 1,000,000-pet databases are about 1.5 GB and take minutes to seed: run them once.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { DatabaseSync } from "node:sqlite";
import { build } from "esbuild";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { createActivityDatabase, createDatabase } from "~/context.server";
import { CLOSED_VISIBLE_DAYS, EXPIRE_AFTER_DAYS } from "~/lib/ad-lifecycle";
import { brasiliaNow } from "~/lib/format";
import { PAGE_SIZE } from "~/lib/pagination";
import { parsePetSearch, searchTerms } from "~/lib/pet-search";
import { cityParam } from "~/lib/place-names";
import { alertKeysOf, criteriaOf, DIGEST_PETS_PER_MAIL, INSTANT_ALERTS_PER_DAY, normaliseCriteria } from "~/lib/saved-search";
import { adsToRemindAmong, lifecycleDuePage } from "~/models/ad-lifecycle.server";
import { dueSearchesWithCityPage } from "~/models/saved-searches.server";
import { getHomePage } from "~/models/home.server";
import { municipalityByCode, resolvePlace } from "~/models/municipalities.server";
import { newMatchesQuery, searchPets, withSearchArea } from "~/models/pet-search.server";
import { INSTANT_ALERT_DAYS_KEPT } from "~/models/instant-alerts.server";
import { ARCHIVE_AFTER_DAYS } from "~/models/pet-archive.server";
import { HOT_VIEWS, VIEWS_PER_BATCH } from "~/models/item-views.server";
import { createPetWithImages, getPublicPet } from "~/models/pets.server";
import { getSightingTarget, insertSighting, sightingsForPage } from "~/models/sightings.server";
import { recordSession } from "~/models/user-sessions.server";
import { findUserByEmail, getSessionUser } from "~/models/users.server";
import {
  consumeRateLimit,
  RATE_LIMITS,
  type RateCountersEnv,
  reserveRateLimits,
  subjectHash,
  takeRateLimits,
} from "~/platform/rate-limit.server";
import { readCityFilter } from "~/services/city-filter.server";
import { planDailyWork } from "~/services/daily-jobs.server";
import { DIGESTS_PER_MESSAGE, EXPIRIES_PER_MESSAGE, type JobMessage, REMINDERS_PER_MESSAGE } from "~/services/job-messages";
import { consumeTasks } from "~/services/task-queue.server";
import {
  DAY,
  fmtBytes,
  fmtInt,
  generatePets,
  insertRows,
  mean,
  median,
  migrationStatements,
  mulberry32,
  NOW,
  option,
  people,
  PET_COLUMNS,
  pick,
  quantile,
  type Rand,
  sum,
  weighted,
} from "./bench-data";
import { DATABASES } from "./lib.mjs";
import {
  atMost,
  cappedDailyMails,
  D1_PRICING,
  DAYS_PER_MONTH,
  d1MonthlyCost,
  durableObjectsMonthlyCost,
  type ProjectedPart,
  projectedBytes,
  QUIET_RULE,
  quietMachine,
  retainedRows,
  TARGETS,
  under,
  type Verdict,
  verdictLine,
} from "./scale-verdicts";

// ---------------------------------------------------------------- options and workload

const SIZES = (option("sizes") ?? "100000,1000000").split(",").map(Number);
const WRITE = !process.argv.includes("--no-write");
const REPORT_PATH = "docs/benchmarks/scale.md";
const BENCH_DIR = ".wrangler/bench-scale";
/** Digest messages the consumer runs per size (evenly spaced over the day's plan). */
const DIGEST_MESSAGES = Number(option("digest-messages") ?? 300);
if (SIZES.some((n) => !Number.isInteger(n) || n < 20_000) || !(DIGEST_MESSAGES > 0)) {
  console.error("bench:scale: uso: npm run bench:scale -- [--sizes 100000,1000000] [--digest-messages 300] [--no-write]");
  process.exit(2);
}

/** The workload the report is about (docs/decisions/0037 to 0040). */
const TARGET = {
  pets: 1_000_000,
  open: 500_000,
  newPerDay: 10_000,
  crossingPerDay: 20_000,
  savedSearches: 500_000,
  sightingsPerDay: 100_000,
  pageViewsPerDay: 3_000_000,
};
const YEARS = 3;
const D1_MAX_BYTES = 10e9;
/** The databases, as wrangler.toml binds them (scripts/lib.mjs); the first is the main one. */
const BINDINGS = DATABASES.map((d: { binding: string }) => d.binding) as string[];
const MAIN_DB = "DB";
const ACTIVITY_DB = "ACTIVITY_DB";
const DATABASE_NAMES: Record<string, string> = { [MAIN_DB]: "main", [ACTIVITY_DB]: "activity" };
const dbName = (binding: string) => DATABASE_NAMES[binding] ?? binding;

// What a queue message carries (services/job-messages.ts).
const PER_MESSAGE = { reminders: REMINDERS_PER_MESSAGE, expiries: EXPIRIES_PER_MESSAGE, digests: DIGESTS_PER_MESSAGE };

// Proportions of the seed, per pet unless said otherwise (assumptions, written in the report).
const SEED = {
  savedSearches: Number(option("searches") ?? 500_000),
  unconfirmedSearches: Math.round(Number(option("searches") ?? 500_000) / 20),
  usersPerPet: 0.4,
  ngoShareOfUsers: 0.005,
  petsByNgos: 0.2,
  sessionsPerUser: 0.25,
  extraPhotosPerPet: 0.8,
  sightingsPerPet: 1,
  messagesPerPet: 0.3,
  matchesPerPet: 0.2,
  productsPerPet: 0.01,
  clinicsPerPet: 0.001,
  eventsPerPet: 0.002,
  /** Ads due for a reminder and for expiry at the run: 2% of the pets (20,000 at 1,000,000). */
  dueShare: 0.02,
};

// Page views a day by kind, and the other daily requests (assumptions, in the report).
const MIX = {
  pet: 0.45,
  searchNoText: 0.2,
  searchText: 0.1,
  home: 0.15,
  other: 0.1,
  firstViewShare: 0.7,
  signedInShare: 0.2,
  favouritesPerDay: 50_000,
  signInsPerDay: 30_000,
  /** New ads that are lost, found or sighted (matched on posting); the seed's statuses. */
  matchedShare: 0.65,
};

const RUNS = 20; // each request kind, over different pets
const DIGEST_SAMPLE = 1_000; // saved searches whose match query is measured one by one
const NEW_PET_SAMPLE = 200; // new pets run through the per-new-pet prototype
const MATCH_SAMPLE = 100; // 'matches' messages (new ads) run through the consumer
const INSTANT_SAMPLE = 100; // new ads whose 'instant-alerts' messages (and follow-ups) the consumer runs
const ARCHIVE_SAMPLE = 20; // messages of each archive kind the consumer runs from the day's plan

const started = performance.now();
const log = (message: string) =>
  console.error(`[bench:scale ${((performance.now() - started) / 1000).toFixed(1).padStart(7)}s] ${message}`);

// ---------------------------------------------------------------- places (population proxy)

// The municipalities table carries no population. Proxy: the 2022 census of the 27
// capitals and of the 19 largest other municipalities (thousands, rounded), and for the
// other municipalities a log-normal draw (median 11,000) from a fixed seed, scaled so that
// all of Brazil sums to 203 million.
const KNOWN_POPULATION: [string, string, number][] = [
  ["São Paulo", "SP", 11451],
  ["Rio de Janeiro", "RJ", 6211],
  ["Brasília", "DF", 2817],
  ["Fortaleza", "CE", 2428],
  ["Salvador", "BA", 2418],
  ["Belo Horizonte", "MG", 2316],
  ["Manaus", "AM", 2063],
  ["Curitiba", "PR", 1773],
  ["Recife", "PE", 1488],
  ["Goiânia", "GO", 1437],
  ["Porto Alegre", "RS", 1332],
  ["Belém", "PA", 1303],
  ["São Luís", "MA", 1037],
  ["Maceió", "AL", 957],
  ["Campo Grande", "MS", 898],
  ["Teresina", "PI", 866],
  ["João Pessoa", "PB", 833],
  ["Natal", "RN", 751],
  ["Cuiabá", "MT", 650],
  ["Aracaju", "SE", 602],
  ["Florianópolis", "SC", 537],
  ["Porto Velho", "RO", 460],
  ["Macapá", "AP", 442],
  ["Boa Vista", "RR", 413],
  ["Rio Branco", "AC", 364],
  ["Vitória", "ES", 322],
  ["Palmas", "TO", 302],
  ["Guarulhos", "SP", 1291],
  ["Campinas", "SP", 1139],
  ["São Gonçalo", "RJ", 896],
  ["São Bernardo do Campo", "SP", 810],
  ["Duque de Caxias", "RJ", 808],
  ["Nova Iguaçu", "RJ", 785],
  ["Santo André", "SP", 748],
  ["Osasco", "SP", 728],
  ["Sorocaba", "SP", 723],
  ["Uberlândia", "MG", 713],
  ["Ribeirão Preto", "SP", 698],
  ["Jaboatão dos Guararapes", "PE", 643],
  ["Contagem", "MG", 621],
  ["Joinville", "SC", 616],
  ["Feira de Santana", "BA", 616],
  ["Londrina", "PR", 555],
  ["Juiz de Fora", "MG", 540],
  ["Niterói", "RJ", 481],
  ["Jundiaí", "SP", 443],
];
const BRAZIL_POPULATION = 203_000_000;
const HOODS = [
  "Centro",
  "Jardim América",
  "Vila Nova",
  "São José",
  "Santa Cruz",
  "Boa Vista",
  "Bela Vista",
  "Planalto",
  "Vila Operária",
  "Jardim Europa",
];

interface Place {
  code: number;
  name: string;
  uf: string;
  ddd: string;
  population: number;
}

async function loadPlaces(d1: D1Database): Promise<{ places: Place[]; cumulative: number[] }> {
  const { results } = await d1
    .prepare("SELECT ibge_code AS code, name, uf FROM municipalities ORDER BY ibge_code")
    .all<{ code: number; name: string; uf: string }>();
  const ddd = new Map<number, string>();
  for (const line of readFileSync("data/ibge/municipios.csv", "utf8").split("\n").slice(1)) {
    const cols = line.split(",");
    if (cols.length > 7) ddd.set(Number(cols[0]), cols[7]!);
  }
  const known = new Map(KNOWN_POPULATION.map(([name, uf, k]) => [`${name}|${uf}`, k * 1000]));
  const rand = mulberry32(3550308);
  const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const places = results.map((m) => ({
    code: m.code,
    name: m.name,
    uf: m.uf,
    ddd: ddd.get(m.code) ?? "11",
    population: known.get(`${m.name}|${m.uf}`) ?? -11_000 * Math.exp(1.1 * normal()),
  }));
  const knownTotal = sum(places.filter((p) => p.population > 0).map((p) => p.population));
  const drawnTotal = -sum(places.filter((p) => p.population < 0).map((p) => p.population));
  const scale = (BRAZIL_POPULATION - knownTotal) / drawnTotal;
  for (const p of places) if (p.population < 0) p.population = -p.population * scale;
  let acc = 0;
  const cumulative = places.map((p) => (acc += p.population));
  return { places, cumulative };
}

function placePicker(places: Place[], cumulative: number[], rand: Rand) {
  const total = cumulative.at(-1)!;
  return () => {
    const r = rand() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return places[lo]!;
  };
}

// ---------------------------------------------------------------- seeding

/**
 * Miniflare's proxy reuses an idle HTTP connection that workerd may have closed while Node
 * was generating rows (seen: "other side closed" after a few seconds of generation): a
 * cheap statement first, once more on that error, before each bulk insert.
 */
function resilient(d1: D1Database): D1Database {
  const ping = async () => {
    for (let i = 0; ; i++) {
      try {
        return await d1.prepare("SELECT 1").first();
      } catch (error) {
        if (i >= 2) throw error;
      }
    }
  };
  return new Proxy(d1, {
    get(target, key) {
      if (key === "batch")
        return async (statements: D1PreparedStatement[]) => {
          // Seen once at 1,000,000 pets: the connection dropped mid-batch. The seed's
          // inserts carry their keys (INSERT OR IGNORE), so sending a batch again is safe.
          for (let i = 0; ; i++) {
            try {
              await ping();
              return await target.batch(statements);
            } catch (error) {
              if (i >= 3) throw error;
              log(`  batch failed (${error instanceof Error ? error.message : error}), again in 3 s`);
              await new Promise((resolve) => setTimeout(resolve, 3000));
            }
          }
        };
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const uid = (i: number) => `u${String(i).padStart(7, "0")}`;
const hex = (rand: Rand, length: number) => Array.from({ length }, () => Math.floor(rand() * 16).toString(16)).join("");
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const b64 = (rand: Rand, length: number) => Array.from({ length }, () => B64[Math.floor(rand() * 64)]).join("");

interface SeededSearch {
  id: number;
  criteria: string;
  code: number; // 0: no city
  radius: number;
  statuses: string[]; // [] any
  species: string[]; // [] any; 'outro' = neither dog nor cat
  needsCheck: boolean; // text, size or sex: checked on the pet itself
  text: boolean;
}

interface Seeded {
  seedSeconds: number;
  rows: Record<string, number>;
  open: number;
  newest: number;
  due: number;
  searches: SeededSearch[];
  /** Addresses with a confirmed saved search: the instant alerts' daily cap counts per address. */
  addresses: number;
  users: number;
  lostOpenIds: number[];
  listedIds: number[];
  /** Listed lost, found and sighted pets: the ones a 'matches' message matches. */
  matchable: number[];
  places: Place[];
  pickPlace: () => Place;
}

const LIFECYCLE_COLUMNS = ["closed_as", "closed_at", "renewed_at", "reminded_at", "listed"] as const;

/**
 * Creation instants: 92% of the pets over the last 92 days (10,000 a day at 1,000,000
 * pets, the target's rate), the rest over the two years before, oldest first.
 */
function petMoments(n: number): number[] {
  const rand = mulberry32(9200);
  const recent = Math.round(n * 0.92);
  const out = [
    ...Array.from({ length: n - recent }, () => NOW - 92 * DAY - Math.floor(rand() * 730 * DAY)),
    ...Array.from({ length: recent }, () => NOW - Math.floor(rand() * 92 * DAY)),
  ];
  return out.sort((a, b) => a - b);
}

async function seed(databases: Record<string, D1Database>, n: number): Promise<Seeded> {
  const t = performance.now();
  // Every database, each with its own migrations folder (docs/decisions/0050).
  for (const { binding, migrations } of DATABASES as { binding: string; migrations: string }[]) {
    for (const stmt of migrationStatements(migrations)) await databases[binding]!.prepare(stmt).run();
  }
  const d1 = resilient(databases[MAIN_DB]!);
  const activity = resilient(databases[ACTIVITY_DB]!);
  const { places, cumulative } = await loadPlaces(d1);
  const rows: Record<string, number> = {};
  const progress = (table: string, total: number) => (done: number) => {
    if (done === total || done % (total >= 500_000 ? 250_000 : 100_000) < 5000) log(`  ${table}: ${fmtInt(done)}/${fmtInt(total)}`);
  };

  // Users and profiles: the first ngoShareOfUsers are NGO accounts, the next 0.3% companies.
  const users = Math.round(n * SEED.usersPerPet);
  const ngos = Math.max(1, Math.round(users * SEED.ngoShareOfUsers));
  const companies = Math.max(1, Math.round(users * 0.003));
  const ur = mulberry32(1);
  const userRows: unknown[][] = [];
  const profileRows: unknown[][] = [];
  for (let i = 0; i < users; i++) {
    const type = i < ngos ? "ngo" : i < ngos + companies ? "company" : "personal";
    const created = NOW - Math.floor(ur() * 800 * DAY);
    userRows.push([uid(i), `tutor${i}@exemplo.com.br`, `pbkdf2-sha256$100000$${b64(ur, 22)}$${b64(ur, 43)}`, type, 1, created, created]);
    profileRows.push([
      uid(i),
      `Tutor ${i}`,
      `tutor${i}@exemplo.com.br`,
      hex(ur, 16),
      ur() < 0.4 ? `(11) 9${hex(ur, 4)}-${hex(ur, 4)}` : null,
    ]);
  }
  await insertRows(d1, "users", ["id", "email", "password_hash", "account_type", "email_verified", "created_at", "updated_at"], userRows, {
    progress: progress("users", users),
    verb: "INSERT OR IGNORE",
  });
  await insertRows(d1, "profiles", ["id", "name", "email", "public_id", "phone"], profileRows, {
    progress: progress("profiles", users),
    verb: "INSERT OR IGNORE",
  });
  rows.users = rows.profiles = users;
  const sessions = Math.round(users * SEED.sessionsPerUser);
  await insertRows(
    d1,
    "user_sessions",
    ["id", "user_id", "created_at", "last_seen_at", "expires_at"],
    Array.from({ length: sessions }, () => {
      const created = NOW - Math.floor(ur() * 30 * DAY);
      return [
        b64(ur, 43),
        uid(ngos + companies + Math.floor(ur() * (users - ngos - companies))),
        created,
        NOW - Math.floor(ur() * DAY),
        created + 30 * DAY,
      ];
    }),
    { verb: "INSERT OR IGNORE" },
  );
  rows.user_sessions = sessions;

  // Pets: population-weighted municipalities, 20% from NGO accounts, lifecycle columns set
  // as the daily job would have left them (docs/decisions/0023).
  const pr = mulberry32(2);
  const pickPlace = placePicker(places, cumulative, pr);
  const moments = petMoments(n);
  const pets = generatePets(n, {
    moments,
    place: () => {
      const p = pickPlace();
      return { city: p.name, uf: p.uf, hood: pick(pr, HOODS), code: p.code, ddd: p.ddd };
    },
    owner: () => uid(pr() < SEED.petsByNgos ? Math.floor(pr() * ngos) : ngos + companies + Math.floor(pr() * (users - ngos - companies))),
  });
  const lc = mulberry32(3);
  const STATUS = PET_COLUMNS.indexOf("status");
  const CREATED = PET_COLUMNS.indexOf("created_at");
  const lifecycle: { closed: boolean; renewed: number }[] = pets.map((row) => {
    const created = row[CREATED] as number;
    const age = (NOW - created) / DAY;
    const closed = lc() < (age <= 92 ? Math.min(0.85, 0.1 + (0.7 * age) / 90) : 0.5);
    const renewed = !closed && age > 92 && lc() < 0.04 ? NOW - Math.floor(lc() * 60 * DAY) : created;
    return { closed, renewed };
  });
  const due = Math.round(n * SEED.dueShare);
  const idxs = (lo: number, hi: number) =>
    lifecycle
      .map((l, i) => [i, l] as const)
      .filter(([, l]) => !l.closed && NOW - l.renewed >= lo * DAY && NOW - l.renewed < hi * DAY)
      .sort((a, b) => b[1].renewed - a[1].renewed)
      .map(([i]) => i);
  const remindDue = new Set(idxs(60, 90).slice(0, due));
  const expireDue = new Set(idxs(90, 10_000).slice(0, due));
  let open = 0;
  pets.forEach((row, i) => {
    const { closed, renewed } = lifecycle[i]!;
    const created = row[CREATED] as number;
    const rAge = (NOW - renewed) / DAY;
    const reminded = rAge >= 60 && !remindDue.has(i) ? renewed + 60 * DAY + DAY / 2 : null;
    const listed = closed ? 0 : rAge < 90 || expireDue.has(i) ? 1 : 0;
    open += listed;
    const closedAs = closed ? (row[STATUS] === "adocao" ? "adotado" : "reencontrado") : null;
    const closedAt = closed ? created + Math.floor(lc() * (NOW - created)) : null;
    row.push(closedAs, closedAt, renewed, closed ? null : reminded, listed, i + 1);
  });
  await insertRows(d1, "pets", [...PET_COLUMNS, ...LIFECYCLE_COLUMNS, "id"], pets, {
    progress: progress("pets", n),
    verb: "INSERT OR IGNORE",
  });
  const LISTED = PET_COLUMNS.length + LIFECYCLE_COLUMNS.indexOf("listed");
  rows.pets = n;
  const lostOpenIds: number[] = [];
  const listedIds: number[] = [];
  const matchable: number[] = [];
  pets.forEach((row, i) => {
    if (row[LISTED] === 1) listedIds.push(i + 1);
    if (row[LISTED] === 1 && row[STATUS] !== "adocao") matchable.push(i + 1);
    if (row[LISTED] === 1 && row[STATUS] === "perdido") lostOpenIds.push(i + 1);
  });

  // Extra photos (the first is pets.main_image_url): 40% one more, 20% two more.
  const ir = mulberry32(4);
  const images: unknown[][] = [];
  for (let i = 1; i <= n; i++) {
    const r = ir();
    const extra = r < 0.4 ? 1 : r < 0.6 ? 2 : 0;
    for (let k = 0; k < extra; k++) images.push([images.length + 1, i, `/imagens/pets/${hex(ir, 64)}.webp`, moments[i - 1]]);
  }
  await insertRows(d1, "pet_images", ["id", "pet_id", "image_url", "created_at"], images, {
    progress: progress("pet_images", images.length),
    verb: "INSERT OR IGNORE",
  });
  rows.pet_images = images.length;

  // Sightings ('Vi este pet'), on lost pets only, in time order, in the activity database
  // with ids above 1,000,000,000 as new ones get there (migrations-activity/0000).
  const sr = mulberry32(5);
  const lostIds = pets.flatMap((row, i) => (row[STATUS] === "perdido" ? [i + 1] : []));
  const sightingCount = Math.round(n * SEED.sightingsPerPet);
  const CODE = PET_COLUMNS.indexOf("municipality_code");
  const sightingRows = Array.from({ length: sightingCount }, () => {
    const petId = lostIds[Math.floor(sr() ** 0.5 * lostIds.length)]!;
    const at = Math.min(NOW, moments[petId - 1]! + Math.floor(sr() * 20 * DAY));
    return [
      petId,
      `Perto da ${pick(sr, ["padaria", "praça", "escola", "farmácia", "rodoviária"])} da Rua ${pick(sr, HOODS)}, ${100 + Math.floor(sr() * 900)}`,
      pets[petId - 1]![CODE],
      new Date(at - 3 * 3_600_000).toISOString().slice(0, 16), // Brasília wall clock (UTC−3)
      sr() < 0.5 ? "Estava assustado, sem coleira, correu quando tentei chegar perto. Parecia bem alimentado." : null,
      sr() < 0.2 ? `/imagens/avistamentos/${hex(sr, 64)}.webp` : null,
      sr() < 0.6 ? `(11) 9${hex(sr, 4)}-${hex(sr, 4)}` : null,
      sr() < 0.4 ? uid(Math.floor(sr() * users)) : null,
      at,
    ];
  })
    .sort((a, b) => (a[8] as number) - (b[8] as number))
    .map((row, k) => [...row, 1_000_000_000 + k + 1]);
  await insertRows(
    activity,
    "sightings",
    ["pet_id", "place", "municipality_code", "seen_at", "notes", "image_url", "contact", "reporter_user_id", "created_at", "id"],
    sightingRows,
    { progress: progress("sightings", sightingCount), verb: "INSERT OR IGNORE" },
  );
  rows.sightings = sightingCount;

  // 'Enviar mensagem' and the lost ↔ found pairs.
  const mr = mulberry32(6);
  const messageCount = Math.round(n * SEED.messagesPerPet);
  await insertRows(
    d1,
    "pet_messages",
    ["pet_id", "sender_name", "sender_email", "sender_phone", "message", "created_at", "id"],
    Array.from({ length: messageCount }, () => {
      const petId = 1 + Math.floor(mr() * n);
      return [
        petId,
        "Maria da Silva",
        mr() < 0.7 ? `contato${Math.floor(mr() * 1e6)}@exemplo.com.br` : null,
        mr() < 0.5 ? "(21) 98888-7777" : null,
        "Olá! Vi o anúncio e acho que sei onde ele está. Pode me chamar no WhatsApp?",
        moments[petId - 1]! + DAY,
      ];
    })
      .sort((a, b) => (a[5] as number) - (b[5] as number))
      .map((row, k) => [...row, k + 1]),
    { verb: "INSERT OR IGNORE" },
  );
  rows.pet_messages = messageCount;
  const otherIds = pets.flatMap((row, i) => (row[STATUS] === "encontrado" || row[STATUS] === "avistado" ? [i + 1] : []));
  const pairs = new Set<string>();
  const matchRows: unknown[][] = [];
  const matchCount = Math.round(n * SEED.matchesPerPet);
  while (matchRows.length < matchCount) {
    const lost = lostIds[Math.floor(mr() * lostIds.length)]!;
    const other = otherIds[Math.floor(mr() * otherIds.length)]!;
    if (pairs.has(`${lost}:${other}`)) continue;
    pairs.add(`${lost}:${other}`);
    matchRows.push([lost, other, 60 + Math.floor(mr() * 40), mr() < 0.5 ? NOW : null, Math.max(moments[lost - 1]!, moments[other - 1]!)]);
  }
  await insertRows(d1, "pet_matches", ["lost_pet_id", "other_pet_id", "score", "notified_at", "created_at"], matchRows, {
    verb: "INSERT OR IGNORE",
  });
  rows.pet_matches = matchRows.length;

  // The home's other sections: products, clinics (companies), organizations and events (NGOs).
  const hr = mulberry32(7);
  const company = () => uid(ngos + Math.floor(hr() * companies));
  const products = Math.round(n * SEED.productsPerPet);
  await insertRows(
    d1,
    "products",
    ["user_id", "title", "category", "description", "price_cents", "location", "contact", "created_at", "updated_at", "municipality_code"],
    Array.from({ length: products }, (_, i) => {
      const p = pickPlace();
      const at = NOW - (products - i) * 3_600_000;
      return [
        company(),
        "Ração premium 15 kg",
        "alimentacao",
        "Ração para cães adultos de porte médio, sabor frango.",
        18990,
        `${p.name} - ${p.uf}`,
        "(11) 3333-4444",
        at,
        at,
        p.code,
      ];
    }),
  );
  const clinics = Math.round(n * SEED.clinicsPerPet);
  await insertRows(
    d1,
    "clinics",
    ["user_id", "name", "description", "category", "location", "created_at", "updated_at", "municipality_code"],
    Array.from({ length: clinics }, (_, i) => {
      const p = pickPlace();
      const at = NOW - (clinics - i) * 3_600_000;
      return [
        company(),
        "Clínica Veterinária Amigo Fiel",
        "Atendimento 24 horas, vacinas, cirurgias e exames.",
        "clinica",
        `${p.name}, ${p.uf}`,
        at,
        at,
        p.code,
      ];
    }),
  );
  await insertRows(
    d1,
    "organizations",
    [
      "user_id",
      "name",
      "type",
      "action_area",
      "whatsapp",
      "email",
      "location",
      "description",
      "created_at",
      "updated_at",
      "municipality_code",
    ],
    Array.from({ length: ngos }, (_, i) => {
      const p = pickPlace();
      const at = NOW - (ngos - i) * 3_600_000;
      return [
        uid(i),
        `ONG Patinhas ${i}`,
        "ong",
        "resgate",
        "(11) 97777-6666",
        `ong${i}@exemplo.org.br`,
        `${p.name} - ${p.uf}`,
        "Resgate, castração e adoção responsável.",
        at,
        at,
        p.code,
      ];
    }),
  );
  const events = Math.round(n * SEED.eventsPerPet);
  await insertRows(
    d1,
    "events",
    ["organization_id", "title", "description", "category", "date", "location", "created_at", "updated_at", "municipality_code"],
    Array.from({ length: events }, (_, i) => {
      const p = pickPlace();
      const day = new Date(NOW + (i - events / 2) * 2 * 3_600_000).toISOString().slice(0, 16);
      return [
        1 + Math.floor(hr() * ngos),
        "Feira de adoção",
        "Cães e gatos castrados e vacinados esperando uma família.",
        "adocao",
        day,
        `${p.name} - ${p.uf}`,
        NOW,
        NOW,
        p.code,
      ];
    }),
  );
  Object.assign(rows, { products, clinics, organizations: ngos, events });

  // Saved searches, as 'Avise-me' stores them (normalised, the city canonical: 0026, 0032).
  const qr = mulberry32(8);
  const newest = n;
  const searches: SeededSearch[] = [];
  const searchRows: unknown[][] = [];
  const total = SEED.savedSearches + SEED.unconfirmedSearches;
  let email = 0;
  let left = 0;
  let addresses = 0;
  for (let i = 0; i < total; i++) {
    if (i === SEED.savedSearches) addresses = email;
    if (left === 0) {
      email++;
      const r = qr();
      left = r < 0.75 ? 1 : r < 0.9 ? 2 : 3 + Math.floor(qr() * 8);
    }
    left--;
    const params = new URLSearchParams();
    let code = 0;
    let radius = 0;
    if (qr() < 0.85) {
      const p = pickPlace();
      code = p.code;
      radius = weighted(qr, [
        [0, 40],
        [10, 20],
        [25, 25],
        [50, 15],
      ] as const);
      params.set("cidade", cityParam(p));
      if (radius) params.set("raio", String(radius));
    }
    const text = qr() < 0.08;
    if (text)
      params.set(
        "q",
        pick(qr, [
          "labrador",
          "caramelo",
          "siamês",
          "vira-lata",
          "preto",
          "pastor alemão",
          "golden",
          "shih tzu",
          "persa",
          "thor",
          "luna",
          "mel",
        ]),
      );
    const status = weighted(qr, [
      ["perdido", 40],
      ["adocao", 35],
      ["encontrado", 10],
      ["encontrado+avistado", 3],
      ["", 12],
    ] as const);
    for (const s of status.split("+").filter(Boolean)) params.append("filter", s);
    const species = weighted(qr, [
      ["Cachorro", 55],
      ["Gato", 30],
      ["Outro", 3],
      ["", 12],
    ] as const);
    if (species) params.append("filter", species);
    const size = qr() < 0.15;
    if (size) params.append("filter", pick(qr, ["Pequeno", "Médio", "Grande"]));
    const sex = qr() < 0.1;
    if (sex) params.append("filter", pick(qr, ["Macho", "Fêmea"]));
    const criteria = normaliseCriteria(params.toString());
    const confirmed = i < SEED.savedSearches;
    const created = confirmed ? NOW - Math.floor(qr() * 365 * DAY) : NOW - Math.floor(qr() * (i % 25 === 0 ? 20 : 6.5) * DAY);
    const id = i + 1;
    // The instant alerts' columns, as 'Avise-me' writes them (searchAlertColumns, docs/decisions/0046).
    const alert = alertKeysOf(criteriaOf(criteria));
    searchRows.push([
      i % 5 < 3 ? uid(ngos + companies + Math.floor(qr() * (users - ngos - companies))) : null,
      `alerta${email}@exemplo.com.br`,
      criteria,
      b64(qr, 43),
      confirmed ? created + 3_600_000 : null,
      confirmed ? newest - TARGET.newPerDay : Math.max(0, newest - Math.floor(qr() * 50_000)),
      confirmed ? NOW - DAY : null,
      created,
      i + 1,
      code || null,
      alert.radiusKm,
      alert.status,
      alert.species,
    ]);
    if (confirmed) {
      searches.push({
        id,
        criteria,
        code,
        radius,
        text,
        statuses: status.split("+").filter(Boolean),
        species: species ? [species.toLowerCase()] : [],
        needsCheck: text || size || sex,
      });
    }
  }
  await insertRows(
    d1,
    "saved_searches",
    [
      "user_id",
      "email",
      "criteria",
      "token",
      "confirmed_at",
      "last_pet_id",
      "last_digest_at",
      "created_at",
      "id",
      "alert_municipality_code",
      "alert_radius_km",
      "alert_status",
      "alert_species",
    ],
    searchRows,
    { progress: progress("saved_searches", total), verb: "INSERT OR IGNORE" },
  );
  rows.saved_searches = total;

  const check = await d1
    .prepare("SELECT (SELECT count(*) FROM pets) AS pets, (SELECT value FROM counters WHERE key = 'pets') AS counter")
    .first<{ pets: number; counter: number }>();
  if (check?.pets !== n || check.counter !== n) throw new Error(`seed check failed: ${JSON.stringify(check)}`);
  // No ANALYZE: the migrations do not run one, so the planner works as it does in production.
  return {
    seedSeconds: (performance.now() - t) / 1000,
    rows,
    open,
    newest,
    due,
    searches,
    addresses: addresses || email,
    users,
    lostOpenIds,
    listedIds,
    matchable,
    places,
    pickPlace,
  };
}

// ---------------------------------------------------------------- the rate counters' object

/**
 * The RateCounters Durable Object (docs/decisions/0051) as the app builds it, bundled for
 * the bench's Worker, so the limits run in the real object beside the recorded databases.
 */
async function rateCountersModule(): Promise<string> {
  const out = await build({
    entryPoints: ["app/platform/rate-counters-object.server.ts"],
    bundle: true,
    format: "esm",
    platform: "neutral",
    external: ["cloudflare:workers"],
    write: false,
    logLevel: "silent",
  });
  return out.outputFiles[0]!.text;
}

/**
 * The object's namespace, metered: its RPC calls (each one a billed request) and the object
 * rows they write, 1 per counter taken or given back (tests/worker/rate-counters-object.test.ts
 * measures it; the hourly table's 2 rows and the alarm are shared by every counter of the hour).
 */
class CounterMeter {
  constructor(
    private namespace: DurableObjectNamespace,
    private rec: Recorder,
  ) {}
  env(): RateCountersEnv {
    const namespace = this.namespace;
    const meter = this;
    const wrapped = {
      idFromName: (name: string) => namespace.idFromName(name),
      get: (id: DurableObjectId) => {
        const stub = namespace.get(id) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
        return new Proxy(stub, {
          get(target, method: string) {
            const call = target[method];
            if (typeof call !== "function") return call;
            return async (...args: unknown[]) => {
              const result = await call.apply(target, args);
              const slots = Array.isArray(args[0]) ? args[0].length : 0;
              const counted = method === "release" || (method === "take" && (result as { taken?: boolean }).taken);
              meter.rec.log.push({
                sql: `${method}()`,
                db: OBJECT,
                rowsRead: 0,
                rowsWritten: 0,
                rowsReturned: 0,
                ms: 0,
                objectRows: counted ? slots : 0,
              });
              return result;
            };
          },
        });
      },
    };
    return { RATE_COUNTERS: wrapped as unknown as RateCountersEnv["RATE_COUNTERS"] };
  }
}

// ---------------------------------------------------------------- a D1 that records meta

// Every statement runs inside the Worker (one local HTTP hop), which returns D1's meta
// with the rows. `raw` (drizzle's array mode) runs `.all()` for the meta and, for a read,
// `.raw()` again for exact arrays (not counted); a write maps its objects, as drizzle
// maps batch results. `binding` names the database (DB unless told).
const WORKER = `export default {
  async fetch(request, env) {
    const { statements, mode, binding } = await request.json();
    const d1 = env[binding ?? "DB"];
    const prepared = statements.map((s) => d1.prepare(s.sql).bind(...s.params));
    const pack = (r) => ({ results: r.results, meta: r.meta });
    if (mode === "batch") return Response.json((await d1.batch(prepared)).map(pack));
    const out = [];
    for (const [i, stmt] of prepared.entries()) {
      const r = await stmt.all();
      if (mode !== "raw") { out.push(pack(r)); continue; }
      const read = /^\\s*(select|with)\\b/i.test(statements[i].sql) && !/\\breturning\\b/i.test(statements[i].sql);
      out.push({ rows: read ? await stmt.raw() : r.results.map((o) => Object.values(o)), meta: r.meta });
    }
    return Response.json(out);
  },
};`;

interface Meta {
  rows_read: number;
  rows_written: number;
  duration: number;
  size_after?: number;
}
interface Executed {
  sql: string;
  /** The database's binding. */
  db: string;
  rowsRead: number;
  rowsWritten: number;
  /** Rows the statement returned (as tests/worker/text-search-reads.test.ts counts them). */
  rowsReturned: number;
  ms: number;
  /** A call to the rate counters' object (db OBJECT): the object rows it wrote. */
  objectRows?: number;
}
/** The log's name for the rate counters' Durable Object (its calls are not D1 statements). */
const OBJECT = "RATE_COUNTERS";
interface Statement {
  sql: string;
  params: unknown[];
}

class Recorder {
  log: Executed[] = [];
  constructor(private mf: Miniflare) {}
  take() {
    const out = this.log;
    this.log = [];
    return out;
  }
  async run(
    statements: Statement[],
    mode: "batch" | "all" | "raw",
    binding = MAIN_DB,
  ): Promise<{ results?: Record<string, unknown>[]; rows?: unknown[][]; meta: Meta }[]> {
    const body = JSON.stringify({ statements, mode, binding });
    // A stale keep-alive connection fails before the Worker sees the request: try once more.
    const response = await this.mf
      .dispatchFetch("http://bench.local/", { method: "POST", body })
      .catch(() => this.mf.dispatchFetch("http://bench.local/", { method: "POST", body }));
    if (!response.ok) throw new Error(`worker: ${response.status} ${await response.text()}`);
    const out = (await response.json()) as { results?: Record<string, unknown>[]; rows?: unknown[][]; meta: Meta }[];
    out.forEach((r, i) =>
      this.log.push({
        sql: statements[i]!.sql,
        db: binding,
        rowsRead: r.meta.rows_read,
        rowsWritten: r.meta.rows_written,
        rowsReturned: (r.results ?? r.rows ?? []).length,
        ms: r.meta.duration,
      }),
    );
    return out;
  }
  /** A D1Database for drizzle whose every statement, on the database `binding`, is recorded. */
  d1(binding = MAIN_DB): D1Database {
    const recorder = this;
    class Stmt {
      constructor(
        readonly sql: string,
        readonly params: unknown[] = [],
      ) {}
      bind(...params: unknown[]) {
        return new Stmt(
          this.sql,
          params.map((p) => (p === undefined ? null : p)),
        );
      }
      statement(): Statement {
        return { sql: this.sql, params: this.params };
      }
      async all() {
        const [r] = await recorder.run([this.statement()], "all", binding);
        return { success: true, results: r!.results ?? [], meta: r!.meta };
      }
      run() {
        return this.all();
      }
      async raw(options?: { columnNames?: boolean }) {
        const [r] = await recorder.run([this.statement()], "raw", binding);
        if (options?.columnNames) throw new Error("raw({ columnNames }) is not recorded");
        return r!.rows ?? [];
      }
      async first(column?: string) {
        const row = (await this.all()).results[0] ?? null;
        return column ? (row?.[column] ?? null) : row;
      }
    }
    return {
      prepare: (sql: string) => new Stmt(sql),
      batch: async (statements: Stmt[]) =>
        (
          await recorder.run(
            statements.map((s) => s.statement()),
            "batch",
            binding,
          )
        ).map((r) => ({ success: true, results: r.results ?? [], meta: r.meta })),
      exec: () => Promise.reject(new Error("exec is not recorded")),
      dump: () => Promise.reject(new Error("dump is not recorded")),
      withSession: () => {
        throw new Error("withSession is not recorded");
      },
    } as unknown as D1Database;
  }
}

interface Cost {
  /** Rows read and written over every database. */
  rowsRead: number;
  rowsWritten: number;
  ms: number;
  statements: number;
  rowsReturned: number;
  /** The part of the rows in the activity database (the rest is the main one's). */
  activityRead: number;
  activityWritten: number;
  activityMs: number;
  /** Calls to the rate counters' Durable Object (billed requests) and the object rows they wrote. */
  objectCalls: number;
  objectRows: number;
}
const ZERO_COST: Cost = {
  rowsRead: 0,
  rowsWritten: 0,
  ms: 0,
  statements: 0,
  rowsReturned: 0,
  activityRead: 0,
  activityWritten: 0,
  activityMs: 0,
  objectCalls: 0,
  objectRows: 0,
};
const costOf = (all: Executed[]): Cost => {
  const objects = all.filter((e) => e.db === OBJECT);
  const log = all.filter((e) => e.db !== OBJECT);
  const activity = log.filter((e) => e.db === ACTIVITY_DB);
  return {
    rowsRead: sum(log.map((e) => e.rowsRead)),
    rowsWritten: sum(log.map((e) => e.rowsWritten)),
    ms: sum(log.map((e) => e.ms)),
    statements: log.length,
    rowsReturned: sum(log.map((e) => e.rowsReturned)),
    activityRead: sum(activity.map((e) => e.rowsRead)),
    activityWritten: sum(activity.map((e) => e.rowsWritten)),
    activityMs: sum(activity.map((e) => e.ms)),
    objectCalls: objects.length,
    objectRows: sum(objects.map((e) => e.objectRows ?? 0)),
  };
};
const addCosts = (a: Cost, b: Cost): Cost =>
  Object.fromEntries(Object.keys(ZERO_COST).map((k) => [k, a[k as keyof Cost] + b[k as keyof Cost]])) as unknown as Cost;
const meanCost = (costs: Cost[]): Cost =>
  Object.fromEntries(Object.keys(ZERO_COST).map((k) => [k, mean(costs.map((c) => c[k as keyof Cost]))])) as unknown as Cost;

// Bindings for the services and the consumer: the recorded databases, Miniflare's R2 (the
// archive's records), a KV in memory, and a mail provider that accepts every batch
// (counted, never sent).
const MAIL_URL = "http://mail.bench/emails";
function fakeEnv(rec: Recorder, images: R2Bucket): Env {
  const store = new Map<string, string>();
  const kv = {
    get: async (key: string, type?: string) => {
      const v = store.get(key) ?? null;
      return v !== null && type === "json" ? JSON.parse(v) : v;
    },
    put: async (key: string, value: string) => void store.set(key, value),
    delete: async (key: string) => void store.delete(key),
    list: async () => ({ keys: [], list_complete: true }),
  };
  return {
    ...Object.fromEntries(BINDINGS.map((binding) => [binding, rec.d1(binding)])),
    IMAGES: images,
    KV: kv,
    SITE_URL: "https://patasconectadas.com.br",
    MAIL_API_KEY: "bench",
    MAIL_API_URL: MAIL_URL,
  } as unknown as Env;
}

/** The provider's batch endpoint, accepting everything: calls and mails counted. */
function fakeProvider() {
  const seen = { calls: 0, mails: 0, bytes: 0 };
  const fetcher = (async (_url: string, init?: RequestInit) => {
    const body = String(init?.body ?? "[]");
    seen.calls++;
    seen.mails += (JSON.parse(body) as unknown[]).length;
    seen.bytes += body.length;
    return new Response(JSON.stringify({ data: [] }), { status: 200, headers: { "Content-Type": "application/json" } });
  }) as unknown as typeof fetch;
  return { fetcher, seen };
}

// ---------------------------------------------------------------- measuring

interface RequestMeasure {
  key: string;
  label: string;
  what: string;
  cost: Cost;
  wallMs: number;
  /** Runs' costs in order (searches cycle through their URLs). */
  runs: Cost[];
  /** The statement that read the most rows, over all runs: its SQL's start and mean rows read. */
  heaviest: { sql: string; rowsRead: number };
  urls?: string[];
}

async function measureRequests(rec: Recorder, s: Seeded, counters: RateCountersEnv): Promise<RequestMeasure[]> {
  const db = createDatabase(rec.d1());
  const activityDb = createActivityDatabase(rec.d1(ACTIVITY_DB));
  const r = mulberry32(10);
  const out: RequestMeasure[] = [];
  const measure = async (key: string, label: string, what: string, run: (i: number) => Promise<unknown>) => {
    await run(-1); // warm-up, not counted
    rec.take();
    const costs: Cost[] = [];
    const walls: number[] = [];
    const bySql = new Map<string, number>();
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await run(i);
      walls.push(performance.now() - t);
      const executed = rec.take();
      for (const e of executed) {
        const head = e.sql.replace(/\s+/g, " ").trim().slice(0, 90);
        bySql.set(head, (bySql.get(head) ?? 0) + e.rowsRead);
      }
      costs.push(costOf(executed));
    }
    const cost = meanCost(costs);
    const [heavySql = "", heavyRows = 0] = [...bySql.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
    out.push({ key, label, what, cost, wallMs: median(walls), runs: costs, heaviest: { sql: heavySql, rowsRead: heavyRows / RUNS } });
    log(
      `  ${label}: ${cost.rowsRead.toFixed(1)} rows read, ${cost.rowsWritten.toFixed(1)} written, ${cost.statements.toFixed(1)} statements, D1 ${cost.ms.toFixed(2)} ms`,
    );
  };
  const now = new Date(NOW);
  const someListed = () => s.listedIds[Math.floor(r() * s.listedIds.length)]!;
  const someLost = () => s.lostOpenIds[Math.floor(r() * s.lostOpenIds.length)]!;
  const someUser = () => uid(Math.floor(s.users * 0.01) + Math.floor(r() * s.users * 0.98));
  const cityOf = () => cityParam(s.pickPlace());
  const someIp = () => `200.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}`;

  await measure("home", "Home (`/`)", "`getHomePage` (one batch of 10 statements)", () => getHomePage(db, brasiliaNow(now), now));
  const search = async (query: string) => {
    const url = new URL(`http://bench.local/buscar-pets?${query}`);
    const criteria = parsePetSearch(url);
    const { city, area } = await readCityFilter(db, url);
    if (city.state === "found" && area) Object.assign(criteria, { area, city: city.param });
    return searchPets(db, criteria, PAGE_SIZE);
  };
  const noText = ["", "filter=perdido", "filter=adocao&filter=Gato", "cidade=CITY&raio=25&filter=perdido", "cidade=CITY&filter=adocao"];
  const searchUrls = (list: string[]) => list.map((u) => u.replace("CITY", "{cidade}"));
  await measure(
    "searchNoText",
    "Search without text (`/buscar-pets`)",
    `\`readCityFilter\` + \`searchPets\`; ${noText.length} URLs in turn (no criteria, a status, status + species, a city + 25 km + status, a city + status; cities population-weighted)`,
    (i) => search(noText[(i + noText.length) % noText.length]!.replace("CITY", encodeURIComponent(cityOf()))),
  );
  out.at(-1)!.urls = searchUrls(noText);
  const withText = ["q=labrador", "q=thor", "q=caramelo&filter=perdido", "q=vira-lata&cidade=CITY&raio=25", "q=sao+paulo"];
  await measure(
    "searchText",
    "Search with text (`/buscar-pets?q=`)",
    `the same, ${withText.length} URLs in turn (a breed, a name, a colour + status, a word + city + 25 km, a city typed as text)`,
    (i) => search(withText[(i + withText.length) % withText.length]!.replace("CITY", encodeURIComponent(cityOf()))),
  );
  out.at(-1)!.urls = searchUrls(withText);
  // The pet page as its loader runs it: the pet, its sightings and city. The view is counted
  // in a Durable Object (docs/decisions/0051), no D1 row: the day's views reach D1 after the
  // day, 2 rows per pet viewed (not yet a row of this benchmark's day).
  const petPage = async (viewer: string) => {
    const found = await getPublicPet(db, someListed());
    const id = found!.pet.id;
    void viewer;
    await Promise.all([
      sightingsForPage(db, activityDb, id, null),
      found!.pet.municipalityCode === null ? null : municipalityByCode(db, found!.pet.municipalityCode),
    ]);
    return id;
  };
  let viewers = 0;
  const lastViews: { viewer: string; id: number }[] = [];
  await measure(
    "pet",
    "Pet page (`/pet/{id}`), anonymous, first view of the day",
    "`getPublicPet`, `sightingsForPage`, `municipalityByCode`; the view is counted in its Durable Object (docs/decisions/0051), no D1 row",
    async () => {
      const viewer = `visitante-${++viewers}`;
      lastViews.push({ viewer, id: await petPage(viewer) });
    },
  );
  await measure(
    "petRepeat",
    "Pet page, a repeat view the same day",
    "the same; the view's object finds the viewer's mark and counts nothing",
    async () => {
      const seen = lastViews[Math.floor(r() * lastViews.length)]!;
      const found = await getPublicPet(db, seen.id);
      await Promise.all([
        sightingsForPage(db, activityDb, seen.id, null),
        found!.pet.municipalityCode === null ? null : municipalityByCode(db, found!.pet.municipalityCode),
      ]);
    },
  );
  await measure(
    "sighting",
    "'Vi este pet' (sighting POST)",
    "`getSightingTarget` (main), `takeRateLimits` (client, pet + client, pet: one statement and the batch's read) and `insertSighting` (activity; as `reportSighting`, the pet's own city)",
    async () => {
      const pet = await getSightingTarget(db, someLost());
      const client = someIp();
      await takeRateLimits(
        counters,
        [
          { limit: "client", bucket: "sighting-ip", subject: client, rule: RATE_LIMITS.sightingsPerIp },
          {
            limit: "pet-client",
            bucket: "sighting-pet-client",
            subject: `${pet!.id}:${client}`,
            rule: RATE_LIMITS.sightingsPerPetPerNetwork,
          },
          { limit: "pet", bucket: "sighting-pet", subject: String(pet!.id), rule: RATE_LIMITS.sightingsPerPet },
        ],
        now.getTime(),
      );
      await insertSighting(activityDb, pet!, {
        place: "Perto da padaria da Rua das Flores, 120",
        municipalityCode: null,
        seenAt: brasiliaNow(now),
        notes: "Estava assustado, sem coleira.",
        imageUrl: null,
        contact: "(11) 98888-7777",
        reporterUserId: null,
      });
    },
  );
  await measure(
    "postAd",
    "Post an ad (`/cadastrar-pet` POST), signed in",
    "`getSessionUser`, `resolvePlace` (the city field), `createPetWithImages` (3 photos); the matching is a queue message (section 3)",
    async () => {
      const user = someUser();
      await getSessionUser(db, user);
      const p = s.pickPlace();
      const place = await resolvePlace(db, `${p.name} - ${p.uf}`);
      const code = place.kind === "found" ? place.municipality.ibgeCode : p.code;
      const status = r() < 0.5 ? "perdido" : pick(r, ["encontrado", "avistado", "adocao"] as const);
      await createPetWithImages(
        db,
        user,
        {
          name: "Pipoca",
          type: r() < 0.6 ? "cachorro" : "gato",
          breed: "SRD",
          age: "2 anos",
          gender: "Fêmea",
          size: "Pequeno",
          color: "Caramelo",
          temperament: "Dócil",
          isNeutered: true,
          isVaccinated: true,
          acceptsChildren: true,
          acceptsOtherAnimals: true,
          status,
          description: "Fugiu pelo portão durante a chuva.",
          missingSince: status === "perdido" ? brasiliaNow(now).slice(0, 10) : null,
          contactWhatsapp: "(11) 98888-7777",
          location: `Centro, ${p.name} - ${p.uf}`,
          municipalityCode: code,
          youtube: null,
        } as Parameters<typeof createPetWithImages>[2],
        ["/imagens/pets/a.webp", "/imagens/pets/b.webp", "/imagens/pets/c.webp"],
      );
    },
  );
  await measure(
    "favourite",
    "Favourite (`/favoritos` POST), a visitor",
    "the visitor's hearts limit (`consumeRateLimit`); the lists live in KV (DESIGN decision 3)",
    async () => {
      await consumeRateLimit(
        counters,
        "favorites-visitor",
        `visitante-${Math.floor(r() * 1e6)}`,
        RATE_LIMITS.heartsPerVisitor,
        now.getTime(),
      );
    },
  );
  await measure(
    "signIn",
    "Sign-in (`/entrar` POST)",
    "as `signInWithPassword` runs them: the address's limit, the reserved attempt (client and account, one statement), `findUserByEmail`, the attempt given back (the right password); then the session row (`recordSession`)",
    async () => {
      const i = Math.floor(s.users * 0.01) + Math.floor(r() * s.users * 0.98);
      const client = someIp();
      const email = `tutor${i}@exemplo.com.br`;
      await consumeRateLimit(counters, "signin-ip", client, RATE_LIMITS.signInPerIp, now.getTime());
      const account = await subjectHash(email);
      const attempt = await reserveRateLimits(
        counters,
        [
          { limit: "account", bucket: "signin-fail-account", subject: account, rule: RATE_LIMITS.signInFailuresPerAccount },
          {
            limit: "client",
            bucket: "signin-fail",
            subject: `${account}:${await subjectHash(client)}`,
            rule: RATE_LIMITS.signInFailuresPerClient,
          },
        ],
        now.getTime(),
      );
      const user = await findUserByEmail(db, email);
      if (attempt.allowed) await attempt.release();
      await recordSession(db, { id: `sessao-${i}-${r()}`, userId: user!.id, createdAt: NOW, lastSeenAt: NOW, expiresAt: NOW + 30 * DAY });
    },
  );
  await measure("session", "Session check (every signed-in request)", "`getSessionUser`", () => getSessionUser(db, someUser()));
  return out;
}

// ---------------------------------------------------------------- the digest's design

interface DesignMeasure {
  walks: { label: string; before: Executed; after: Cost; returned: number }[];
  plans: Record<string, string[]>;
  citySearch: string;
  matchQuery: { kind: string; count: number; rowsRead: number[]; ms: number[]; beforeRead: number[] }[];
  perPet: { rowsRead: number[]; matches: number[]; ms: number[] };
  keysRows: number;
  keysBuildSeconds: number;
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const kindOf = (s: SeededSearch) => (s.text ? "text" : s.code === 0 ? "no city" : s.radius === 0 ? "city only" : "city + radius");
/** The match query as it was written before docs/decisions/0040: the area and status kept off their index. */
const beforeCityIndex = (sql: string) => sql.replace(/(?<!\+)"pets"\."(municipality_code|status)" in/gi, '+"pets"."$1" in');

async function measureDesign(rec: Recorder, s: Seeded): Promise<DesignMeasure> {
  const db = createDatabase(rec.d1());
  const now = new Date(NOW);
  const page = 2000; // the planner's page (services/daily-jobs.server.ts)
  rec.take();
  // 1. The planner's walks, a page from the middle of each, as the app runs them now and
  // as they were written before (the OR keyset; the reminder walk without its partial index).
  const middle = s.searches[Math.floor(s.searches.length / 2)]!;
  const keyset = { lastPetId: s.newest - TARGET.newPerDay, id: middle.id };
  const walks: DesignMeasure["walks"] = [];
  // The walk by city (docs/decisions/0049) from the middle of its order; finding that keyset is not measured.
  const [mid] = await rec.run(
    [
      {
        sql: `SELECT alert_municipality_code AS code, alert_status AS status, alert_species AS species, alert_radius_km AS radius, id FROM saved_searches
          WHERE confirmed_at IS NOT NULL AND alert_municipality_code IS NOT NULL ORDER BY 1, 2, 3, 4, 5 LIMIT 1 OFFSET ?`,
        params: [Math.floor(s.searches.length / 3)],
      },
    ],
    "all",
  );
  rec.take();
  const after = mid!.results![0] as { code: number; status: string; species: string; radius: number; id: number };
  const duePage = await dueSearchesWithCityPage(db, s.newest, after, page);
  const dueCost = costOf(rec.take());
  // Before: the OR keyset of the walk by last_pet_id (docs/decisions/0040), a page from the middle.
  const dueBefore = {
    sql: `select "id", "last_pet_id" from "saved_searches" where ("saved_searches"."confirmed_at" is not null and "saved_searches"."last_pet_id" < ? and ("saved_searches"."last_pet_id" > ? or ("saved_searches"."last_pet_id" = ? and "saved_searches"."id" > ?))) order by "saved_searches"."last_pet_id" asc, "saved_searches"."id" asc limit ?`,
    params: [s.newest, keyset.lastPetId, keyset.lastPetId, keyset.id, page],
  };
  await rec.run([dueBefore], "all");
  walks.push({
    label: "due saved searches with a city (`dueSearchesWithCityPage`)",
    before: rec.take()[0]!,
    after: dueCost,
    returned: duePage.length,
  });
  // The reminder walk: its first page (the oldest due ad comes after every ad reminded and waiting).
  const remindPage = await lifecycleDuePage(db, "reminder", now, null, page);
  const remindCost = costOf(rec.take());
  const cutoff = NOW - 60 * DAY;
  const remindBefore = {
    // INDEXED BY: with the partial index present SQLite would use it for this text too
    // (it re-prepares on the bound value); before migration 0018 this was the plan.
    sql: `select "id", "renewed_at" from "pets" INDEXED BY "pets_listed_renewed_at_idx" where ("pets"."listed" = ? and "pets"."renewed_at" < ? and "pets"."reminded_at" is null) order by "pets"."renewed_at" asc, "pets"."id" asc limit ?`,
    params: [1, cutoff, page],
  };
  const [remindOld] = await rec.run([remindBefore], "all");
  if (remindOld!.results!.map((x) => x.id).join() !== remindPage.map((x) => x.id).join())
    throw new Error("the partial index returned other ads");
  walks.push({ label: "ads due a reminder (`lifecycleDuePage`)", before: rec.take()[0]!, after: remindCost, returned: remindPage.length });
  const expiryPage = await lifecycleDuePage(db, "expiry", now, null, page);
  walks.push({
    label: "ads due to expire (`lifecycleDuePage`, unchanged)",
    before: { sql: "", db: MAIN_DB, rowsRead: Number.NaN, rowsWritten: 0, rowsReturned: 0, ms: 0 },
    after: costOf(rec.take()),
    returned: expiryPage.length,
  });
  log(
    `  walks: ${walks.map((w) => `${w.label.split(" (")[0]} ${fmtInt(w.after.rowsRead)} (before ${fmtInt(w.before.rowsRead)}) for ${w.returned}`).join("; ")}`,
  );

  const some = s.listedIds.slice(0, 50);
  const adsToRemindAmongSql = () => {
    const x = adsToRemindAmong(db, some, now).toSQL();
    return { sql: x.sql, params: x.params };
  };
  // The UPDATE's plan without running it: its WHERE as a SELECT.
  const expireSql = () => ({
    sql: `SELECT id FROM pets WHERE id IN (SELECT value FROM json_each(?)) AND +listed = 1 AND +renewed_at < ? AND +reminded_at < ?`,
    params: [JSON.stringify(some), NOW - 90 * DAY, NOW - 7 * DAY],
  });
  const planOf = async (q: Statement) =>
    ((await rec.run([{ sql: `EXPLAIN QUERY PLAN ${q.sql}`, params: q.params }], "all"))[0]!.results ?? []).map((x) => String(x.detail));
  const citySearch = s.searches.find((x) => x.code && !x.text && x.radius === 25)!;
  const noCitySearch = s.searches.find((x) => !x.code && !x.text && x.statuses.length)!;
  const textSearch = s.searches.find((x) => x.text)!;
  const q = (criteria: string) =>
    withSearchArea(db, criteriaOf(criteria)).then((c) =>
      newMatchesQuery(db, c, s.newest - TARGET.newPerDay, s.newest, DIGEST_PETS_PER_MAIL + 1).toSQL(),
    );
  const cityQ = await q(citySearch.criteria);
  const noCityQ = await q(noCitySearch.criteria);
  const textQ = await q(textSearch.criteria);
  const remindQ = lifecycleDuePage(db, "reminder", now, { id: 1, renewedAt: new Date(NOW - 70 * DAY) }, page).toSQL();
  const dueQ1 = { sql: dueBefore.sql, params: dueBefore.params };
  const plans: Record<string, string[]> = {
    [`match query, a city (\`${citySearch.criteria}\`)`]: await planOf(cityQ),
    [`the same as before (\`+\` on the city and status)`]: await planOf({ sql: beforeCityIndex(cityQ.sql), params: cityQ.params }),
    [`match query, no city (\`${noCitySearch.criteria}\`)`]: await planOf(noCityQ),
    [`match query, text (\`${textSearch.criteria}\`)`]: await planOf(textQ),
    ["reminder page after a keyset (`lifecycleDuePage`)"]: await planOf(remindQ),
    ["reminder page before (on pets_listed_renewed_at_idx, as before migration 0018)"]: await planOf(remindBefore),
    ["a reminder message's ads (`adsToRemindAmong`)"]: await planOf(adsToRemindAmongSql()),
    ["an expiry message's ads (`expireAdsAmong`)"]: await planOf(expireSql()),
    ["due saved searches before (the OR keyset)"]: await planOf(dueQ1),
  };
  rec.take();

  // 2. The match query alone, per saved search, by kind; beside it the form before
  // docs/decisions/0040 (`+` on the area and status), checked to return the same pets.
  const r = mulberry32(11);
  const sample = Array.from({ length: DIGEST_SAMPLE }, () => s.searches[Math.floor(r() * s.searches.length)]!);
  const byKind = new Map<string, { kind: string; count: number; rowsRead: number[]; ms: number[]; beforeRead: number[] }>();
  const from = s.newest - TARGET.newPerDay;
  for (let i = 0; i < sample.length; i += 50) {
    const chunk = sample.slice(i, i + 50);
    const criteria = await Promise.all(chunk.map((x) => withSearchArea(db, criteriaOf(x.criteria))));
    rec.take();
    const statements = criteria.map((c) => newMatchesQuery(db, c, from, s.newest, DIGEST_PETS_PER_MAIL + 1).toSQL());
    const results = await rec.run(
      statements.map((x) => ({ sql: x.sql, params: x.params })),
      "batch",
    );
    const before = await rec.run(
      statements.map((x) => ({ sql: beforeCityIndex(x.sql), params: x.params })),
      "batch",
    );
    rec.take();
    chunk.forEach((x, j) => {
      const ids = (rs: { results?: Record<string, unknown>[] }) => (rs.results ?? []).map((row) => row.id).join();
      if (ids(results[j]!) !== ids(before[j]!)) throw new Error(`the city-index form returned other pets for saved search ${x.id}`);
      const k = kindOf(x);
      const entry = byKind.get(k) ?? { kind: k, count: 0, rowsRead: [], ms: [], beforeRead: [] };
      entry.count++;
      entry.rowsRead.push(results[j]!.meta.rows_read);
      entry.ms.push(results[j]!.meta.duration);
      entry.beforeRead.push(before[j]!.meta.rows_read);
      byKind.set(k, entry);
    });
  }
  const matchQuery = [...byKind.values()].sort((a, b) => b.count - a.count);
  log(
    `  match query: ${matchQuery.map((k) => `${k.kind} ${mean(k.rowsRead).toFixed(0)} (before ${mean(k.beforeRead).toFixed(0)})`).join(", ")}`,
  );

  // 3. The per-new-pet prototype: one row per saved search and status and species value,
  // keyed for the new pet's lookup, with the search's size, sex and text to check on the
  // pet (bench database only, never the app's schema).
  const t = performance.now();
  await rec.run(
    [
      {
        sql: `CREATE TABLE bench_alert_keys (
      centre_code INTEGER NOT NULL, status TEXT NOT NULL, species TEXT NOT NULL, radius_km INTEGER NOT NULL,
      search_id INTEGER NOT NULL, size TEXT NOT NULL, gender TEXT NOT NULL, q TEXT NOT NULL,
      PRIMARY KEY (centre_code, status, species, search_id)) WITHOUT ROWID`,
        params: [],
      },
    ],
    "all",
  );
  const keyRows: unknown[][] = [];
  for (const x of s.searches) {
    const c = criteriaOf(x.criteria);
    for (const status of x.statuses.length ? x.statuses : [""]) {
      for (const species of x.species.length ? x.species : [""]) {
        keyRows.push([x.code, status, species, x.radius, x.id, c.filters.size[0] ?? "", c.filters.gender[0] ?? "", c.q]);
      }
    }
  }
  for (let i = 0; i < keyRows.length; i += 5000) {
    await rec.run(
      [
        {
          sql: "INSERT INTO bench_alert_keys SELECT value->>0, value->>1, value->>2, value->>3, value->>4, value->>5, value->>6, value->>7 FROM json_each(?)",
          params: [JSON.stringify(keyRows.slice(i, i + 5000))],
        },
      ],
      "all",
    );
  }
  rec.take();
  const keysBuildSeconds = (performance.now() - t) / 1000;
  const perPet = { rowsRead: [] as number[], matches: [] as number[], ms: [] as number[] };
  const pr = mulberry32(12);
  for (let i = 0; i < NEW_PET_SAMPLE; i++) {
    const petId = from + 1 + Math.floor(pr() * TARGET.newPerDay);
    const [pet] = (
      await rec.run(
        [
          {
            sql: "SELECT id, name, type, breed, color, location, status, size, gender, municipality_code AS code, listed FROM pets WHERE id = ?",
            params: [petId],
          },
        ],
        "all",
      )
    )[0]!.results as {
      id: number;
      name: string;
      type: string;
      breed: string | null;
      color: string | null;
      location: string;
      status: string;
      size: string;
      gender: string;
      code: number;
      listed: number;
    }[];
    if (!pet) continue;
    const species = pet.type === "cachorro" || pet.type === "gato" ? pet.type : "outro";
    // The saved searches centred within 50 km of the pet's municipality whose radius
    // reaches it (CROSS JOIN: neighbours first, then each centre's keys), and those
    // without a city, for the pet's status and species or any.
    const [candidates] = await rec.run(
      [
        {
          sql: `SELECT k.search_id AS id, k.size, k.gender, k.q FROM municipality_neighbours n
            CROSS JOIN bench_alert_keys k ON k.centre_code = n.to_code AND k.status IN (?2, '') AND k.species IN (?3, '') AND k.radius_km >= n.distance_km
            WHERE n.from_code = ?1 AND n.distance_km <= 50
            UNION ALL
            SELECT search_id, size, gender, q FROM bench_alert_keys WHERE centre_code = 0 AND status IN (?2, '') AND species IN (?3, '')`,
          params: [pet.code, pet.status, species],
        },
      ],
      "all",
    );
    const found = ((candidates!.results ?? []) as { id: number; size: string; gender: string; q: string }[]).filter(
      (c) => (!c.size || c.size === pet.size) && (!c.gender || c.gender === pet.gender),
    );
    // Text on the pet row in hand, as the FTS trigram index matches it: every word a
    // substring of one of the indexed columns, accents and case folded. No D1 read.
    const fields = [pet.name, pet.type, pet.location, pet.breed ?? "", pet.color ?? ""].map(fold);
    const hits = new Set<string>();
    for (const q of new Set(found.map((c) => c.q).filter(Boolean))) {
      const { phrases, short } = searchTerms(q);
      if ([...phrases, ...short].every((w) => fields.some((f) => f.includes(fold(w))))) hits.add(q);
    }
    const matches = found.filter((c) => !c.q || hits.has(c.q)).length;
    const cost = costOf(rec.take());
    perPet.rowsRead.push(cost.rowsRead);
    perPet.matches.push(pet.listed ? matches : 0);
    perPet.ms.push(cost.ms);
  }
  log(
    `  per new pet: ${mean(perPet.rowsRead).toFixed(0)} rows read, ${mean(perPet.matches).toFixed(0)} matching saved searches (prototype)`,
  );
  return { walks, plans, citySearch: citySearch.criteria, matchQuery, perPet, keysRows: keyRows.length, keysBuildSeconds };
}

// ---------------------------------------------------------------- one day of scheduled work

interface JobRun {
  kind: JobMessage["kind"];
  /** Messages the day's plan holds (or, for matches and deliveries, the target's day). */
  planned: number;
  /** Messages run here. */
  ran: number;
  items: number;
  cost: Cost;
  /** Local wall time per message, whole consumeTasks call. */
  wallMs: number[];
  /** Mails the job sent (to the provider directly, docs/decisions/0052). */
  mailsWritten: number;
  /** The provider's batch calls the job made. */
  providerCalls: number;
  /** Deliveries messages the job sent on. */
  followUps: number;
  retried: number;
  /** Sightings that left the activity database (the archive's messages). */
  sightingsMoved: number;
}

interface DayMeasure {
  plan: { reminders: number; expiries: number; digests: number; mails: number; messages: number };
  planCost: Cost;
  planWallSeconds: number;
  planByPart: { label: string; cost: Cost }[];
  byKind: Record<string, number>;
  jobs: JobRun[];
  provider: { calls: number; mails: number };
  mailRows: number;
  /** A pending mail's row (key, address, body), measured before the deliveries ran. */
  mailBytes: number;
  /** New ads whose instant alerts ran (each one's first message and its follow-ups). */
  instantAds: number;
  /** Archive messages the plan held, by kind (a sample of each is run). */
  archivePlanned: Record<string, number>;
}

/** A count in the activity database, not recorded (the outbox, the sightings). */
async function activityCount(rec: Recorder, table: "mail_deliveries" | "sightings") {
  const [row] = await rec.run([{ sql: `SELECT count(*) AS n FROM ${table}`, params: [] }], "all", ACTIVITY_DB);
  rec.take();
  return Number(row!.results![0]!.n);
}

/**
 * The day: planDailyWork over the seeded database (every part: housekeeping, reminders,
 * expiries, digests, stale mail) into a list, then consumeTasks on its messages, one
 * message per batch so each is timed on its own: every reminder and expiry message,
 * DIGEST_MESSAGES digest messages evenly spaced over the plan, MATCH_SAMPLE new-ad
 * matches, and every deliveries message those ask for.
 */
async function measureDay(rec: Recorder, s: Seeded, images: R2Bucket, counters: RateCountersEnv): Promise<DayMeasure> {
  const env = { ...fakeEnv(rec, images), ...counters } as Env;
  let instantAds = 0;
  let pendingMailBytes = Number.NaN;
  const now = new Date(NOW);
  const planned: JobMessage[] = [];
  rec.take();
  const t0 = performance.now();
  const plan = await planDailyWork(env, now, async (messages) => void planned.push(...messages));
  const planWallSeconds = (performance.now() - t0) / 1000;
  const planLog = rec.take();
  const parts: [string, RegExp][] = [
    [
      "housekeeping (expired sessions, instant alerts' days, unconfirmed alerts, old mail) and stale mail",
      /^\s*delete|mail_deliveries|failed_jobs/i,
    ],
    ["reminder pages (`lifecycleDuePage`)", /from "pets" where .*"reminded_at" is null/i],
    ["expiry pages (`lifecycleDuePage`)", /from "pets" where .*"reminded_at" is not null/i],
    [
      "archive pages (ads leaving view, old sightings, ads due to leave) and the orphan sightings' sweep (`existingPetIds`)",
      /from "sightings"|"closed_at"|"pets"\."id" IN \(SELECT value FROM json_each/i,
    ],
    ["digest pages (`newestPetId`, `dueSearchesWithCityPage`, `dueSearchesWithoutCityPage`)", /from "(saved_searches|pets)"|max\(/i],
    ["other", /./],
  ];
  const taken = new Set<Executed>();
  const planByPart = parts.map(([label, test]) => {
    const mine = planLog.filter((e) => !taken.has(e) && test.test(e.sql.replace(/\s+/g, " ")));
    mine.forEach((e) => taken.add(e));
    return { label, cost: costOf(mine) };
  });
  const byKind: Record<string, number> = {};
  for (const m of planned) byKind[m.kind] = (byKind[m.kind] ?? 0) + 1;
  log(`  plan: ${JSON.stringify(plan)} in ${planWallSeconds.toFixed(1)} s, ${fmtInt(costOf(planLog).rowsRead)} rows read`);

  const { fetcher, seen } = fakeProvider();
  const followUps: JobMessage[] = [];
  const sink = async (messages: JobMessage[]) => void followUps.push(...messages);
  const runs = new Map<string, JobRun>();
  const runOne = async (body: JobMessage, plannedCount: number) => {
    let retried = 0;
    const message = {
      id: "bench",
      timestamp: now,
      body,
      attempts: 1,
      ack() {},
      retry() {
        retried++;
      },
    };
    // Job mail goes to the provider directly (docs/decisions/0052): mails are the provider's.
    const before = seen.mails;
    const callsBefore = seen.calls;
    const archive = body.kind.startsWith("archive");
    const sightingsBefore = archive ? await activityCount(rec, "sightings") : 0;
    const sentOn = followUps.length;
    const t = performance.now();
    await consumeTasks(
      { queue: "patas-tarefas", messages: [message], ackAll() {}, retryAll() {} } as unknown as MessageBatch<unknown>,
      env,
      { sink, fetcher, now },
    );
    const wall = performance.now() - t;
    const cost = costOf(rec.take());
    const mails = seen.mails - before;
    const calls = seen.calls - callsBefore;
    const sightingsMoved = archive ? sightingsBefore - (await activityCount(rec, "sightings")) : 0;
    const run = runs.get(body.kind) ?? {
      kind: body.kind,
      planned: plannedCount,
      ran: 0,
      items: 0,
      cost: ZERO_COST,
      wallMs: [],
      mailsWritten: 0,
      providerCalls: 0,
      followUps: 0,
      retried: 0,
      sightingsMoved: 0,
    };
    // Only the deliveries it asked for: an instant alerts message also sends on its own follow-ups.
    run.followUps += followUps.slice(sentOn).filter((m) => m.kind === "deliveries").length;
    run.ran++;
    run.items +=
      "petIds" in body ? body.petIds.length : "searchIds" in body ? (body.searchIds?.length ?? 1) : "keys" in body ? body.keys.length : 1;
    run.cost = addCosts(run.cost, cost);
    run.sightingsMoved += sightingsMoved;
    run.wallMs.push(wall);
    run.mailsWritten += mails;
    run.providerCalls += calls;
    run.retried += retried;
    runs.set(body.kind, run);
  };
  const quiet = console.log;
  console.log = (...args: unknown[]) => {
    if (!String(args[0]).startsWith("[mail]")) quiet(...args);
  };
  try {
    for (const m of planned.filter((x) => x.kind === "expiries")) await runOne(m, byKind.expiries ?? 0);
    log(`  expiries done`);
    for (const m of planned.filter((x) => x.kind === "reminders")) await runOne(m, byKind.reminders ?? 0);
    log(`  reminders done`);
    const digests = planned.filter((x) => x.kind === "digests");
    const step = Math.max(1, digests.length / DIGEST_MESSAGES);
    for (let i = 0; i < Math.min(DIGEST_MESSAGES, digests.length); i++) await runOne(digests[Math.floor(i * step)]!, digests.length);
    log(`  ${Math.min(DIGEST_MESSAGES, digests.length)} digest messages done`);
    // The archive's messages (docs/decisions/0050): a sample of each kind, evenly spaced
    // over the plan; the seed's backlog is not the target's day, so section 2 scales them
    // by the target's rates rather than by the plan's count.
    for (const kind of ["archive-sightings", "archive-pets"] as const) {
      const all = planned.filter((x) => x.kind === kind);
      const archiveStep = Math.max(1, all.length / ARCHIVE_SAMPLE);
      for (let i = 0; i < Math.min(ARCHIVE_SAMPLE, all.length); i++) await runOne(all[Math.floor(i * archiveStep)]!, all.length);
    }
    log(`  archive messages done`);
    // New ads of the last day that are matched on posting (lost, found, sighted).
    const r = mulberry32(13);
    const recent = s.matchable.filter((id) => id > s.newest - TARGET.newPerDay);
    for (let i = 0; i < MATCH_SAMPLE && recent.length; i++) {
      await runOne(
        { kind: "matches", petId: recent[Math.floor(r() * recent.length)]!, origin: "https://patasconectadas.com.br" },
        Math.round(TARGET.newPerDay * MIX.matchedShare),
      );
    }
    log(`  matches done`);
    // The same new ads' instant alerts (docs/decisions/0046): the first message finds the
    // covering saved searches and mails 25, its follow-ups the rest; all counted per ad.
    const instantPerDay = Math.round(TARGET.newPerDay * MIX.matchedShare);
    for (let i = 0; i < INSTANT_SAMPLE && recent.length; i++) {
      // Distinct ads, spread over the day's (the same ad twice would mail nothing the second time).
      await runOne({ kind: "instant-alerts", petId: recent[Math.floor((i * recent.length) / INSTANT_SAMPLE)]! }, instantPerDay);
      instantAds++;
      for (;;) {
        const at = followUps.findIndex((m) => m.kind === "instant-alerts");
        if (at < 0) break;
        await runOne(followUps.splice(at, 1)[0]!, instantPerDay);
      }
    }
    log(`  instant alerts done (${instantAds} new ads)`);
    // What a mail would weigh in the outbox, were the provider down (its JSON as sent; the
    // outbox row adds its key and address): the size of an outage's backlog (docs/decisions/0052).
    pendingMailBytes = seen.bytes / Math.max(1, seen.mails);
    // Only a provider failure leaves mail for a deliveries message: none with this stand-in.
    const deliveries = followUps.splice(0);
    for (const m of deliveries) await runOne(m, 0);
    log(`  ${deliveries.length} deliveries done (${seen.calls} provider calls, ${seen.mails} mails)`);
  } finally {
    console.log = quiet;
  }
  const mailRows = await activityCount(rec, "mail_deliveries");
  return {
    plan,
    planCost: costOf(planLog),
    planWallSeconds,
    planByPart,
    byKind,
    jobs: [...runs.values()],
    provider: { ...seen },
    mailRows,
    instantAds,
    mailBytes: pendingMailBytes,
    archivePlanned: { "archive-sightings": byKind["archive-sightings"] ?? 0, "archive-pets": byKind["archive-pets"] ?? 0 },
  };
}

interface TableSize {
  table: string;
  rows: number;
  /** Pages on disk (what D1 stores); `usedBytes` leaves out their free space. */
  bytes: number;
  usedBytes: number;
  dataBytes: number;
  indexBytes: number;
}

interface DatabaseSize {
  binding: string;
  tables: TableSize[];
  fileBytes: number;
  pageSize: number;
  /** D1's `size_after` once seeded. */
  sizeAfterSeed: number;
}

/**
 * Each database's file (Miniflare keeps one SQLite file per binding; told apart by a table
 * only it has) through `dbstat`, grouped by table with its indexes, with exact row counts.
 */
function databaseSizes(dir: string, sizeAfterSeed: Record<string, number>): DatabaseSize[] {
  const folder = join(dir, "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(folder).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  const marker: Record<string, string> = { [MAIN_DB]: "pets", [ACTIVITY_DB]: "sightings" };
  const out: DatabaseSize[] = [];
  for (const file of files) {
    const db = new DatabaseSync(join(folder, file));
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const schema = db.prepare("SELECT name, tbl_name, type, sql FROM sqlite_schema").all() as {
      name: string;
      tbl_name: string;
      type: string;
      sql: string | null;
    }[];
    const binding = BINDINGS.find((b) => schema.some((row) => row.type === "table" && row.name === marker[b]));
    if (!binding) {
      db.close();
      continue;
    }
    const fileBytes = statSync(join(folder, file)).size;
    const pageSize = Number((db.prepare("PRAGMA page_size").get() as { page_size: number }).page_size);
    const owner = new Map(schema.map((row) => [row.name, { table: row.tbl_name, index: row.type === "index" }]));
    // The FTS5 index's shadow tables belong to the pets they index.
    const tableOf = (name: string) => {
      const o = owner.get(name) ?? { table: name, index: false };
      return o.table.startsWith("pets_search")
        ? "pets_search (FTS)"
        : o.table.startsWith("sqlite_autoindex_")
          ? o.table.replace(/^sqlite_autoindex_(.*)_\d+$/, "$1")
          : o.table;
    };
    const rows = new Map<string, number>();
    for (const row of schema) {
      if (
        row.type !== "table" ||
        row.name.startsWith("sqlite_") ||
        row.name.startsWith("pets_search") ||
        /^create virtual/i.test(row.sql ?? "")
      )
        continue;
      rows.set(row.name, Number((db.prepare(`SELECT count(*) AS n FROM "${row.name}"`).get() as { n: number }).n));
    }
    const stat = () =>
      db.prepare("SELECT name, sum(pgsize) AS bytes, sum(pgsize - unused) AS used FROM dbstat GROUP BY name").all() as {
        name: string;
        bytes: number;
        used: number;
      }[];
    const sizes = new Map<string, TableSize>();
    for (const row of stat()) {
      const table = tableOf(row.name);
      const entry = sizes.get(table) ?? { table, rows: rows.get(table) ?? 0, bytes: 0, usedBytes: 0, dataBytes: 0, indexBytes: 0 };
      entry.bytes += row.bytes;
      entry.usedBytes += row.used;
      if (owner.get(row.name)?.index) entry.indexBytes += row.bytes;
      else entry.dataBytes += row.bytes;
      sizes.set(table, entry);
    }
    db.close();
    out.push({
      binding,
      tables: [...sizes.values()].sort((a, b) => b.bytes - a.bytes),
      fileBytes,
      pageSize,
      sizeAfterSeed: sizeAfterSeed[binding] ?? 0,
    });
  }
  return BINDINGS.map((b) => out.find((d) => d.binding === b)!).filter(Boolean);
}

async function runSize(n: number) {
  const dir = join(BENCH_DIR, `scale-${n}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  log(`${people(n)} pets: fresh local D1 databases (${BINDINGS.join(", ")}) in ${dir}`);
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      resourcePersistencePath: dir,
      modules: true,
      script: `${WORKER}\n${await rateCountersModule()}`,
      compatibilityDate: "2025-09-01",
      d1Databases: BINDINGS,
      r2Buckets: ["IMAGES"],
      durableObjects: { [OBJECT]: { className: "RateCounters", useSQLite: true } },
    }),
  );
  const rec = new Recorder(mf);
  const counters = new CounterMeter((await mf.getDurableObjectNamespace(OBJECT)) as unknown as DurableObjectNamespace, rec).env();
  let seeded: Seeded;
  const sizeAfterSeed: Record<string, number> = {};
  let design: DesignMeasure;
  let day: DayMeasure;
  let requests: RequestMeasure[];
  const measureStarted = performance.now();
  try {
    const databases = Object.fromEntries(
      await Promise.all(BINDINGS.map(async (b) => [b, (await mf.getD1Database(b)) as unknown as D1Database] as const)),
    );
    seeded = await seed(databases, n);
    log(
      `  seeded in ${seeded.seedSeconds.toFixed(0)} s: ${fmtInt(seeded.open)} open ads, ${fmtInt(seeded.searches.length)} confirmed saved searches`,
    );
    for (const b of BINDINGS) sizeAfterSeed[b] = (await rec.run([{ sql: "SELECT 1", params: [] }], "all", b))[0]!.meta.size_after ?? 0;
    rec.take();
    // Before the day: the walks need the items the day then handles.
    design = await measureDesign(rec, seeded);
    day = await measureDay(rec, seeded, (await mf.getR2Bucket("IMAGES")) as unknown as R2Bucket, counters);
    requests = await measureRequests(rec, seeded, counters);
  } finally {
    await mf.dispose();
  }
  const measureSeconds = (performance.now() - measureStarted) / 1000 - seeded.seedSeconds;
  const databases = databaseSizes(dir, sizeAfterSeed);
  // The 1,000,000-pet databases are about 1.5 GB: not kept.
  if (n >= 1_000_000) rmSync(dir, { recursive: true, force: true });
  return { n, seeded, databases, design, day, requests, measureSeconds };
}

// ---------------------------------------------------------------- report

type SizeResult = Awaited<ReturnType<typeof runSize>>;
const f1 = (x: number) => (Math.abs(x) >= 100 ? fmtInt(x) : x.toFixed(1));
const big = (x: number) => (x >= 1e9 ? `${(x / 1e9).toFixed(2)} billion` : x >= 1e6 ? `${(x / 1e6).toFixed(1)} million` : fmtInt(x));
const gb = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`;
const pct = (x: number) => `${(100 * x).toFixed(x < 0.1 ? 1 : 0)}%`;

// D1's published limits and prices (cited in the report).
const D1 = D1_PRICING;
const QUEUES = { maxConcurrency: 250, maxBatch: 100, wallMinutes: 15 };
const RESEND = { batch: 100, rps: 5, rpsOld: 2 };

/** A table's measured size over a result's databases. */
const tableIn = (r: SizeResult, table: string) => r.databases.flatMap((d) => d.tables).find((x) => x.table === table);
const bytesIn = (r: SizeResult, table: string) => tableIn(r, table)?.bytes ?? 0;
/** Bytes per row on disk (pages), or per row used (free space left out) for tables of a few pages. */
const perRowIn = (r: SizeResult, table: string, used = false) => {
  const t = tableIn(r, table);
  return t?.rows ? (used ? t.usedBytes : t.bytes) / t.rows : 0;
};
const databaseOf = (r: SizeResult, binding: string) => r.databases.find((d) => d.binding === binding);
/** The tables that grow with the ads; they leave main together when an ad is archived. */
const PET_TABLES = ["pets", "pets_search (FTS)", "pet_images", "pet_messages", "pet_matches"];
const perPetBytes = (r: SizeResult) => sum(PET_TABLES.map((t) => bytesIn(r, t))) / r.n;
/** Tables the projection leaves out: the bench's prototype, and main's tables the activity move empties. */
const NOT_PROJECTED = new Set(["bench_alert_keys", "moved_sightings", "moved_mail_deliveries"]);

interface Projection {
  binding: string;
  parts: ProjectedPart[];
  bytes: number;
}

/** Each database after YEARS at the target, by the retention rules of docs/decisions/0050. */
function projectDatabases(large: SizeResult, day: DayRow[]): Projection[] {
  const days = YEARS * 365;
  const petsEver = TARGET.pets + TARGET.newPerDay * days;
  const instantMailsPerDay = dayMessages(large)["instant-alerts"]?.mails ?? 0;
  const liveSightingDays = EXPIRE_AFTER_DAYS + CLOSED_VISIBLE_DAYS;
  const parts: Record<string, ProjectedPart[]> = {
    [MAIN_DB]: [
      {
        what: "pets, photos, messages, matches, FTS (per pet)",
        rows: retainedRows(TARGET.newPerDay, ARCHIVE_AFTER_DAYS, days) + TARGET.open,
        bytesPerRow: perPetBytes(large),
        basis:
          `the ads of the last ${ARCHIVE_AFTER_DAYS} days (${people(TARGET.newPerDay)} a day) plus the ${people(TARGET.open)} open ones (an upper bound: most open ads are among them); ` +
          "a closed or expired ad older than a year leaves for R2 with its photos', messages' and matches' rows and its FTS entry",
      },
      {
        what: "users + profiles",
        rows: petsEver * SEED.usersPerPet,
        bytesPerRow: perRowIn(large, "users") + perRowIn(large, "profiles"),
        basis: `${SEED.usersPerPet} per pet ever posted (assumption); accounts stay`,
      },
      {
        what: "user_sessions",
        rows: petsEver * SEED.usersPerPet * SEED.sessionsPerUser,
        bytesPerRow: perRowIn(large, "user_sessions"),
        basis: `${SEED.sessionsPerUser} per account; expired rows swept daily`,
      },
      {
        what: "saved_searches",
        rows: TARGET.savedSearches * 1.05,
        bytesPerRow: perRowIn(large, "saved_searches"),
        basis: `${people(TARGET.savedSearches)} confirmed and 5% waiting, steady`,
      },
      {
        what: "instant_alert_days",
        rows: Math.min(instantMailsPerDay, large.seeded.addresses) * INSTANT_ALERT_DAYS_KEPT,
        bytesPerRow: perRowIn(large, "instant_alert_days"),
        basis: `one row per address told that day, kept ${INSTANT_ALERT_DAYS_KEPT} days (docs/decisions/0046): at most the ${fmtInt(instantMailsPerDay)} mails a day (capped at ${INSTANT_ALERTS_PER_DAY} per address) or the ${fmtInt(large.seeded.addresses)} addresses, whichever is fewer; bytes per row measured on this run's rows, most of which hold one pet (a row of three is about 30 bytes more)`,
      },
      {
        what: "municipalities + neighbours",
        rows: 1,
        bytesPerRow: bytesIn(large, "municipalities") + bytesIn(large, "municipality_neighbours"),
        basis: "fixed",
      },
    ],
    [ACTIVITY_DB]: [
      {
        what: "sightings",
        rows: retainedRows(TARGET.sightingsPerDay, liveSightingDays, days),
        bytesPerRow: perRowIn(large, "sightings"),
        basis:
          `${people(TARGET.sightingsPerDay)} a day; a sighting stays while its ad is open or closed for at most ${CLOSED_VISIBLE_DAYS} days, and at most a year, then goes to R2: ` +
          `about the last ${liveSightingDays} days' (lost ads expire after ${EXPIRE_AFTER_DAYS} days, + ${CLOSED_VISIBLE_DAYS})`,
      },
      {
        what: "mail_deliveries",
        rows: 0,
        bytesPerRow: large.day.mailBytes,
        basis: `only mail the provider refused for now waits here (docs/decisions/0052): none in steady state; a whole day's outage would hold ${fmtInt(mailsPerDay(large))} mails of about ${fmtInt(large.day.mailBytes)} bytes (${gb(mailsPerDay(large) * large.day.mailBytes)}) until delivered`,
      },
    ],
  };
  // The tables the parts above stand for.
  const covered = new Set([
    ...PET_TABLES,
    "users",
    "profiles",
    "user_sessions",
    "saved_searches",
    "instant_alert_days",
    "municipalities",
    "municipality_neighbours",
    "sightings",
    "mail_deliveries",
  ]);
  return BINDINGS.map((binding) => {
    const own = parts[binding] ?? [];
    // What no rule covers is carried at its measured size (products, clinics, events, …).
    const rest = (databaseOf(large, binding)?.tables ?? []).filter((t) => !NOT_PROJECTED.has(t.table) && !covered.has(t.table));
    const all = [
      ...own,
      {
        what: `the other tables (${rest.length})`,
        rows: 1,
        bytesPerRow: sum(rest.map((t) => t.bytes)),
        basis: `as measured at ${people(large.n)} pets: ${rest
          .slice(0, 6)
          .map((t) => t.table)
          .join(", ")}${rest.length > 6 ? ", …" : ""}`,
      },
    ];
    return { binding, parts: all, bytes: projectedBytes(all) };
  });
}

function storageSection(results: SizeResult[], projections: Projection[]): string {
  const large = results.at(-1)!;
  const lines = ["## 1. Storage", ""];
  lines.push(
    `Two D1 databases (docs/decisions/0050): ${BINDINGS.map((b) => `**${dbName(b)}** (\`${b}\`)`).join(" and ")}, each created and migrated from its own folder. ` +
      "Sizes from SQLite's `dbstat` over each persisted file (Miniflare's D1 refuses `dbstat` and `PRAGMA page_count`; the same file opened by Node's SQLite has both), " +
      "grouped by table with its indexes, rows counted; the FTS5 index's shadow tables count as `pets_search (FTS)`. " +
      "D1's own figure is `meta.size_after` (the database size D1 reports after a statement).",
    "",
  );
  for (const r of results) {
    lines.push(`### ${people(r.n)} pets`, "");
    for (const d of r.databases) {
      const proto = d.tables.find((x) => x.table === "bench_alert_keys")?.bytes ?? 0;
      const total = sum(d.tables.filter((x) => x.table !== "bench_alert_keys").map((x) => x.bytes));
      lines.push(
        `**${dbName(d.binding)}** (\`${d.binding}\`): ${fmtBytes(d.sizeAfterSeed)} after the seed (D1's \`size_after\`); after the run ${fmtBytes(d.fileBytes)} on disk, pages of ${d.pageSize} bytes` +
          (proto ? ` (the run adds the per-new-pet prototype's table, ${fmtBytes(proto)}, not part of the app).` : "."),
        "",
        "| table | rows | table bytes | index bytes | total | bytes per row |",
        "|---|--:|--:|--:|--:|--:|",
        ...d.tables
          .filter((x) => x.bytes >= 8192 || x.rows)
          .map(
            (x) =>
              `| ${x.table} | ${x.rows ? fmtInt(x.rows) : ""} | ${fmtBytes(x.dataBytes)} | ${fmtBytes(x.indexBytes)} | ${fmtBytes(x.bytes)} | ${x.rows ? fmtInt(x.bytes / x.rows) : ""} |`,
          ),
        `| **all${proto ? " (without the prototype)" : ""}** | | | | **${fmtBytes(total)}** | |`,
        "",
      );
    }
  }
  const fixed = bytesIn(large, "municipalities") + bytesIn(large, "municipality_neighbours");
  const seeded = (r: SizeResult) => sum(r.databases.map((d) => d.sizeAfterSeed));
  lines.push(
    "### Per 100,000 pets",
    "",
    `The tables that grow with the ads (${PET_TABLES.map((t) => `\`${t}\``).join(", ")}): ` +
      results.map((r) => `**${fmtBytes(perPetBytes(r) * 100_000)}** per 100,000 pets at ${people(r.n)}`).join(", ") +
      ` (of which the pets' rows and indexes ${fmtBytes((bytesIn(large, "pets") / large.n) * 100_000)} and the FTS index ${fmtBytes((bytesIn(large, "pets_search (FTS)") / large.n) * 100_000)}). ` +
      `With the seed's users, sessions, sightings and saved searches in the proportions above, the databases hold ${fmtBytes(seeded(large))} for ${people(large.n)} pets ` +
      `(${large.databases.map((d) => `${dbName(d.binding)} ${fmtBytes(d.sizeAfterSeed)}`).join(", ")}), ` +
      `${fmtBytes((seeded(large) / large.n) * 100_000)} per 100,000. The municipalities and their neighbours are a fixed ${fmtBytes(fixed)}.`,
    "",
    `### ${YEARS} years at the target workload`,
    "",
    `Bytes per row measured at ${people(large.n)} pets; rows after ${YEARS} years at the target's rates, by the retention each database keeps (docs/decisions/0050). ` +
      `The target: every database at most **${gb(TARGETS.databaseBytes)}** (D1 allows ${gb(D1_MAX_BYTES)} per database, not raisable).`,
    "",
  );
  for (const p of projections) {
    lines.push(
      `**${dbName(p.binding)}** (\`${p.binding}\`):`,
      "",
      "| what | rows after 3 years | bytes per row | bytes | basis |",
      "|---|--:|--:|--:|---|",
      ...p.parts.map(
        (g) =>
          `| ${g.what} | ${g.rows === 1 ? "" : big(g.rows)} | ${g.rows === 1 ? "" : fmtInt(g.bytesPerRow)} | ${gb(g.rows * g.bytesPerRow)} | ${g.basis} |`,
      ),
      `| **total** | | | **${gb(p.bytes)}** | ${p.bytes <= TARGETS.databaseBytes ? "within" : "over"} the ${gb(TARGETS.databaseBytes)} target (${pct(p.bytes / D1_MAX_BYTES)} of D1's ${gb(D1_MAX_BYTES)}) |`,
      "",
    );
  }
  lines.push(
    `Every part above is a retained window or a steady count, so after the first year each database stays near its figure: it no longer grows with time, only with the rates. ` +
      `All databases together: ${gb(sum(projections.map((p) => p.bytes)))}.`,
    "",
  );
  return lines.join("\n");
}

// ---------------------------------------------------------------- the day's figures

/** A job kind's per-message means, from the messages run. */
function perMessage(j: JobRun) {
  return {
    read: j.cost.rowsRead / j.ran,
    written: j.cost.rowsWritten / j.ran,
    ms: j.cost.ms / j.ran,
    statements: j.cost.statements / j.ran,
    items: j.items / j.ran,
    mails: j.mailsWritten / j.ran,
    calls: j.providerCalls / j.ran,
    wall: mean(j.wallMs),
    wallP90: quantile(j.wallMs, 0.9),
  };
}
const job = (r: SizeResult, kind: string) => r.day.jobs.find((j) => j.kind === kind);

/** Messages a day at the target, by kind (deliveries from the mails the others write). */
function dayMessages(r: SizeResult) {
  const digests = TARGET.savedSearches / PER_MESSAGE.digests;
  const reminders = TARGET.crossingPerDay / PER_MESSAGE.reminders;
  const expiries = TARGET.crossingPerDay / PER_MESSAGE.expiries;
  const matches = TARGET.newPerDay * MIX.matchedShare;
  // Each new lost, found or sighted ad's first message, and the follow-ups of 25 searches it sent on.
  const instantRun = job(r, "instant-alerts");
  const instantPerAd = instantRun && r.day.instantAds ? instantRun.ran / r.day.instantAds : 1;
  const instant = matches * instantPerAd;
  const mailsOf = (kind: string, messages: number) => {
    const j = job(r, kind);
    return j ? perMessage(j).mails * messages : 0;
  };
  // Each job message that wrote mail sends one deliveries message per 100 of them (measured).
  const deliveriesOf = (kind: string, messages: number) => {
    const j = job(r, kind);
    return j ? (j.followUps / j.ran) * messages : 0;
  };
  // The sample runs with no address at its daily cap: its instant mails scaled to the day
  // are capped at INSTANT_ALERTS_PER_DAY per address with a confirmed saved search, and the
  // writes and deliveries that go with each mail by the same share (docs/decisions/0046).
  const instantUncapped = mailsOf("instant-alerts", instant);
  const instantMails = cappedDailyMails(instantUncapped, r.seeded.addresses, INSTANT_ALERTS_PER_DAY);
  const instantShare = instantUncapped > 0 ? instantMails / instantUncapped : 1;
  // The archive's day at steady state: the ads posted a year before leave (an upper bound:
  // some are still open), and as many sightings leave D1 as arrive.
  const archivePets = job(r, "archive-pets");
  const archiveSightings = job(r, "archive-sightings");
  const petsPerArchive = archivePets ? archivePets.items / archivePets.ran : 1;
  const sightingsPerArchive = archiveSightings ? archiveSightings.sightingsMoved / archiveSightings.ran : 0;
  const counts: Record<string, { messages: number; basis: string; mails: number; writeShare?: number }> = {
    digests: {
      messages: digests,
      basis: `${people(TARGET.savedSearches)} saved searches / ${PER_MESSAGE.digests}`,
      mails: mailsOf("digests", digests),
    },
    reminders: {
      messages: reminders,
      basis: `${people(TARGET.crossingPerDay)} ads crossing 60 days / ${PER_MESSAGE.reminders}`,
      mails: mailsOf("reminders", reminders),
    },
    expiries: {
      messages: expiries,
      basis: `${people(TARGET.crossingPerDay)} / ${PER_MESSAGE.expiries} (upper bound: every reminded ad expires)`,
      mails: 0,
    },
    matches: {
      messages: matches,
      basis: `${pct(MIX.matchedShare)} of ${people(TARGET.newPerDay)} new ads (lost, found, sighted)`,
      mails: mailsOf("matches", matches),
    },
    "instant-alerts": {
      messages: instant,
      basis:
        `the same ${fmtInt(matches)} new ads × ${instantPerAd.toFixed(2)} messages each (the first, and one per 25 more covering searches; measured). ` +
        `Mails capped at ${INSTANT_ALERTS_PER_DAY} per address a day (${fmtInt(r.seeded.addresses)} addresses with a confirmed saved search): ` +
        `${fmtInt(instantMails)} of the sample's ${fmtInt(instantUncapped)} uncapped, writes scaled by the same ${pct(instantShare)}; a capped search still costs its reads`,
      mails: instantMails,
      writeShare: instantShare,
    },
    "archive-sightings": {
      messages: sightingsPerArchive > 0 ? TARGET.sightingsPerDay / sightingsPerArchive : 0,
      basis: `${people(TARGET.sightingsPerDay)} sightings a day leave D1 for R2 as many arrive, ${f1(sightingsPerArchive)} per message (measured)`,
      mails: 0,
    },
    "archive-pets": {
      messages: TARGET.newPerDay / petsPerArchive,
      basis: `the ${people(TARGET.newPerDay)} ads posted a year before leave for R2 (upper bound: a few are still open), ${f1(petsPerArchive)} per message`,
      mails: 0,
    },
  };
  const deliveries =
    deliveriesOf("digests", digests) +
    deliveriesOf("reminders", reminders) +
    deliveriesOf("matches", matches) +
    deliveriesOf("instant-alerts", instant) * instantShare;
  counts.deliveries = {
    messages: deliveries,
    basis: "as many as the jobs above sent on, per message run (at most 100 mails each)",
    mails: 0,
  };
  return counts;
}
const mailsPerDay = (r: SizeResult) => sum(Object.values(dayMessages(r)).map((x) => x.mails));
/** The queue's message kinds the day runs, in the report's order. */
const DAY_KINDS = ["digests", "reminders", "expiries", "matches", "instant-alerts", "deliveries", "archive-sightings", "archive-pets"];

interface DayRow {
  label: string;
  perDay: number;
  read: number;
  written: number;
  ms: number;
  statements: number;
  /** The activity database's part of `read`, `written` and `ms`. */
  activityRead: number;
  activityWritten: number;
  activityMs: number;
  objectRows: number;
  objectCalls: number;
}

/**
 * The pet pages' views reaching D1 from their Durable Objects (docs/decisions/0051), a day's
 * worth, modelled from the rules the worker tests measure (tests/worker/view-counter.test.ts):
 * each item viewed in a week is written once after it (2 rows: the row and pets_views_idx),
 * an item with HOT_VIEWS views not yet in D1 also on the day it gets there (2 more), and
 * each batch of VIEWS_PER_BATCH items adds its `view_flushes` row. Items viewed in a week:
 * the first views spread evenly over the listed pets (the seed's draw); hot writes: at most
 * one per HOT_VIEWS first views, whatever their spread (an upper bound).
 */
function viewFlushDay() {
  const firstViews = TARGET.pageViewsPerDay * MIX.pet * MIX.firstViewShare;
  const weekItems = TARGET.open * (1 - Math.exp((-7 * firstViews) / TARGET.open));
  const hotWrites = firstViews / HOT_VIEWS;
  const items = weekItems / 7 + hotWrites;
  const batches = items / VIEWS_PER_BATCH;
  return {
    what: `modelled, not run here: ${fmtInt(weekItems)} pets viewed in a week written once after it (2 rows each), at most one hot write (2 rows) per ${HOT_VIEWS} first views, a \`view_flushes\` row per ${VIEWS_PER_BATCH} pets`,
    basis: `${fmtInt(firstViews)} first views a day over ${people(TARGET.open)} listed pets; the object keeps the marks (1 object row a first view, section 2's Durable Objects)`,
    read: items + batches,
    written: 2 * items + batches,
    statements: 2 * batches,
  };
}

/** Wall time an object call keeps its object active, for the duration bill (an assumption: the calls are one short SQLite statement or a few). */
const OBJECT_CALL_SECONDS = 0.01;
/** Objects of the view counters: VIEW_SHARDS (64) per kind with a detail page (5). */
const VIEW_OBJECTS = 64 * 5;

/**
 * The Durable Objects' day (docs/decisions/0051): the rate counters' calls and rows as the
 * bench's Worker ran them (section 2's requests and section 3's messages), the view
 * counters' from the page mix and their rules (1 object row a first view; per object a day's
 * table of 2 rows and its alarm; per hot write 1 row; per batch of the flush 1 row), and
 * what Cloudflare bills for them beyond the plan.
 */
function durableObjectsDay(day: DayRow[]) {
  const rateCalls = sum(day.map((x) => x.objectCalls)) + 24;
  const rateRows = sum(day.map((x) => x.objectRows)) + 24 * 3;
  const firstViews = TARGET.pageViewsPerDay * MIX.pet * MIX.firstViewShare;
  const viewCalls = TARGET.pageViewsPerDay * MIX.pet + VIEW_OBJECTS;
  const flush = viewFlushDay();
  const viewRows = firstViews + VIEW_OBJECTS * 3 + firstViews / HOT_VIEWS + flush.statements / 2;
  const calls = rateCalls + viewCalls;
  const rows = rateRows + viewRows;
  const gbSeconds = calls * OBJECT_CALL_SECONDS * 0.128;
  return {
    rateCalls,
    rateRows,
    viewCalls,
    viewRows,
    calls,
    rows,
    gbSeconds,
    cost: durableObjectsMonthlyCost({ requests: calls, gbSeconds, rowsWritten: rows }, 0),
  };
}

/** Each text URL's mean rows read and returned over its runs, and their ratio. */
function textQueries(r: SizeResult) {
  const m = r.requests.find((x) => x.key === "searchText");
  const urls = m?.urls ?? [];
  return urls.map((url, j) => {
    const runs = m!.runs.filter((_, i) => i % urls.length === j);
    const read = mean(runs.map((c) => c.rowsRead));
    const returned = mean(runs.map((c) => c.rowsReturned));
    return { url, read, returned, ratio: read / Math.max(1, returned) };
  });
}

/** The two day rows that write most to a database, with their rows a day. */
function topWriters(day: DayRow[], written: (x: DayRow) => number): string {
  return [...day]
    .sort((a, b) => written(b) - written(a))
    .slice(0, 2)
    .filter((x) => written(x) > 0)
    .map((x) => `${x.label.replace(/ \(.*$/, "")} ${big(written(x))}`)
    .join("; ");
}

function requestsSection(large: SizeResult, results: SizeResult[]): { text: string; day: DayRow[] } {
  const q = (key: string) => large.requests.find((x) => x.key === key)!;
  const pv = TARGET.pageViewsPerDay;
  const rows: {
    label: string;
    what: string;
    read: number;
    written: number;
    ms: number;
    statements: number;
    perDay: number;
    perDayNote: string;
    /** Per request or message: the activity database's part, and the counters' writes. */
    activityRead: number;
    activityWritten: number;
    activityMs: number;
    objectRows: number;
    objectCalls: number;
    /** The share of the measured writes the day keeps (the instant alerts' cap). */
    writeShare: number;
  }[] = [];
  const req = (key: string, perDay: number, perDayNote: string) => {
    const m = q(key);
    rows.push({
      label: m.label,
      what: m.what,
      read: m.cost.rowsRead,
      written: m.cost.rowsWritten,
      ms: m.cost.ms,
      statements: m.cost.statements,
      perDay,
      perDayNote,
      activityRead: m.cost.activityRead,
      activityWritten: m.cost.activityWritten,
      activityMs: m.cost.activityMs,
      objectRows: m.cost.objectRows,
      objectCalls: m.cost.objectCalls,
      writeShare: 1,
    });
  };
  req(
    "home",
    pv * (MIX.home + MIX.other),
    `${pct(MIX.home)} of page views, plus the ${pct(MIX.other)} of other pages counted at this cost`,
  );
  req("searchNoText", pv * MIX.searchNoText, `${pct(MIX.searchNoText)} of page views`);
  req("searchText", pv * MIX.searchText, `${pct(MIX.searchText)} of page views`);
  req(
    "pet",
    pv * MIX.pet * MIX.firstViewShare,
    `${pct(MIX.pet)} of page views, ${pct(MIX.firstViewShare)} of them a first view of the day`,
  );
  req("petRepeat", pv * MIX.pet * (1 - MIX.firstViewShare), "the rest of the pet pages");
  const flush = viewFlushDay();
  rows.push({
    label: "View flushes (the view counters' alarms → `addViews`)",
    what: flush.what,
    read: flush.read,
    written: flush.written,
    ms: 0,
    statements: flush.statements,
    perDay: 1,
    perDayNote: flush.basis,
    activityRead: 0,
    activityWritten: 0,
    activityMs: 0,
    objectRows: 0,
    objectCalls: 0,
    writeShare: 1,
  });
  req("sighting", TARGET.sightingsPerDay, "the target");
  req("postAd", TARGET.newPerDay, "the target");
  req("favourite", MIX.favouritesPerDay, "assumption");
  req("signIn", MIX.signInsPerDay, "assumption");
  req("session", pv * MIX.signedInShare, `${pct(MIX.signedInShare)} of page views are signed in (assumption)`);
  const counts = dayMessages(large);
  const labels: Record<string, string> = {
    digests: `Digest message (${PER_MESSAGE.digests} saved searches)`,
    reminders: `Reminder message (${PER_MESSAGE.reminders} ads)`,
    expiries: `Expiry message (${PER_MESSAGE.expiries} ads)`,
    matches: "Matches message (one new ad)",
    "instant-alerts": "Instant alerts message (one new ad, or 25 of its saved searches)",
    deliveries: "Deliveries message (up to 100 mails)",
    "archive-sightings": "Archive sightings message (a page of pets)",
    "archive-pets": "Archive ads message (a page of ads)",
  };
  const whats: Record<string, string> = {
    digests:
      "`consumeTasks` → `digestSearches`: `savedSearchesDueAmong`, `withSearchArea` and `municipalitiesWithin` per city, one read of the area's new pets and the instant alerts (`digestMatches`, matched in memory), `placeLabelOf` per city, `writeMails`, one advance",
    reminders: "`consumeTasks` → `remindAds`: `adsToRemindAmong`, mails + claims in one batch",
    expiries: "`consumeTasks` → `expireAds` (`expireAdsAmong`)",
    matches: "`consumeTasks` → `matchNewPet`: candidates, pairs, owners, the match-mail limit, mails",
    "instant-alerts":
      "`consumeTasks` → `alertNewPet`: the pet, `coveringSavedSearches` (first message), `savedSearchesDueAmong`, one `newMatchesQuery` per search on the pet's id, `placeLabelOf` per mail, records + mails in one batch",
    deliveries: "`consumeTasks` → `deliverMails`: claim, the provider's batch call (a stand-in that accepts), mark sent",
    "archive-sightings":
      "`consumeTasks` → `moveSightingsToArchive`: the pets' sightings that may leave D1 read, written to their R2 records, deleted from activity",
    "archive-pets": "`consumeTasks` → `archivePets`: the ads still due, their photos, messages and matches to R2, deleted from main",
  };
  for (const kind of DAY_KINDS) {
    const j = job(large, kind);
    if (!j) continue;
    const m = perMessage(j);
    rows.push({
      label: labels[kind]!,
      what: `${whats[kind]} (mean of ${fmtInt(j.ran)} messages run)`,
      read: m.read,
      written: m.written,
      ms: m.ms,
      statements: m.statements,
      perDay: counts[kind]!.messages,
      perDayNote: counts[kind]!.basis,
      activityRead: j.cost.activityRead / j.ran,
      activityWritten: j.cost.activityWritten / j.ran,
      activityMs: j.cost.activityMs / j.ran,
      objectRows: j.cost.objectRows / j.ran,
      objectCalls: j.cost.objectCalls / j.ran,
      writeShare: counts[kind]!.writeShare ?? 1,
    });
  }
  rows.push({
    label: "The daily plan (`planDailyWork`)",
    what: "every page of due ids and the housekeeping, once a day",
    read: large.day.planCost.rowsRead,
    written: large.day.planCost.rowsWritten,
    ms: large.day.planCost.ms,
    statements: large.day.planCost.statements,
    perDay: 1,
    perDayNote: "the cron, once",
    activityRead: large.day.planCost.activityRead,
    activityWritten: large.day.planCost.activityWritten,
    activityMs: large.day.planCost.activityMs,
    objectRows: large.day.planCost.objectRows,
    objectCalls: large.day.planCost.objectCalls,
    writeShare: 1,
  });
  const lines = [
    "## 2. Rows per request",
    "",
    `Measured at ${people(large.n)} pets: the mean over ${RUNS} runs (after one warm-up) of D1's \`meta.rows_read\` and \`meta.rows_written\`, ` +
      "summed over every statement the request's model and service functions run (the functions the loaders, actions and services call, with the same arguments; " +
      "the rate limits run in their Durable Object (docs/decisions/0051), hosted by the bench's Worker, and the view counts in theirs; their object rows are in section 2's Durable Objects table, not here). " +
      "**D1 ms** is the sum of `meta.duration` (whole milliseconds per statement, so a mean of small integers). Anonymous page views read no session; signed-in ones add the session check's row. " +
      "The queue's messages are measured in section 3 by running the consumer; their means are repeated here.",
    "",
    "| request | what runs | rows read | rows written | statements | D1 ms |",
    "|---|---|--:|--:|--:|--:|",
    ...rows.map((x) => `| ${x.label} | ${x.what} | ${f1(x.read)} | ${f1(x.written)} | ${x.statements.toFixed(1)} | ${x.ms.toFixed(2)} |`),
    "",
  ];
  for (const key of ["searchNoText", "searchText"]) {
    const m = q(key);
    const urls = m.urls ?? [];
    lines.push(
      `${m.label} by URL (mean rows read over its runs; \`{cidade}\` a population-weighted municipality each run): ` +
        urls
          .map((u, j) => `\`${u || "(none)"}\` ${fmtInt(mean(m.runs.filter((_, i) => i % urls.length === j).map((c) => c.rowsRead)))}`)
          .join(", ") +
        ".",
      "",
    );
  }
  const text = textQueries(large);
  lines.push(
    `Text queries against their target (at most ${TARGETS.textReadsPerReturned} rows read per row returned; rows returned are every statement's result rows, the count's included, as tests/worker/text-search-reads.test.ts counts them):`,
    "",
    "| text query | rows read (mean) | rows returned (mean) | read per returned |",
    "|---|--:|--:|--:|",
    ...text.map((t) => `| \`${t.url}\` | ${fmtInt(t.read)} | ${f1(t.returned)} | ${f1(t.ratio)} |`),
    "",
  );
  lines.push(
    "The statement that read the most per request (its SQL's start, mean rows read per request): " +
      large.requests
        .filter((m) => m.heaviest.sql)
        .map((m) => `${m.label.replace(/ \(.*$/, "")}: \`${m.heaviest.sql}…\` ${fmtInt(m.heaviest.rowsRead)}`)
        .join("; ") +
      ".",
    "",
  );
  if (results.length > 1) {
    const small = results[0]!;
    const jr = (kind: string) => {
      const j = job(small, kind);
      return j ? f1(perMessage(j).read) : "–";
    };
    lines.push(
      `At ${people(small.n)} pets the same requests read: ` +
        small.requests.map((m) => `${m.label.replace(/ \(.*$/, "").replace(/,.*$/, "")} ${f1(m.cost.rowsRead)}`).join(", ") +
        `; the digest message ${jr("digests")}, the reminder message ${jr("reminders")}, the expiry message ${jr("expiries")}, the matches message ${jr("matches")}, the instant alerts message ${jr("instant-alerts")}, the deliveries message ${jr("deliveries")}.`,
      "",
    );
  }
  const day: DayRow[] = rows.map((x) => ({
    label: x.label,
    perDay: x.perDay,
    read: x.read * x.perDay,
    written: x.written * x.perDay * x.writeShare,
    ms: x.ms * x.perDay,
    statements: x.statements * x.perDay,
    activityRead: x.activityRead * x.perDay,
    activityWritten: x.activityWritten * x.perDay * x.writeShare,
    activityMs: x.activityMs * x.perDay,
    objectRows: x.objectRows * x.perDay * x.writeShare,
    objectCalls: x.objectCalls * x.perDay * x.writeShare,
  }));
  const totalRead = sum(day.map((x) => x.read));
  const totalWritten = sum(day.map((x) => x.written));
  const totalMs = sum(day.map((x) => x.ms));
  const totalStatements = sum(day.map((x) => x.statements));
  const monthRead = totalRead * DAYS_PER_MONTH;
  const monthWritten = totalWritten * DAYS_PER_MONTH;
  const cost = d1MonthlyCost({ rowsRead: totalRead, rowsWritten: totalWritten }, 0).total;
  const activityRead = sum(day.map((x) => x.activityRead));
  const activityWritten = sum(day.map((x) => x.activityWritten));
  lines.push(
    "### Per day at the target workload",
    "",
    "Every page view counted as rendered (no edge-cache hit: an upper bound; docs/decisions/0019 serves cookie-less repeats from the cache, and its hits still count the view).",
    "",
    "| request | per day | basis | rows read / day | rows written / day | D1 busy s / day |",
    "|---|--:|---|--:|--:|--:|",
    ...rows.map(
      (x, i) =>
        `| ${x.label} | ${fmtInt(x.perDay)} | ${x.perDayNote} | ${big(day[i]!.read)} | ${big(day[i]!.written)} | ${fmtInt(day[i]!.ms / 1000)} |`,
    ),
    `| **total** | | | **${big(totalRead)}** | **${big(totalWritten)}** | **${fmtInt(totalMs / 1000)}** |`,
    "",
    "By database (the same day; D1 bills the rows of every database of the account alike):",
    "",
    "| database | rows read / day | rows written / day | what writes most |",
    "|---|--:|--:|---|",
    `| main (\`${MAIN_DB}\`) | ${big(totalRead - activityRead)} | ${big(totalWritten - activityWritten)} | ${topWriters(day, (x) => x.written - x.activityWritten)} |`,
    `| activity (\`${ACTIVITY_DB}\`) | ${big(activityRead)} | ${big(activityWritten)} | ${topWriters(day, (x) => x.activityWritten)} |`,
    "",
    ...durableObjectsLines(day),
    `Against D1's published prices (Workers Paid: 25 billion rows read and 50 million rows written a month included, then $0.001 per million read and $1.00 per million written): ` +
      `${big(monthRead)} rows read a month (${pct(monthRead / D1.readIncludedMonth)} of the included reads) and ${big(monthWritten)} rows written (${pct(monthWritten / D1.writeIncludedMonth)} of the included writes), ` +
      `about **$${fmtInt(cost)} a month** in rows beyond the plan (the summary's verdict adds the storage of three years). The free plan's 5 million reads and 100,000 writes a day are far below this workload.`,
    "",
    "**Queries per second.** A D1 database runs its queries one at a time, so its throughput is one over the time per query. " +
      `The day's statements take ${fmtInt(totalMs / 1000)} s of D1 time measured locally (${pct(totalMs / 86_400_000)} of a day on average; ` +
      `a peak hour at 3× the mean load uses ${pct((3 * totalMs) / 86_400_000)}). ` +
      `Per statement the mean is ${(totalMs / totalStatements).toFixed(2)} ms, so one database answers about ` +
      `${fmtInt(1000 / Math.max(0.05, totalMs / totalStatements))} statements a second of this mix; ` +
      `the day asks for ${fmtInt(totalStatements / 86_400)} a second on average. ` +
      "Local milliseconds (whole ones, on a loaded two-core machine, no network) are an order of magnitude, not production latency.",
    "",
  );
  return { text: lines.join("\n"), day };
}

/** Section 2's table of the Durable Objects' day. */
function durableObjectsLines(day: DayRow[]): string[] {
  const o = durableObjectsDay(day);
  return [
    "The Durable Objects (docs/decisions/0051) write no D1 row: their own SQLite rows and calls are billed apart from D1's, with allowances of their own.",
    "",
    "| objects | calls / day | object rows written / day | basis |",
    "|---|--:|--:|---|",
    `| rate counters (\`RateCounters\`, one object) | ${big(o.rateCalls)} | ${big(o.rateRows)} | the calls the requests and messages above made to the real object (hosted by the bench's Worker), 1 row per counter taken or given back; + an hourly alarm dropping the hour's table (3 rows) |`,
    `| view counters (\`ViewCounter\`, 64 per kind) | ${big(o.viewCalls)} | ${big(o.viewRows)} | one call per pet page; 1 row per first view, at most 1 per hot write (1 per ${HOT_VIEWS} first views), per object a day's table and alarm (3 rows), 1 per flush batch; weekly drops write none |`,
    "",
    `Against Durable Objects' published prices (Workers Paid: 1 million requests and 400,000 GB-s a month included, then $0.15 per million and $12.50 per million GB-s; SQLite rows as D1's, 50 million written a month included): ` +
      `${big(o.calls * DAYS_PER_MONTH)} calls a month, ${big(o.rows * DAYS_PER_MONTH)} object rows written (${pct((o.rows * DAYS_PER_MONTH) / 50e6)} of the included), ` +
      `${fmtInt(o.gbSeconds * DAYS_PER_MONTH)} GB-s at ${OBJECT_CALL_SECONDS * 1000} ms a call (an assumption): about **$${o.cost.total.toFixed(2)} a month** (requests $${o.cost.requests.toFixed(2)}, rows $${o.cost.rowsWritten.toFixed(2)}, duration $${o.cost.duration.toFixed(2)}).`,
    "",
  ];
}

/** The digest's rows read per saved search: its messages' reads and the planner's pages (NaN if none ran). */
function digestReadsPerSearch(r: SizeResult): number {
  const digest = job(r, "digests");
  if (!digest) return Number.NaN;
  const dm = perMessage(digest);
  const planDigest = r.day.planByPart.find((p) => p.label.startsWith("digest"))?.cost.rowsRead ?? 0;
  return dm.read / dm.items + planDigest / Math.max(1, r.day.plan.digests);
}

function digestSection(large: SizeResult): string {
  const d = large.design;
  const all = d.matchQuery.flatMap((k) => k.rowsRead);
  const allBefore = d.matchQuery.flatMap((k) => k.beforeRead);
  const perPet = mean(d.perPet.rowsRead);
  const matchesPerPet = mean(d.perPet.matches);
  const digest = job(large, "digests");
  const dm = digest ? perMessage(digest) : null;
  const planDigest = large.day.planByPart.find((p) => p.label.startsWith("digest"))!.cost;
  const searchesPlanned = Math.max(1, large.day.plan.digests);
  const aPerSearch = digestReadsPerSearch(large);
  const aWrittenPerSearch = dm ? dm.written / dm.items : Number.NaN;
  // A before 0040: the match query with `+`, and the OR keyset's page (a middle page's
  // reads for each of the day's pages).
  const dueWalk = d.walks.find((w) => w.label.startsWith("due saved"))!;
  const pagesPerDay = TARGET.savedSearches / 2000;
  const aBeforePerSearch =
    aPerSearch - mean(all) + mean(allBefore) + (pagesPerDay * (dueWalk.before.rowsRead - dueWalk.after.rowsRead)) / TARGET.savedSearches;
  const aDay = TARGET.savedSearches * aPerSearch;
  const aBeforeDay = TARGET.savedSearches * aBeforePerSearch;
  const bDay = TARGET.newPerDay * perPet;
  const lines = [
    "## The digest: per saved search or per new pet",
    "",
    `At ${people(large.n)} pets every confirmed saved search last ran with ${people(TARGET.newPerDay)} pets posted since (\`last_pet_id\` = newest − ${people(TARGET.newPerDay)}). The choice and its numbers are recorded in docs/decisions/0040.`,
    "",
    `**A. Per saved search (the code, docs/decisions/0049).** The daily plan pages the due searches by city (\`dueSearchesWithCityPage\`, then \`dueSearchesWithoutCityPage\`) into messages of ${PER_MESSAGE.digests}; the consumer's \`digestSearches\` reads the new pets of the message's areas once and matches each search in memory (\`digestMatches\`). ` +
      (dm
        ? `Measured over ${fmtInt(digest!.ran)} digest messages (${fmtInt(digest!.items)} saved searches) run through \`consumeTasks\`: **${fmtInt(dm.read)} rows read and ${fmtInt(dm.written)} written per message**, ${f1(dm.mails)} mails per message (${pct(dm.mails / dm.items)} of the searches got one), ${fmtInt(dm.statements)} statements, D1 ${dm.ms.toFixed(1)} ms. `
        : "") +
      `With the planner's pages (${fmtInt(planDigest.rowsRead)} rows read for ${fmtInt(searchesPlanned)} searches) that is **${fmtInt(aPerSearch)} rows read per saved search**.`,
    "",
    `The match query (\`newMatchesQuery\`) alone, for ${people(DIGEST_SAMPLE)} saved searches drawn at random, as the app writes it and as it was written before (\`+\` on the area and the status, which kept SQLite on the primary key's id range):`,
    "",
    "| kind | share | rows read: mean | median | p90 | max | D1 ms mean | before: mean rows read | before: median |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...d.matchQuery.map(
      (k) =>
        `| ${k.kind} | ${pct(k.count / DIGEST_SAMPLE)} | ${fmtInt(mean(k.rowsRead))} | ${fmtInt(median(k.rowsRead))} | ${fmtInt(quantile(k.rowsRead, 0.9))} | ${fmtInt(Math.max(...k.rowsRead))} | ${mean(k.ms).toFixed(2)} | ${fmtInt(mean(k.beforeRead))} | ${fmtInt(median(k.beforeRead))} |`,
    ),
    `| **all** | 100% | **${fmtInt(mean(all))}** | ${fmtInt(median(all))} | ${fmtInt(quantile(all, 0.9))} | ${fmtInt(Math.max(...all))} | | **${fmtInt(mean(allBefore))}** | ${fmtInt(median(allBefore))} |`,
    "",
    "The two forms returned the same pets for every sampled search (checked). With a city, each municipality's range of `pets_municipality_code_status_idx` (or `pets_municipality_code_idx`) is in id order, so the new id range is a seek inside it; " +
      "without a city the statement stays on the primary key's id range and a broad search stops after 11 matches; with text the FTS index drives it (unchanged). " +
      "Text searches remain the dearest: the trigram index finds every pet with the word, newest first, and the id range cuts it only at the day's start.",
    "",
    "**The planner's walks**, a page of 2,000 from the middle of each (the reminder walk's first page, which comes after every ad reminded and waiting for expiry), as the app runs them now and as they were written before:",
    "",
    "| walk | rows returned | rows read now | rows read before |",
    "|---|--:|--:|--:|",
    ...d.walks.map(
      (w) =>
        `| ${w.label} | ${fmtInt(w.returned)} | ${fmtInt(w.after.rowsRead)} | ${Number.isNaN(w.before.rowsRead) ? "" : fmtInt(w.before.rowsRead)} |`,
    ),
    "",
    "Query plans (`EXPLAIN QUERY PLAN`, no ANALYZE):",
    "",
    ...Object.entries(d.plans).map(([label, plan]) => `- ${label}: ${plan.map((p) => `\`${p}\``).join("; ")}`),
    "",
    `**B. Per new pet (prototype in the bench database only).** A table \`bench_alert_keys (centre_code, status, species, radius_km, search_id, size, gender, q)\` (primary key: the first three and the search), ` +
      `one row per saved search and status and species value (${fmtInt(d.keysRows)} rows for ${people(TARGET.savedSearches)} searches, built in ${d.keysBuildSeconds.toFixed(0)} s; ` +
      "centre 0 for searches without a city). For each new pet: one statement reads the municipalities within 50 km of the pet's (`municipality_neighbours`) and, for each, the keys of that " +
      "centre for the pet's status and species or any whose radius reaches it, plus the keys without a city; size, sex and text are checked on the key row against the pet row in hand " +
      "(text as the trigram index matches it: each word a substring of a searched column, accents and case folded), so they read nothing more. " +
      `For ${NEW_PET_SAMPLE} of the new pets: **${fmtInt(perPet)} rows read per new pet** (median ${fmtInt(median(d.perPet.rowsRead))}, p90 ${fmtInt(quantile(d.perPet.rowsRead, 0.9))}), ` +
      `${fmtInt(matchesPerPet)} matching saved searches per new pet (median ${fmtInt(median(d.perPet.matches))}). The reads are the matches: a dog lost in São Paulo meets every saved search around São Paulo and every search without a city for lost dogs.`,
    "",
    "| design | rows read per unit | units a day | rows read a day | rows written a day | what else it needs |",
    "|---|--:|--:|--:|--:|---|",
    `| A. per saved search, before docs/decisions/0040 (\`+\` on the city, the OR keyset) | ${fmtInt(aBeforePerSearch)} per saved search | ${people(TARGET.savedSearches)} | ${big(aBeforeDay)} | ${big(TARGET.savedSearches * aWrittenPerSearch)} | |`,
    `| **A. per saved search, the code now** | ${fmtInt(aPerSearch)} per saved search | ${people(TARGET.savedSearches)} | **${big(aDay)}** | ${big(TARGET.savedSearches * aWrittenPerSearch)} | nothing new |`,
    `| B. per new pet | ${fmtInt(perPet)} per new pet | ${people(TARGET.newPerDay)} | **${big(bDay)}** | ${big(TARGET.newPerDay * matchesPerPet)} if each match is stored for the day's mail (1 row each), 0 if one consumer holds a whole region's matches in memory | a derived table kept in step with every save, confirm and cancel, the per-search "10 newest, then Ver todos" cap and the \`last_pet_id\` bookkeeping redone on top |`,
    "",
    `At D1's prices beyond the plan ($0.001 per million rows read, $1.00 per million written) a day's digests cost: A before $${(aBeforeDay / 1e9).toFixed(2)}, A now $${(aDay / 1e9).toFixed(2)}, ` +
      `B $${(bDay / 1e9).toFixed(2)} if the matches stay in memory or $${(bDay / 1e9 + (TARGET.newPerDay * matchesPerPet) / 1e6).toFixed(2)} if each match is written down for the mail ` +
      `(A's writes, the mails and the advance of \`last_pet_id\`, ${big(TARGET.savedSearches * aWrittenPerSearch)} rows a day, are common to both in some form).`,
    "",
    `**Choice: A, per saved search** (docs/decisions/0040). It reads ${big(aDay)} rows a day against ${big(bDay)} for the per-new-pet design, ` +
      `${aDay <= bDay ? "less than" : `${(aDay / bDay).toFixed(1)}× more than`} B's reads, ` +
      `but B has to write its ${big(TARGET.newPerDay * matchesPerPet)} matches a day somewhere ($${fmtInt((TARGET.newPerDay * matchesPerPet) / 1e6)} a day of writes) or hold them in one consumer's memory, ` +
      "and needs a second matcher for text and radius that must agree with the search page's. A keeps the digest's code, its cap of 10 pets per mail, its idempotent `last_pet_id` and its queue messages, and needs no new table. " +
      "What would change the choice: text searches dominate A's reads (see the table); if they grew well past 8% of the saved searches, B's reads would not grow with them.",
    "",
  ];
  return lines.join("\n");
}

function daySection(large: SizeResult, day: DayRow[]): string {
  const counts = dayMessages(large);
  const kinds = DAY_KINDS.filter((k) => job(large, k));
  const rowsOut = kinds.map((kind) => {
    const j = job(large, kind)!;
    const m = perMessage(j);
    const messages = counts[kind]!.messages;
    return {
      kind,
      j,
      m,
      messages,
      read: m.read * messages,
      // The instant alerts' writes and mails with the daily cap (dayMessages).
      written: m.written * messages * (counts[kind]!.writeShare ?? 1),
      mails: counts[kind]!.mails,
      calls: m.calls * messages * (counts[kind]!.writeShare ?? 1),
      d1s: (m.ms * messages) / 1000,
      walls: (m.wall * messages) / 1000,
    };
  });
  const plan = large.day;
  const mails = sum(rowsOut.map((r) => r.mails));
  const d1s = sum(rowsOut.map((r) => r.d1s)) + plan.planCost.ms / 1000;
  const wallAll = sum(rowsOut.map((r) => r.walls));
  const pageD1 = sum(day.filter((x) => !/message|plan/i.test(x.label)).map((x) => x.ms)) / 1000;
  // Each job calls the provider itself; a deliveries message only after a failure (0052).
  const deliveryCalls = sum(rowsOut.map((r) => r.calls));
  const worstInvocation = Math.max(...rowsOut.map((r) => r.m.wallP90)) * 10; // max_batch_size = 10
  const lines = [
    "## 3. One day of scheduled work at the target",
    "",
    `The daily plan was run for real: \`planDailyWork\` over the seeded database at ${people(large.n)} pets (${fmtInt(plan.plan.reminders)} ads due a reminder, ${fmtInt(plan.plan.expiries)} due to expire, ` +
      `${fmtInt(plan.plan.digests)} saved searches due a digest), with a sink in place of the queue. It planned **${fmtInt(plan.plan.messages)} messages** ` +
      `(${Object.entries(plan.byKind)
        .map(([k, v]) => `${fmtInt(v)} ${k}`)
        .join(
          ", ",
        )}) in ${plan.planWallSeconds.toFixed(1)} s locally, reading ${fmtInt(plan.planCost.rowsRead)} rows and writing ${fmtInt(plan.planCost.rowsWritten)}:`,
    "",
    "| part of the plan | rows read | rows written | statements | D1 ms |",
    "|---|--:|--:|--:|--:|",
    ...plan.planByPart
      .filter((p) => p.cost.statements > 0)
      .map(
        (p) =>
          `| ${p.label} | ${fmtInt(p.cost.rowsRead)} | ${fmtInt(p.cost.rowsWritten)} | ${fmtInt(p.cost.statements)} | ${fmtInt(p.cost.ms)} |`,
      ),
    "",
    "Then the consumer (`consumeTasks`, one message per batch so each is timed alone) ran every expiry and reminder message, " +
      `${fmtInt(job(large, "digests")?.ran ?? 0)} of the digest messages (evenly spaced over the plan), ${fmtInt(job(large, "matches")?.ran ?? 0)} matches messages for ads of the last day, ` +
      `the instant alerts of ${fmtInt(large.day.instantAds)} of those ads (${fmtInt(job(large, "instant-alerts")?.ran ?? 0)} messages with their follow-ups; docs/decisions/0046), and every deliveries message those asked for, ` +
      `against a mail provider that accepts every batch (${fmtInt(plan.provider.calls)} batch calls, ${fmtInt(plan.provider.mails)} mails). Mails are what the jobs sent the provider themselves (docs/decisions/0052: no outbox row unless the provider fails for now; ${fmtInt(plan.mailRows)} rows were left in \`mail_deliveries\`), so the deliveries messages are those failures' alone. ` +
      "**D1 ms** is the statements' own time; **wall ms** the whole `consumeTasks` call locally, one HTTP hop to the local D1 per statement (the bench's Worker), no network to a provider. " +
      "Per day = the per-message mean × the target's messages.",
    "",
    "| job | messages run | items / message | rows read / message | rows written / message | mails / message | D1 ms / message | wall ms / message (mean, p90) | messages / day | rows read / day | rows written / day | mails / day |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rowsOut.map(
      (r) =>
        `| ${r.kind} | ${fmtInt(r.j.ran)} | ${f1(r.m.items)} | ${fmtInt(r.m.read)} | ${fmtInt(r.m.written)} | ${f1(r.m.mails)} | ${r.m.ms.toFixed(1)} | ${fmtInt(r.m.wall)}, ${fmtInt(r.m.wallP90)} | ${fmtInt(r.messages)} | ${big(r.read)} | ${big(r.written)} | ${fmtInt(r.mails)} |`,
    ),
    `| **total** | | | | | | | | **${fmtInt(sum(rowsOut.map((r) => r.messages)))}** | **${big(sum(rowsOut.map((r) => r.read)))}** | **${big(sum(rowsOut.map((r) => r.written)))}** | **${fmtInt(mails)}** |`,
    "",
    `Retried messages: ${sum(rowsOut.map((r) => r.j.retried))} (a job that throws is retried by the queue; none should here).`,
    "",
    `**Does it finish within the day?** Cloudflare Queues allows up to ${QUEUES.maxConcurrency} concurrent consumer invocations per queue, batches of up to ${QUEUES.maxBatch} messages (ours: 10), ` +
      `${QUEUES.wallMinutes} minutes of wall time per invocation. The day's messages take ${fmtInt(wallAll)} s one after the other at the local wall times above ` +
      `(${(wallAll / 3600).toFixed(1)} h), ${fmtInt(wallAll / 10)} s with 10 consumers, ${fmtInt(wallAll / QUEUES.maxConcurrency)} s with ${QUEUES.maxConcurrency}; ` +
      `a batch of 10 of the slowest kind at its p90 takes ${fmtInt(worstInvocation / 1000)} s, far within the 15 minutes. ` +
      `The consumers share the databases, each of which runs one query at a time: the scheduled work needs **${fmtInt(d1s)} s of D1 time** (${(d1s / 3600).toFixed(1)} h, the plan included), ` +
      `on top of ${fmtInt(pageD1)} s for the day's page requests (section 2): ${pct((d1s + pageD1) / 86_400)} of one database's day if it all ran on one ` +
      `(main ${fmtInt(sum(day.map((x) => x.ms - x.activityMs)) / 1000)} s, activity ${fmtInt(sum(day.map((x) => x.activityMs)) / 1000)} s). ` +
      (d1s + pageD1 < 86_400 * 0.5
        ? "**It completes within the day** with room to spare; concurrency beyond a handful of consumers only queues them behind each other on the database, so the digests should not run at the morning peak of page views (the cron runs at 08:00 Brasília; an earlier hour would be kinder)."
        : "That does not fit comfortably in a day beside the page requests: more consumers cannot help, since the database serialises them; the scheduled work must read less or move to another database (section 4)."),
    "",
    `**Mail.** ${fmtInt(mails)} mails a day in ${fmtInt(deliveryCalls)} batch calls (\`POST /emails/batch\`, up to ${RESEND.batch} mails each). At Resend's default of ${RESEND.rps} requests a second per team ` +
      `that is ${fmtInt(deliveryCalls / RESEND.rps)} s of the provider's budget (${fmtInt(deliveryCalls / RESEND.rpsOld)} s at the ${RESEND.rpsOld}/s an earlier page gave), shared with the mails that answer a person's action. ` +
      "Past the limit the provider answers 429: that batch waits in the outbox (9 rows written a mail, measured in tests/worker/job-mail.test.ts) and a deliveries message sends it (docs/decisions/0037, 0052). " +
      `Spreading the day's calls over 16 hours keeps them at ${(deliveryCalls / (16 * 3600)).toFixed(2)} a second.`,
    "",
    `At ${people(large.n)} pets these figures hold for any database with the same saved searches and due ads: the digest work grows with the saved searches and the day's new pets, the reminders and expiries with the ads crossing 60 and 90 days, none with the table's size (compare the ${people(SIZES[0]!)} run in section 2).`,
    "",
  ];
  return lines.join("\n");
}

function planSection(large: SizeResult, projections: Projection[], day: DayRow[]): string {
  const petDay = TARGET.newPerDay * perPetBytes(large);
  const main = projections.find((p) => p.binding === MAIN_DB);
  const mainMs = sum(day.map((x) => x.ms - x.activityMs)) / 1000;
  return [
    "## 4. Beyond the databases of today",
    "",
    "D1 is built to scale out across many databases of at most 10 GB each (the limit cannot be raised), and each database runs one query at a time. " +
      "Steps 0 to 2 of the plan this section used to propose are done (docs/decisions/0050); the projection in section 1 measures them:",
    "",
    `- **Step 0, sent mail keeps no body.** Now further: a job's mail goes to the provider directly and is written to the outbox only when the provider refuses it for now (docs/decisions/0052), so the week of sent keys is gone too; a waiting mail is about ${fmtInt(large.day.mailBytes)} bytes.`,
    `- **Step 1, the activity database.** Sightings and the mail outbox live in \`${ACTIVITY_DB}\`, on their own thread: ${big(sum(day.map((x) => x.activityWritten)))} of the day's ${big(sum(day.map((x) => x.written)))} rows written go there. The view marks and the rate counters, which were there, now live in Durable Objects (docs/decisions/0051).`,
    `- **Step 2, the archive.** Sightings leave D1 for R2 once their ad is closed for ${CLOSED_VISIBLE_DAYS} days or they are a year old, and closed or expired ads older than ${ARCHIVE_AFTER_DAYS} days leave main with their photos, messages and matches (one R2 record per pet; the owner's Meus Pets, the export and deletion read it there).`,
    "",
    "**Step 3: one database per region of Brazil, if the ads alone outgrow one database.** " +
      `Ads grow ${gb(petDay * 365)} a year and main keeps about a year of them: its three-year projection is ${main ? gb(main.bytes) : "unknown"} against the ${gb(TARGETS.databaseBytes)} target, and its D1 time ${fmtInt(mainMs)} s a day (${pct(mainMs / 86_400)}). ` +
      `**Trigger:** main's projection (or its file) passing ${gb(TARGETS.databaseBytes)}, or its D1 time passing half a day, at a rate of new ads this benchmark is rerun with. If it comes: ` +
      "split by the municipality's region (the IBGE code's first digit: 1 Norte, 2 Nordeste, 3 Sudeste, 4 Sul, 5 Centro-Oeste). Sudeste would hold about 42% of the population and so of the ads. " +
      "Every query with a city already names its municipality, and the 50 km neighbours of a municipality almost never cross a region boundary (those few get both databases, merged by id). " +
      "What changes: ids become per-region (prefix the region, or a global id table), `/pet/{id}` routes to the right database from the id, " +
      "search without a city (and the home's \"latest\") fans out to five databases and merges newest first (5 × 25 rows), counters are summed, saved searches live with their city's region " +
      "(those without a city are run against all five), users and sessions stay in one small accounts database. Measure first: this is the expensive step.",
    "",
  ].join("\n");
}

function report(results: SizeResult[], totalSeconds: number, loadStart: number[]): string {
  const large = results.at(-1)!;
  const cpu = cpus();
  const loadEnd = loadavg();
  const quiet = quietMachine(loadStart[0] ?? 0, loadEnd[0] ?? 0, cpu.length);
  const sizes = results.map((r) => r.n);
  const command = sizes.join(",") === "100000,1000000" ? "npm run bench:scale" : `npm run bench:scale -- --sizes ${sizes.join(",")}`;
  const requests = requestsSection(large, results);
  const projections = projectDatabases(large, requests.day);
  const storage = storageSection(results, projections);
  const digests = job(large, "digests");
  const dayD1 = sum(requests.day.map((x) => x.ms)) / 1000;
  const dayRead = sum(requests.day.map((x) => x.read));
  const dayWritten = sum(requests.day.map((x) => x.written));
  const jobsRead = sum(requests.day.filter((x) => /message|plan/i.test(x.label)).map((x) => x.read));
  const storedBytes = sum(projections.map((p) => p.bytes));
  const cost = d1MonthlyCost({ rowsRead: dayRead, rowsWritten: dayWritten }, storedBytes);
  const objects = durableObjectsDay(requests.day);
  const text = textQueries(large);
  const digestPerSearch = digestReadsPerSearch(large);
  // Each verdict from the figures measured above; a figure that is missing misses.
  const verdicts: Verdict[] = [
    {
      target: `every database at most ${gb(TARGETS.databaseBytes)} after ${YEARS} years at the target (section 1)`,
      met: atMost(
        projections.map((p) => p.bytes),
        TARGETS.databaseBytes,
      ),
      measured: projections.map((p) => `${dbName(p.binding)} ${gb(p.bytes)}`).join(", "),
    },
    {
      target: `every text query at most ${TARGETS.textReadsPerReturned} times the rows it returns, at ${people(large.n)} pets (section 2)`,
      met: atMost(
        text.map((t) => t.ratio),
        TARGETS.textReadsPerReturned,
      ),
      measured: text.map((t) => `\`${t.url}\` ${f1(t.ratio)}×`).join(", "),
    },
    {
      target: `the digest at most ${TARGETS.digestReadsPerSearch} rows read per saved search (the digest section)`,
      met: atMost([digestPerSearch], TARGETS.digestReadsPerSearch),
      measured: `${fmtInt(digestPerSearch)} rows per saved search`,
    },
    {
      target: `the day at most ${big(TARGETS.dayRowsRead)} rows read and ${big(TARGETS.dayRowsWritten)} written, all databases together (section 2)`,
      met: atMost([dayRead], TARGETS.dayRowsRead) && atMost([dayWritten], TARGETS.dayRowsWritten),
      measured: `${big(dayRead)} read, ${big(dayWritten)} written`,
    },
    {
      target: `the D1 cost beyond the Workers Paid plan under $${TARGETS.monthlyCost} a month, all databases together`,
      met: under([cost.total], TARGETS.monthlyCost),
      measured: `$${cost.total.toFixed(2)}: rows read $${cost.rowsRead.toFixed(2)}, written $${cost.rowsWritten.toFixed(2)}, storage of ${gb(storedBytes)} after ${YEARS} years $${cost.storage.toFixed(2)}; the Durable Objects that took the view marks and the rate counters off D1 add $${objects.cost.total.toFixed(2)} (section 2), $${(cost.total + objects.cost.total).toFixed(2)} together`,
    },
  ];
  const summary = [
    "## Summary",
    "",
    `- **Storage.** Two D1 databases, main and activity (docs/decisions/0050). The ads' tables (pets with indexes, the FTS index, photos, messages, matches) take ${results.map((r) => `${fmtBytes(perPetBytes(r) * 100_000)} per 100,000 pets at ${people(r.n)}`).join(" and ")}. ` +
      `With the retention of the design (ads leave main a year after they were posted once out of view; sightings leave activity 30 days after their ad closes or at a year; job mail is not kept unless the provider refuses it for now, docs/decisions/0052), ` +
      `three years at the target need ${projections.map((p) => `**${gb(p.bytes)}** in ${dbName(p.binding)}`).join(" and ")}, against D1's 10 GB per database; each stays near its figure after the first year.`,
    `- **Rows.** At the target a day reads ${big(dayRead)} rows and writes ${big(dayWritten)} (${pct(jobsRead / Math.max(1, dayRead))} of the reads are the scheduled work), ` +
      `about $${cost.total.toFixed(2)} a month beyond the Workers Paid plan (rows read $${cost.rowsRead.toFixed(2)}, written $${cost.rowsWritten.toFixed(2)}, storage $${cost.storage.toFixed(2)}); ` +
      `${fmtInt(dayD1)} s of D1 time a day over both databases (${pct(dayD1 / 86_400)} of one database's day).`,
    `- **The scheduled day.** ${fmtInt(large.day.plan.messages)} messages planned by the real planner; ${digests ? `a digest message reads ${fmtInt(perMessage(digests).read)} rows (${fmtInt(digestPerSearch)} per saved search with the plan's pages) and takes ${fmtInt(perMessage(digests).wall)} ms locally; ` : ""}` +
      (dayD1 < 86_400 * 0.5
        ? "the day's jobs complete well within the day with the concurrency Queues allows, bounded by the databases' D1 time rather than by consumers (section 3)."
        : "the day's D1 time passes half of one database's day: more consumers cannot help (section 3)."),
    "",
    `**Verdicts** (each computed from the figures of this run; the targets of docs/decisions/0050; the machine was ${quiet ? "quiet" : "not quiet"}, see above):`,
    "",
    ...verdicts.map(verdictLine),
    "",
  ].join("\n");
  return [
    "# Scale benchmark",
    "",
    "**Target workload:** 1,000,000 pets (500,000 open), 10,000 new ads a day, 20,000 ads crossing 60 days a day, 500,000 confirmed saved searches, " +
      "100,000 sightings a day, 3 million page views a day.",
    "",
    `Run on ${new Date().toISOString().slice(0, 10)}. Reproduce with \`${command}\` (scripts/bench-scale.ts; seeding shared with bench:search in scripts/bench-data.ts; verdicts and projection arithmetic in scripts/scale-verdicts.ts); it rewrites this file. ` +
      `Run time: ${results.map((r) => `${people(r.n)} pets seeded in ${r.seeded.seedSeconds.toFixed(0)} s and measured in ${r.measureSeconds.toFixed(0)} s`).join("; ")}; ` +
      `${fmtInt(totalSeconds)} s in all.`,
    "",
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}; ` +
      `load average ${fmtLoad(loadStart)} at the start and ${fmtLoad(loadEnd)} at the end. **The machine was ${quiet ? "quiet" : "not quiet"}**${quiet ? "" : ": read the times as orders of magnitude"}. The rule: ${QUIET_RULE}. ` +
      `Local D1 through Miniflare ${MINIFLARE_VERSION} (workerd's SQLite), fresh databases per size under \`${BENCH_DIR}/\` (${BINDINGS.map((b) => `\`${b}\``).join(", ")}, every migrations folder applied), no ANALYZE.`,
    "",
    "Limits and prices used below, as published: D1 limits (10 GB per database, not raisable; designed to scale out over many databases) " +
      "https://developers.cloudflare.com/d1/platform/limits/ ; D1 pricing (rows read and written, storage) https://developers.cloudflare.com/d1/platform/pricing/ ; " +
      "that a D1 database is single-threaded and processes queries one at a time, with throughput one over the query time (the limits page's FAQ, in its earlier wording); " +
      "Cloudflare Queues limits (250 concurrent consumer invocations, batches of 100 messages, 15 minutes wall time per consumer invocation, 5,000 messages a second per queue) " +
      "https://developers.cloudflare.com/queues/platform/limits/ ; Resend batch sending (up to 100 mails per `POST /emails/batch`) https://resend.com/docs/dashboard/emails/batch-sending ; " +
      "Resend rate limit (5 requests per second per team by default; an earlier version of the page and the 2023 changelog said 2) https://resend.com/docs/api-reference/rate-limit .",
    "",
    summary,
    "## The seed",
    "",
    `Per size n pets, deterministic: ${SEED.usersPerPet} users per pet (${pct(SEED.ngoShareOfUsers)} NGO accounts posting ${pct(SEED.petsByNgos)} of the pets, 0.3% companies), ` +
      `${SEED.sessionsPerUser} session rows per user, ${SEED.extraPhotosPerPet} extra photo rows per pet, ${SEED.sightingsPerPet} sighting per pet (on lost pets), ` +
      `${SEED.messagesPerPet} messages and ${SEED.matchesPerPet} match pairs per pet, a few products, clinics, NGOs and events for the home page. ` +
      "Pets as bench:search writes them (names, species, breeds, statuses, stories), placed in municipalities weighted by population: the municipalities table carries none, so the " +
      "2022 census figures of the 27 capitals and the 19 largest other municipalities, and a log-normal draw (median 11,000) for the other 5,525, scaled to 203 million. " +
      "92% of the pets were posted in the last 92 days (10,000 a day at 1,000,000) and the rest over the two years before; ads close more often the older they are; " +
      "the lifecycle columns are what the daily job would have left: reminded at 60 days, expired at 90, except " +
      `${pct(SEED.dueShare)} of the pets due for a reminder (the ${people(large.seeded.due)} listed ads nearest the 60-day line) and as many due for expiry. ` +
      `${people(SEED.savedSearches)} confirmed saved searches (+${people(SEED.unconfirmedSearches)} waiting, a few past their week), 1 to 10 per address, stored as 'Avise-me' stores them ` +
      "(`normaliseCriteria`, the city canonical): 85% with a city (population-weighted; radius 0, 10, 25, 50 km at 40/20/25/15%), a status (lost 40%, adoption 35%, found 10%, found or sighted 3%, any 12%), " +
      "a species (dog 55%, cat 30%, other 3%, any 12%), a size 15%, a sex 10%, text 8%.",
    "",
    ...results.map(
      (r) =>
        `- ${people(r.n)} pets: ${fmtInt(r.seeded.open)} open (listed), ${Object.entries(r.seeded.rows)
          .map(([t, c]) => `${t} ${fmtInt(c)}`)
          .join(", ")}.`,
    ),
    "",
    storage,
    requests.text,
    digestSection(large),
    daySection(large, requests.day),
    planSection(large, projections, requests.day),
    "## Uncertain",
    "",
    `- Local timings: whole milliseconds per statement, ${quiet ? "a" : "a shared"} two-core machine, no network or replication: the D1-time and queries-per-second figures are orders of magnitude.`,
    `- Digest messages are a sample (${fmtInt(DIGEST_MESSAGES)} of the day's ${fmtInt(TARGET.savedSearches / PER_MESSAGE.digests)}, evenly spaced over the plan); matches messages ${MATCH_SAMPLE} ads of the last day; instant alerts ${INSTANT_SAMPLE} distinct ads of the last day (each with its follow-up messages), run after the sampled digests, so the few searches those advanced get no instant mail; the day's totals multiply their means.`,
    "- The view counters' D1 writes (section 2, \"View flushes\") are modelled from the rules tests/worker/view-counter.test.ts measures, with the first views spread evenly over the listed pets; the Durable Objects' own rows are counted per call (1 per counter taken or given back, 1 per first view), as those tests measure them, not read from the objects.",
    `- The archive's day is taken at steady state (as many sightings leave D1 as arrive, the ads of a year before leave main), from ${ARCHIVE_SAMPLE} messages of each kind run on the seed's backlog; the seed itself is not archived first, so section 1's measured sizes include rows the archive would move and its projection applies the retention instead.`,
    `- The instant alerts' mails are capped on paper: at most ${INSTANT_ALERTS_PER_DAY} per address with a confirmed saved search, an upper bound on what the cap lets through (section 2).`,
    "- The page-view mix (pet pages 45%, searches 30%, home 15%, other 10%), first views 70%, signed-in 20%, 50,000 favourites and 30,000 sign-ins a day are assumptions; the edge cache is ignored (upper bound).",
    "- Expiries per day are taken equal to reminders (20,000): an upper bound, since renewed and closed ads never expire.",
    "- The population proxy only approximates where ads and saved searches are; the per-new-pet figures depend on how concentrated they are (São Paulo draws many of both).",
    "- The per-new-pet prototype reads one pet's matches; it does not write or mail them, nor redo the 10-per-mail cap.",
    "- The mail provider is a stand-in that accepts every batch at once: real calls add their latency to the jobs' wall time, and Resend's rate limit is applied on paper (section 3); a refusal for now would put that batch in the outbox at 9 rows a mail (docs/decisions/0052), none of which this run shows.",
    "",
  ].join("\n");
}

// ---------------------------------------------------------------- main

const fmtLoad = (load: number[]) => load.map((x) => x.toFixed(1)).join(" / ");
const LOAD_START = loadavg();
const MINIFLARE_VERSION = (JSON.parse(readFileSync("node_modules/miniflare/package.json", "utf8")) as { version: string }).version;
const results: SizeResult[] = [];
for (const n of SIZES) {
  results.push(await runSize(n));
  // Each size's report as soon as it is measured, so a later size that fails leaves one.
  if (WRITE) {
    mkdirSync("docs/benchmarks", { recursive: true });
    writeFileSync(REPORT_PATH, report(results, (performance.now() - started) / 1000, LOAD_START));
    log(`wrote ${REPORT_PATH} (${results.map((r) => people(r.n)).join(", ")} pets)`);
  }
}
process.stdout.write(report(results, (performance.now() - started) / 1000, LOAD_START));
log("done");
