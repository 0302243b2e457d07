// Generated data and helpers shared by the benchmarks (bench:search, bench:scale): a
// seeded PRNG, pet rows as people write them, the migrations as statements, bulk inserts
// and the small statistics and number formats the reports use. Deterministic: the same
// options give the same rows on every run.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mulberry32 } from "./seeded-random";

export function option(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(`--${name}`);
  if (i >= 0) return argv[i + 1];
  return argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

// ---------------------------------------------------------------- data (deterministic)

export { mulberry32 };

export type Rand = () => number;
export const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
export function weighted<T>(rand: Rand, list: readonly (readonly [T, number])[]): T {
  const total = list.reduce((sum, [, w]) => sum + w, 0);
  let r = rand() * total;
  for (const [value, w] of list) {
    r -= w;
    if (r < 0) return value;
  }
  return list[list.length - 1]![0];
}

export const NAMES = [
  "Thor",
  "Luna",
  "Mel",
  "Bob",
  "Nina",
  "Pipoca",
  "Bolinha",
  "Fred",
  "Max",
  "Belinha",
  "Toby",
  "Lola",
  "Amora",
  "Pandora",
  "Simba",
  "Nala",
  "Frida",
  "Zeus",
  "Bidu",
  "Pretinha",
  "Mia",
  "Chico",
  "Tom",
  "Marley",
  "Cacau",
  "Jade",
  "Pingo",
  "Paçoca",
  "Lili",
  "Bento",
  "Luke",
  "Maya",
  "Kiara",
  "Rex",
  "Fiona",
  "Sansão",
  "Layla",
  "Meg",
  "Costelinha",
  "Tigrão",
  "Mimi",
  "Lupita",
  "Babalu",
  "Sushi",
  "Branquinha",
  "Pituca",
  "Princesa",
  "Duque",
  "Apolo",
  "Hulk",
  "Athena",
  "Sol",
  "Estrela",
  "Biscoito",
  "Pérola",
  "Flor",
  "Kira",
  "Dora",
  "Pantera",
  "Ozzy",
  "Floquinho",
  "Bela",
  "Lady",
  "Juju",
  "Theo",
  "Pepe",
  "Salem",
  "Garfield",
  "Frajola",
  "Félix",
  "Loro",
  "Zé",
  "Tieta",
  "Negresco",
  "Fumaça",
] as const;

export const SPECIES = [
  ["cachorro", 55],
  ["gato", 30],
  ["ave", 6],
  ["roedor", 4],
  ["reptil", 2],
  ["outros", 3],
] as const;

export const BREEDS: Record<string, readonly string[]> = {
  cachorro: [
    "Vira-lata",
    "SRD",
    "Labrador",
    "Golden Retriever",
    "Shih Tzu",
    "Poodle",
    "Yorkshire",
    "Pinscher",
    "Bulldog Francês",
    "Pastor Alemão",
    "Border Collie",
    "Lhasa Apso",
    "Dachshund",
    "Beagle",
    "Pit Bull",
    "Rottweiler",
    "Spitz Alemão",
    "Maltês",
  ],
  gato: ["SRD", "Siamês", "Persa", "Maine Coon", "Angorá", "Sphynx", "Ragdoll", "Bengal"],
  ave: ["Calopsita", "Periquito", "Papagaio", "Canário", "Agapornis"],
  roedor: ["Hamster", "Porquinho-da-índia", "Chinchila", "Gerbil", "Twister"],
  reptil: ["Jabuti", "Iguana", "Tartaruga", "Gecko", "Cobra-do-milho"],
  outros: ["Coelho", "Furão", "Mini porco", "Ouriço-pigmeu"],
};

export const COLORS = [
  "Caramelo",
  "Preto",
  "Branco",
  "Marrom",
  "Cinza",
  "Tigrado",
  "Rajado",
  "Dourado",
  "Creme",
  "Laranja",
  "Branco com manchas pretas",
  "Tricolor",
  "Preto e branco",
  "Chocolate",
  "Bege",
];

export const TEMPERAMENTS = [
  "Dócil e brincalhão, atende pelo nome",
  "Medroso com estranhos",
  "Muito carinhoso",
  "Calmo, gosta de colo",
  "Agitado, adora correr",
  "Desconfiado no começo, depois muito amoroso",
  "Se dá bem com outros animais",
  "Late para desconhecidos",
  "Tranquilo e obediente",
];

export const AGES = ["2 meses", "4 meses", "8 meses", "1 ano", "2 anos", "3 anos", "4 anos", "5 anos", "7 anos", "10 anos"];

export const CITIES: readonly (readonly [string, string, number, readonly string[]])[] = [
  ["São Paulo", "SP", 22, ["Vila Mariana", "Pinheiros", "Mooca", "Tatuapé", "Santana", "Butantã", "Lapa", "Itaquera", "Saúde", "Ipiranga"]],
  [
    "Rio de Janeiro",
    "RJ",
    14,
    ["Tijuca", "Copacabana", "Botafogo", "Méier", "Barra da Tijuca", "Madureira", "Campo Grande", "Laranjeiras"],
  ],
  ["Belo Horizonte", "MG", 8, ["Savassi", "Pampulha", "Funcionários", "Buritis", "Barreiro", "Santa Efigênia"]],
  ["Brasília", "DF", 7, ["Asa Sul", "Asa Norte", "Lago Sul", "Taguatinga", "Águas Claras", "Sudoeste"]],
  ["Salvador", "BA", 6, ["Barra", "Pituba", "Itapuã", "Rio Vermelho"]],
  ["Curitiba", "PR", 6, ["Batel", "Água Verde", "Centro", "Santa Felicidade"]],
  ["Fortaleza", "CE", 5, ["Aldeota", "Meireles", "Benfica"]],
  ["Recife", "PE", 5, ["Boa Viagem", "Casa Forte", "Graças"]],
  ["Porto Alegre", "RS", 5, ["Moinhos de Vento", "Menino Deus", "Cidade Baixa"]],
  ["Goiânia", "GO", 4, ["Setor Bueno", "Setor Marista"]],
  ["Campinas", "SP", 4, ["Cambuí", "Barão Geraldo"]],
  ["Florianópolis", "SC", 4, ["Lagoa da Conceição", "Trindade", "Centro"]],
  ["Manaus", "AM", 3, ["Adrianópolis", "Ponta Negra"]],
  ["Belém", "PA", 3, ["Nazaré", "Umarizal"]],
  ["São Luís", "MA", 2, ["Renascença", "Calhau"]],
];

// IBGE codes (docs/decisions/0032): each city's pets carry its code; São Paulo's are spread
// half over the capital and half over twelve municipalities of its region (Jundiaí and
// Várzea Paulista included), drawn from a PRNG of their own so the other columns stay as
// they were. The location text stays "Bairro, São Paulo - SP".
export const CITY_CODES: Record<string, number> = {
  "São Paulo": 3550308,
  "Rio de Janeiro": 3304557,
  "Belo Horizonte": 3106200,
  Brasília: 5300108,
  Salvador: 2927408,
  Curitiba: 4106902,
  Fortaleza: 2304400,
  Recife: 2611606,
  "Porto Alegre": 4314902,
  Goiânia: 5208707,
  Campinas: 3509502,
  Florianópolis: 4205407,
  Manaus: 1302603,
  Belém: 1501402,
  "São Luís": 2111300,
};
export const SP_REGION = [3518800, 3534401, 3547809, 3548708, 3505708, 3513801, 3510609, 3513009, 3530607, 3525904, 3552809, 3556503];

export const DDD: Record<string, string> = {
  SP: "11",
  RJ: "21",
  MG: "31",
  DF: "61",
  BA: "71",
  PR: "41",
  CE: "85",
  PE: "81",
  RS: "51",
  GO: "62",
  SC: "48",
  AM: "92",
  PA: "91",
  MA: "98",
};

export const STORIES = {
  perdido: [
    "Fugiu pelo portão durante a chuva e não voltou. Estava com coleira vermelha e plaquinha com telefone.",
    "Saiu de casa de manhã e sumiu. Tem uma pequena cicatriz na orelha e é muito dócil, mas fica assustado com barulho.",
    "Desapareceu perto da praça do bairro. Toma remédio todos os dias e precisa voltar logo para casa. Ofereço recompensa!",
  ],
  encontrado: [
    "Encontrado andando sozinho na avenida, muito assustado. Está seguro comigo aguardando o tutor.",
    "Apareceu no meu quintal, está bem cuidado e parece ter dono. Usa coleira sem identificação.",
  ],
  adocao: [
    "Resgatado da rua, já castrado e vacinado. Procura um lar com muito amor e paciência.",
    "Nasceu em um abrigo e está pronto para adoção responsável. Entrevista e termo de adoção.",
    "Muito carinhoso, se dá bem com crianças. Adoção gratuita com acompanhamento.",
  ],
  avistado: [
    "Visto várias vezes perto do mercado, parece perdido. Não consegui me aproximar.",
    "Avistado na beira da estrada no fim da tarde, magro e sem coleira.",
  ],
} as const;

export const STATUSES = [
  ["perdido", 35],
  ["encontrado", 20],
  ["adocao", 35],
  ["avistado", 10],
] as const;
export const IMAGES: Record<string, readonly string[]> = {
  cachorro: ["cachorro-01", "cachorro-02", "cachorro-03", "cachorro-04", "cachorro-05", "cachorro-06"],
  gato: ["gato-01", "gato-02", "gato-03", "gato-04", "gato-05"],
  ave: ["ave-01", "ave-02"],
  roedor: ["roedor-01"],
  reptil: ["reptil-01"],
  outros: ["coelho-01"],
};

export const NOW = Date.UTC(2026, 5, 1, 12); // fixed, so every run seeds the same data
export const DAY = 86_400_000;
export const USERS = 250;
export const userId = (i: number) => `bench-user-${String(i).padStart(4, "0")}`;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const brDay = (ms: number) => isoDay(ms).split("-").reverse().join("/");

export const PET_COLUMNS = [
  "user_id",
  "name",
  "type",
  "breed",
  "age",
  "gender",
  "size",
  "color",
  "temperament",
  "is_neutered",
  "is_vaccinated",
  "accepts_children",
  "accepts_other_animals",
  "status",
  "description",
  "missing_since",
  "contact_whatsapp",
  "location",
  "main_image_url",
  "youtube",
  "views",
  "created_at",
  "updated_at",
  "municipality_code",
] as const;

/** A pet's place when the caller picks it (bench:scale spreads pets over every municipality). */
export interface PetPlace {
  city: string;
  uf: string;
  hood: string;
  code: number;
  ddd: string;
}

export interface PetOptions {
  /** Creation instants, oldest first (default: n instants over the last two years). */
  moments?: number[];
  /** Each pet's place, from the caller's own PRNG (default: the 15 cities above). */
  place?: () => PetPlace;
  /** Each pet's owner, from the caller's own PRNG (default: one of USERS). */
  owner?: () => string;
}

/**
 * Pet rows in PET_COLUMNS order. Without options the output is what bench:search has
 * always seeded (same PRNG sequence); options replace draws with the caller's own.
 */
export function generatePets(n: number, options: PetOptions = {}): unknown[][] {
  const rand = mulberry32(20260601);
  const places = mulberry32(20261124);
  // Over the last two years, oldest first: ids then grow with created_at, as in production.
  const moments = options.moments ?? Array.from({ length: n }, () => NOW - Math.floor(rand() * 730 * DAY)).sort((a, b) => a - b);
  return moments.map((created) => {
    const type = weighted(rand, SPECIES);
    const status = weighted(rand, STATUSES);
    const drawn = options.place?.();
    const [city, uf, , hoods] = drawn
      ? [drawn.city, drawn.uf, 0, [drawn.hood]]
      : weighted(
          rand,
          CITIES.map((c) => [c, c[2]] as const),
        );
    const size =
      type === "cachorro"
        ? weighted(rand, [
            ["Pequeno", 40],
            ["Médio", 35],
            ["Grande", 25],
          ] as const)
        : weighted(rand, [
            ["Pequeno", 75],
            ["Médio", 22],
            ["Grande", 3],
          ] as const);
    const flags = [rand() < 0.6, rand() < 0.7, rand() < 0.6, rand() < 0.5].map(Number);
    let description: string = pick(rand, STORIES[status]);
    let missingSince: string | null = null;
    if (status === "perdido") {
      missingSince = isoDay(created - Math.floor(rand() * 3) * DAY);
      description = `Desaparecido em ${brDay(created)}\n${description}`;
    } else if (status !== "adocao") {
      description = `${status === "encontrado" ? "Encontrado" : "Avistado"} em ${brDay(created)}\n${description}`;
    }
    const phone = `(${drawn ? drawn.ddd : DDD[uf]}) 9${String(Math.floor(rand() * 1e8))
      .padStart(8, "0")
      .replace(/^(\d{4})/, "$1-")}`;
    return [
      options.owner ? options.owner() : userId(Math.floor(rand() * USERS)),
      pick(rand, NAMES),
      type,
      pick(rand, BREEDS[type]!),
      pick(rand, AGES),
      rand() < 0.5 ? "Macho" : "Fêmea",
      size,
      pick(rand, COLORS),
      pick(rand, TEMPERAMENTS),
      ...flags,
      status,
      description,
      missingSince,
      phone,
      `${drawn ? drawn.hood : pick(rand, hoods)}, ${city} - ${uf}`,
      `/seed/pets/${pick(rand, IMAGES[type]!)}.webp`,
      rand() < 0.03 ? "https://www.youtube.com/watch?v=dQw4w9WgXcQ" : null,
      Math.floor(rand() ** 3 * 3000), // a long tail: few pets are seen a lot
      created,
      created,
      drawn ? drawn.code : city === "São Paulo" && places() < 0.5 ? SP_REGION[Math.floor(places() * SP_REGION.length)]! : CITY_CODES[city]!,
    ];
  });
}

// ---------------------------------------------------------------- database

/** A database's migrations (`migrations`, the main one's folder, unless told), as statements. */
export function migrationStatements(folder = "migrations"): string[] {
  const files = readdirSync(folder)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  return files.flatMap((file) =>
    readFileSync(join(folder, file), "utf8")
      // Split only on the markers: trigger bodies contain semicolons.
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter((s) => s.replace(/--[^\n]*/g, "").trim()),
  );
}

export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
export const mean = (xs: number[]) => sum(xs) / xs.length;
export function quantile(xs: number[], q: number) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}
export function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function fmtInt(x: number) {
  return Math.round(x).toLocaleString("en-US");
}
export const fmtMs = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
export const fmtBytes = (x: number) =>
  x >= 1_000_000 ? `${(x / 1_000_000).toFixed(1)} MB` : x >= 10_000 ? `${(x / 1000).toFixed(1)} kB` : `${fmtInt(x)} B`;
