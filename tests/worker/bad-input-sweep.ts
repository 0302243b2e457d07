// The bad-input sweep (docs/decisions/0013-authorization-matrix-and-bad-input-sweep.md):
// every route module of app/routes.ts with a loader or action (and the root loader) gets
// oversized, malformed, missing, duplicated and wrong-type values in its query string,
// form fields, files, route params and headers, as a visitor and as signed-in accounts.
// The inputs come from a PRNG with a fixed seed, so a failure replays exactly.
//
// Asserted for every request: no status >= 500 and nothing thrown but a Response (or
// data()); a refused request (4xx) writes nothing to D1, KV or R2; and a loader writes
// nothing at all unless it is listed in LOADERS_THAT_WRITE (route-harness.ts).
//
// The routes are spread over the files bad-input-sweep.<n>.test.ts, one part each, which
// run in parallel (docs/decisions/0003): adding a file adds a part.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { companies, users, type AccountType } from "~/db/schema";
import { hashPassword } from "~/platform/password.server";
import { createOneTimeToken } from "~/platform/tokens.server";
import { brasiliaNow } from "~/lib/format";
import { createClinic, createEvent, createOrganization, createPet, createProduct, createUser, db } from "./fixtures";
import { OPENID_PROVIDER } from "./openid-provider";
import {
  type Actor,
  addToSummary,
  BOOKKEEPING_KV_PREFIXES,
  contextFor,
  describeError,
  invoke,
  itemsOf,
  LOADERS_THAT_WRITE,
  mulberry32,
  type Outcome,
  partOf,
  pathFor,
  pngBytes,
  routeEntries,
  type RouteEntry,
  storedImage,
  trackD1Writes,
} from "./route-harness";

const SEED = 20261123;

// How many generated cases each route gets per role (on top of the fixed ones).
// The visitor gets every fixed case; signed-in roles the ones where a session matters.
const BUDGET: Record<SweepRole, { query: number; form: number; mutations: number; params: number }> = {
  visitor: { query: 12, form: 12, mutations: 24, params: 99 },
  personal: { query: 12, form: 12, mutations: 24, params: 99 },
  company: { query: 6, form: 6, mutations: 8, params: 4 },
  ngo: { query: 6, form: 6, mutations: 8, params: 4 },
  admin: { query: 12, form: 12, mutations: 24, params: 99 },
};
type SweepRole = "visitor" | "personal" | "company" | "ngo" | "admin";
const ROLES: SweepRole[] = ["visitor", "personal", "company", "ngo"];
/** The moderation pages answer 404 to every role above; an admin gets past the guard (docs/decisions/0035). */
const rolesFor = (route: RouteEntry): SweepRole[] => (route.pattern.startsWith("/moderacao") ? [...ROLES, "admin"] : ROLES);

// --- the bad values ---------------------------------------------------------------------------

const LONG = "a".repeat(10_000);
const manyWords = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26), 97 + ((i / 26) | 0))).join(" ");

/** Values for any text: numbers that are not, paths, SQL and FTS syntax, sizes, Unicode. */
const NASTY: string[] = [
  "",
  " ",
  "-1",
  "0",
  "1e99",
  "0x10",
  "%00",
  "\u0000",
  "a\u0000b",
  "NaN",
  "Infinity",
  "-0",
  "1.5",
  "9".repeat(25),
  "2147483648",
  "9007199254740993",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "[object Object]",
  "__proto__",
  "../../x",
  "..%2F..%2Fx",
  "/\\evil.com",
  "//evil.com",
  "https://evil.com",
  "javascript:alert(1)",
  "/%0d%0aSet-Cookie:x=1",
  "' OR 1=1 --",
  '"; DROP TABLE pets; --',
  "%",
  "_",
  "%_%",
  "\\",
  "*",
  '"',
  "'",
  "NEAR(a b)",
  "a AND b OR NOT c",
  "^x",
  '"""',
  "<script>alert(1)</script>",
  "🐶🐱🐭".repeat(40),
  "ação",
  "\uD800",
  "\u202Egnp.exe",
  "\r\n",
  "\t",
  "%E0%A4%A",
  LONG,
  "é".repeat(60),
  "x".repeat(60),
  "x".repeat(51),
  manyWords(30),
  "gato ".repeat(40),
  "ab ".repeat(60),
  "１２３",
  "٣",
];

/** Values that look right, so that a request gets past the first check. */
const PLAUSIBLE: string[] = [
  "1",
  "2",
  "on",
  "pets",
  "products",
  "organizations",
  "perdido",
  "adocao",
  "encontrado",
  "avistado",
  "nao-sei",
  "cadastrar",
  "entrar",
  "descartar-rascunho",
  "cancelar-troca",
  "adicionar-veterinario",
  "remover-veterinario",
  "enviar-link",
  "dados",
  "/",
  "/pets",
  "cachorro",
  "Cachorro",
  "Macho",
  "Médio",
  "2026-11-01",
  "relevantes",
  "lista",
  "São Paulo - SP",
  "personal",
  "company",
  "ngo",
  "Dúvida",
  "senha-forte-1",
  "teste@exemplo.com.br",
  "golpe",
  "manter",
  "remover",
  "restaurar",
  "suspender",
  "reativar",
];

