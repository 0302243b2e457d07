// Scale benchmark (issue 24, part 3): `npm run bench:scale`.
//
// Seeds a separate local D1 (Miniflare, persisted under .wrangler/bench-scale/, never the
// dev database) at 100,000 and 1,000,000 pets with 500,000 saved searches, users,
// sightings, photos and the rest in stated proportions, then measures through the app's
// own model and service functions (D1's meta.rows_read / rows_written of every statement
// they run): the file size per table, the ten most frequent requests, the daily digest
// per saved search against a per-new-pet prototype, and the reminder and expiry batches.
// The Markdown report (with the day at the target workload and the plan beyond one
// database) goes to stdout and docs/benchmarks/scale.md; progress goes to stderr.
//
//   npm run bench:scale
//   npm run bench:scale -- --sizes 100000 --no-write
//
// The 1,000,000-pet database is about a gigabyte and takes minutes to seed: run it once.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { DatabaseSync } from "node:sqlite";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { createDatabase } from "~/context.server";
import { brasiliaNow } from "~/lib/format";
import { PAGE_SIZE } from "~/lib/pagination";
import { parsePetSearch, searchTerms } from "~/lib/pet-search";
import { cityParam } from "~/lib/place-names";
import { criteriaOf, DIGEST_PETS_PER_MAIL, normaliseCriteria } from "~/lib/saved-search";
import { dueSavedSearches } from "~/models/saved-searches.server";
import { adsToRemind, expireAds, markReminded } from "~/models/ad-lifecycle.server";
import { getHomePage } from "~/models/home.server";
import { municipalityByCode, resolvePlace } from "~/models/municipalities.server";
import { newMatchesQuery, searchPets, withSearchArea } from "~/models/pet-search.server";
import { createPetWithImages, getPublicPet, incrementPetViews } from "~/models/pets.server";
import { getSightingTarget, insertSighting, sightingsForPage } from "~/models/sightings.server";
import { recordSession } from "~/models/user-sessions.server";
import { findUserByEmail, getSessionUser } from "~/models/users.server";
import { readCityFilter } from "~/services/city-filter.server";
import { matchNewPet } from "~/services/pet-matches.server";
import { sendSearchDigests } from "~/services/search-alerts.server";
import {
  DAY, fmtBytes, fmtInt, generatePets, insertRows, mean, median, migrationStatements, mulberry32, NOW, option,
  people, PET_COLUMNS, pick, quantile, type Rand, sum, weighted,
} from "./bench-data";

// ---------------------------------------------------------------- options and workload

const SIZES = (option("sizes") ?? "100000,1000000").split(",").map(Number);
const WRITE = !process.argv.includes("--no-write");
const REPORT_PATH = "docs/benchmarks/scale.md";
const BENCH_DIR = ".wrangler/bench-scale";
if (SIZES.some((n) => !Number.isInteger(n) || n < 20_000)) {
  console.error("bench:scale: uso: npm run bench:scale -- [--sizes 100000,1000000] [--no-write]");
  process.exit(2);
}

/** The workload the report is about (issue 24). */
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

// What a queue message carries (issue 24's assumption for the Queues design).
const PER_MESSAGE = { reminders: 50, expiries: 500, digests: 25 };

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
};

const RUNS = 20; // each request kind, over different pets
const DIGEST_MESSAGES = 20; // rounds of 25: 500 saved searches through sendSearchDigests
const DIGEST_SAMPLE = 1_000; // saved searches whose match query is measured one by one
const NEW_PET_SAMPLE = 200; // new pets run through the per-new-pet prototype

const started = performance.now();
const log = (message: string) =>
  console.error(`[bench:scale ${((performance.now() - started) / 1000).toFixed(1).padStart(7)}s] ${message}`);

// ---------------------------------------------------------------- places (population proxy)

// The municipalities table carries no population. Proxy: the 2022 census of the 27
// capitals and of the 19 largest other municipalities (thousands, rounded), and for the
// other municipalities a log-normal draw (median 11,000) from a fixed seed, scaled so that
// all of Brazil sums to 203 million.
const KNOWN_POPULATION: [string, string, number][] = [
  ["São Paulo", "SP", 11451], ["Rio de Janeiro", "RJ", 6211], ["Brasília", "DF", 2817], ["Fortaleza", "CE", 2428],
  ["Salvador", "BA", 2418], ["Belo Horizonte", "MG", 2316], ["Manaus", "AM", 2063], ["Curitiba", "PR", 1773],
  ["Recife", "PE", 1488], ["Goiânia", "GO", 1437], ["Porto Alegre", "RS", 1332], ["Belém", "PA", 1303],
  ["São Luís", "MA", 1037], ["Maceió", "AL", 957], ["Campo Grande", "MS", 898], ["Teresina", "PI", 866],
  ["João Pessoa", "PB", 833], ["Natal", "RN", 751], ["Cuiabá", "MT", 650], ["Aracaju", "SE", 602],
  ["Florianópolis", "SC", 537], ["Porto Velho", "RO", 460], ["Macapá", "AP", 442], ["Boa Vista", "RR", 413],
  ["Rio Branco", "AC", 364], ["Vitória", "ES", 322], ["Palmas", "TO", 302],
  ["Guarulhos", "SP", 1291], ["Campinas", "SP", 1139], ["São Gonçalo", "RJ", 896], ["São Bernardo do Campo", "SP", 810],
  ["Duque de Caxias", "RJ", 808], ["Nova Iguaçu", "RJ", 785], ["Santo André", "SP", 748], ["Osasco", "SP", 728],
  ["Sorocaba", "SP", 723], ["Uberlândia", "MG", 713], ["Ribeirão Preto", "SP", 698], ["Jaboatão dos Guararapes", "PE", 643],
  ["Contagem", "MG", 621], ["Joinville", "SC", 616], ["Feira de Santana", "BA", 616], ["Londrina", "PR", 555],
  ["Juiz de Fora", "MG", 540], ["Niterói", "RJ", 481], ["Jundiaí", "SP", 443],
];
const BRAZIL_POPULATION = 203_000_000;
const HOODS = ["Centro", "Jardim América", "Vila Nova", "São José", "Santa Cruz", "Boa Vista", "Bela Vista", "Planalto", "Vila Operária", "Jardim Europa"];

interface Place {
  code: number;
  name: string;
  uf: string;
  ddd: string;
  population: number;
}

