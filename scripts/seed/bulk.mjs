// Generated rows for the upgrade test's snapshot (scripts/db-snapshot.mjs,
// docs/decisions/0039): thousands of accounts, pets, sightings, saved searches, messages,
// reports and sessions on top of the sample data, so that a migration which only works on
// an empty table (a NOT NULL column without a default, a unique index over a column with
// repeated values, a slow backfill) fails in the test as it would in production. Values
// repeat the way real ones do (names, cities, phones, breeds); keys stay unique. Never for
// production. Deterministic apart from the dates, which follow `now`.
import { createHash } from "node:crypto";
import { mulberry32 } from "../seeded-random.ts";
import { cnpjWithCheckDigits, hashPassword, municipalityCodeOf, q } from "./build.mjs";
import { SEED_PASSWORD } from "./data.mjs";

const DAY = 24 * 60 * 60 * 1000;
/** Generated ids start above the sample data's own. */
export const FIRST_BULK_ID = 1001;

export const BULK_COUNTS = {
  personal: 2200,
  ngo: 100,
  company: 100,
  pets: 3000,
  petImages: 800,
  sightings: 2000,
  petMessages: 800,
  petMatches: 500,
  savedSearches: 1500,
  reports: 400,
  moderationLog: 60,
  sessions: 1500,
  contactMessages: 200,
  events: 200,
};

/** Multi-row INSERTs of 100 rows (well under D1's statement size). */
function insert(table, rows) {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const statements = [];
  for (let i = 0; i < rows.length; i += 100) {
    const values = rows.slice(i, i + 100).map((row) => `(${columns.map((c) => q(row[c])).join(", ")})`);
    statements.push(`INSERT INTO ${table} (${columns.join(", ")}) VALUES\n${values.join(",\n")};`);
  }
  return statements;
}