/** Route params: ids that are not ids, encodings, sizes. */
const PARAM_VALUES: string[] = [
  "-1",
  "0",
  "1e99",
  "0x10",
  "%00",
  "\u0000",
  "9".repeat(25),
  "1.5",
  " 1",
  "１",
  "",
  LONG,
  "🐶".repeat(30),
  "../../x.svg",
  "a/b",
  "%E0%A4%A",
  "teste@exemplo.com.br",
  "@",
  "x@y",
  `${"a".repeat(300)}@exemplo.com.br`,
  "pets/x.png",
  "0".repeat(16),
];

const QUERY_NAMES = [
  "q",
  "page",
  "status",
  "category",
  "filter",
  "location",
  "order",
  "ordem",
  "view",
  "aba",
  "redirectTo",
  "voltar",
  "enviado",
  "assunto",
  "tipo",
  "confirmar",
  "payment",
  "code",
  "state",
  "error",
  "error_description",
  "id",
  "index",
  "_routes",
  "categoria",
  "depois",
  "vistas",
  "cidade",
  "raio",
  "antes",
];

/** Fixed query cases every route with a loader gets (the known limits: words, LIKE, page). */
const QUERY_FIXED: [string, string][] = [
  ["page", "-1"],
  ["page", "0"],
  ["page", "1000000000"],
  ["page", "1e99"],
  ["page", "abc"],
  ["page", "1.5"],
  ["page", "9".repeat(25)],
  ["q", manyWords(30)],
  ["q", "x".repeat(60)],
  ["q", "é".repeat(60)],
  ["q", LONG],
  ["q", "%"],
  ["q", '"'],
  ["q", "NEAR("],
  ["q", "🐶🐱🐭".repeat(40)],
  ["filter", "Cachorro"],
  ["order", "relevantes"],
  ["status", "perdido"],
  ["category", "perdido"],
  ["depois", "0"],
  ["depois", "-1"],
  ["depois", "1e99"],
  ["depois", "9".repeat(25)],
  ["vistas", "9".repeat(25)],
  ["redirectTo", "//evil.com"],
  ["voltar", "https://evil.com"],
  ["aba", LONG],
  ["tipo", "../../x"],
  // The city filter (docs/decisions/0032): found, in several states, unknown, odd radius.
  ["cidade", "jundiai-sp"],
  ["cidade", "Bom Jesus"],
  ["cidade", "Atlântida"],
  ["cidade", LONG],
  ["raio", "50"],
  ["raio", "-1"],
];

const FIELD_NAMES = [
  "intent",
  "kind",
  "name",
  "email",
  "password",
  "confirmPassword",
  "currentPassword",
  "newEmail",
  "terms",
  "website",
  "redirectTo",
  "accountType",
  "companyName",
  "cnpj",
  "subject",
  "message",
  "tipo",
  "id",
  "favorito",
  "voltar",
  "resposta",
  "phone",
  "bio",
  "facebook",
  "instagram",
  "removeAvatar",
  "showEmail",
  "showPhone",
  "avatar",
  "photos",
  "keptPhoto",
  "removeKept",
  "removeImage",
  "type",
  "breed",
  "age",
  "gender",
  "size",
  "color",
  "temperament",
  "contactWhatsapp",
  "city",
  "neighbourhood",
  "cityCode",
  "notes",
  "youtube",
  "category",
  "missingSince",
  "status",
  "description",
  "isNeutered",
  "isVaccinated",
  "acceptsChildren",
  "acceptsOtherAnimals",
  "title",
  "price",
  "contact",
  "homeDelivery",
  "address",
  "whatsapp",
  "openHours",
  "specialties",
  "services",
  "hasParking",
  "hasHomeService",
  "image",
  "vetName",
  "vetSpecialty",
  "vetId",
  "reason",
  "details",
  "paymentId",
];

// Files: judged by their bytes and size (docs/decisions/0008).
const SIX_MB = (() => {
  const bytes = new Uint8Array(6 * 1024 * 1024);
  bytes.set(pngBytes());
  return bytes;
})();
const FILES: { label: string; file: () => File }[] = [
  { label: "texto chamado foto.jpg", file: () => new File(["isto não é uma imagem"], "foto.jpg", { type: "image/jpeg" }) },
  { label: "arquivo vazio", file: () => new File([], "vazio.png", { type: "image/png" }) },
  { label: "PNG de 6 MB", file: () => new File([SIX_MB], "grande.png", { type: "image/png" }) },
  {
    label: "SVG ../../x.svg",
    file: () => new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], "../../x.svg", { type: "image/svg+xml" }),
  },
  { label: "PNG chamado ../../x.svg", file: () => new File([pngBytes()], "../../x.svg", { type: "image/svg+xml" }) },
  { label: "PNG com nome de 10.000 caracteres", file: () => new File([pngBytes()], `${LONG}.png`, { type: "image/png" }) },
  { label: "PNG com NUL no nome", file: () => new File([pngBytes()], "foto\u0000.png", { type: "image/png" }) },
];