async function loadPlaces(d1: D1Database): Promise<{ places: Place[]; cumulative: number[] }> {
  const { results } = await d1.prepare("SELECT ibge_code AS code, name, uf FROM municipalities ORDER BY ibge_code").all<{ code: number; name: string; uf: string }>();
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
      if (key === "batch") return async (statements: D1PreparedStatement[]) => {
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
  users: number;
  lostOpenIds: number[];
  listedIds: number[];
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

async function seed(d1Proxy: D1Database, n: number): Promise<Seeded> {
  const t = performance.now();
  const d1 = resilient(d1Proxy);
  for (const stmt of migrationStatements()) await d1.prepare(stmt).run();
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
    profileRows.push([uid(i), `Tutor ${i}`, `tutor${i}@exemplo.com.br`, hex(ur, 16), ur() < 0.4 ? `(11) 9${hex(ur, 4)}-${hex(ur, 4)}` : null]);
  }
  await insertRows(d1, "users", ["id", "email", "password_hash", "account_type", "email_verified", "created_at", "updated_at"], userRows, { progress: progress("users", users) , verb: "INSERT OR IGNORE" });
  await insertRows(d1, "profiles", ["id", "name", "email", "public_id", "phone"], profileRows, { progress: progress("profiles", users) , verb: "INSERT OR IGNORE" });
  rows.users = rows.profiles = users;
  const sessions = Math.round(users * SEED.sessionsPerUser);
  await insertRows(
    d1,
    "user_sessions",
    ["id", "user_id", "created_at", "last_seen_at", "expires_at"],
    Array.from({ length: sessions }, () => {
      const created = NOW - Math.floor(ur() * 30 * DAY);
      return [b64(ur, 43), uid(ngos + companies + Math.floor(ur() * (users - ngos - companies))), created, NOW - Math.floor(ur() * DAY), created + 30 * DAY];
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
    lifecycle.map((l, i) => [i, l] as const).filter(([, l]) => !l.closed && NOW - l.renewed >= lo * DAY && NOW - l.renewed < hi * DAY)
      .sort((a, b) => b[1].renewed - a[1].renewed).map(([i]) => i);
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
  await insertRows(d1, "pets", [...PET_COLUMNS, ...LIFECYCLE_COLUMNS, "id"], pets, { progress: progress("pets", n), verb: "INSERT OR IGNORE" });
  const LISTED = PET_COLUMNS.length + LIFECYCLE_COLUMNS.indexOf("listed");
  rows.pets = n;
  const lostOpenIds: number[] = [];
  const listedIds: number[] = [];
  pets.forEach((row, i) => {
    if (row[LISTED] === 1) listedIds.push(i + 1);
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
  await insertRows(d1, "pet_images", ["id", "pet_id", "image_url", "created_at"], images, { progress: progress("pet_images", images.length), verb: "INSERT OR IGNORE" });
  rows.pet_images = images.length;

  // Sightings ('Vi este pet'), on lost pets only, in time order.
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
  }).sort((a, b) => (a[8] as number) - (b[8] as number)).map((row, k) => [...row, k + 1]);
  await insertRows(d1, "sightings", ["pet_id", "place", "municipality_code", "seen_at", "notes", "image_url", "contact", "reporter_user_id", "created_at", "id"], sightingRows, { progress: progress("sightings", sightingCount), verb: "INSERT OR IGNORE" });
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
      return [petId, "Maria da Silva", mr() < 0.7 ? `contato${Math.floor(mr() * 1e6)}@exemplo.com.br` : null, mr() < 0.5 ? "(21) 98888-7777" : null,
        "Olá! Vi o anúncio e acho que sei onde ele está. Pode me chamar no WhatsApp?", moments[petId - 1]! + DAY];
    }).sort((a, b) => (a[5] as number) - (b[5] as number)).map((row, k) => [...row, k + 1]),
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
  await insertRows(d1, "pet_matches", ["lost_pet_id", "other_pet_id", "score", "notified_at", "created_at"], matchRows, { verb: "INSERT OR IGNORE" });
  rows.pet_matches = matchRows.length;

  // The home's other sections: products, clinics (companies), organizations and events (NGOs).
  const hr = mulberry32(7);
  const company = () => uid(ngos + Math.floor(hr() * companies));
  const products = Math.round(n * SEED.productsPerPet);
  await insertRows(d1, "products", ["user_id", "title", "category", "description", "price_cents", "location", "contact", "created_at", "updated_at", "municipality_code"],
    Array.from({ length: products }, (_, i) => {
      const p = pickPlace();
      const at = NOW - (products - i) * 3_600_000;
      return [company(), "Ração premium 15 kg", "alimentacao", "Ração para cães adultos de porte médio, sabor frango.", 18990, `${p.name} - ${p.uf}`, "(11) 3333-4444", at, at, p.code];
    }));
  const clinics = Math.round(n * SEED.clinicsPerPet);
  await insertRows(d1, "clinics", ["user_id", "name", "description", "category", "location", "created_at", "updated_at", "municipality_code"],
    Array.from({ length: clinics }, (_, i) => {
      const p = pickPlace();
      const at = NOW - (clinics - i) * 3_600_000;
      return [company(), "Clínica Veterinária Amigo Fiel", "Atendimento 24 horas, vacinas, cirurgias e exames.", "clinica", `${p.name}, ${p.uf}`, at, at, p.code];
    }));
  await insertRows(d1, "organizations", ["user_id", "name", "type", "action_area", "whatsapp", "email", "location", "description", "created_at", "updated_at", "municipality_code"],
    Array.from({ length: ngos }, (_, i) => {
      const p = pickPlace();
      const at = NOW - (ngos - i) * 3_600_000;
      return [uid(i), `ONG Patinhas ${i}`, "ong", "resgate", "(11) 97777-6666", `ong${i}@exemplo.org.br`, `${p.name} - ${p.uf}`, "Resgate, castração e adoção responsável.", at, at, p.code];
    }));
  const events = Math.round(n * SEED.eventsPerPet);
  await insertRows(d1, "events", ["organization_id", "title", "description", "category", "date", "location", "created_at", "updated_at", "municipality_code"],
    Array.from({ length: events }, (_, i) => {
      const p = pickPlace();
      const day = new Date(NOW + (i - events / 2) * 2 * 3_600_000).toISOString().slice(0, 16);
      return [1 + Math.floor(hr() * ngos), "Feira de adoção", "Cães e gatos castrados e vacinados esperando uma família.", "adocao", day, `${p.name} - ${p.uf}`, NOW, NOW, p.code];
    }));
  Object.assign(rows, { products, clinics, organizations: ngos, events });

  // Saved searches, as 'Avise-me' stores them (normalised, the city canonical: 0026, 0032).
  const qr = mulberry32(8);
  const newest = n;
  const searches: SeededSearch[] = [];
  const searchRows: unknown[][] = [];
  const total = SEED.savedSearches + SEED.unconfirmedSearches;
  let email = 0;
  let left = 0;
  for (let i = 0; i < total; i++) {
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
      radius = weighted(qr, [[0, 40], [10, 20], [25, 25], [50, 15]] as const);
      params.set("cidade", cityParam(p));
      if (radius) params.set("raio", String(radius));
    }
    const text = qr() < 0.08;
    if (text) params.set("q", pick(qr, ["labrador", "caramelo", "siamês", "vira-lata", "preto", "pastor alemão", "golden", "shih tzu", "persa", "thor", "luna", "mel"]));
    const status = weighted(qr, [["perdido", 40], ["adocao", 35], ["encontrado", 10], ["encontrado+avistado", 3], ["", 12]] as const);
    for (const s of status.split("+").filter(Boolean)) params.append("filter", s);
    const species = weighted(qr, [["Cachorro", 55], ["Gato", 30], ["Outro", 3], ["", 12]] as const);
    if (species) params.append("filter", species);
    const size = qr() < 0.15;
    if (size) params.append("filter", pick(qr, ["Pequeno", "Médio", "Grande"]));
    const sex = qr() < 0.1;
    if (sex) params.append("filter", pick(qr, ["Macho", "Fêmea"]));
    const criteria = normaliseCriteria(params.toString());
    const confirmed = i < SEED.savedSearches;
    const created = confirmed ? NOW - Math.floor(qr() * 365 * DAY) : NOW - Math.floor(qr() * (i % 25 === 0 ? 20 : 6.5) * DAY);
    const id = i + 1;
    searchRows.push([i % 5 < 3 ? uid(ngos + companies + Math.floor(qr() * (users - ngos - companies))) : null, `alerta${email}@exemplo.com.br`, criteria, b64(qr, 43),
      confirmed ? created + 3_600_000 : null, confirmed ? newest - TARGET.newPerDay : Math.max(0, newest - Math.floor(qr() * 50_000)), confirmed ? NOW - DAY : null, created, i + 1]);
    if (confirmed) {
      searches.push({
        id, criteria, code, radius, text,
        statuses: status.split("+").filter(Boolean),
        species: species ? [species.toLowerCase()] : [],
        needsCheck: text || size || sex,
      });
    }
  }
  await insertRows(d1, "saved_searches", ["user_id", "email", "criteria", "token", "confirmed_at", "last_pet_id", "last_digest_at", "created_at", "id"], searchRows, { progress: progress("saved_searches", total), verb: "INSERT OR IGNORE" });
  rows.saved_searches = total;

  const check = await d1.prepare("SELECT (SELECT count(*) FROM pets) AS pets, (SELECT value FROM counters WHERE key = 'pets') AS counter").first<{ pets: number; counter: number }>();
  if (check?.pets !== n || check.counter !== n) throw new Error(`seed check failed: ${JSON.stringify(check)}`);
  // No ANALYZE: the migrations do not run one, so the planner works as it does in production.
  return { seedSeconds: (performance.now() - t) / 1000, rows, open, newest, due, searches, users, lostOpenIds, listedIds, places, pickPlace };
}

// ---------------------------------------------------------------- a D1 that records meta

// Every statement runs inside the Worker (one local HTTP hop), which returns D1's meta
// with the rows. `raw` (drizzle's array mode) runs `.all()` for the meta and, for a read,
// `.raw()` again for exact arrays (not counted); a write maps its objects, as drizzle
// maps batch results.
const WORKER = `export default {
  async fetch(request, env) {
    const { statements, mode } = await request.json();
    const prepared = statements.map((s) => env.DB.prepare(s.sql).bind(...s.params));
    const pack = (r) => ({ results: r.results, meta: r.meta });
    if (mode === "batch") return Response.json((await env.DB.batch(prepared)).map(pack));
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
  rowsRead: number;
  rowsWritten: number;
  ms: number;
}
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
  async run(statements: Statement[], mode: "batch" | "all" | "raw"): Promise<{ results?: Record<string, unknown>[]; rows?: unknown[][]; meta: Meta }[]> {
    const body = JSON.stringify({ statements, mode });
    // A stale keep-alive connection fails before the Worker sees the request: try once more.
    const response = await this.mf.dispatchFetch("http://bench.local/", { method: "POST", body }).catch(() =>
      this.mf.dispatchFetch("http://bench.local/", { method: "POST", body }));
    if (!response.ok) throw new Error(`worker: ${response.status} ${await response.text()}`);
    const out = (await response.json()) as { results?: Record<string, unknown>[]; rows?: unknown[][]; meta: Meta }[];
    out.forEach((r, i) => this.log.push({ sql: statements[i]!.sql, rowsRead: r.meta.rows_read, rowsWritten: r.meta.rows_written, ms: r.meta.duration }));
    return out;
  }
  /** A D1Database for drizzle whose every statement is recorded. */
  d1(): D1Database {
    const recorder = this;
    class Stmt {
      constructor(readonly sql: string, readonly params: unknown[] = []) {}
      bind(...params: unknown[]) {
        return new Stmt(this.sql, params.map((p) => (p === undefined ? null : p)));
      }
      statement(): Statement {
        return { sql: this.sql, params: this.params };
      }
      async all() {
        const [r] = await recorder.run([this.statement()], "all");
        return { success: true, results: r!.results ?? [], meta: r!.meta };
      }
      run() {
        return this.all();
      }
      async raw(options?: { columnNames?: boolean }) {
        const [r] = await recorder.run([this.statement()], "raw");
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
        (await recorder.run(statements.map((s) => s.statement()), "batch")).map((r) => ({ success: true, results: r.results ?? [], meta: r.meta })),
      exec: () => Promise.reject(new Error("exec is not recorded")),
      dump: () => Promise.reject(new Error("dump is not recorded")),
      withSession: () => { throw new Error("withSession is not recorded"); },
    } as unknown as D1Database;
  }
}

interface Cost {
  rowsRead: number;
  rowsWritten: number;
  ms: number;
  statements: number;
}
const costOf = (log: Executed[]): Cost => ({
  rowsRead: sum(log.map((e) => e.rowsRead)),
  rowsWritten: sum(log.map((e) => e.rowsWritten)),
  ms: sum(log.map((e) => e.ms)),
  statements: log.length,
});
const meanCost = (costs: Cost[]): Cost => ({
  rowsRead: mean(costs.map((c) => c.rowsRead)),
  rowsWritten: mean(costs.map((c) => c.rowsWritten)),
  ms: mean(costs.map((c) => c.ms)),
  statements: mean(costs.map((c) => c.statements)),
});

// Bindings for the services: a KV in memory (rate limits, the local outbox), no mail sent.
function fakeEnv(): Env {
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
  return { KV: kv, SITE_URL: "https://patasconectadas.com.br" } as unknown as Env;
}
const fakeCtx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
const noMail = { send: async () => {} };

// ---------------------------------------------------------------- measuring

interface RequestMeasure {
  key: string;
  label: string;
  what: string;
  cost: Cost;
  wallMs: number;
  /** Estimated D1 rows of code not on this branch (rate limits and view marks in D1). */
  estRead: number;
  estWritten: number;
  estNote: string;
  /** Runs' costs in order (searches cycle through their URLs). */
  runs: Cost[];
  /** The statement that read the most rows, over all runs: its SQL's start and mean rows read. */
  heaviest: { sql: string; rowsRead: number };
  urls?: string[];
}

async function measureRequests(rec: Recorder, s: Seeded, n: number): Promise<RequestMeasure[]> {
  const db = createDatabase(rec.d1());
  const r = mulberry32(10);
  const out: RequestMeasure[] = [];
  const measure = async (
    key: string, label: string, what: string, run: (i: number) => Promise<unknown>,
    est: { read: number; written: number; note: string } = { read: 0, written: 0, note: "" },
  ) => {
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
    out.push({ key, label, what, cost, wallMs: median(walls), estRead: est.read, estWritten: est.written, estNote: est.note, runs: costs, heaviest: { sql: heavySql, rowsRead: heavyRows / RUNS } });
    log(`  ${label}: ${cost.rowsRead.toFixed(1)} rows read, ${cost.rowsWritten.toFixed(1)} written, ${cost.statements.toFixed(1)} statements, D1 ${cost.ms.toFixed(2)} ms`);
  };
  const now = new Date(NOW);
  const someListed = () => s.listedIds[Math.floor(r() * s.listedIds.length)]!;
  const someLost = () => s.lostOpenIds[Math.floor(r() * s.lostOpenIds.length)]!;
  const someUser = () => uid(Math.floor(s.users * 0.01) + Math.floor(r() * s.users * 0.98));
  const cityOf = () => cityParam(s.pickPlace());

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
  await measure("searchNoText", "Search without text (`/buscar-pets`)", `\`readCityFilter\` + \`searchPets\`; ${noText.length} URLs in turn (no criteria, a status, status + species, a city + 25 km + status, a city + status; cities population-weighted)`,
    (i) => search(noText[(i + noText.length) % noText.length]!.replace("CITY", encodeURIComponent(cityOf()))));
  out.at(-1)!.urls = searchUrls(noText);
  const withText = ["q=labrador", "q=thor", "q=caramelo&filter=perdido", "q=vira-lata&cidade=CITY&raio=25", "q=sao+paulo"];
  await measure("searchText", "Search with text (`/buscar-pets?q=`)", `the same, ${withText.length} URLs in turn (a breed, a name, a colour + status, a word + city + 25 km, a city typed as text)`,
    (i) => search(withText[(i + withText.length) % withText.length]!.replace("CITY", encodeURIComponent(cityOf()))));
  out.at(-1)!.urls = searchUrls(withText);
  await measure("pet", "Pet page (`/pet/{id}`), anonymous, first view of the day", "`getPublicPet`, `sightingsForPage`, `municipalityByCode`, and the view's `incrementPetViews`", async () => {
    const found = await getPublicPet(db, someListed());
    await incrementPetViews(db, found!.pet.id);
    await Promise.all([sightingsForPage(db, found!.pet.id, null), found!.pet.municipalityCode === null ? null : municipalityByCode(db, found!.pet.municipalityCode)]);
  }, { read: 1, written: 1, note: "the view mark: 1 row per viewer per item per day" });
  await measure("petRepeat", "Pet page, a repeat view the same day", "the same reads; no increment, no mark written", async () => {
    const found = await getPublicPet(db, someListed());
    await Promise.all([sightingsForPage(db, found!.pet.id, null), found!.pet.municipalityCode === null ? null : municipalityByCode(db, found!.pet.municipalityCode)]);
  }, { read: 1, written: 0, note: "the view mark's read" });
  await measure("sighting", "'Vi este pet' (sighting POST)", "`getSightingTarget` + `insertSighting` (as `reportSighting`; the pet's own city)", async () => {
    const pet = await getSightingTarget(db, someLost());
    await insertSighting(db, { petId: pet!.id, place: "Perto da padaria da Rua das Flores, 120", municipalityCode: null, seenAt: brasiliaNow(now), notes: "Estava assustado, sem coleira.", imageUrl: null, contact: "(11) 98888-7777", reporterUserId: null });
  }, { read: 3, written: 3, note: "3 rate-limit checks (client, pet + client, pet)" });
  let matchMails = 0;
  await measure("postAd", "Post an ad (`/cadastrar-pet` POST), signed in", "`getSessionUser`, `resolvePlace` (the city field), `createPetWithImages` (3 photos), then `matchNewPet` as `matchAfterPosting` runs it", async () => {
    const user = someUser();
    await getSessionUser(db, user);
    const p = s.pickPlace();
    const place = await resolvePlace(db, `${p.name} - ${p.uf}`);
    const code = place.kind === "found" ? place.municipality.ibgeCode : p.code;
    const status = r() < 0.5 ? "perdido" : pick(r, ["encontrado", "avistado", "adocao"] as const);
    const id = await createPetWithImages(db, user, {
      name: "Pipoca", type: r() < 0.6 ? "cachorro" : "gato", breed: "SRD", age: "2 anos", gender: "Fêmea", size: "Pequeno", color: "Caramelo",
      temperament: "Dócil", isNeutered: true, isVaccinated: true, acceptsChildren: true, acceptsOtherAnimals: true, status,
      description: "Fugiu pelo portão durante a chuva.", missingSince: status === "perdido" ? brasiliaNow(now).slice(0, 10) : null,
      contactWhatsapp: "(11) 98888-7777", location: `Centro, ${p.name} - ${p.uf}`, municipalityCode: code, youtube: null,
    } as Parameters<typeof createPetWithImages>[2], ["/imagens/pets/a.webp", "/imagens/pets/b.webp", "/imagens/pets/c.webp"]);
    const run = await matchNewPet({ env: fakeEnv(), ctx: fakeCtx, db, origin: "https://patasconectadas.com.br", now, mailer: noMail }, id);
    matchMails += run.mailed.length;
  }, { read: 0, written: 0, note: "match-mail checks: see below" });
  const postAd = out.at(-1)!;
  const mailsPerAd = matchMails / (RUNS + 1);
  postAd.estRead = postAd.estWritten = mailsPerAd;
  postAd.estNote = `1 rate-limit check per owner mailed about a match (${mailsPerAd.toFixed(2)} per ad here)`;
  await measure("favourite", "Favourite (`/favoritos` POST), a visitor", "no D1 statement: the lists live in KV (DESIGN decision 3); a signed-in heart adds the session check", () => Promise.resolve(), {
    read: 1, written: 1, note: "1 rate-limit check (a visitor's hearts; accounts have none)",
  });
  await measure("signIn", "Sign-in (`/entrar` POST)", "`findUserByEmail` + the session row (`recordSession`)", async () => {
    const i = Math.floor(s.users * 0.01) + Math.floor(r() * s.users * 0.98);
    const user = await findUserByEmail(db, `tutor${i}@exemplo.com.br`);
    await recordSession(db, { id: `sessao-${i}-${r()}`, userId: user!.id, createdAt: NOW, lastSeenAt: NOW, expiresAt: NOW + 30 * DAY });
  }, { read: 3, written: 1, note: "3 rate-limit checks: the address counted (1 row written), the failures per client and per account only read" });
  await measure("session", "Session check (every signed-in request)", "`getSessionUser`", () => getSessionUser(db, someUser()));
  void n;
  return out;
}