export const ratio = (x: number) => (x >= 100 ? fmtInt(x) : x >= 10 ? x.toFixed(0) : x.toFixed(1));
export const people = (n: number) => n.toLocaleString("en-US");

/**
 * Inserts `rows` (arrays in `columns` order) with one bound parameter per statement, a JSON
 * array of up to `chunk` rows (D1 allows 100 parameters per statement), `perBatch`
 * statements per D1 batch. `progress` hears the running count; `verb` may be `INSERT OR IGNORE`
 * (rows with their keys, so a batch sent twice inserts once).
 */
export async function insertRows(
  d1: D1Database,
  table: string,
  columns: readonly string[],
  rows: unknown[][],
  {
    chunk = 500,
    perBatch = 10,
    progress,
    verb = "INSERT",
  }: { chunk?: number; perBatch?: number; progress?: (done: number) => void; verb?: string } = {},
) {
  const insert = `${verb} INTO ${table} (${columns.join(", ")}) SELECT ${columns.map((_, i) => `value->>${i}`).join(", ")} FROM json_each(?)`;
  for (let start = 0; start < rows.length; start += chunk * perBatch) {
    const statements = [];
    for (let s = start; s < Math.min(rows.length, start + chunk * perBatch); s += chunk) {
      statements.push(d1.prepare(insert).bind(JSON.stringify(rows.slice(s, s + chunk))));
    }
    await d1.batch(statements);
    progress?.(Math.min(rows.length, start + chunk * perBatch));
  }
}