// Bodies a browser never sends: request.formData() cannot parse them.
const MALFORMED_BODIES: { label: string; headers: Record<string, string>; body: string | null }[] = [
  { label: "multipart sem boundary", headers: { "Content-Type": "multipart/form-data" }, body: "abc" },
  { label: "multipart quebrado", headers: { "Content-Type": "multipart/form-data; boundary=XYZ" }, body: "--ABC\r\nquebrado" },
  { label: "JSON", headers: { "Content-Type": "application/json" }, body: '{"email":"a@b.c"}' },
  { label: "text/plain", headers: { "Content-Type": "text/plain" }, body: "email=a@b.c" },
  { label: "sem corpo", headers: {}, body: null },
  { label: "urlencoded com % inválido", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "a=%E0%A4%A&b=%&%%=1" },
];

const NASTY_HEADERS: Record<string, string>[] = [
  { Cookie: `__Host-session=${"x".repeat(5000)}` },
  { Cookie: "__Host-session=%E0%A4%A; __Host-visitante=%00" },
  { Cookie: "__Host-visitante=eyJ4IjoxfQ%3D%3D.assinatura-falsa" },
  { Cookie: "__google_oauth=lixo; __Host-session=" },
  { "CF-Connecting-IP": "nao-e-um-ip" },
  { "CF-Connecting-IP": "2804:14c:1:2:aaaa:bbbb:cccc:dddd:eeee" },
  { "X-Forwarded-For": `${"1.2.3.4, ".repeat(500)}5.6.7.8` },
  { "User-Agent": LONG },
];

// --- fixtures and valid forms ----------------------------------------------------------------

interface World {
  actors: Record<Exclude<SweepRole, "visitor">, Actor>;
  petId: number;
  /** The personal account's adoption ad: the id of 'Quero adotar' (docs/decisions/0047). */
  adoptionPetId: number;
  /** The company's product: the id of /produto/:id and the product edit and delete routes. */
  productId: number;
  /** The company's clinic: the id of /clinica/:id and the clinic edit and delete routes. */
  clinicId: number;
  /** The NGO's event: the id of /evento/:id and the event edit and delete routes. */
  eventId: number;
  photoKey: string;
  resetToken: string;
  /** The link mailed to the personal account (no password) to delete itself (docs/decisions/0036). */
  deletionToken: string;
}