interface DigestMeasure {
  perMessage: Cost;
  perMessageNoRun: Cost; // without the run's own statements (expired rows, newest id)
  runStatements: Cost;
  wallMs: number[];
  breakdown: { label: string; rowsRead: number; rowsWritten: number; statements: number; ms: number }[];
  walk: { app: number; rowValue: number; citySearch: string };
  plans: Record<"dueApp" | "dueRow" | "matchApp" | "matchCity" | "remind", string[]>;
  mails: number;
  searches: number;
  matchQuery: { kind: string; count: number; rowsRead: number[]; ms: number[]; cityIndexRead: number[] }[];
  perPet: { rowsRead: number[]; matches: number[]; ms: number[] };
  keysRows: number;
  keysBuildSeconds: number;
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const kindOf = (s: SeededSearch) => (s.text ? "text" : s.code === 0 ? "no city" : s.radius === 0 ? "city only" : "city + radius");

async function measureDigest(rec: Recorder, s: Seeded): Promise<DigestMeasure> {
  const db = createDatabase(rec.d1());
  const env = fakeEnv();
  const now = new Date(NOW);
  // 1. sendSearchDigests itself: one run in rounds of 25 saved searches (a queue message's
  // worth), the keyset carried from round to round as the code does; per message = / rounds.
  const quiet = console.log;
  console.log = (...args: unknown[]) => {
    if (!String(args[0]).startsWith("[mail]")) quiet(...args);
  };
  rec.take();
  const t0 = performance.now();
  const report = await sendSearchDigests({ env, ctx: fakeCtx, db, now }, { batchSize: PER_MESSAGE.digests, maxPerRun: DIGEST_MESSAGES * PER_MESSAGE.digests });
  const wall = performance.now() - t0;
  console.log = quiet;
  const executed = rec.take();
  const own = (e: Executed) => /^\s*DELETE FROM saved_searches WHERE id IN/.test(e.sql) || /^select max\(("pets"\.)?"id"\) from "pets"/i.test(e.sql);
  const kinds: [string, (e: Executed) => boolean][] = [
    ["the run's own (expired unconfirmed rows, newest id)", own],
    ["due saved searches (keyset walk)", (e) => /^select .* from "saved_searches"/i.test(e.sql)],
    ["`resolvePlace` (the saved city; again for the mail's wording)", (e) => /from "municipalities"/i.test(e.sql)],
    ["`newMatchesQuery`", (e) => /^select .* from "(pets|pets_search)"/i.test(e.sql)],
    ["`advanceSavedSearch`", (e) => /^update "saved_searches"/i.test(e.sql)],
  ];
  const rounds = Math.ceil(report.processed / PER_MESSAGE.digests);
  const breakdown = kinds.map(([label, test]) => {
    const c = costOf(executed.filter(test));
    return { label, rowsRead: c.rowsRead / rounds, rowsWritten: c.rowsWritten / rounds, statements: c.statements / rounds, ms: c.ms / rounds };
  });
  const unmatched = executed.filter((e) => !kinds.some(([, test]) => test(e)));
  if (unmatched.length) throw new Error(`digest statements of no kind: ${unmatched[0]!.sql.slice(0, 120)}`);
  const per = (c: Cost): Cost => ({ rowsRead: c.rowsRead / rounds, rowsWritten: c.rowsWritten / rounds, ms: c.ms / rounds, statements: c.statements / rounds });
  const perMessage = [per(costOf(executed))];
  const perMessageNoRun = [per(costOf(executed.filter((e) => !own(e))))];
  const runOwn = [costOf(executed.filter(own))];
  const walls = [wall / rounds];
  const mails = report.mailed;
  const processed = report.processed;
  log(`  digest: ${processed} saved searches in ${rounds} rounds, ${mails} mails, ${mean(perMessage.map((c) => c.rowsRead)).toFixed(0)} rows read per round of 25`);

  // The due rows' keyset walk, alone: the app's statement for a keyset in the middle of the
  // day's rows, beside the same walk as two ranges, each in index order (an experiment).
  const middle = s.searches[Math.floor(s.searches.length / 2)]!;
  const keyset = { lastPetId: s.newest - TARGET.newPerDay, id: middle.id };
  const dueApp = dueSavedSearches(db, s.newest, keyset, PER_MESSAGE.digests).toSQL();
  const dueRow = {
    sql: `SELECT id FROM (SELECT id FROM saved_searches WHERE confirmed_at IS NOT NULL AND last_pet_id = ?2 AND id > ?3 ORDER BY id LIMIT ?4)
          UNION ALL SELECT id FROM (SELECT id FROM saved_searches WHERE confirmed_at IS NOT NULL AND last_pet_id > ?2 AND last_pet_id < ?1 ORDER BY last_pet_id, id LIMIT ?4)
          LIMIT ?4`,
    params: [s.newest, keyset.lastPetId, keyset.id, PER_MESSAGE.digests],
  };
  const [walkApp, walkRow] = await rec.run([{ sql: dueApp.sql, params: dueApp.params }, dueRow], "batch");
  if (walkApp!.results!.map((r) => r.id).join() !== walkRow!.results!.map((r) => r.id).join()) throw new Error("the row-value walk returned other rows");
  const planOf = async (q: Statement) =>
    ((await rec.run([{ sql: `EXPLAIN QUERY PLAN ${q.sql}`, params: q.params }], "all"))[0]!.results ?? []).map((r) => String(r.detail));
  const citySearch = s.searches.find((x) => x.code && !x.text && x.radius === 25)!;
  const cityCriteria = await withSearchArea(db, criteriaOf(citySearch.criteria));
  const matchApp = newMatchesQuery(db, cityCriteria, s.newest - TARGET.newPerDay, s.newest, DIGEST_PETS_PER_MAIL + 1).toSQL();
  const plans = {
    dueApp: await planOf({ sql: dueApp.sql, params: dueApp.params }),
    dueRow: await planOf(dueRow),
    matchApp: await planOf({ sql: matchApp.sql, params: matchApp.params }),
    matchCity: await planOf({ sql: matchApp.sql.replace(/\+"pets"\."municipality_code" in/i, '"pets"."municipality_code" in'), params: matchApp.params }),
    remind: await planOf((() => { const q = adsToRemind(db, now, PER_MESSAGE.reminders).toSQL(); return { sql: q.sql, params: q.params }; })()),
  };
  const walk = { app: walkApp!.meta.rows_read, rowValue: walkRow!.meta.rows_read, citySearch: citySearch.criteria };
  rec.take();
  log(`  due walk: ${walk.app} rows read (as two ranges ${walk.rowValue})`);

  // 2. The match query alone, per saved search, by kind; beside it the same statement
  // walking the city index (`municipality_code IN …` without the `+`).
  const r = mulberry32(11);
  const sample = Array.from({ length: DIGEST_SAMPLE }, () => s.searches[DIGEST_MESSAGES * PER_MESSAGE.digests + Math.floor(r() * (s.searches.length - DIGEST_MESSAGES * PER_MESSAGE.digests))]!);
  const byKind = new Map<string, { kind: string; count: number; rowsRead: number[]; ms: number[]; cityIndexRead: number[] }>();
  const from = s.newest - TARGET.newPerDay;
  for (let i = 0; i < sample.length; i += 50) {
    const chunk = sample.slice(i, i + 50);
    const plain = createDatabase(rec.d1());
    const criteria = await Promise.all(chunk.map((x) => withSearchArea(plain, criteriaOf(x.criteria))));
    rec.take();
    const statements = criteria.map((c) => newMatchesQuery(plain, c, from, s.newest, DIGEST_PETS_PER_MAIL + 1).toSQL());
    const results = await rec.run(statements.map((q) => ({ sql: q.sql, params: q.params })), "batch");
    const viaCity = statements.map((q) => ({ sql: q.sql.replace(/\+"pets"\."municipality_code" in/i, '"pets"."municipality_code" in'), params: q.params }));
    const results2 = await rec.run(viaCity, "batch");
    rec.take();
    chunk.forEach((x, j) => {
      const ids = (rs: { results?: Record<string, unknown>[] }) => (rs.results ?? []).map((row) => row.id).join();
      if (ids(results[j]!) !== ids(results2[j]!)) throw new Error(`the city-index form returned other pets for saved search ${x.id}`);
      const k = kindOf(x);
      const entry = byKind.get(k) ?? { kind: k, count: 0, rowsRead: [], ms: [], cityIndexRead: [] };
      entry.count++;
      entry.rowsRead.push(results[j]!.meta.rows_read);
      entry.ms.push(results[j]!.meta.duration);
      entry.cityIndexRead.push(results2[j]!.meta.rows_read);
      byKind.set(k, entry);
    });
  }
  const matchQuery = [...byKind.values()].sort((a, b) => b.count - a.count);
  log(`  match query: ${matchQuery.map((k) => `${k.kind} ${mean(k.rowsRead).toFixed(0)} (city index ${mean(k.cityIndexRead).toFixed(0)})`).join(", ")}`);

  // 3. The per-new-pet prototype: one row per saved search and status and species value,
  // keyed for the new pet's lookup, with the search's size, sex and text to check on the
  // pet (bench database only, never the app's schema).
  const t = performance.now();
  await rec.run([{ sql: `CREATE TABLE bench_alert_keys (
      centre_code INTEGER NOT NULL, status TEXT NOT NULL, species TEXT NOT NULL, radius_km INTEGER NOT NULL,
      search_id INTEGER NOT NULL, size TEXT NOT NULL, gender TEXT NOT NULL, q TEXT NOT NULL,
      PRIMARY KEY (centre_code, status, species, search_id)) WITHOUT ROWID`, params: [] }], "all");
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
    await rec.run([{ sql: "INSERT INTO bench_alert_keys SELECT value->>0, value->>1, value->>2, value->>3, value->>4, value->>5, value->>6, value->>7 FROM json_each(?)", params: [JSON.stringify(keyRows.slice(i, i + 5000))] }], "all");
  }
  rec.take();
  const keysBuildSeconds = (performance.now() - t) / 1000;
  const perPet = { rowsRead: [] as number[], matches: [] as number[], ms: [] as number[] };
  const pr = mulberry32(12);
  for (let i = 0; i < NEW_PET_SAMPLE; i++) {
    const petId = from + 1 + Math.floor(pr() * TARGET.newPerDay);
    const [pet] = (await rec.run([{ sql: "SELECT id, name, type, breed, color, location, status, size, gender, municipality_code AS code, listed FROM pets WHERE id = ?", params: [petId] }], "all"))[0]!.results as { id: number; name: string; type: string; breed: string | null; color: string | null; location: string; status: string; size: string; gender: string; code: number; listed: number }[];
    if (!pet) continue;
    const species = pet.type === "cachorro" || pet.type === "gato" ? pet.type : "outro";
    // The saved searches centred within 50 km of the pet's municipality whose radius
    // reaches it (CROSS JOIN: neighbours first, then each centre's keys), and those
    // without a city, for the pet's status and species or any.
    const [candidates] = await rec.run([{
      sql: `SELECT k.search_id AS id, k.size, k.gender, k.q FROM municipality_neighbours n
            CROSS JOIN bench_alert_keys k ON k.centre_code = n.to_code AND k.status IN (?2, '') AND k.species IN (?3, '') AND k.radius_km >= n.distance_km
            WHERE n.from_code = ?1 AND n.distance_km <= 50
            UNION ALL
            SELECT search_id, size, gender, q FROM bench_alert_keys WHERE centre_code = 0 AND status IN (?2, '') AND species IN (?3, '')`,
      params: [pet.code, pet.status, species],
    }], "all");
    const found = ((candidates!.results ?? []) as { id: number; size: string; gender: string; q: string }[])
      .filter((c) => (!c.size || c.size === pet.size) && (!c.gender || c.gender === pet.gender));
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
  log(`  per new pet: ${mean(perPet.rowsRead).toFixed(0)} rows read, ${mean(perPet.matches).toFixed(0)} matching saved searches (prototype)`);
  return {
    perMessage: meanCost(perMessage), perMessageNoRun: meanCost(perMessageNoRun), runStatements: meanCost(runOwn),
    wallMs: walls, mails, searches: processed, breakdown, walk, plans, matchQuery, perPet, keysRows: keyRows.length, keysBuildSeconds,
  };
}

interface LifecycleMeasure {
  remind: Cost[];
  remindWall: number[];
  expire50: Cost[];
  expire500: Cost[];
  expireWall: number[];
}

async function measureLifecycle(rec: Recorder): Promise<LifecycleMeasure> {
  const db = createDatabase(rec.d1());
  const now = new Date(NOW);
  const out: LifecycleMeasure = { remind: [], remindWall: [], expire50: [], expire500: [], expireWall: [] };
  rec.take();
  for (let i = 0; i < 4; i++) {
    const t = performance.now();
    const due = await adsToRemind(db, now, PER_MESSAGE.reminders);
    await markReminded(db, due.map((ad) => ad.id), now);
    out.remindWall.push(performance.now() - t);
    out.remind.push(costOf(rec.take()));
  }
  for (const [limit, list] of [[50, out.expire50], [PER_MESSAGE.expiries, out.expire500]] as const) {
    for (let i = 0; i < 2; i++) {
      const t = performance.now();
      await expireAds(db, now, limit);
      if (limit === PER_MESSAGE.expiries) out.expireWall.push(performance.now() - t);
      list.push(costOf(rec.take()));
    }
  }
  log(`  reminders: ${mean(out.remind.map((c) => c.rowsRead)).toFixed(0)} rows read per 50; expiry: ${mean(out.expire500.map((c) => c.rowsRead)).toFixed(0)} per 500`);
  return out;
}

interface TableSize {
  table: string;
  rows: number;
  bytes: number;
  dataBytes: number;
  indexBytes: number;
}

/** dbstat over the persisted file (Miniflare's SQLite has no dbstat; Node's has). */
function tableSizes(dir: string, rowsOf: Record<string, number>): { tables: TableSize[]; fileBytes: number; pageSize: number } {
  const folder = join(dir, "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(folder).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")!;
  const db = new DatabaseSync(join(folder, file));
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  const fileBytes = statSync(join(folder, file)).size;
  const pageSize = Number((db.prepare("PRAGMA page_size").get() as { page_size: number }).page_size);
  const owner = new Map<string, { table: string; index: boolean }>();
  for (const row of db.prepare("SELECT name, tbl_name, type FROM sqlite_schema").all() as { name: string; tbl_name: string; type: string }[]) {
    owner.set(row.name, { table: row.tbl_name, index: row.type === "index" });
  }
  const sizes = new Map<string, TableSize>();
  for (const row of db.prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name").all() as { name: string; bytes: number }[]) {
    const o = owner.get(row.name) ?? { table: row.name, index: false };
    // The FTS5 index's shadow tables belong to the pets they index.
    const table = o.table.startsWith("pets_search") ? "pets_search (FTS)" : o.table.startsWith("sqlite_autoindex_") ? o.table.replace(/^sqlite_autoindex_(.*)_\d+$/, "$1") : o.table;
    const entry = sizes.get(table) ?? { table, rows: rowsOf[table] ?? 0, bytes: 0, dataBytes: 0, indexBytes: 0 };
    entry.bytes += row.bytes;
    if (o.index) entry.indexBytes += row.bytes;
    else entry.dataBytes += row.bytes;
    sizes.set(table, entry);
  }
  db.close();
  return { tables: [...sizes.values()].sort((a, b) => b.bytes - a.bytes), fileBytes, pageSize };
}

async function runSize(n: number) {
  const dir = join(BENCH_DIR, `scale-${n}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  log(`${people(n)} pets: fresh local D1 in ${dir}`);
  const mf = new Miniflare(convertV4MiniflareOptions({ resourcePersistencePath: dir, modules: true, script: WORKER, compatibilityDate: "2025-09-01", d1Databases: ["DB"] }));
  const rec = new Recorder(mf);
  let seeded: Seeded;
  let sizeAfterSeed = 0;
  let digest: DigestMeasure;
  let lifecycle: LifecycleMeasure;
  let requests: RequestMeasure[];
  const measureStarted = performance.now();
  try {
    const d1 = (await mf.getD1Database("DB")) as unknown as D1Database;
    seeded = await seed(d1, n);
    log(`  seeded in ${seeded.seedSeconds.toFixed(0)} s: ${fmtInt(seeded.open)} open ads, ${fmtInt(seeded.searches.length)} confirmed saved searches`);
    sizeAfterSeed = (await rec.run([{ sql: "SELECT 1", params: [] }], "all"))[0]!.meta.size_after ?? 0;
    rec.take();
    digest = await measureDigest(rec, seeded);
    lifecycle = await measureLifecycle(rec);
    requests = await measureRequests(rec, seeded, n);
  } finally {
    await mf.dispose();
  }
  const measureSeconds = (performance.now() - measureStarted) / 1000 - seeded.seedSeconds;
  const sizes = tableSizes(dir, { ...seeded.rows, bench_alert_keys: digest.keysRows });
  // The 1,000,000-pet database is about a gigabyte: not kept.
  if (n >= 1_000_000) rmSync(dir, { recursive: true, force: true });
  return { n, seeded, sizeAfterSeed, sizes, digest, lifecycle, requests, measureSeconds };
}

// ---------------------------------------------------------------- report

type SizeResult = Awaited<ReturnType<typeof runSize>>;
const f1 = (x: number) => (Math.abs(x) >= 100 ? fmtInt(x) : x.toFixed(1));
const big = (x: number) =>
  x >= 1e9 ? `${(x / 1e9).toFixed(2)} billion` : x >= 1e6 ? `${(x / 1e6).toFixed(1)} million` : fmtInt(x);
const gb = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`;
const pct = (x: number) => `${(100 * x).toFixed(x < 0.1 ? 1 : 0)}%`;

// D1's published limits and prices (cited in the report).
const D1 = {
  readIncludedMonth: 25e9,
  readPerMillion: 0.001,
  writeIncludedMonth: 50e6,
  writePerMillion: 1.0,
  storageIncludedGb: 5,
  storagePerGbMonth: 0.75,
};
const QUEUES = { maxConcurrency: 250, maxBatch: 100, wallMinutes: 15 };
const RESEND = { batch: 100, rps: 5, rpsOld: 2 };

function storageSection(results: SizeResult[]): string {
  const large = results.at(-1)!;
  const lines = ["## 1. Storage", ""];
  lines.push(
    "Sizes from SQLite's `dbstat` over the persisted file (Miniflare's D1 refuses `dbstat` and `PRAGMA page_count`; the same file opened by Node's SQLite has both), " +
      "grouped by table with its indexes; the FTS5 index's shadow tables count as `pets_search (FTS)`. " +
      "D1's own figure is `meta.size_after` (the database size D1 reports after a statement).",
    "",
  );
  for (const r of results) {
    const t = r.sizes.tables;
    const total = sum(t.filter((x) => x.table !== "bench_alert_keys").map((x) => x.bytes));
    lines.push(
      `### ${people(r.n)} pets`,
      "",
      `File after the seed: ${fmtBytes(r.sizeAfterSeed)} (D1's \`size_after\`); after the run ${fmtBytes(r.sizes.fileBytes)} on disk, pages of ${r.sizes.pageSize} bytes ` +
        `(the run adds the per-new-pet prototype's table, ${fmtBytes(t.find((x) => x.table === "bench_alert_keys")?.bytes ?? 0)}, not part of the app).`,
      "",
      "| table | rows | table bytes | index bytes | total | bytes per row |",
      "|---|--:|--:|--:|--:|--:|",
      ...t.filter((x) => x.bytes >= 8192 || x.rows).map((x) =>
        `| ${x.table} | ${x.rows ? fmtInt(x.rows) : ""} | ${fmtBytes(x.dataBytes)} | ${fmtBytes(x.indexBytes)} | ${fmtBytes(x.bytes)} | ${x.rows ? fmtInt(x.bytes / x.rows) : ""} |`),
      `| **all (without the prototype)** | | | | **${fmtBytes(total)}** | |`,
      "",
    );
  }
  // Per 100,000 pets: what grows with the pets (pets, FTS, photos, messages, matches, users).
  const by = (r: SizeResult, table: string) => r.sizes.tables.find((x) => x.table === table)?.bytes ?? 0;
  const petTables = ["pets", "pets_search (FTS)", "pet_images", "pet_messages", "pet_matches"];
  const perPetBytes = (r: SizeResult) => sum(petTables.map((t) => by(r, t))) / r.n;
  const perRow = (table: string) => by(large, table) / (large.sizes.tables.find((x) => x.table === table)?.rows || 1);
  const fixed = by(large, "municipalities") + by(large, "municipality_neighbours");
  lines.push(
    "### Per 100,000 pets",
    "",
    `The tables that grow with the ads (${petTables.map((t) => `\`${t}\``).join(", ")}): ` +
      results.map((r) => `**${fmtBytes(perPetBytes(r) * 100_000)}** per 100,000 pets at ${people(r.n)}`).join(", ") +
      ` (of which the pets' rows and indexes ${fmtBytes((by(large, "pets") / large.n) * 100_000)} and the FTS index ${fmtBytes((by(large, "pets_search (FTS)") / large.n) * 100_000)}). ` +
      `With the seed's users, sessions, sightings and saved searches in the proportions above, the whole file is ${fmtBytes(large.sizeAfterSeed)} for ${people(large.n)} pets, ` +
      `${fmtBytes((large.sizeAfterSeed / large.n) * 100_000)} per 100,000. The municipalities and their neighbours are a fixed ${fmtBytes(fixed)}.`,
    "",
  );

  // Projection.
  const days = YEARS * 365;
  const pets3 = TARGET.pets + TARGET.newPerDay * days;
  const grow = [
    { what: "pets, photos, messages, matches, FTS (per pet)", rows: pets3, bytesPerRow: perPetBytes(large), note: `${people(TARGET.pets)} now + ${people(TARGET.newPerDay)} a day` },
    { what: "sightings", rows: TARGET.sightingsPerDay * days, bytesPerRow: perRow("sightings"), note: `${people(TARGET.sightingsPerDay)} a day, kept` },
    { what: "users + profiles", rows: pets3 * SEED.usersPerPet, bytesPerRow: perRow("users") + perRow("profiles"), note: `${SEED.usersPerPet} per pet (assumption)` },
    { what: "user_sessions", rows: pets3 * SEED.usersPerPet * SEED.sessionsPerUser, bytesPerRow: perRow("user_sessions"), note: "expired rows swept daily" },
    { what: "saved_searches", rows: TARGET.savedSearches * 1.05, bytesPerRow: perRow("saved_searches"), note: "500,000 confirmed, steady" },
    { what: "view marks (estimate, not on this branch)", rows: TARGET.pageViewsPerDay * MIX.pet * MIX.firstViewShare, bytesPerRow: 100, note: "one day's first views, swept daily; ~100 B a row with its key" },
    { what: "municipalities + neighbours", rows: 1, bytesPerRow: fixed, note: "fixed" },
  ];
  const total3 = sum(grow.map((g) => g.rows * g.bytesPerRow));
  const perDay = (TARGET.newPerDay * perPetBytes(large)) + TARGET.sightingsPerDay * perRow("sightings") + TARGET.newPerDay * SEED.usersPerPet * (perRow("users") + perRow("profiles"));
  // Today at the target: 1,000,000 pets and what goes with them, no sightings kept yet.
  const now = sum(grow.map((g) => (g.what.startsWith("pets") || g.what.startsWith("users") || g.what.startsWith("user_") ? (g.rows / pets3) * TARGET.pets : g.what === "sightings" ? 0 : g.rows) * g.bytesPerRow));
  const daysTo10 = (D1_MAX_BYTES - now) / perDay;
  lines.push(
    `### ${YEARS} years at the target workload`,
    "",
    "Bytes per row measured at the largest size; rows after three years at the target's rates:",
    "",
    "| what | rows after 3 years | bytes per row | bytes | basis |",
    "|---|--:|--:|--:|---|",
    ...grow.map((g) => `| ${g.what} | ${g.rows === 1 ? "" : big(g.rows)} | ${g.rows === 1 ? "" : fmtInt(g.bytesPerRow)} | ${gb(g.rows * g.bytesPerRow)} | ${g.note} |`),
    `| **total** | | | **${gb(total3)}** | against D1's **10 GB** per database |`,
    "",
    `At the target the database grows by about ${fmtBytes(perDay)} a day (${pct((TARGET.sightingsPerDay * perRow("sightings")) / perDay)} of it sightings); ` +
      `starting from ${gb(now)} (1,000,000 pets and the rest, no sightings kept yet) it reaches 10 GB after about **${fmtInt(daysTo10)} days** ` +
      `(${(daysTo10 / 30.4).toFixed(0)} months). Three years need ${(total3 / D1_MAX_BYTES).toFixed(1)}× what one D1 database may hold.`,
    "",
  );
  return lines.join("\n");
}

interface DayRow {
  label: string;
  perDay: number;
  read: number;
  written: number;
  ms: number;
  estRead: number;
  estWritten: number;
}

function requestsSection(large: SizeResult, results: SizeResult[]): { text: string; day: DayRow[] } {
  const q = (key: string) => large.requests.find((x) => x.key === key)!;
  const d = large.digest;
  const lc = large.lifecycle;
  const pv = TARGET.pageViewsPerDay;
  const remind = meanCost(lc.remind);
  const expire = meanCost(lc.expire500);
  const digestMessages = TARGET.savedSearches / PER_MESSAGE.digests;
  const rows: { label: string; what: string; read: number; written: number; ms: number; statements: number; est: string; estRead: number; estWritten: number; perDay: number; perDayNote: string }[] = [];
  const req = (key: string, perDay: number, perDayNote: string) => {
    const m = q(key);
    rows.push({ label: m.label, what: m.what, read: m.cost.rowsRead, written: m.cost.rowsWritten, ms: m.cost.ms, statements: m.cost.statements, est: m.estNote, estRead: m.estRead, estWritten: m.estWritten, perDay, perDayNote });
  };
  req("home", pv * (MIX.home + MIX.other), `${pct(MIX.home)} of page views, plus the ${pct(MIX.other)} of other pages counted at this cost`);
  req("searchNoText", pv * MIX.searchNoText, `${pct(MIX.searchNoText)} of page views`);
  req("searchText", pv * MIX.searchText, `${pct(MIX.searchText)} of page views`);
  req("pet", pv * MIX.pet * MIX.firstViewShare, `${pct(MIX.pet)} of page views, ${pct(MIX.firstViewShare)} of them a first view of the day`);
  req("petRepeat", pv * MIX.pet * (1 - MIX.firstViewShare), "the rest of the pet pages");
  req("sighting", TARGET.sightingsPerDay, "the target");
  req("postAd", TARGET.newPerDay, "the target");
  req("favourite", MIX.favouritesPerDay, "assumption");
  req("signIn", MIX.signInsPerDay, "assumption");
  req("session", pv * MIX.signedInShare, `${pct(MIX.signedInShare)} of page views are signed in (assumption)`);
  rows.push({
    label: `Digest message (${PER_MESSAGE.digests} saved searches)`, what: "one round of `sendSearchDigests` (500 saved searches in rounds of 25, per round), the run's own statements left out",
    read: d.perMessageNoRun.rowsRead, written: d.perMessageNoRun.rowsWritten, ms: d.perMessageNoRun.ms, statements: d.perMessageNoRun.statements,
    est: "", estRead: 0, estWritten: 0, perDay: digestMessages, perDayNote: `${people(TARGET.savedSearches)} / ${PER_MESSAGE.digests}`,
  });
  rows.push({
    label: `Reminder message (${PER_MESSAGE.reminders} ads)`, what: `\`adsToRemind\` + \`markReminded\`, ${people(large.seeded.due)} due`,
    read: remind.rowsRead, written: remind.rowsWritten, ms: remind.ms, statements: remind.statements,
    est: "", estRead: 0, estWritten: 0, perDay: TARGET.crossingPerDay / PER_MESSAGE.reminders, perDayNote: `${people(TARGET.crossingPerDay)} / ${PER_MESSAGE.reminders}`,
  });
  rows.push({
    label: `Expiry message (${PER_MESSAGE.expiries} ads)`, what: `\`expireAds\`, ${people(large.seeded.due)} due`,
    read: expire.rowsRead, written: expire.rowsWritten, ms: expire.ms, statements: expire.statements,
    est: "", estRead: 0, estWritten: 0, perDay: TARGET.crossingPerDay / PER_MESSAGE.expiries, perDayNote: `${people(TARGET.crossingPerDay)} / ${PER_MESSAGE.expiries} (assumption: every reminded ad expires)`,
  });
  const lines = [
    "## 2. Rows per request",
    "",
    `Measured at ${people(large.n)} pets: the mean over ${RUNS} runs (after one warm-up) of D1's \`meta.rows_read\` and \`meta.rows_written\`, ` +
      "summed over every statement the request's model and service functions run (the functions the loaders, actions and services call, with the same arguments); " +
      "**D1 ms** is the sum of `meta.duration` (whole milliseconds per statement, so a mean of small integers). " +
      "**est.** columns are rows of code that is not on this branch: rate limits and view marks moving from KV to D1 " +
      "(one `INSERT … ON CONFLICT DO UPDATE … RETURNING` per check, counted as 1 row read and 1 written; a view mark 1 row per viewer per item per day). " +
      "Anonymous page views read no session; signed-in ones add the session check's row.",
    "",
    "| request | what runs | rows read | rows written | est. read | est. written | statements | D1 ms | estimate |",
    "|---|---|--:|--:|--:|--:|--:|--:|---|",
    ...rows.map((x) => `| ${x.label} | ${x.what} | ${f1(x.read)} | ${f1(x.written)} | ${x.estRead ? f1(x.estRead) : ""} | ${x.estWritten ? f1(x.estWritten) : ""} | ${x.statements.toFixed(1)} | ${x.ms.toFixed(2)} | ${x.est} |`),
    "",
  ];
  for (const key of ["searchNoText", "searchText"]) {
    const m = q(key);
    const urls = m.urls ?? [];
    lines.push(
      `${m.label} by URL (mean rows read over its runs; \`{cidade}\` a population-weighted municipality each run): ` +
        urls.map((u, j) => `\`${u || "(none)"}\` ${fmtInt(mean(m.runs.filter((_, i) => i % urls.length === j).map((c) => c.rowsRead)))}`).join(", ") + ".",
      "",
    );
  }
  lines.push(
    "The statement that read the most per request (its SQL's start, mean rows read per request): " +
      large.requests.filter((m) => m.heaviest.sql).map((m) => `${m.label.replace(/ \(.*$/, "")}: \`${m.heaviest.sql}…\` ${fmtInt(m.heaviest.rowsRead)}`).join("; ") + ".",
    "",
  );
  if (results.length > 1) {
    const small = results[0]!;
    lines.push(
      `At ${people(small.n)} pets the same requests read: ` +
        small.requests.map((m) => `${m.label.replace(/ \(.*$/, "").replace(/,.*$/, "")} ${f1(m.cost.rowsRead)}`).join(", ") +
        `; the reminder batch ${f1(mean(small.lifecycle.remind.map((c) => c.rowsRead)))} and the digest message ${f1(small.digest.perMessageNoRun.rowsRead)}. ` +
        "Page requests stay flat with the table; the scheduled work does not.",
      "",
    );
  }
  // Per day.
  const day: DayRow[] = rows.map((x) => ({ label: x.label, perDay: x.perDay, read: x.read * x.perDay, written: x.written * x.perDay, ms: x.ms * x.perDay, estRead: x.estRead * x.perDay, estWritten: x.estWritten * x.perDay }));
  const totalRead = sum(day.map((x) => x.read + x.estRead));
  const totalWritten = sum(day.map((x) => x.written + x.estWritten));
  const totalMs = sum(day.map((x) => x.ms));
  const monthRead = totalRead * 30.4;
  const monthWritten = totalWritten * 30.4;
  const cost = Math.max(0, monthRead - D1.readIncludedMonth) / 1e6 * D1.readPerMillion + Math.max(0, monthWritten - D1.writeIncludedMonth) / 1e6 * D1.writePerMillion;
  lines.push(
    "### Per day at the target workload",
    "",
    `Every page view counted as rendered (no edge-cache hit: an upper bound; docs/decisions/0019 serves cookie-less repeats from the cache, and its hits still count the view).`,
    "",
    "| request | per day | basis | rows read / day | rows written / day | est. read / day | est. written / day | D1 busy s / day |",
    "|---|--:|---|--:|--:|--:|--:|--:|",
    ...rows.map((x, i) => `| ${x.label} | ${fmtInt(x.perDay)} | ${x.perDayNote} | ${big(day[i]!.read)} | ${big(day[i]!.written)} | ${day[i]!.estRead ? big(day[i]!.estRead) : ""} | ${day[i]!.estWritten ? big(day[i]!.estWritten) : ""} | ${fmtInt(day[i]!.ms / 1000)} |`),
    `| **total** | | | **${big(sum(day.map((x) => x.read)))}** | **${big(sum(day.map((x) => x.written)))}** | **${big(sum(day.map((x) => x.estRead)))}** | **${big(sum(day.map((x) => x.estWritten)))}** | **${fmtInt(totalMs / 1000)}** |`,
    "",
    `Against D1's published prices (Workers Paid: 25 billion rows read and 50 million rows written a month included, then $0.001 per million read and $1.00 per million written): ` +
      `${big(monthRead)} rows read a month (${pct(monthRead / D1.readIncludedMonth)} of the included reads) and ${big(monthWritten)} rows written (${pct(monthWritten / D1.writeIncludedMonth)} of the included writes), ` +
      `about **$${fmtInt(cost)} a month** beyond the plan. The free plan's 5 million reads and 100,000 writes a day are far below this workload.`,
    "",
    `**Queries per second.** A D1 database runs its queries one at a time, so its throughput is one over the time per query. ` +
      `The day's statements take ${fmtInt(totalMs / 1000)} s of D1 time measured locally (${pct(totalMs / 86_400_000)} of a day on average; ` +
      `a peak hour at 3× the mean load uses ${pct((3 * totalMs) / 86_400_000)}). ` +
      `Per statement the mean is ${(totalMs / sum(rows.map((x) => x.statements * x.perDay))).toFixed(2)} ms, so one database answers about ` +
      `${fmtInt(1000 / Math.max(0.05, totalMs / sum(rows.map((x) => x.statements * x.perDay))))} statements a second of this mix; ` +
      `the day asks for ${fmtInt(sum(rows.map((x) => x.statements * x.perDay)) / 86_400)} a second on average. ` +
      "Local milliseconds (whole ones, on a loaded two-core machine, no network) are an order of magnitude, not production latency.",
    "",
  );
  return { text: lines.join("\n"), day };
}

function digestSection(large: SizeResult): string {
  const d = large.digest;
  const all = d.matchQuery.flatMap((k) => k.rowsRead);
  const allCity = d.matchQuery.flatMap((k) => k.cityIndexRead);
  const perSearch = mean(all);
  const perSearchCity = mean(allCity);
  const perPet = mean(d.perPet.rowsRead);
  const matchesPerPet = mean(d.perPet.matches);
  // Everything per saved search but its match query (measured in the run, per round of 25).
  const matchPart = d.breakdown.find((x) => x.label === "`newMatchesQuery`")!.rowsRead;
  const overhead = (d.perMessageNoRun.rowsRead - matchPart) / PER_MESSAGE.digests;
  const aDay = TARGET.savedSearches * (perSearch + overhead);
  // A′ also walks the due rows as two ranges: the walk's rows per round as measured.
  const walkPart = d.breakdown.find((x) => x.label.startsWith("due saved"))!.rowsRead;
  const overheadFixed = overhead - (walkPart - d.walk.rowValue) / PER_MESSAGE.digests;
  const cDay = TARGET.savedSearches * (perSearchCity + overheadFixed);
  const bDay = TARGET.newPerDay * perPet;
  const lines = [
    "## The digest: per saved search or per new pet",
    "",
    `At ${people(large.n)} pets, every confirmed saved search last ran with ${people(TARGET.newPerDay)} pets posted since (\`last_pet_id\` = newest − ${people(TARGET.newPerDay)}).`,
    "",
    `**A. Per saved search (the code today).** \`sendSearchDigests\` run once over ${people(d.searches)} saved searches in rounds of 25 (a queue message's worth; the run carries its keyset from round to round): ${f1(d.perMessage.rowsRead)} rows read and ${f1(d.perMessage.rowsWritten)} written per round, ` +
      `of which the run's own statements (deleting expired unconfirmed rows, the newest id) are ${f1(d.runStatements.rowsRead)} read / ${f1(d.runStatements.rowsWritten)} written and belong once to the day's plan. ` +
      `Besides the match query, each saved search costs ${f1(overhead)} rows (the due rows' keyset walk, \`resolvePlace\` for its city, the city's name for the mail, the \`last_pet_id\` update). ` +
      `${d.mails} of ${d.searches} saved searches got a mail (${pct(d.mails / d.searches)}).`,
    "",
    "Per round of 25, by statement:",
    "",
    "| statements | rows read | rows written | statements per round | D1 ms |",
    "|---|--:|--:|--:|--:|",
    ...d.breakdown.map((b) => `| ${b.label} | ${fmtInt(b.rowsRead)} | ${fmtInt(b.rowsWritten)} | ${b.statements.toFixed(1)} | ${b.ms.toFixed(1)} |`),
    "",
    `The match query (\`newMatchesQuery\`) alone, for ${people(DIGEST_SAMPLE)} saved searches drawn at random:`,
    "",
    "| kind | share | rows read: mean | median | p90 | max | D1 ms mean | walking the city index instead: mean rows read |",
    "|---|--:|--:|--:|--:|--:|--:|--:|",
    ...d.matchQuery.map((k) => `| ${k.kind} | ${pct(k.count / DIGEST_SAMPLE)} | ${fmtInt(mean(k.rowsRead))} | ${fmtInt(median(k.rowsRead))} | ${fmtInt(quantile(k.rowsRead, 0.9))} | ${fmtInt(Math.max(...k.rowsRead))} | ${mean(k.ms).toFixed(2)} | ${fmtInt(mean(k.cityIndexRead))} |`),
    `| **all** | 100% | **${fmtInt(perSearch)}** | ${fmtInt(median(all))} | ${fmtInt(quantile(all, 0.9))} | ${fmtInt(Math.max(...all))} | | **${fmtInt(perSearchCity)}** |`,
    "",
    "Why: the statement walks the new id range newest first (`id > last_pet_id AND id <= newest`) and filters each row (`+municipality_code IN (…)`: the `+` keeps " +
      "SQLite off the city index so that search pages walk in id order, docs/decisions/0017 and 0032), stopping after 11 matches. A broad search (no city, one status) " +
      `stops early; a search for one small town reads most of the ${people(TARGET.newPerDay)} new pets and finds nothing. ` +
      "The last column is the same statement with `municipality_code IN (…)` left to the city index (each municipality's range of `pets_municipality_code_idx` is in rowid order, " +
      "so the id range is a seek inside it); the bench checked it returns the same pets for every sampled search.",
    "",
    `**The due rows' walk.** \`dueSavedSearches\` for a keyset in the middle of the day's rows read ${fmtInt(d.walk.app)} rows to return ${PER_MESSAGE.digests}: ` +
      "its keyset is written `last_pet_id > ? OR (last_pet_id = ? AND id > ?)`, which SQLite does not turn into a range of `saved_searches_last_pet_id_idx`, " +
      `but reads both ranges whole and sorts them (the plan below), on every round (docs/decisions/0026 expected it to read about what it returns). The same walk as two ranges ` +
      `in index order, \`last_pet_id = ? AND id > ?\` then \`last_pet_id > ?\`, each with the limit (a \`UNION ALL\`), read ${fmtInt(d.walk.rowValue)} rows and returned the same rows.`,
    "",
    "Query plans (`EXPLAIN QUERY PLAN`, no ANALYZE):",
    "",
    `- due rows, the app's keyset: ${d.plans.dueApp.map((p) => `\`${p}\``).join("; ")}`,
    `- due rows, as two ranges: ${d.plans.dueRow.map((p) => `\`${p}\``).join("; ")}`,
    `- match query for \`${d.walk.citySearch}\`: ${d.plans.matchApp.map((p) => `\`${p}\``).join("; ")}`,
    `- the same on the city index: ${d.plans.matchCity.map((p) => `\`${p}\``).join("; ")}`,
    `- reminders (\`adsToRemind\`): ${d.plans.remind.map((p) => `\`${p}\``).join("; ")}`,
    "",
    `**B. Per new pet (prototype in the bench database only).** A table \`bench_alert_keys (centre_code, status, species, radius_km, search_id, size, gender, q)\` (primary key: the first three and the search), ` +
      `one row per saved search and status and species value (${fmtInt(d.keysRows)} rows for ${people(TARGET.savedSearches)} searches, built in ${d.keysBuildSeconds.toFixed(0)} s; ` +
      `centre 0 for searches without a city). For each new pet: one statement reads the municipalities within 50 km of the pet's (\`municipality_neighbours\`) and, for each, the keys of that ` +
      "centre for the pet's status and species or any whose radius reaches it, plus the keys without a city; size, sex and text are checked on the key row against the pet row in hand " +
      "(text as the trigram index matches it: each word a substring of a searched column, accents and case folded), so they read nothing more. " +
      `For ${people(NEW_PET_SAMPLE)} of the new pets: **${fmtInt(perPet)} rows read per new pet** (median ${fmtInt(median(d.perPet.rowsRead))}, p90 ${fmtInt(quantile(d.perPet.rowsRead, 0.9))}), ` +
      `${fmtInt(matchesPerPet)} matching saved searches per new pet (median ${fmtInt(median(d.perPet.matches))}). The reads are the matches: a dog lost in São Paulo ` +
      "meets every saved search around São Paulo and every search without a city for lost dogs.",
    "",
    "| design | rows read per unit | units a day | rows read a day | rows written a day | what else it needs |",
    "|---|--:|--:|--:|--:|---|",
    `| A. per saved search (today) | ${fmtInt(perSearch + overhead)} per saved search | ${people(TARGET.savedSearches)} | **${big(aDay)}** | ${big(TARGET.savedSearches * d.perMessageNoRun.rowsWritten / PER_MESSAGE.digests)} | nothing new |`,
    `| A′. per saved search, the match query on the city index and the due rows walked as two ranges | ${fmtInt(perSearchCity + overheadFixed)} per saved search | ${people(TARGET.savedSearches)} | **${big(cDay)}** | the same | drop one \`+\` in \`newMatchesQuery\` (search pages keep theirs); the keyset of \`dueSavedSearches\` as two ranges |`,
    `| B. per new pet | ${fmtInt(perPet)} per new pet | ${people(TARGET.newPerDay)} | **${big(bDay)}** | ${big(TARGET.newPerDay * matchesPerPet)} if each match is stored for the day's mail (1 row each), 0 if one consumer holds a whole region's matches in memory | a derived table kept in step with every save, confirm and cancel (${fmtBytes((large.sizes.tables.find((x) => x.table === "bench_alert_keys")?.bytes ?? 0))}), the ` +
      "per-search \"10 newest, then Ver todos\" cap and the `last_pet_id` bookkeeping redone on top |",
    "",
  ];
  const bWrites = TARGET.newPerDay * matchesPerPet;
  const dollars = (read: number, written: number) => (read / 1e6) * D1.readPerMillion + (written / 1e6) * D1.writePerMillion;
  lines.push(
    `At D1's prices beyond the plan ($0.001 per million rows read, $1.00 per million written) a day costs: A $${dollars(aDay, 0).toFixed(2)}, A′ $${dollars(cDay, 0).toFixed(2)}, ` +
      `B $${dollars(bDay, 0).toFixed(2)} if the matches stay in memory or $${dollars(bDay, bWrites).toFixed(2)} if each match is written down for the mail ` +
      `(the advance of \`last_pet_id\`, ${fmtInt(TARGET.savedSearches * 2)} rows written a day, is common to all).`,
    "",
  );
  const best = Math.min(aDay, cDay, dollars(bDay, bWrites) < dollars(cDay, 0) ? bDay : Infinity);
  const pick_ = best === cDay ? "A′" : best === bDay ? "B" : "A";
  const textKind = d.matchQuery.find((k) => k.kind === "text");
  const textShare = textKind ? (textKind.count / DIGEST_SAMPLE) * mean(textKind.rowsRead) / perSearchCity : 0;
  lines.push(
    `**Recommendation: ${pick_}.** ` +
      (pick_ === "A′"
        ? `B reads the fewest rows (${big(bDay)} a day against ${big(cDay)} for A′ and ${big(aDay)} today), but its reads are the matches themselves: ` +
          `${fmtInt(matchesPerPet)} saved searches per new pet, ${big(bWrites)} pairs a day, which the digest must keep until it mails (one mail per saved search, at most 10 pets). ` +
          `Written to D1 they cost ${big(bWrites)} rows written a day ($${dollars(0, bWrites).toFixed(0)} a day, ${fmtInt(bWrites / (D1.writeIncludedMonth / 30.4))}× the plan's daily share of writes); ` +
          "held in memory they do not fit one consumer, and split by region or by saved search they become per-saved-search work again. " +
          `A′ keeps the digest as it is (its code, its cap of 10 pets per mail, its idempotent \`last_pet_id\`, 25 saved searches per queue message), needs no new table, and costs $${dollars(cDay, 0).toFixed(2)} a day in reads. ` +
          `Its two changes are the two lines measured above: the city saved searches (${pct(1 - (textKind ? textKind.count / DIGEST_SAMPLE : 0) - (d.matchQuery.find((k) => k.kind === "no city")?.count ?? 0) / DIGEST_SAMPLE)} of them) read ~${fmtInt(mean(d.matchQuery.filter((k) => k.kind.startsWith("city")).flatMap((k) => k.cityIndexRead)))} rows instead of ~${fmtInt(mean(d.matchQuery.filter((k) => k.kind.startsWith("city")).flatMap((k) => k.rowsRead)))}, ` +
          `and the due rows' walk reads ${fmtInt(d.walk.rowValue)} rows per round instead of ${fmtInt(d.walk.app)}. ` +
          (textKind
            ? `What is left is mostly the text saved searches (${pct(textKind.count / DIGEST_SAMPLE)} of them, ${pct(textShare)} of A′'s reads): their FTS match with a rowid range reads ${fmtInt(mean(textKind.rowsRead))} rows at ${people(large.n)} pets ` +
              "(it grows with the table, not with the day's new pets), the next thing to bound if text alerts grow."
            : "")
        : pick_ === "B"
          ? `Per new pet reads ${big(bDay)} rows a day against ${big(aDay)} per saved search (${big(cDay)} with the changes of A′), at the price of a derived table to keep in step and of storing or holding the matches.`
          : `Per saved search as today reads the least here (${big(aDay)} a day).`),
    "",
  );
  return lines.join("\n");
}