const FIRST_NAMES = [
  "Ana",
  "Maria",
  "João",
  "José",
  "Pedro",
  "Lucas",
  "Gabriel",
  "Juliana",
  "Fernanda",
  "Carlos",
  "Paulo",
  "Mariana",
  "Beatriz",
  "Rafael",
  "Bruno",
  "Camila",
  "Larissa",
  "Felipe",
  "Aline",
  "Rodrigo",
  "Patrícia",
  "Tiago",
  "Vanessa",
  "Marcos",
];
const LAST_NAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Lima",
  "Pereira",
  "Ferreira",
  "Costa",
  "Rodrigues",
  "Almeida",
  "Nascimento",
  "Carvalho",
  "Gomes",
  "Martins",
  "Araújo",
  "Ribeiro",
];
const PET_NAMES = [
  "Thor",
  "Mel",
  "Luna",
  "Bob",
  "Nina",
  "Pipoca",
  "Fred",
  "Amora",
  "Bidu",
  "Mia",
  "Toby",
  "Belinha",
  "Simba",
  "Lola",
  "Max",
  "Frida",
  "Paçoca",
  "Chico",
  "Jade",
  "Zeus",
  "Cacau",
  "Lili",
  "Pretinha",
  "Bolinha",
  "Tom",
  "Sansão",
  "Pandora",
  "Floquinho",
  "Marley",
  "Kiara",
];
const SPECIES = [
  [
    "cachorro",
    ["Vira-lata", "SRD", "Poodle", "Shih Tzu", "Labrador", "Pinscher", "Yorkshire", "Golden Retriever", "Border Collie"],
    ["cachorro-01", "cachorro-02", "cachorro-03", "cachorro-04", "cachorro-05", "cachorro-06"],
  ],
  ["gato", ["SRD", "Siamês", "Persa", "Angorá", "Maine Coon"], ["gato-01", "gato-02", "gato-03", "gato-04", "gato-05"]],
  ["ave", ["Calopsita", "Periquito", "Papagaio"], ["ave-01", "ave-02"]],
  ["roedor", ["Hamster", "Porquinho-da-índia"], ["roedor-01"]],
  ["reptil", ["Jabuti", "Iguana"], ["reptil-01"]],
  ["outros", ["Coelho"], ["coelho-01"]],
];
const COLORS = ["Caramelo", "Preto", "Branco", "Cinza", "Marrom", "Tigrado", "Preto e branco", "Dourado", "Rajado", "Tricolor"];
const GENDERS = ["Macho", "Fêmea"];
const SIZES = ["Pequeno", "Médio", "Grande"];
const AGES = ["Filhote", "6 meses", "1 ano", "2 anos", "3 anos", "5 anos", "8 anos", null];
const STATUSES = ["perdido", "perdido", "perdido", "encontrado", "encontrado", "adocao", "adocao", "adocao", "avistado"];
const PLACES = [
  "Vila Mariana, São Paulo - SP",
  "Pinheiros, São Paulo - SP",
  "Tatuapé, São Paulo - SP",
  "Centro, Guarulhos - SP",
  "Centro, Campinas - SP",
  "Vila Arens, Jundiaí - SP",
  "Tijuca, Rio de Janeiro - RJ",
  "Icaraí, Niterói - RJ",
  "Savassi, Belo Horizonte - MG",
  "Eldorado, Contagem - MG",
  "Menino Deus, Porto Alegre - RS",
  "Centro, Canoas - RS",
  "Água Verde, Curitiba - PR",
  "Boa Viagem, Recife - PE",
  "Candeias, Jaboatão dos Guararapes - PE",
  "Pituba, Salvador - BA",
  "Asa Sul, Brasília - DF",
  "Taguatinga, Brasília - DF",
  "Aldeota, Fortaleza - CE",
  "Centro, Manaus - AM",
  "Centro, Goiânia - GO",
  "Trindade, Florianópolis - SC",
  "Ponta Negra, Natal - RN",
  "Centro, Bom Jesus - PI",
];
const PHONE_POOL = Array.from(
  { length: 400 },
  (_, i) =>
    `(${[11, 21, 31, 41, 51, 61, 71, 81, 85, 92][i % 10]}) 9${String(8100 + i).padStart(4, "0")}-${String(1000 + ((i * 37) % 9000)).padStart(4, "0")}`,
);
const CRITERIA = [
  "filter=perdido",
  "filter=Gato",
  "filter=adocao",
  "filter=perdido&filter=Gato",
  "filter=perdido&filter=Cachorro",
  "q=caramelo&filter=perdido",
  "q=thor",
  "filter=encontrado",
  "filter=Pequeno&filter=adocao",
  "cidade=sao-paulo-sp&raio=10",
  "cidade=jundiai-sp&raio=25&filter=perdido",
  "cidade=recife-pe&raio=0",
  "filter=F%C3%AAmea",
  "",
];
const REPORT_REASONS = ["golpe", "maus-tratos", "ofensivo", "spam", "falso", "outro"];

function pick(rand, list) {
  return list[Math.floor(rand() * list.length)];
}

/** 'yyyy-MM-ddTHH:mm' in Brasília (UTC-3 all year since 2019), as the forms store it. */
function brasilia(ms) {
  return new Date(ms - 3 * 60 * 60 * 1000).toISOString().slice(0, 16);
}

const uid = (prefix, n) => `${prefix}-0000-4000-8000-${String(n).padStart(12, "0")}`;
const hex = (value, length) => createHash("sha256").update(value).digest("hex").slice(0, length);
const token = (value) => createHash("sha256").update(value).digest("base64url").slice(0, 43);