async function makeWorld(): Promise<World> {
  const actor = async (type: AccountType): Promise<Actor> => ({ ...(await createUser(type)), accountType: type });
  const personal = await actor("personal");
  const company = await actor("company");
  const ngo = await actor("ngo");
  const admin = await actor("personal");
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  const photo = await storedImage("pets");
  const pet = await createPet(personal.id, { mainImageUrl: photo });
  const adoptionPet = await createPet(personal.id, { status: "adocao" });
  const product = await createProduct(company.id);
  const clinic = await createClinic(company.id);
  // Premium, so that the clinic forms (a Premium feature, docs/decisions/0015) get past the plan check.
  await db
    .update(companies)
    .set({ plan: "premium", planExpiresAt: new Date(Date.now() + 30 * 864e5) })
    .where(eq(companies.id, company.id));
  // A known password, so that a new CNPJ on Perfil da Empresa gets past its check (docs/decisions/0028).
  await db
    .update(users)
    .set({ passwordHash: await worldPasswordHash() })
    .where(eq(users.id, company.id));
  const org = await createOrganization(ngo.id);
  const event = await createEvent(org.id);
  const resetToken = await createOneTimeToken(env.KV, "password-reset", personal.id, 3600);
  const deletionToken = await createOneTimeToken(env.KV, "account-deletion", personal.id, 3600);
  return {
    actors: { personal, company, ngo, admin },
    petId: pet.id,
    adoptionPetId: adoptionPet.id,
    productId: product.id,
    clinicId: clinic.id,
    eventId: event.id,
    photoKey: photo.replace(/^\/imagens\//, ""),
    resetToken,
    deletionToken,
  };
}

let passwordHash: Promise<string> | null = null;
/** One PBKDF2 hash for every world (it costs ~100 ms each). */
const worldPasswordHash = () => (passwordHash ??= hashPassword("senha-forte-1"));

type Fields = Record<string, string | (() => File)>;

/** A valid submission per route (where one exists), so that one bad field gets far. */
function validForm(id: string, w: World): Fields | null {
  const signUp = { password: "senha-forte-1", confirmPassword: "senha-forte-1", terms: "on" };
  const adAccount = { accountName: "Joana Dona", email: "anuncio@exemplo.com.br", password: "senha-forte-1", terms: "on" };
  const pet = {
    name: "Thor",
    type: "cachorro",
    breed: "SRD",
    age: "2 anos",
    gender: "Macho",
    size: "Médio",
    contactWhatsapp: "(11) 98765-4321",
    city: "Centro, São Paulo - SP",
    photos: () => new File([pngBytes()], "foto.png", { type: "image/png" }),
  };
  const product = {
    category: "acessorios",
    title: "Coleira",
    description: "Coleira refletiva.",
    price: "49,90",
    contact: "(11) 97777-1234",
    city: "Moema, São Paulo - SP",
    instagram: "@loja",
    website: "www.loja.com.br",
    homeDelivery: "on",
    photos: () => new File([pngBytes()], "foto.png", { type: "image/png" }),
  };
  const clinic = {
    category: "clinica",
    name: "Clínica Teste",
    description: "Atendimento completo.",
    phone: "(11) 3456-7890",
    email: "clinica@exemplo.com.br",
    city: "São Paulo, SP",
    address: "Rua A, 1",
    website: "",
    whatsapp: "(11) 98765-4321",
    openHours: "Seg a Sex",
    facebook: "",
    instagram: "@clinica",
    specialties: "Dermatologia, Cardiologia",
    services: "Consultas",
    hasParking: "on",
    hasHomeService: "on",
    image: () => new File([pngBytes()], "foto.png", { type: "image/png" }),
  };
  const event = {
    title: "Feira de Adoção",
    date: "2099-05-10",
    time: "10:00",
    city: "Parque Ibirapuera, São Paulo - SP",
    category: "adocao",
    description: "Cães e gatos vacinados.",
    image: () => new File([pngBytes()], "foto.png", { type: "image/png" }),
  };
  // The NGO's organization (docs/decisions/0016): the world's NGO already has one, so Cadastrar ONG
  // answers 409 before reading the form; Perfil da ONG saves it (intent salvar).
  const organization = {
    type: "ong",
    name: "ONG Teste",
    actionArea: "resgate",
    whatsapp: "(11) 98765-4321",
    email: "ong@exemplo.org.br",
    city: "São Paulo, SP",
    description: "Resgatamos animais.",
    website: "ong.org.br",
    instagram: "@ong",
    youtube: "",
  };
  const forms: Record<string, Fields> = {
    "ong.dashboard.cadastrar": { ...organization, photos: () => new File([pngBytes()], "foto.png", { type: "image/png" }) },
    "ong.dashboard._index": { intent: "salvar", ...organization },
    contato: { name: "Maria Souza", email: "maria@exemplo.com.br", subject: "Dúvida", message: "Uma mensagem de teste." },
    // 'Avise-me' (docs/decisions/0026): the criteria are the query string; Meus Alertas deletes by id.
    "alertas.novo": { email: "maria@exemplo.com.br" },
    "dashboard.alertas": { id: "1" },
    entrar: { intent: "cadastrar", accountType: "personal", name: "Pessoa", email: "nova@exemplo.com.br", ...signUp },
    empresas: { intent: "cadastrar", companyName: "Pet Shop", cnpj: "11222333000181", email: "empresa@exemplo.com.br", ...signUp },
    "cadastrar-ong": { name: "ONG Teste", email: "ong@exemplo.com.br", ...signUp },
    "esqueci-senha": { email: w.actors.personal.email },
    "redefinir-senha": { password: "nova-senha-123", confirmPassword: "nova-senha-123" },
    favoritos: { tipo: "pets", id: String(w.petId), favorito: "1", voltar: "/pets" },
    "dashboard.perfil": { name: "Maria", email: w.actors.personal.email, phone: "(11) 98765-4321", bio: "Oi", facebook: "", instagram: "" },
    // The same modules in the NGO and company dashboards (docs/decisions/0033 §8).
    "ong.dashboard.alertas": { id: "1" },
    "empresa.dashboard.alertas": { id: "1" },
    "ong.dashboard.meu-perfil": {
      name: "ONG",
      email: w.actors.ngo.email,
      phone: "(11) 98765-4321",
      bio: "Oi",
      facebook: "",
      instagram: "",
    },
    "empresa.dashboard.meu-perfil": {
      name: "Loja",
      email: w.actors.company.email,
      phone: "(11) 98765-4321",
      bio: "Oi",
      facebook: "",
      instagram: "",
    },
    "pet.edit": { name: "Thor", type: "cachorro", city: "Centro, São Paulo - SP", status: "perdido", breed: "SRD" },
    // The ad's lifecycle (docs/decisions/0023): the world's pet is a lost one.
    "pet.encerrar": { closedAs: "reencontrado" },
    "pet.renovar": { voltar: "/dashboard/pets" },
    // A visitor's ad form ends with the account fields (docs/decisions/0044); a signed-in
    // account's are ignored.
    "cadastrar-pet": { kind: "perdido", ...pet, category: "perdido", color: "Caramelo", missingSince: "2026-11-01", ...adAccount },
    anunciar: { kind: "adocao", ...pet, temperament: "Dócil", ...adAccount },
    "reenviar-confirmacao": { intent: "reenviar", voltar: "/dashboard" },
    "empresa.dashboard.produtos.novo": product,
    "empresa.dashboard.produtos.editar": product,
    // Perfil da Empresa: a new CNPJ with the current password (docs/decisions/0028).
    "empresa.dashboard.perfil": {
      companyName: "Pet Shop",
      cnpj: "11222333000181",
      currentPassword: "senha-forte-1",
      email: "empresa@exemplo.com.br",
      phone: "(11) 3456-7890",
      address: "Rua A, 1 - São Paulo, SP",
      description: "Rações e banho.",
      website: "",
      logo: () => new File([pngBytes()], "logo.png", { type: "image/png" }),
    },
    "empresa.dashboard.clinicas.nova": clinic,
    "empresa.dashboard.clinicas.editar": clinic,
    "ong.dashboard.novo-evento": event,
    "ong.dashboard.evento.edit": event,
    // The basic plan (a redirect); premium answers the checkout error here: no Mercado Pago.
    "empresa-landing": { plano: "basico", companyName: "Pet Shop", cnpj: "11222333000181", email: "empresa@exemplo.com.br" },
    // 'Excluir minha conta' (docs/decisions/0036): the company has the world's password, so
    // its valid POST deletes it (later company cases are then signed out); the personal and
    // NGO accounts have none and are refused. 'enviar-link' mails the link to an account
    // without a password; the link's page posts nothing but the button.
    "meus-dados.excluir": { intent: "excluir", password: "senha-forte-1" },
    "meus-dados.excluir.confirmar": {},
    // 'Enviar mensagem' (docs/decisions/0033 §2): to the world's pet's poster.
    "pet.mensagem": { name: "Joana Souza", email: "joana@exemplo.org", phone: "(21) 99876-5432", message: "Olá! Ainda está disponível?" },
    // 'Quero adotar' (docs/decisions/0047): to the world's adoption ad.
    "pet.quero-adotar": {
      name: "Joana Souza",
      email: "joana@exemplo.org",
      phone: "(21) 99876-5432",
      message: "Olá! Tenho quintal e tempo.",
    },
    // 'Denunciar' and the moderators' decisions (docs/decisions/0035), on the world's pet.
    denunciar: { reason: "golpe", details: "Pediu um Pix adiantado." },
    "moderacao.item": { intent: "remover", reason: "Golpe confirmado." },
    // 'Entregar plano e CNPJ' (docs/decisions/0028): a payment that is not waiting (409).
    moderacao: { paymentId: "00000000-0000-4000-8000-000000000000", reason: "Documentos conferidos." },
    // 'Vi este pet' (docs/decisions/0024): the world's pet is lost, seen half an hour ago.
    "pet.avistamentos": {
      place: "Praça da Sé",
      seenAt: brasiliaNow(new Date(Date.now() - 30 * 60_000)),
      notes: "Com coleira azul.",
      contact: "(11) 91234-5678",
      photo: () => new File([pngBytes()], "foto.png", { type: "image/png" }),
    },
  };
  return forms[id] ?? null;
}

function knownParams(name: string, w: World, routeId = ""): string[] {
  // Product routes get the company's product, so that a valid request reaches the form.
  if (name === "id" && (routeId === "produto" || routeId.startsWith("empresa.dashboard.produtos."))) return [String(w.productId)];
  if (name === "id" && (routeId === "clinica" || routeId.startsWith("empresa.dashboard.clinicas."))) return [String(w.clinicId)];
  // Reports and moderation name the kind in the URL (docs/decisions/0035): the world's pet.
  if (name === "tipo" && (routeId === "denunciar" || routeId === "moderacao.item")) return ["pet"];
  // Event routes get the NGO's event (docs/decisions/0016).
  if (name === "id" && (routeId.startsWith("evento") || routeId.startsWith("ong.dashboard.evento."))) return [String(w.eventId)];
  // 'Quero adotar' takes only an adoption ad (docs/decisions/0047).
  if (name === "id" && routeId === "pet.quero-adotar") return [String(w.adoptionPetId)];
  // The account-deletion link (docs/decisions/0036): a real one, so the button gets far.
  if (name === "token" && routeId === "meus-dados.excluir.confirmar") return [w.deletionToken];
  return (
    (
      {
        id: [String(w.petId)],
        token: [w.resetToken],
        handle: [w.actors.personal.email],
        tipo: ["pets", "eventos"],
        "*": [w.photoKey],
        // City pages (docs/decisions/0032).
        uf: ["sp"],
        cidade: ["jundiai"],
      } as Record<string, string[]>
    )[name] ?? ["1"]
  );
}

/**
 * Writes a refused request may make, by route, and why. Anything else a refused request
 * writes is a failure.
 */
const REFUSED_MAY_WRITE: Record<string, { why: string; r2?: RegExp }> = {
  // A form sent back with errors keeps its valid photos as the session's draft, and drops
  // the draft photos the session held before (docs/decisions/0008).
  "cadastrar-pet": { why: "fotos de rascunho da sessão", r2: /^rascunhos\// },
  anunciar: { why: "fotos de rascunho da sessão", r2: /^rascunhos\// },
};

// --- requests -------------------------------------------------------------------------------

interface Case {
  kind: "loader" | "action";
  label: string;
  request: Request;
  params: Record<string, string>;
  cookie?: string | null;
}

const show = (value: string) => {
  const printable = JSON.stringify(value.length > 40 ? `${value.slice(0, 16)}…` : value).slice(1, -1);
  return value.length > 40 ? `${printable}(${value.length} car.)` : printable;
};

function buildCases(route: RouteEntry, role: SweepRole, w: World): Case[] {
  const rng = mulberry32(SEED ^ hash(`${route.id}|${role}`));
  const budget = BUDGET[role];
  const cases: Case[] = [];
  const ips = ["203.0.113.1", "203.0.113.2", "2804:14c:1:2::1", "198.51.100.9"];
  const baseParams = Object.fromEntries(route.paramNames.map((n) => [n, knownParams(n, w, route.id)[0]!]));
  const url = (params: Record<string, string>, query = "") => `http://localhost${pathFor(route.pattern, params)}${query}`;
  const value = () => (rng.next() < 0.6 ? rng.pick(NASTY) : rng.pick(PLAUSIBLE));
  const headers = (extra: Record<string, string> = {}) => ({
    "CF-Connecting-IP": rng.pick(ips),
    ...(rng.next() < 0.12 ? rng.pick(NASTY_HEADERS) : {}),
    ...extra,
  });
  const get = (label: string, params: Record<string, string>, query: string) => {
    cases.push({ kind: "loader", label, request: new Request(url(params, query), { headers: headers() }), params });
  };
  const randomQuery = (count: number) => {
    const search = new URLSearchParams();
    for (let i = 0; i < count; i++) {
      const name = rng.next() < 0.9 ? rng.pick(QUERY_NAMES) : rng.pick(NASTY).slice(0, 50);
      search.append(name, value());
      if (rng.next() < 0.2) search.append(name, value()); // duplicated
    }
    return search;
  };

  if (route.module.loader) {
    get("GET válido", baseParams, "");
    for (const name of route.paramNames) {
      for (const v of PARAM_VALUES.slice(0, budget.params)) get(`GET :${name}=${show(v)}`, { ...baseParams, [name]: v }, "");
    }
    if (role === "visitor") {
      for (const [name, v] of QUERY_FIXED) get(`GET ?${name}=${show(v)}`, baseParams, `?${new URLSearchParams([[name, v]])}`);
    }
    for (let i = 0; i < budget.query; i++) {
      const search = randomQuery(1 + rng.int(5));
      get(`GET ?${show(search.toString())}`, baseParams, `?${search}`);
    }
    if (role === "visitor" || role === "personal") {
      const tenThousand = Array.from({ length: 10_000 }, (_, i) => `${rng.pick(QUERY_NAMES)}=${i}`).join("&");
      get("GET com 10.000 parâmetros", baseParams, `?${tenThousand}`);
    }
  }

  if (route.module.action) {
    const base = validForm(route.id, w);
    const post = (label: string, fields: [string, string | (() => File)][], query = "", extra: Record<string, string> = {}) => {
      const multipart = fields.some(([, v]) => typeof v !== "string") || rng.next() < 0.3;
      let body: FormData | URLSearchParams;
      if (multipart) {
        body = new FormData();
        for (const [k, v] of fields) body.append(k, typeof v === "string" ? v : v());
      } else {
        body = new URLSearchParams(fields as [string, string][]);
      }
      cases.push({
        kind: "action",
        label,
        request: new Request(url(baseParams, query), { method: "POST", body, headers: headers(extra) }),
        params: baseParams,
      });
    };
    const entries = Object.entries(base ?? {});

    if (base) post("POST válido", entries);
    for (const malformed of MALFORMED_BODIES) {
      cases.push({
        kind: "action",
        label: `POST ${malformed.label}`,
        request: new Request(url(baseParams), { method: "POST", body: malformed.body, headers: headers(malformed.headers) }),
        params: baseParams,
      });
    }
    for (const name of route.paramNames) {
      for (const v of PARAM_VALUES.slice(0, Math.min(12, budget.params))) {
        const params = { ...baseParams, [name]: v };
        cases.push({
          kind: "action",
          label: `POST :${name}=${show(v)}`,
          request: new Request(url(params), {
            method: "POST",
            body: new URLSearchParams(entries.filter((e): e is [string, string] => typeof e[1] === "string")),
            headers: headers(),
          }),
          params,
        });
      }
    }
    // One field at a time: bad, missing, duplicated, a file instead of text.
    for (let i = 0; i < budget.mutations && entries.length; i++) {
      const [name] = rng.pick(entries);
      const mutation = rng.int(4);
      const rest = entries.filter(([k]) => k !== name);
      if (mutation === 0) {
        const v = rng.pick(NASTY);
        post(`POST ${name}=${show(v)}`, [...rest, [name, v]]);
      } else if (mutation === 1) {
        post(`POST sem ${name}`, rest);
      } else if (mutation === 2) {
        const [a, b] = [value(), value()];
        post(`POST ${name} duplicado (${show(a)}, ${show(b)})`, [...entries, [name, a], [name, b]]);
      } else {
        const file = rng.pick(FILES);
        post(`POST ${name}=arquivo (${file.label})`, [...rest, [name, file.file]]);
      }
    }
    for (let i = 0; i < budget.form; i++) {
      const fields: [string, string | (() => File)][] = [];
      for (let j = 1 + rng.int(6); j > 0; j--) {
        const name = rng.next() < 0.9 ? rng.pick(FIELD_NAMES) : rng.pick(NASTY).slice(0, 50);
        fields.push([name, rng.next() < 0.1 ? rng.pick(FILES).file : value()]);
      }
      const query = rng.next() < 0.3 ? `?${randomQuery(1 + rng.int(2))}` : "";
      post(
        `POST ${show(fields.map(([k, v]) => `${k}=${typeof v === "string" ? v : "<arquivo>"}`).join("&"))}${query ? ` ${show(query)}` : ""}`,
        fields,
        query,
      );
    }
    if (role === "visitor" || role === "personal") {
      // The form's own file fields (photos, avatar), or "photos" for a form without one.
      const fileFields = entries.filter(([, v]) => typeof v !== "string").map(([k]) => k);
      const field = fileFields[0] ?? "photos";
      for (const file of FILES) post(`POST ${field}=${file.label}`, [...entries.filter(([k]) => k !== field), [field, file.file]]);
      const png = () => new File([pngBytes()], "foto.png", { type: "image/png" });
      post(`POST com 4 arquivos em ${field}`, [
        ...entries.filter(([k]) => k !== field),
        [field, png],
        [field, png],
        [field, png],
        [field, png],
      ]);
      post("POST com 10.000 campos", [
        ...entries,
        ...Array.from({ length: 10_000 }, (_, i) => [rng.pick(FIELD_NAMES), String(i)] as [string, string]),
      ]);
    }
  }
  return cases;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

// --- what a request wrote ---------------------------------------------------------------------

/** KV and R2 bindings that record every write (a put is a write even if the value is the same). */
function recording(writes: string[]) {
  const wrap = <T extends object>(target: T, store: "KV" | "R2", methods: string[], skip: (key: string) => boolean): T =>
    new Proxy(target, {
      get(t, prop) {
        const member = Reflect.get(t, prop, t) as unknown;
        if (typeof member !== "function") return member;
        if (!methods.includes(String(prop))) return member.bind(t);
        return (key: string | string[], ...rest: unknown[]) => {
          for (const k of [key].flat()) if (!skip(String(k))) writes.push(`${store} ${String(prop)} ${String(k).slice(0, 80)}`);
          return member.call(t, key, ...rest);
        };
      },
    });
  const bookkeeping = (key: string) => BOOKKEEPING_KV_PREFIXES.some((p) => key.startsWith(p));
  return {
    KV: wrap(env.KV, "KV", ["put", "delete"], bookkeeping),
    IMAGES: wrap(env.IMAGES, "R2", ["put", "delete", "createMultipartUpload"], () => false),
  };
}

// Google configured (so the sign-in routes parse what they get) against an address that
// answers every call with an error: no request leaves the test.
const GOOGLE = OPENID_PROVIDER as Partial<Env>;

// --- the run --------------------------------------------------------------------------------

// One line in the "Resumo" of `npm test`, added up over every route of every part.
const SUMMARY =
  "Varredura de entradas ruins: {rotas} rotas, {requisicoes} requisições, {respostas5xx} respostas 5xx " +
  `({lancados} por erro lançado), {escritas} escritas indevidas (semente ${SEED})`;
const PARTS = import.meta.glob("./bad-input-sweep.*.test.ts");

/**
 * The sweep's part in the file `fileUrl` (`bad-input-sweep.<n>.test.ts`): the routes are
 * spread over those files, which run in parallel (docs/decisions/0003); part 1 also checks
 * the write detection and that no part is missing.
 */
export function sweepPart(fileUrl: string): void {
  const part = partOf(fileUrl, PARTS);
  const routes = itemsOf(
    routeEntries().filter((r) => r.module.loader || r.module.action),
    part,
  );
  let d1Writes: () => Promise<string[]>;

  beforeAll(async () => {
    d1Writes = await trackD1Writes();
    vi.stubGlobal("fetch", async () => Response.json({ error: "invalid_grant" }, { status: 400 }));
    // The app logs failures it handles (mail, Google): thousands of lines of noise here.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
  });
  afterAll(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  describe("varredura de entradas ruins", () => {
    // The checks below are only as good as the write detection: prove it sees writes.
    if (part.part === 1) {
      it("enxerga o que uma requisição escreve em D1, KV e R2", async () => {
        const writes: string[] = [];
        const bindings = recording(writes);
        await d1Writes();
        await env.DB.prepare(
          "INSERT INTO contact_messages (name, email, subject, message) VALUES ('a', 'a@b.c', 'Outro', 'mensagem')",
        ).run();
        await bindings.KV.put("favoritos:visitante:teste", "{}");
        await bindings.KV.put("session:teste", "1");
        await bindings.IMAGES.delete(["pets/nao-existe.png"]);
        expect(await d1Writes()).toEqual(["contact_messages"]);
        expect(writes).toEqual(["KV put favoritos:visitante:teste", "R2 delete pets/nao-existe.png"]);
      });
    }

    for (const route of routes) {
      it(`${route.id} (${route.pattern})`, { timeout: 60_000 }, async ({ task }) => {
        const totals = { requests: 0, server: 0, thrown: 0, refusedWrites: 0, loaderWrites: 0 };
        // What went wrong -> the inputs that made it go wrong.
        const failures = new Map<string, string[]>();
        const fail = (what: string, input: string) => failures.set(what, [...(failures.get(what) ?? []), input]);
        try {
          const world = await makeWorld();
          await d1Writes(); // the fixtures' own rows
          for (const role of rolesFor(route)) {
            const self = role === "visitor" ? null : world.actors[role];
            for (const item of buildCases(route, role, world)) {
              const writes: string[] = [];
              const call = await contextFor(self, {
                cookie: item.request.headers.get("Cookie"),
                bindings: { ...recording(writes), ...GOOGLE },
              }).catch((error: unknown) => error);
              const where = `${item.label} [${role}]`;
              totals.requests++;
              if (!("context" in (call as object))) {
                totals.thrown++;
                fail(`sessão: ${describeError(call)}`, where);
                continue;
              }
              const outcome: Outcome = await invoke(
                route,
                item.kind,
                item.request,
                item.params,
                call as Awaited<ReturnType<typeof contextFor>>,
              );
              for (const table of await d1Writes()) writes.push(`D1 ${table}`);

              if (outcome.error) {
                totals.thrown++;
                fail(`${outcome.status}: ${describeError(outcome.error)}`, where);
              } else if (outcome.status >= 500) {
                totals.server++;
                fail(`resposta ${outcome.status}`, where);
              }
              const allowed = REFUSED_MAY_WRITE[route.id];
              const unexpected = writes.filter((w) => !(allowed?.r2 && /^R2 /.test(w) && allowed.r2.test(w.split(" ")[2]!)));
              if (outcome.status >= 400 && outcome.status < 500 && unexpected.length) {
                totals.refusedWrites++;
                fail(`recusada (${outcome.status}), mas escreveu ${unexpected.join("; ").replace(/[0-9a-f-]{36}/g, "…")}`, where);
              } else if (item.kind === "loader" && !(route.id in LOADERS_THAT_WRITE) && writes.length) {
                totals.loaderWrites++;
                fail(
                  `GET ${outcome.status} escreveu ${writes.join("; ").replace(/[0-9a-f-]{36}/g, "…")} (loader fora de LOADERS_THAT_WRITE)`,
                  where,
                );
              }
            }
          }
        } finally {
          // This route's share of the summary line, whatever happened (read by scripts/test.mjs).
          // A thrown error is a 500 page in production: it counts as a 5xx response.
          addToSummary(task, SUMMARY, {
            rotas: 1,
            requisicoes: totals.requests,
            respostas5xx: totals.server + totals.thrown,
            lancados: totals.thrown,
            escritas: totals.refusedWrites + totals.loaderWrites,
          });
        }
        const report = [...failures].map(
          ([what, inputs]) => `- ${inputs.length}× ${what}\n    ex.: ${inputs.slice(0, 3).join("\n         ")}`,
        );
        if (report.length) {
          expect.fail(`${route.pattern}: ${[...failures.values()].flat().length} requisição(ões) com falha\n${report.join("\n")}`);
        }
      });
    }

    // The summary line is added up by scripts/test.mjs from every route's share (above).
    if (part.part === 1) {
      it("resumo", ({ task }) => {
        expect(part.missing, `faltam as partes ${part.missing.join(", ")} da varredura (bad-input-sweep.<n>.test.ts)`).toEqual([]);
        addToSummary(task, SUMMARY, { rotas: 0, requisicoes: 0, respostas5xx: 0, lancados: 0, escritas: 0 });
      });
    }
  });
}