function daySection(large: SizeResult, day: DayRow[]): string {
  const d = large.digest;
  const lc = large.lifecycle;
  const remind = meanCost(lc.remind);
  const expire = meanCost(lc.expire500);
  const jobs = [
    {
      job: "digests", items: TARGET.savedSearches, per: PER_MESSAGE.digests, cost: d.perMessageNoRun,
      wall: median(d.wallMs), mailsPerMsg: d.mails / DIGEST_MESSAGES,
    },
    { job: "reminders", items: TARGET.crossingPerDay, per: PER_MESSAGE.reminders, cost: remind, wall: median(lc.remindWall), mailsPerMsg: PER_MESSAGE.reminders },
    { job: "expiries", items: TARGET.crossingPerDay, per: PER_MESSAGE.expiries, cost: expire, wall: median(lc.expireWall), mailsPerMsg: 0 },
  ];
  const rowsOut = jobs.map((j) => {
    const messages = j.items / j.per;
    return { ...j, messages, read: messages * j.cost.rowsRead, written: messages * j.cost.rowsWritten, mails: messages * j.mailsPerMsg, d1s: (messages * j.cost.ms) / 1000, walls: (messages * j.wall) / 1000 };
  });
  const mails = sum(rowsOut.map((r) => r.mails));
  const d1s = sum(rowsOut.map((r) => r.d1s));
  const wallAt = (c: number) => sum(rowsOut.map((r) => r.walls)) / c;
  const pageD1 = sum(day.filter((x) => !/message/.test(x.label)).map((x) => x.ms)) / 1000;
  const batchCalls = mails / RESEND.batch;
  const lines = [
    "## 3. One day of scheduled work at the target",
    "",
    `A queue message carries ${PER_MESSAGE.reminders} reminders, ${PER_MESSAGE.expiries} expiries or ${PER_MESSAGE.digests} saved searches (issue 24). Time per message measured locally: ` +
      "**D1 ms** the statements' own time, **local wall ms** the whole function with one local HTTP hop per statement (the bench's Worker) and no mail sent.",
    "",
    "| job | items | messages | rows read / message | rows written / message | mails / message | D1 ms / message | local wall ms / message | rows read / day | rows written / day | mails / day |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rowsOut.map((r) => `| ${r.job} | ${people(r.items)} | ${fmtInt(r.messages)} | ${fmtInt(r.cost.rowsRead)} | ${fmtInt(r.cost.rowsWritten)} | ${f1(r.mailsPerMsg)} | ${r.cost.ms.toFixed(1)} | ${fmtInt(r.wall)} | ${big(r.read)} | ${big(r.written)} | ${fmtInt(r.mails)} |`),
    `| **total** | | **${fmtInt(sum(rowsOut.map((r) => r.messages)))}** | | | | | | **${big(sum(rowsOut.map((r) => r.read)))}** | **${big(sum(rowsOut.map((r) => r.written)))}** | **${fmtInt(mails)}** |`,
    "",
    `**Reminders** read ${fmtInt(remind.rowsRead)} rows per batch of ${PER_MESSAGE.reminders} with ${people(large.seeded.due)} due: \`adsToRemind\` walks ` +
      "`pets_listed_renewed_at_idx` from the oldest listed ad and skips, one by one, every listed ad already reminded (those between 60 and 90 days, and the ones due for expiry), " +
      "so its reads grow with the ads waiting for expiry, not with the batch. A partial index on `renewed_at` `WHERE listed AND reminded_at IS NULL` would make it read what it returns. " +
      `Expiry reads ${fmtInt(expire.rowsRead)} rows and writes ${fmtInt(expire.rowsWritten)} per ${PER_MESSAGE.expiries} ads: the ads are the first rows of the walk, the rest is the index entries and the counter triggers of each update.`,
    "",
    `**Does it finish within the day?** Cloudflare Queues allows up to ${QUEUES.maxConcurrency} concurrent consumer invocations per queue (push consumers), batches of up to ${QUEUES.maxBatch} messages, ` +
      `${QUEUES.wallMinutes} minutes of wall time per invocation. At the local wall times above the day's messages take ${fmtInt(wallAt(1))} s one after the other ` +
      `(${(wallAt(1) / 3600).toFixed(1)} h), ${fmtInt(wallAt(10))} s with 10 consumers, ${fmtInt(wallAt(QUEUES.maxConcurrency))} s with ${QUEUES.maxConcurrency}. ` +
      `But every consumer talks to the same D1 database, which runs one query at a time: the jobs need **${fmtInt(d1s)} s of D1 time** ` +
      `(${(d1s / 3600).toFixed(1)} h), on top of ${fmtInt(pageD1)} s for the day's page requests. ` +
      (d1s + pageD1 < 86_400 * 0.5
        ? "That fits in a day, so concurrency beyond a handful of consumers only queues them behind each other on the database; the digests should not run at the morning peak of page views."
        : "That does not fit comfortably in a day beside the page requests: more consumers cannot help, since the database serialises them; the scheduled work must read less (section above) or move to another database."),
    "",
    `**Mail.** ${fmtInt(mails)} mails a day. The code sends one \`POST /emails\` per mail; Resend's default rate limit is ${RESEND.rps} requests per second per team ` +
      `(earlier pages said ${RESEND.rpsOld}), so one request per mail needs ${fmtInt(mails / RESEND.rps)} s (${(mails / RESEND.rps / 3600).toFixed(1)} h) at ${RESEND.rps}/s ` +
      `or ${(mails / RESEND.rpsOld / 3600).toFixed(1)} h at ${RESEND.rpsOld}/s, with every consumer sharing that budget. The batch endpoint \`POST /emails/batch\` takes up to ${RESEND.batch} mails per call: ` +
      `${fmtInt(batchCalls)} calls, ${fmtInt(batchCalls / RESEND.rpsOld)} s even at ${RESEND.rpsOld}/s. A digest message (${PER_MESSAGE.digests} searches, ${f1(jobs[0]!.mailsPerMsg)} mails) and a reminder message (50 mails) each fit in one batch call.`,
    "",
  ];
  return lines.join("\n");
}