/** The SQL statements that add the generated rows to a seeded database. */
export function buildBulkSql(now = Date.now(), counts = BULK_COUNTS) {
  const rand = mulberry32(24_2026);
  // One PBKDF2 hash for every generated account (100,000 iterations each would take
  // minutes): they all sign in with the sample password.
  const passwordHash = hashPassword(SEED_PASSWORD);
  const statements = [];
  const ago = (maxDays) => now - Math.floor(rand() * maxDays * DAY) - 60_000;

  // Accounts: personal, NGO and company, with their profiles.
  const users = [];
  const kinds = [
    ["personal", counts.personal],
    ["ngo", counts.ngo],
    ["company", counts.company],
  ];
  let n = FIRST_BULK_ID;
  for (const [type, count] of kinds) {
    for (let i = 0; i < count; i++, n++) {
      const first = pick(rand, FIRST_NAMES);
      const last = pick(rand, LAST_NAMES);
      users.push({ id: uid("b0b0b0b0", n), n, type, name: `${first} ${last}`, email: `pessoa${n}@exemplo.com.br`, created: ago(700) });
    }
  }
  statements.push(
    ...insert(
      "users",
      users.map((u) => ({
        id: u.id,
        email: u.email,
        password_hash: passwordHash,
        account_type: u.type,
        google_subject: u.n % 17 === 0 ? `google-${u.n}` : null,
        email_verified: u.n % 9 !== 0,
        pending_email: u.n % 97 === 0 ? `novo${u.n}@exemplo.com.br` : null,
        sessions_revoked_at: u.n % 41 === 0 ? u.created + DAY : null,
        suspended_at: u.n % 499 === 0 ? now - 5 * DAY : null,
        created_at: u.created,
        updated_at: u.created,
      })),
    ),
  );
  statements.push(
    ...insert(
      "profiles",
      users.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email,
        phone: u.n % 3 === 0 ? null : pick(rand, PHONE_POOL),
        bio: u.n % 5 === 0 ? "Apaixonada(o) por animais." : null,
        public_id: hex(u.id, 16),
        show_email: u.n % 4 === 0,
        show_phone: u.n % 2 === 0,
        moderation: u.n % 499 === 0 ? "suspended" : null,
        updated_at: u.created,
      })),
    ),
  );
  const people = users.filter((u) => u.type === "personal");
  const ngos = users.filter((u) => u.type === "ngo");
  const companies = users.filter((u) => u.type === "company");
  const active = (u) => u.n % 499 !== 0;

  // Companies (every fourth one premium), their products and clinics.
  statements.push(
    ...insert(
      "companies",
      companies.map((u, i) => ({
        id: u.id,
        company_name: `Pet Shop ${u.name.split(" ")[1]} ${i + 1}`,
        email: u.email,
        cnpj: cnpjWithCheckDigits(`${String(70_000_000 + i).padStart(8, "0")}0001`),
        phone: pick(rand, PHONE_POOL),
        address: pick(rand, PLACES),
        plan: i % 4 === 0 ? "premium" : "basic",
        plan_expires_at: i % 4 === 0 ? now + 20 * DAY : null,
        cnpj_claimed_at: u.created,
        created_at: u.created,
        updated_at: u.created,
      })),
    ),
  );
  const productImages = ["racao", "coleira", "brinquedo", "caminha", "comedouro", "higiene", "medicamento", "banho-tosa"];
  const categories = ["alimentacao", "acessorios", "brinquedos", "higiene", "medicamentos", "servicos", "outros"];
  const products = [];
  const clinics = [];
  companies.forEach((u, i) => {
    const premium = i % 4 === 0;
    for (let k = 0; k < (premium ? 8 : 1 + (i % 5)); k++) {
      const place = pick(rand, PLACES);
      const created = ago(300);
      products.push({
        user_id: u.id,
        title: `${pick(rand, ["Ração", "Coleira", "Brinquedo", "Caminha", "Banho e tosa", "Antipulgas"])} ${pick(rand, ["premium", "para cães", "para gatos", "tamanho M", "promoção"])}`,
        category: pick(rand, categories),
        description: "Produto de qualidade, entrega na região.",
        price_cents: 990 + Math.floor(rand() * 30_000),
        location: place,
        municipality_code: municipalityCodeOf(place),
        contact: pick(rand, PHONE_POOL),
        home_delivery: rand() < 0.5,
        main_image_url: `/seed/products/${pick(rand, productImages)}.webp`,
        views: Math.floor(rand() * 800),
        created_at: created,
        updated_at: created,
      });
    }
    if (premium) {
      for (let k = 0; k < 2; k++) {
        const place = pick(rand, PLACES);
        const created = ago(300);
        clinics.push({
          user_id: u.id,
          name: `Clínica Veterinária ${u.name.split(" ")[1]} ${k + 1}`,
          description: "Atendimento clínico, vacinação e exames.",
          category: pick(rand, ["clinica", "hospital", "consultorio", "petshop"]),
          location: place,
          municipality_code: municipalityCodeOf(place),
          phone: pick(rand, PHONE_POOL),
          specialties: JSON.stringify(["Clínica geral", pick(rand, ["Dermatologia", "Ortopedia", "Cardiologia"])]),
          services: JSON.stringify(["Consultas", "Vacinação"]),
          open_hours: "Seg a Sex, 8h às 18h",
          has_parking: rand() < 0.5,
          main_image_url: "/seed/clinics/clinica-predio.webp",
          views: Math.floor(rand() * 500),
          created_at: created,
          updated_at: created,
        });
      }
    }
  });
  statements.push(...insert("products", products));
  statements.push(...insert("clinics", clinics));

  // NGOs: one organization each (a few never registered theirs), and their events.
  const orgRows = [];
  ngos.forEach((u, i) => {
    if (i % 10 === 9) return;
    const place = pick(rand, PLACES);
    orgRows.push({
      id: FIRST_BULK_ID + i,
      user_id: u.id,
      name: `${pick(rand, ["ONG", "Abrigo", "Projeto", "Grupo"])} ${pick(rand, ["Amigos dos Animais", "Patinhas", "Focinhos", "Quatro Patas", "Bichos"])} ${i + 1}`,
      type: pick(rand, ["ong", "voluntario", "abrigo", "protetor"]),
      action_area: pick(rand, ["resgate", "adocao", "saude", "alimentacao", "castracao", "educacao", "multipla"]),
      whatsapp: pick(rand, PHONE_POOL),
      email: u.email,
      location: place,
      municipality_code: municipalityCodeOf(place),
      description: "Resgatamos, tratamos e encaminhamos animais para adoção responsável.",
      main_image_url: `/seed/organizations/${pick(rand, ["abrigo", "coracao-patinha", "medalha", "voluntarios"])}.webp`,
      views: Math.floor(rand() * 600),
      created_at: u.created,
      updated_at: u.created,
    });
  });
  statements.push(...insert("organizations", orgRows));
  statements.push(
    ...insert(
      "events",
      Array.from({ length: counts.events }, (_, i) => {
        const org = orgRows[i % orgRows.length];
        const place = pick(rand, PLACES);
        const created = ago(200);
        return {
          organization_id: org.id,
          title: `${pick(rand, ["Feira de adoção", "Mutirão de castração", "Campanha de vacinação", "Arrecadação de ração"])} ${i + 1}`,
          description: "Venha participar! Entrada gratuita.",
          category: pick(rand, ["adocao", "castracao", "feira", "vacinacao", "arrecadacao", "educacao", "outro"]),
          date: brasilia(now + Math.floor((rand() * 120 - 60) * DAY)),
          location: place,
          municipality_code: municipalityCodeOf(place),
          main_image_url: `/seed/events/${pick(rand, ["calendario", "feira", "vacina"])}.webp`,
          views: Math.floor(rand() * 300),
          created_at: created,
          updated_at: created,
        };
      }),
    ),
  );

  // Pets, oldest first so ids grow with publication time as the search expects
  // (docs/decisions/0017). Some rows predate the municipalities (no code, docs/decisions/0032).
  const owners = [...people.filter(active), ...ngos.filter(active)];
  const pets = Array.from({ length: counts.pets }, () => ago(240))
    .sort((a, b) => a - b)
    .map((created, i) => {
      const id = FIRST_BULK_ID + i;
      const [type, breeds, images] = pick(rand, SPECIES);
      const status = pick(rand, STATUSES);
      const place = pick(rand, PLACES);
      const closed = i % 11 === 0 ? (status === "adocao" ? "adotado" : "reencontrado") : null;
      const day = brasilia(created).slice(0, 10);
      const missingSince = status === "perdido" ? day : null;
      const prefix = { perdido: "Desaparecido", encontrado: "Encontrado", avistado: "Avistado" }[status];
      return {
        id,
        user_id: pick(rand, owners).id,
        name: pick(rand, PET_NAMES),
        type,
        breed: pick(rand, breeds),
        age: pick(rand, AGES),
        gender: pick(rand, GENDERS),
        size: pick(rand, SIZES),
        color: pick(rand, COLORS),
        temperament: pick(rand, ["Dócil", "Brincalhão", "Medroso", "Calmo", null]),
        is_neutered: rand() < 0.5,
        is_vaccinated: rand() < 0.6,
        accepts_children: rand() < 0.7,
        accepts_other_animals: rand() < 0.6,
        status,
        description: `${prefix ? `${prefix} em ${day.split("-").reverse().join("/")}\n` : ""}Perto da praça.`,
        missing_since: missingSince,
        contact_whatsapp: pick(rand, PHONE_POOL),
        location: place,
        municipality_code: i % 20 === 7 ? null : municipalityCodeOf(place),
        main_image_url: i % 4 === 3 ? null : `/seed/pets/${pick(rand, images)}.webp`,
        views: Math.floor(rand() * 2000),
        closed_as: closed,
        closed_at: closed ? Math.min(now, created + 10 * DAY) : null,
        renewed_at: created,
        reminded_at: i % 7 === 0 ? Math.min(now, created + 60 * DAY) : null,
        listed: closed || now - created > 90 * DAY ? 0 : 1,
        moderation: i % 251 === 250 ? "held" : null,
        created_at: created,
        updated_at: created,
      };
    });
  // One statement per pet would fire the search and counter triggers the same way; these
  // go in 100 at a time.
  statements.push(...insert("pets", pets));
  statements.push(
    ...insert(
      "pet_images",
      Array.from({ length: counts.petImages }, (_, i) => {
        const pet = pets[(i * 7) % pets.length];
        return {
          pet_id: pet.id,
          image_url: `/seed/pets/${pick(rand, ["cachorro-01-rosto", "gato-01-rosto", "gato-05-rosto", "cachorro-04-rosto"])}.webp`,
          created_at: pet.created_at + 1000,
        };
      }),
    ),
  );
  const lost = pets.filter((p) => p.status === "perdido");
  const others = pets.filter((p) => p.status === "encontrado" || p.status === "avistado");
  statements.push(
    ...insert(
      "sightings",
      Array.from({ length: counts.sightings }, (_, i) => {
        const pet = lost[(i * 13) % lost.length];
        const place = pick(rand, PLACES);
        const seen = Math.min(now - 60_000, pet.created_at + Math.floor(rand() * 20 * DAY));
        return {
          pet_id: pet.id,
          place,
          municipality_code: municipalityCodeOf(place),
          seen_at: brasilia(seen),
          notes: i % 3 === 0 ? "Estava perto da padaria, parecia assustado." : null,
          contact: i % 2 === 0 ? pick(rand, PHONE_POOL) : null,
          reporter_user_id: i % 4 === 0 ? pick(rand, people).id : null,
          hidden_at: i % 50 === 0 ? seen + DAY : null,
          created_at: seen,
        };
      }),
    ),
  );
  statements.push(
    ...insert(
      "pet_messages",
      Array.from({ length: counts.petMessages }, (_, i) => {
        const pet = pets[(i * 17) % pets.length];
        return {
          pet_id: pet.id,
          sender_name: `${pick(rand, FIRST_NAMES)} ${pick(rand, LAST_NAMES)}`,
          sender_email: i % 3 === 0 ? null : `contato${i % 300}@exemplo.com.br`,
          sender_phone: i % 3 === 0 ? pick(rand, PHONE_POOL) : null,
          message: "Olá! Acho que vi esse pet no meu bairro. Podemos conversar?",
          created_at: Math.min(now, pet.created_at + DAY),
        };
      }),
    ),
  );
  const pairs = new Set();
  const matches = [];
  for (let i = 0; matches.length < counts.petMatches && i < counts.petMatches * 10; i++) {
    const a = lost[Math.floor(rand() * lost.length)];
    const b = others[Math.floor(rand() * others.length)];
    if (pairs.has(`${a.id}:${b.id}`)) continue;
    pairs.add(`${a.id}:${b.id}`);
    matches.push({
      lost_pet_id: a.id,
      other_pet_id: b.id,
      score: 50 + Math.floor(rand() * 50),
      notified_at: i % 2 ? now - DAY : null,
      created_at: now - 2 * DAY,
    });
  }
  statements.push(...insert("pet_matches", matches));

  // Saved searches: account holders and visitors, the same criteria many times over.
  const newestPet = pets.at(-1).id;
  statements.push(
    ...insert(
      "saved_searches",
      Array.from({ length: counts.savedSearches }, (_, i) => {
        const user = i % 3 === 0 ? null : people[(i * 11) % people.length];
        return {
          user_id: user?.id ?? null,
          email: user?.email ?? `visitante${i}@exemplo.com.br`,
          criteria: CRITERIA[i % CRITERIA.length],
          token: token(`busca-${i}`),
          confirmed_at: i % 5 === 0 ? null : now - 3 * DAY,
          last_pet_id: i % 2 ? newestPet - 200 : newestPet,
          last_digest_at: i % 2 ? now - DAY : null,
          created_at: now - 10 * DAY,
        };
      }),
    ),
  );

  // Reports (one per item and reporter), some resolved, and the moderators' log.
  const reports = [];
  const reported = new Set();
  for (let i = 0; reports.length < counts.reports; i++) {
    const pet = pets[(i * 29) % pets.length];
    const reporter = i % 2 ? `usuario:${people[(i * 7) % people.length].id}` : `visitante:${hex(`v${i % 150}`, 32)}`;
    if (reported.has(`${pet.id}|${reporter}`)) continue;
    reported.add(`${pet.id}|${reporter}`);
    reports.push({
      item_kind: "pet",
      item_id: String(pet.id),
      reporter_key: reporter,
      reporter_user_id: reporter.startsWith("usuario:") ? reporter.slice("usuario:".length) : null,
      reporter_confirmed: reporter.startsWith("usuario:"),
      reason: pick(rand, REPORT_REASONS),
      details: i % 4 === 0 ? "Anúncio suspeito." : null,
      resolved_at: i % 3 === 0 ? now - DAY : null,
      resolution: i % 3 === 0 ? pick(rand, ["kept", "removed"]) : null,
      created_at: now - 2 * DAY,
    });
  }
  statements.push(...insert("reports", reports));
  statements.push(
    ...insert(
      "moderation_log",
      Array.from({ length: counts.moderationLog }, (_, i) => ({
        admin_id: null,
        admin_name: "Equipe de moderação",
        action: pick(rand, ["hold", "keep", "remove", "restore"]),
        item_kind: "pet",
        item_id: String(pets[(i * 31) % pets.length].id),
        subject: "Anúncio de pet",
        reason: "Conferido pela moderação.",
        created_at: now - (counts.moderationLog - i) * 60 * 60 * 1000,
      })),
    ),
  );

  // Signed-in sessions (their KV records are not in a D1 copy) and contact messages.
  statements.push(
    ...insert(
      "user_sessions",
      Array.from({ length: counts.sessions }, (_, i) => ({
        id: hex(`sessao-${i}`, 32),
        user_id: users[(i * 5) % users.length].id,
        created_at: now - 20 * DAY,
        last_seen_at: now - (i % 20) * DAY,
        expires_at: now + (10 + (i % 20)) * DAY,
      })),
    ),
  );
  statements.push(
    ...insert(
      "contact_messages",
      Array.from({ length: counts.contactMessages }, (_, i) => ({
        user_id: i % 2 ? people[i % people.length].id : null,
        name: `${pick(rand, FIRST_NAMES)} ${pick(rand, LAST_NAMES)}`,
        email: `contato${i % 120}@exemplo.com.br`,
        subject: pick(rand, ["Dúvida", "Sugestão", "Problema no anúncio"]),
        message: "Gostaria de saber mais sobre o site.",
        created_at: now - (i % 90) * DAY,
      })),
    ),
  );
  return `-- Generated rows for the upgrade test's snapshot (scripts/seed/bulk.mjs)\n${statements.join("\n")}\n`;
}