function planSection(large: SizeResult): string {
  const by = (table: string) => large.sizes.tables.find((x) => x.table === table)?.bytes ?? 0;
  const rowsOf = (table: string) => large.sizes.tables.find((x) => x.table === table)?.rows || 1;
  const sightingDay = TARGET.sightingsPerDay * (by("sightings") / rowsOf("sightings"));
  const petBytes = by("pets") + by("pets_search (FTS)") + by("pet_images") + by("pet_messages") + by("pet_matches");
  const petDay = TARGET.newPerDay * (petBytes / large.n);
  return [
    "## 4. Beyond one D1 database",
    "",
    `D1 is built to scale out across many databases of at most 10 GB each (the limit cannot be raised), and each database runs one query at a time. At the target the ` +
      `growth is ${fmtBytes(sightingDay)} a day of sightings and ${fmtBytes(petDay)} a day of ads (with their FTS entries, photos, messages and matches), so the first database to fill is the one that holds the sightings.`,
    "",
    "**Step 1: sightings (and the other append-only logs) into their own database, now-ish.** " +
      `Sightings are ${pct(sightingDay / (sightingDay + petDay))} of the daily growth and are only read by pet id (the pet page's list, the owner's summary, the export). ` +
      "A second binding `SIGHTINGS_DB` with `sightings` alone: `insertSighting` becomes a read of the pet in the main database (is it lost and open?) then an insert in the other one " +
      "(no more `INSERT … SELECT FROM pets` in one statement; a pet closed in between leaves an orphan row the page never shows); `sightingsForPage` and the owner's summary read it; " +
      "account deletion and the export visit both databases; a pet's deletion deletes its sightings there (no cross-database foreign key, so a daily sweep catches the rest). " +
      "The view marks and rate-limit rows (being moved to D1 now) belong in that database or a third one too: they are written on almost every request, swept daily, and " +
      "would otherwise compete with page reads for the main database's single thread. Trigger: when the main file passes 5 GB, or before it if D1 time per day passes half a day.",
    "",
    "**Step 2: archive what the public no longer sees.** Closed ads leave public view after 30 days (410) and expired ones leave the search; " +
      "rows older than a year that are closed or expired can move to an archive database (the owner's Meus Pets and the export read it), keeping the live pets, their FTS index and " +
      "the search indexes at the size of the open ads (about 500,000) instead of every ad ever posted. The FTS index is then rebuilt smaller.",
    "",
    "**Step 3: one database per region of Brazil, if the ads alone outgrow one database.** " +
      `Ads grow ${gb(petDay * 365)} a year; with step 2 the live set stays near the open ads, so this is far off at the target. If it comes: ` +
      "split by the municipality's region (the IBGE code's first digit: 1 Norte, 2 Nordeste, 3 Sudeste, 4 Sul, 5 Centro-Oeste). Sudeste would hold about 42% of the population and so of the ads. " +
      "Every query with a city already names its municipality, and the 50 km neighbours of a municipality almost never cross a region boundary (those few get both databases, merged by id). " +
      "What changes: ids become per-region (prefix the region, or a global id table), `/pet/{id}` routes to the right database from the id, " +
      "search without a city (and the home's \"latest\") fans out to five databases and merges newest first (5 × 25 rows), counters are summed, saved searches live with their city's region " +
      "(those without a city are run against all five), users and sessions stay in one small accounts database. Measure first: this is the expensive step.",
    "",
    "**What the app would change for step 1**: a second D1 binding in `wrangler.toml` and the platform's context, `createDatabase` per binding, the sighting model taking the second database, " +
      "migrations split into two folders (`wrangler d1 migrations apply SIGHTINGS_DB`), the worker tests applying both, and the account deletion and export services visiting both. " +
      "Nothing changes for search, the digest or the ads' lifecycle.",
    "",
  ].join("\n");
}

function report(results: SizeResult[], totalSeconds: number, loadStart: string): string {
  const large = results.at(-1)!;
  const cpu = cpus();
  const sizes = results.map((r) => r.n);
  const command = sizes.join(",") === "100000,1000000" ? "npm run bench:scale" : `npm run bench:scale -- --sizes ${sizes.join(",")}`;
  const requests = requestsSection(large, results);
  return [
    "# Scale benchmark",
    "",
    "**Target workload:** 1,000,000 pets (500,000 open), 10,000 new ads a day, 20,000 ads crossing 60 days a day, 500,000 confirmed saved searches, " +
      "100,000 sightings a day, 3 million page views a day.",
    "",
    `Run on ${new Date().toISOString().slice(0, 10)}. Reproduce with \`${command}\` (scripts/bench-scale.ts; seeding shared with bench:search in scripts/bench-data.ts); it rewrites this file. ` +
      `Run time: ${results.map((r) => `${people(r.n)} pets seeded in ${r.seeded.seedSeconds.toFixed(0)} s and measured in ${r.measureSeconds.toFixed(0)} s`).join("; ")}; ` +
      `${fmtInt(totalSeconds)} s in all.`,
    "",
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}; ` +
      `load average ${loadStart} at the start and ${loadNow()} at the end (other engineers' tests share the machine: read times as orders of magnitude). ` +
      `Local D1 through Miniflare ${MINIFLARE_VERSION} (workerd's SQLite), a fresh database per size under \`${BENCH_DIR}/\`, every migration applied, no ANALYZE.`,
    "",
    "Limits and prices used below, as published: D1 limits (10 GB per database, not raisable; designed to scale out over many databases) " +
      "https://developers.cloudflare.com/d1/platform/limits/ ; D1 pricing (rows read and written, storage) https://developers.cloudflare.com/d1/platform/pricing/ ; " +
      "that a D1 database is single-threaded and processes queries one at a time, with throughput one over the query time (the limits page's FAQ, in its earlier wording); " +
      "Cloudflare Queues limits (250 concurrent consumer invocations, batches of 100 messages, 15 minutes wall time per consumer invocation, 5,000 messages a second per queue) " +
      "https://developers.cloudflare.com/queues/platform/limits/ ; Resend batch sending (up to 100 mails per `POST /emails/batch`) https://resend.com/docs/dashboard/emails/batch-sending ; " +
      "Resend rate limit (5 requests per second per team by default; an earlier version of the page and the 2023 changelog said 2) https://resend.com/docs/api-reference/rate-limit .",
    "",
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
    ...results.map((r) => `- ${people(r.n)} pets: ${fmtInt(r.seeded.open)} open (listed), ${Object.entries(r.seeded.rows).map(([t, c]) => `${t} ${fmtInt(c)}`).join(", ")}.`),
    "",
    storageSection(results),
    requests.text,
    digestSection(large),
    daySection(large, requests.day),
    planSection(large),
    "## Uncertain",
    "",
    "- Local timings: whole milliseconds per statement, a shared two-core machine, no network or replication: the D1-time and queries-per-second figures are orders of magnitude.",
    "- Rate limits and view marks in D1 are estimates (the code is on another branch); so is the 100 bytes per view-mark row.",
    "- The page-view mix (pet pages 45%, searches 30%, home 15%, other 10%), first views 70%, signed-in 20%, 50,000 favourites and 30,000 sign-ins a day are assumptions; the edge cache is ignored (upper bound).",
    "- Expiries per day are taken equal to reminders (20,000): an upper bound, since renewed and closed ads never expire.",
    "- The population proxy only approximates where ads and saved searches are; the per-new-pet figures depend on how concentrated they are (São Paulo draws many of both).",
    "- The per-new-pet prototype reads one pet's matches; it does not write or mail them, nor redo the 10-per-mail cap.",
    "",
  ].join("\n");
}

// ---------------------------------------------------------------- main

const loadNow = () => loadavg().map((x) => x.toFixed(1)).join(" / ");
const LOAD_START = loadNow();
const MINIFLARE_VERSION = (JSON.parse(readFileSync("node_modules/miniflare/package.json", "utf8")) as { version: string }).version;
const results: SizeResult[] = [];
for (const n of SIZES) results.push(await runSize(n));
const text = report(results, (performance.now() - started) / 1000, LOAD_START);
process.stdout.write(text);
if (WRITE) {
  mkdirSync("docs/benchmarks", { recursive: true });
  writeFileSync(REPORT_PATH, text);
  log(`wrote ${REPORT_PATH}`);
}
log("done");
