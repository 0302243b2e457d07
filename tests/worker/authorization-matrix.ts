// The authorization matrix (docs/decisions/0013-authorization-matrix-and-bad-input-sweep.md):
// every route that writes (each module with an `action`, each loader in
// LOADERS_THAT_WRITE, each /dev/ route) runs once per role, and D1, KV and R2 are
// compared before and after. Only the owner of what the route writes may change it.
//
// Adding a route that writes? Add a row to ROWS: how to build the request (`prepare`)
// and, per role, the status, the redirect target and what the request may write (no
// `writes` = nothing may change).
//
// The rows are spread over the files authorization-matrix.<n>.test.ts, one part each,
// which run in parallel (docs/decisions/0003): adding a file adds a part.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clinics,
  companies,
  contactMessages,
  events,
  organizationImages,
  organizations,
  payments,
  petMessages,
  pets,
  productImages,
  products,
  profiles,
  reports,
  users,
  veterinarians,
  type AccountType,
} from "~/db/schema";
import { sightings } from "~/db/activity-schema";
import { dashboardPathFor, personalTabsFor } from "~/lib/accounts";
import { countInWindow, RATE_LIMITS, subjectHash } from "~/platform/rate-limit.server";
import { getSession } from "~/platform/session.server";
import { saveSearch } from "~/models/saved-searches.server";
import { holdApprovedPayment, insertPayment } from "~/models/payments.server";
import { markEmailVerified } from "~/models/users.server";
import { hashPassword } from "~/platform/password.server";
import { createOneTimeToken } from "~/platform/tokens.server";
import { cnpjWithCheckDigits } from "../support/cnpj";
import { countersWithPrefix } from "./counters";
import { fakeOpenIdProvider, OPENID_PROVIDER, signIdToken } from "./openid-provider";
import { activityDb, createClinic, createEvent, createOrganization, createPet, createProduct, createUser, db } from "./fixtures";
import {
  type Actor,
  addToSummary,
  type CallContext,
  contextFor,
  describeDiff,
  diffStores,
  fullSnapshot,
  invoke,
  isUnchanged,
  itemsOf,
  LOADERS_THAT_WRITE,
  type Outcome,
  partOf,
  pngFile,
  postForm,
  routeEntries,
  type StoreDiff,
  storedImage,
} from "./route-harness";

type Role = "visitor" | "owner" | "other" | "company" | "ngo";
// Every case builds its own resource; the owner comes last, after the refusals.
const ROLES: Role[] = ["visitor", "other", "company", "ngo", "owner"];
const ROLE_NAMES: Record<Role, string> = {
  visitor: "visitante",
  owner: "dono",
  other: "outra pessoa",
  company: "empresa",
  ngo: "ONG",
};

interface Actors {
  owner: Actor;
  other: Actor;
  company: Actor;
  ngo: Actor;
}

async function actor(type: AccountType): Promise<Actor> {
  const user = await createUser(type);
  return { ...user, accountType: type };
}

interface Prepared {
  request: Request;
  params?: Record<string, string>;
  bindings?: Partial<Env>;
  /** Anything the expectations need (the pet, the token...). */
  fx?: Record<string, unknown>;
}

interface Check {
  role: Role;
  actor: Actor | null;
  actors: Actors;
  fx: Record<string, unknown>;
  outcome: Outcome;
  call: CallContext;
}

interface Expectation {
  status: number;
  location?: string | RegExp | ((check: Check) => string);
  /** What the request may change (asserts on the diff); absent: nothing may change. */
  writes?: (diff: StoreDiff, check: Check) => void | Promise<void>;
  /** Anything else to assert afterwards (the session, a row's content). */
  then?: (check: Check) => void | Promise<void>;
}

interface Row {
  /** Who may write what, in one line (shown in failures). */
  rule: string;
  /**
   * The account type of the "owner" role (default personal). Company resources (products,
   * clinics, the company profile) set "company": then "company" is ANOTHER company.
   */
  ownerType?: AccountType;
  /** Defaults to the action; loaders that write set "loader". */
  kind?: "action" | "loader";
  prepare: (role: Role, actors: Actors) => Promise<Prepared>;
  expect: Record<Role, Expectation>;
}

// --- helpers for rows ---------------------------------------------------------------------

let serial = 0;
const uniqueEmail = (tag: string) => `${tag}-${++serial}-${crypto.randomUUID().slice(0, 6)}@exemplo.com.br`;
const actorOf = (role: Role, actors: Actors): Actor | null => (role === "visitor" ? null : actors[role]);
/** Refused for want of a session: sent to sign in, and back here afterwards. */
const signIn = (back: RegExp): Expectation => ({
  status: 302,
  location: /^\/entrar\?redirectTo=/,
  then: (c) => expect(new URL(c.outcome.location!, "http://localhost").searchParams.get("redirectTo")).toMatch(back),
});
const everyone = (expectation: Expectation): Record<Role, Expectation> => ({
  visitor: expectation,
  owner: expectation,
  other: expectation,
  company: expectation,
  ngo: expectation,
});
const own = (type: AccountType): Expectation => ({ status: 302, location: dashboardPathFor(type) });
const refused = (status: number): Expectation => ({ status });

function onlyTables(diff: StoreDiff, allowed: string[]) {
  expect(
    diff.d1.filter((t) => !allowed.includes(t)),
    "tabelas que não deviam mudar",
  ).toEqual([]);
}
function kvAdded(diff: StoreDiff, allowed: RegExp[]) {
  expect(diff.kv.removed.concat(diff.kv.changed), "chaves KV removidas ou alteradas").toEqual([]);
  expect(
    diff.kv.added.filter((k) => !allowed.some((re) => re.test(k))),
    "chaves KV inesperadas",
  ).toEqual([]);
}
/**
 * A public page's view: nothing in D1. The mark and the +1 wait in the item's counter
 * object, which adds the day's views to `table` once a day (docs/decisions/0051; counted
 * in tests/worker/view-counter.test.ts and views.test.ts).
 */
function viewCounted(diff: StoreDiff, _table: string) {
  onlyTables(diff, []);
}
function noKv(diff: StoreDiff) {
  kvAdded(diff, []);
}
/**
 * The originals a request stored; each may have its card copy beside it, made after the
 * response (docs/decisions/0029), and nothing else.
 */
function uploads(diff: StoreDiff): string[] {
  const originals = diff.r2.added.filter((k) => !k.endsWith(".card.webp"));
  const copies = diff.r2.added.filter((k) => k.endsWith(".card.webp"));
  expect(
    copies.every((k) => originals.some((o) => o.replace(/\.[a-z]+$/, ".card.webp") === k)),
    "cópias de card sem original",
  ).toBe(true);
  return originals;
}
function noR2(diff: StoreDiff) {
  expect(diff.r2, "objetos R2").toEqual({ added: [], removed: [], changed: [] });
}

async function petWithPhoto(owner: Actor) {
  const photo = await storedImage("pets");
  const pet = await createPet(owner.id, { mainImageUrl: photo, status: "perdido" });
  return { pet, photo };
}

const MATRIX_PASSWORD = "senha-forte-1";
let passwordHash: Promise<string> | null = null;
/** One PBKDF2 hash for every row that needs a known password (it costs ~100 ms each). */
const matrixPasswordHash = () => (passwordHash ??= hashPassword(MATRIX_PASSWORD));

/** A guest's approved Premium payment, held against `cnpj` (docs/decisions/0028). */
async function heldGuestPayment(cnpjDigits: string, email: string) {
  const id = crypto.randomUUID();
  await insertPayment(db, {
    id,
    userId: null,
    planType: "premium",
    companyName: "Visitante",
    cnpj: cnpjDigits,
    email,
    amountCents: 4990,
    preferenceId: `pref-${id}`,
  });
  await holdApprovedPayment(db, id, `mp-${id}`);
  return id;
}

/** Premium for 30 days (app/lib/plans.ts): clinics are a Premium feature (docs/decisions/0015). */
async function premiumCompany(id: string) {
  await db
    .update(companies)
    .set({ plan: "premium", planExpiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000) })
    .where(eq(companies.id, id));
}

/** The company guard without a session: to /empresas, and back here afterwards. */
const clinicSignIn = (back: RegExp): Expectation => ({
  status: 302,
  location: /^\/empresas\?redirectTo=/,
  then: (c) => expect(new URL(c.outcome.location!, "http://localhost").searchParams.get("redirectTo")).toMatch(back),
});

const organizationFields = {
  type: "ong",
  name: "ONG Matriz",
  actionArea: "resgate",
  whatsapp: "(11) 98765-4321",
  email: "contato@ongmatriz.org.br",
  city: "São Paulo, SP",
  description: "Resgatamos animais abandonados.",
  instagram: "@ongmatriz",
};

const clinicFields = {
  category: "clinica",
  name: "Clínica Nova",
  description: "Atendimento veterinário completo.",
  phone: "(11) 3456-7890",
  email: "contato@clinicanova.com.br",
  city: "São Paulo, SP",
  address: "Rua das Flores, 10 - Centro",
  specialties: "Dermatologia, Cardiologia",
  services: "Consultas, Vacinação",
};

const eventFields = {
  title: "Feira de Adoção",
  date: "2099-05-10",
  time: "10:00",
  city: "Parque Ibirapuera, São Paulo - SP",
  category: "adocao",
  description: "Cães e gatos vacinados à espera de um lar.",
};

function cnpj(seed: number): string {
  return cnpjWithCheckDigits(`${String(10_000_000 + (seed % 89_999_999)).padStart(8, "0")}0001`);
}

const petAdFields = (kind: "adocao" | "perdido") => ({
  kind,
  name: "Thor",
  type: "cachorro",
  breed: "SRD",
  age: "2 anos",
  gender: "Macho",
  size: "Médio",
  contactWhatsapp: "(11) 98765-4321",
  city: "Centro, São Paulo - SP",
  ...(kind === "adocao" ? { temperament: "Dócil e brincalhão" } : { category: "perdido", color: "Caramelo", missingSince: "2026-11-01" }),
  photos: pngFile(),
});

/**
 * A new pet ad: a signed-in account's is published; a visitor's form ends with the account
 * fields, and one submit creates the account, signs it in and publishes (docs/decisions/0044).
 * Every role sends them: a signed-in account's are ignored.
 */
function petAdRow(path: "/cadastrar-pet" | "/anunciar", kind: "adocao" | "perdido"): Row {
  const published: Expectation = {
    status: 303,
    location: /^\/pet\/\d+$/,
    writes: async (diff, c) => {
      onlyTables(diff, ["pets", "pet_images", "counters"]);
      expect(diff.d1).toContain("pets");
      noKv(diff);
      expect(diff.r2.added.length).toBeGreaterThan(0);
      expect(diff.r2.added.every((k) => k.startsWith("pets/"))).toBe(true);
      const id = Number(c.outcome.location!.split("/").pop());
      const [row] = await db.select({ userId: pets.userId }).from(pets).where(eq(pets.id, id));
      expect(row?.userId).toBe(c.actor!.id);
    },
  };
  return {
    rule: "qualquer conta publica o próprio anúncio; o visitante cria a conta pessoal no mesmo envio e publica nela",
    prepare: async () => {
      const email = uniqueEmail("anuncio");
      const account = { accountName: "Joana Dona", email, password: MATRIX_PASSWORD, terms: "on" };
      return { request: postForm(`${path}?aba=${kind}`, { ...petAdFields(kind), ...account }), fx: { email } };
    },
    expect: {
      visitor: {
        status: 303,
        location: /^\/pet\/\d+$/,
        writes: async (diff, c) => {
          onlyTables(diff, ["users", "profiles", "pets", "pet_images", "counters"]);
          expect(diff.d1).toEqual(expect.arrayContaining(["users", "profiles", "pets"]));
          // The confirmation link: a token and, without a mail provider, the local outbox.
          kvAdded(diff, [/^token:email-confirmation:/, /^outbox:/]);
          expect(diff.r2.added.length).toBeGreaterThan(0);
          expect(diff.r2.added.every((k) => k.startsWith("pets/"))).toBe(true);
          const [account] = await db
            .select({ id: users.id, accountType: users.accountType })
            .from(users)
            .where(eq(users.email, c.fx.email as string));
          expect(account?.accountType).toBe("personal");
          const id = Number(c.outcome.location!.split("/").pop());
          const [row] = await db.select({ userId: pets.userId }).from(pets).where(eq(pets.id, id));
          expect(row?.userId).toBe(account!.id);
          // Signed in as the new account.
          expect(getSession(c.call.context).get("userId")).toBe(account!.id);
        },
      },
      // Today any account type may publish a pet ad (spec §6 names personal accounts).
      owner: published,
      other: published,
      company: published,
      ngo: published,
    },
  };
}

/** A sign-up form: visitors create an account; a signed-in user is sent to their dashboard. */
function signUpRow(rule: string, request: () => Request, created: Expectation, allowedSignedIn: Role[] = []): Row {
  const away = (type: AccountType): Expectation => own(type);
  const byRole = (role: Role, type: AccountType) => (allowedSignedIn.includes(role) ? created : away(type));
  return {
    rule,
    prepare: async () => ({ request: request() }),
    expect: {
      visitor: created,
      owner: byRole("owner", "personal"),
      other: byRole("other", "personal"),
      company: byRole("company", "company"),
      ngo: byRole("ngo", "ngo"),
    },
  };
}

const accountCreated = (location: string, tables: string[]): Expectation => ({
  status: 302,
  location,
  writes: (diff) => {
    onlyTables(diff, tables);
    expect(diff.d1).toContain("users");
    // The confirmation link: a token and, without a mail provider, the local outbox.
    kvAdded(diff, [/^token:email-confirmation:/, /^outbox:/]);
    noR2(diff);
  },
});

/** A new confirmation link, for the signed-in account's own address only. */
const confirmationResent = (type: AccountType): Expectation => ({
  status: 303,
  location: dashboardPathFor(type),
  writes: async (diff, c) => {
    onlyTables(diff, []);
    noR2(diff);
    kvAdded(diff, [/^token:email-confirmation:/, /^outbox:/]);
    const tokens = diff.kv.added.filter((k) => k.startsWith("token:email-confirmation:"));
    expect(tokens).toHaveLength(1);
    expect(JSON.parse((await env.KV.get(tokens[0]!))!)).toMatchObject({ userId: c.actor!.id, email: c.actor!.email });
  },
});

/**
 * 'Excluir minha conta' as the signed-in account (docs/decisions/0036): its own rows go
 * (only `tables` change), it is signed out, the farewell mail waits in the outbox; the
 * owner's pet and photo stay unless the account is the owner.
 */
const selfDeleted = (tables: string[]): Expectation => ({
  status: 303,
  location: "/",
  writes: async (diff, c) => {
    onlyTables(diff, tables);
    expect(await db.$count(users, eq(users.id, c.actor!.id))).toBe(0);
    kvAdded(diff, [/^outbox:/]);
    const own = c.role === "owner";
    expect(await db.$count(pets, eq(pets.id, c.fx.petId as number))).toBe(own ? 0 : 1);
    expect(diff.r2).toEqual({ added: [], removed: own ? [c.fx.photoKey] : [], changed: [] });
  },
  then: (c) => expect(getSession(c.call.context).get("userId")).toBeUndefined(),
});

/** A company page refused for want of a session: to /empresas, and back afterwards. */
const companySignIn = (back: RegExp): Expectation => ({
  status: 302,
  location: /^\/empresas\?redirectTo=/,
  then: (c) => expect(new URL(c.outcome.location!, "http://localhost").searchParams.get("redirectTo")).toMatch(back),
});

const productFields = {
  category: "acessorios",
  title: "Coleira Refletiva",
  description: "Coleira ajustável com faixa refletiva.",
  price: "49,90",
  contact: "(11) 97777-1234",
  city: "Moema, São Paulo - SP",
  instagram: "@loja",
};

/** A company's new product: its own row, photo rows and R2 objects under produtos/. */
const productPublished: Expectation = {
  status: 303,
  location: "/empresa/dashboard",
  writes: async (diff, c) => {
    onlyTables(diff, ["products", "product_images", "counters"]);
    noKv(diff);
    expect(diff.r2.removed.concat(diff.r2.changed)).toEqual([]);
    expect(uploads(diff)).toHaveLength(2);
    expect(diff.r2.added.every((k) => k.startsWith("produtos/"))).toBe(true);
    expect(await db.$count(products, eq(products.userId, c.actor!.id))).toBe(1);
  },
};

// --- the table ------------------------------------------------------------------------------

type Dashboard = "personal" | "ngo" | "company";
const DASHBOARD_NAMES: Record<Dashboard, string> = { personal: "pessoal", ngo: "da ONG", company: "da empresa" };

/**
 * The roles refused by the guard of a tab the three dashboards share (docs/decisions/0033 §8), at that
 * dashboard's path: the answers of the dashboard's own guard. The role of the dashboard's
 * own type ("other" for the personal one) is ANOTHER such account: the row says it.
 */
function sharedTabGuard(type: Dashboard, path: string): Partial<Record<Role, Expectation>> {
  const back = new RegExp(`^${path.replace(/\//g, "\\/")}$`);
  // The personal dashboard sends the others to their own.
  if (type === "personal") return { visitor: signIn(back), company: own("company"), ngo: own("ngo") };
  // The NGO guard (spec §2/§6): no session -> /entrar and back; other types -> /entrar.
  if (type === "ngo")
    return { visitor: signIn(back), other: { status: 302, location: "/entrar" }, company: { status: 302, location: "/entrar" } };
  // The company guard: no session -> /empresas and back; other types -> /dashboard.
  return { visitor: companySignIn(back), other: { status: 302, location: "/dashboard" }, ngo: { status: 302, location: "/dashboard" } };
}

/** The role that is another account of the dashboard's own type. */
const peerOf = (type: Dashboard): Role => (type === "personal" ? "other" : type);

/** Meus Alertas, one module under the three dashboards (docs/decisions/0033 §8). */
function sharedAlertsRow(type: Dashboard): Row {
  const path = personalTabsFor(type).alerts;
  return {
    rule: `só o dono exclui o seu alerta em Meus Alertas (painel ${DASHBOARD_NAMES[type]})`,
    ownerType: type,
    prepare: async (_role, a) => {
      const saved = await saveSearch(db, {
        userId: a.owner.id,
        email: a.owner.email,
        criteria: "filter=perdido",
        confirmed: true,
        lastPetId: 0,
        now: new Date(),
      });
      const id = saved.ok ? saved.search.id : 0;
      return { request: postForm(path, { id: String(id) }), fx: { id } };
    },
    expect: {
      ...sharedTabGuard(type, path),
      [peerOf(type)]: refused(404),
      owner: {
        status: 303,
        location: path,
        writes: async (diff, c) => {
          expect(diff.d1).toEqual(["saved_searches"]);
          noKv(diff);
          noR2(diff);
          const { results } = await env.DB.prepare("SELECT id FROM saved_searches WHERE id = ?").bind(c.fx.id).all();
          expect(results).toEqual([]);
        },
      },
    } as Record<Role, Expectation>,
  };
}

/** Meu Perfil (the personal profile), one module under the three dashboards (docs/decisions/0033 §8). */
function sharedProfileRow(type: Dashboard): Row {
  const path = personalTabsFor(type).profile;
  return {
    rule: `só a própria conta muda o seu perfil pessoal (painel ${DASHBOARD_NAMES[type]}); ninguém toma o e-mail de outra`,
    ownerType: type,
    prepare: async (_role, a) => {
      // Anyone else sends the owner's e-mail as their own: refused, nothing changes.
      const fields = { name: "Nome Atualizado", email: a.owner.email, phone: "(11) 98765-4321", bio: "Oi" };
      return { request: postForm(path, { ...fields, avatar: new File([], "") }) };
    },
    expect: {
      ...sharedTabGuard(type, path),
      [peerOf(type)]: refused(400),
      owner: {
        status: 303,
        location: path,
        writes: async (diff, c) => {
          // The personal profile only: never an organization or a company.
          onlyTables(diff, ["profiles", "users"]);
          noKv(diff);
          noR2(diff);
          const [row] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, c.actor!.id));
          expect(row?.name).toBe("Nome Atualizado");
        },
      },
    } as Record<Role, Expectation>,
  };
}

const ROWS: Record<string, Row> = {
  "pet.edit": {
    rule: "só o dono do pet edita",
    prepare: async (_role, a) => {
      const { pet } = await petWithPhoto(a.owner);
      const request = postForm(`/pet/${pet.id}/edit`, {
        name: "Nome novo",
        type: "gato",
        city: "Savassi, Belo Horizonte - MG",
        status: "perdido",
      });
      return { request, params: { id: String(pet.id) }, fx: { petId: pet.id } };
    },
    expect: {
      visitor: signIn(/^\/pet\/\d+\/edit$/),
      other: refused(403),
      company: refused(403),
      ngo: refused(403),
      owner: {
        status: 302,
        location: (c) => `/pet/${c.fx.petId}`,
        writes: async (diff, c) => {
          onlyTables(diff, ["pets", "pet_images"]);
          noKv(diff);
          noR2(diff);
          const [row] = await db
            .select({ name: pets.name })
            .from(pets)
            .where(eq(pets.id, c.fx.petId as number));
          expect(row?.name).toBe("Nome novo");
        },
      },
    },
  },

  "pet.excluir": {
    rule: "só o dono do pet exclui (e as fotos vão junto; os avistamentos, no banco de atividade, também: docs/decisions/0050)",
    prepare: async (_role, a) => {
      const { pet, photo } = await petWithPhoto(a.owner);
      await activityDb.insert(sightings).values({ petId: pet.id, place: "Praça da Matriz", seenAt: "2026-11-20T10:00" });
      return {
        request: postForm(`/pet/${pet.id}/excluir`, {}),
        params: { id: String(pet.id) },
        fx: { petId: pet.id, photoKey: photo.replace(/^\/imagens\//, "") },
      };
    },
    expect: {
      visitor: signIn(/^\/pet\/\d+\/excluir$/),
      other: refused(404),
      company: refused(404),
      ngo: refused(404),
      owner: {
        status: 303,
        location: "/dashboard/pets",
        writes: async (diff, c) => {
          onlyTables(diff, ["pets", "pet_images", "counters", "sightings"]);
          noKv(diff);
          expect(diff.r2).toEqual({ added: [], removed: [c.fx.photoKey], changed: [] });
          expect(await db.$count(pets, eq(pets.id, c.fx.petId as number))).toBe(0);
          expect(await activityDb.$count(sightings, eq(sightings.petId, c.fx.petId as number))).toBe(0);
        },
      },
    },
  },

  // The ad's lifecycle (docs/decisions/0023): only the owner closes or renews it.
  "pet.encerrar": {
    rule: "só o dono encerra o anúncio (Reencontrado!/Adotado!)",
    prepare: async (_role, a) => {
      const pet = await createPet(a.owner.id, { status: "perdido" });
      return {
        request: postForm(`/pet/${pet.id}/encerrar`, { closedAs: "reencontrado" }),
        params: { id: String(pet.id) },
        fx: { petId: pet.id },
      };
    },
    expect: {
      visitor: signIn(/^\/pet\/\d+\/encerrar$/),
      other: refused(404),
      company: refused(404),
      ngo: refused(404),
      owner: {
        status: 303,
        location: (c) => `/pet/${c.fx.petId}`,
        writes: async (diff, c) => {
          onlyTables(diff, ["pets", "counters"]);
          noKv(diff);
          noR2(diff);
          const [pet] = await db
            .select()
            .from(pets)
            .where(eq(pets.id, c.fx.petId as number));
          expect(pet).toMatchObject({ closedAs: "reencontrado", listed: false });
        },
      },
    },
  },

  "pet.renovar": {
    rule: "só o dono renova o anúncio",
    prepare: async (_role, a) => {
      const old = new Date(Date.now() - 100 * 24 * 3600 * 1000);
      const pet = await createPet(a.owner.id, { status: "perdido", renewedAt: old, remindedAt: old, listed: false });
      return { request: postForm(`/pet/${pet.id}/renovar`, {}), params: { id: String(pet.id) }, fx: { petId: pet.id } };
    },
    expect: {
      visitor: signIn(/^\/pet\/\d+\/renovar$/),
      other: refused(404),
      company: refused(404),
      ngo: refused(404),
      owner: {
        status: 303,
        location: (c) => `/pet/${c.fx.petId}`,
        writes: async (diff, c) => {
          onlyTables(diff, ["pets", "counters"]);
          noKv(diff);
          noR2(diff);
          const [pet] = await db
            .select()
            .from(pets)
            .where(eq(pets.id, c.fx.petId as number));
          expect(pet).toMatchObject({ listed: true, remindedAt: null });
        },
      },
    },
  },

  "empresa.dashboard.perfil": {
    rule: "só a própria empresa muda o seu perfil; ninguém toma o CNPJ de uma conta confirmada; trocar o CNPJ pede a senha e não move pagamento",
    ownerType: "company",
    prepare: async (role, a) => {
      // The owner confirmed its e-mail, so it holds its CNPJ (docs/decisions/0028).
      await markEmailVerified(db, a.owner.id);
      const [owner] = await db.select({ cnpj: companies.cnpj }).from(companies).where(eq(companies.id, a.owner.id));
      const self = actorOf(role, a);
      if (self)
        await db
          .update(users)
          .set({ passwordHash: await matrixPasswordHash() })
          .where(eq(users.id, self.id));
      // Everyone else sends the owner's CNPJ as their own, with their right password:
      // refused, nothing changes. The owner moves to a new CNPJ with a guest payment held
      // for it: the payment stays where it is (the diff allows only `companies`).
      const newCnpj = cnpj(++serial * 7919);
      if (role === "owner") await heldGuestPayment(newCnpj, a.owner.email);
      const fields = {
        companyName: "Empresa Atualizada",
        cnpj: role === "owner" ? newCnpj : owner!.cnpj,
        currentPassword: MATRIX_PASSWORD,
        email: "contato@empresa-atualizada.com.br",
        phone: "(11) 3456-7890",
        address: "Rua Nova, 10 - São Paulo, SP",
        description: "Pet shop atualizado.",
      };
      return { request: postForm("/empresa/dashboard/perfil", { ...fields, logo: new File([], "") }) };
    },
    expect: {
      // The company guard (spec §2/§6): no session -> /empresas; other types -> /dashboard.
      visitor: { status: 302, location: "/empresas?redirectTo=%2Fempresa%2Fdashboard%2Fperfil" },
      other: own("personal"),
      ngo: { status: 302, location: "/dashboard" },
      company: refused(400),
      owner: {
        status: 303,
        location: "/empresa/dashboard/perfil",
        writes: async (diff, c) => {
          onlyTables(diff, ["companies"]);
          noKv(diff);
          noR2(diff);
          const [row] = await db
            .select({ name: companies.companyName, claimed: companies.cnpjClaimedAt })
            .from(companies)
            .where(eq(companies.id, c.actor!.id));
          expect(row?.name).toBe("Empresa Atualizada");
          // A confirmed account holds the free CNPJ it moved to.
          expect(row?.claimed).toBeInstanceOf(Date);
        },
      },
    },
  },

  "empresa.dashboard.clinicas.nova": {
    rule: "só uma empresa Premium cadastra clínicas (a sua); a do Plano Básico é recusada sem escrever nada",
    ownerType: "company",
    prepare: async (_role, a) => {
      await premiumCompany(a.owner.id); // "company" stays on the basic plan
      return { request: postForm("/empresa/dashboard/clinicas/nova", { ...clinicFields, image: pngFile() }) };
    },
    expect: {
      visitor: clinicSignIn(/^\/empresa\/dashboard\/clinicas\/nova$/),
      other: { status: 302, location: "/dashboard" },
      ngo: { status: 302, location: "/dashboard" },
      company: refused(403),
      owner: {
        status: 303,
        location: /^\/empresa\/dashboard\/clinicas\/\d+\/editar$/,
        writes: async (diff, c) => {
          onlyTables(diff, ["clinics", "counters"]);
          noKv(diff);
          expect(diff.r2.removed.concat(diff.r2.changed)).toEqual([]);
          expect(uploads(diff)).toHaveLength(1);
          expect(uploads(diff)[0]).toMatch(/^clinicas\//);
          const id = Number(c.outcome.location!.split("/").at(-2));
          const [row] = await db.select({ userId: clinics.userId }).from(clinics).where(eq(clinics.id, id));
          expect(row?.userId).toBe(c.actor!.id);
        },
      },
    },
  },

  "empresa.dashboard.clinicas.editar": {
    rule: "só a empresa Premium dona da clínica a edita (outra empresa Premium recebe 404)",
    ownerType: "company",
    prepare: async (_role, a) => {
      await premiumCompany(a.owner.id);
      await premiumCompany(a.company.id);
      const clinic = await createClinic(a.owner.id, { mainImageUrl: await storedImage("clinicas") });
      const request = postForm(`/empresa/dashboard/clinicas/${clinic.id}/editar`, { ...clinicFields, name: "Nome Novo" });
      return { request, params: { id: String(clinic.id) }, fx: { clinicId: clinic.id } };
    },
    expect: {
      visitor: clinicSignIn(/^\/empresa\/dashboard\/clinicas\/\d+\/editar$/),
      other: { status: 302, location: "/dashboard" },
      ngo: { status: 302, location: "/dashboard" },
      company: refused(404),
      owner: {
        status: 303,
        location: "/empresa/dashboard/clinicas",
        writes: async (diff, c) => {
          onlyTables(diff, ["clinics"]);
          noKv(diff);
          noR2(diff);
          const [row] = await db
            .select({ name: clinics.name })
            .from(clinics)
            .where(eq(clinics.id, c.fx.clinicId as number));
          expect(row?.name).toBe("Nome Novo");
        },
      },
    },
  },

  "empresa.dashboard.clinicas.excluir": {
    rule: "só a empresa dona exclui a clínica (veterinários e imagem vão junto)",
    ownerType: "company",
    prepare: async (_role, a) => {
      await premiumCompany(a.company.id);
      const photo = await storedImage("clinicas");
      const clinic = await createClinic(a.owner.id, { mainImageUrl: photo });
      await db.insert(veterinarians).values({ clinicId: clinic.id, name: "Dra. Ana", specialty: "Clínica geral" });
      return {
        request: postForm(`/empresa/dashboard/clinicas/${clinic.id}/excluir`, {}),
        params: { id: String(clinic.id) },
        fx: { clinicId: clinic.id, photoKey: photo.replace(/^\/imagens\//, "") },
      };
    },
    expect: {
      visitor: clinicSignIn(/^\/empresa\/dashboard\/clinicas\/\d+\/excluir$/),
      other: { status: 302, location: "/dashboard" },
      ngo: { status: 302, location: "/dashboard" },
      company: refused(404),
      owner: {
        status: 303,
        location: "/empresa/dashboard/clinicas",
        writes: async (diff, c) => {
          onlyTables(diff, ["clinics", "veterinarians", "counters"]);
          noKv(diff);
          expect(diff.r2).toEqual({ added: [], removed: [c.fx.photoKey], changed: [] });
          expect(await db.$count(clinics, eq(clinics.id, c.fx.clinicId as number))).toBe(0);
          expect(await db.$count(veterinarians, eq(veterinarians.clinicId, c.fx.clinicId as number))).toBe(0);
        },
      },
    },
  },

  // --- events of the NGO dashboard (docs/decisions/0016) ---------------------
  "ong.dashboard.novo-evento": {
    rule: "a ONG publica eventos só da própria organização; sem organização nada é escrito",
    ownerType: "ngo",
    prepare: async (_role, a) => {
      await createOrganization(a.owner.id); // "ngo" (another NGO) has none
      return { request: postForm("/ong/dashboard/novo-evento", { ...eventFields, image: pngFile() }) };
    },
    expect: {
      visitor: signIn(/^\/ong\/dashboard\/novo-evento$/),
      other: { status: 302, location: "/entrar" },
      company: { status: 302, location: "/entrar" },
      ngo: refused(403),
      owner: {
        status: 303,
        location: /^\/evento\/\d+$/,
        writes: (diff) => {
          onlyTables(diff, ["events", "counters"]);
          noKv(diff);
          expect(diff.r2.removed.concat(diff.r2.changed)).toEqual([]);
          expect(uploads(diff)).toHaveLength(1);
          expect(uploads(diff)[0]).toMatch(/^eventos\//);
        },
      },
    },
  },

  "ong.dashboard.evento.edit": {
    rule: "só a ONG dona da organização do evento o edita (outra ONG recebe 404)",
    ownerType: "ngo",
    prepare: async (_role, a) => {
      const organization = await createOrganization(a.owner.id);
      await createOrganization(a.ngo.id);
      const event = await createEvent(organization.id, { mainImageUrl: await storedImage("eventos") });
      const request = postForm(`/ong/dashboard/evento/${event.id}/edit`, { ...eventFields, title: "Título Novo" });
      return { request, params: { id: String(event.id) }, fx: { eventId: event.id } };
    },
    expect: {
      visitor: signIn(/^\/ong\/dashboard\/evento\/\d+\/edit$/),
      other: { status: 302, location: "/entrar" },
      company: { status: 302, location: "/entrar" },
      ngo: refused(404),
      owner: {
        status: 303,
        location: /^\/evento\/\d+$/,
        writes: async (diff, c) => {
          onlyTables(diff, ["events"]);
          noKv(diff);
          noR2(diff);
          const [row] = await db
            .select({ title: events.title })
            .from(events)
            .where(eq(events.id, c.fx.eventId as number));
          expect(row?.title).toBe("Título Novo");
        },
      },
    },
  },

  "ong.dashboard.evento.excluir": {
    rule: "só a ONG dona da organização exclui o evento (a imagem sai do R2)",
    ownerType: "ngo",
    prepare: async (_role, a) => {
      const organization = await createOrganization(a.owner.id);
      await createOrganization(a.ngo.id);
      const photo = await storedImage("eventos");
      const event = await createEvent(organization.id, { mainImageUrl: photo });
      return {
        request: postForm(`/ong/dashboard/evento/${event.id}/excluir`, {}),
        params: { id: String(event.id) },
        fx: { eventId: event.id, photoKey: photo.replace(/^\/imagens\//, "") },
      };
    },
    expect: {
      visitor: signIn(/^\/ong\/dashboard\/evento\/\d+\/excluir$/),
      other: { status: 302, location: "/entrar" },
      company: { status: 302, location: "/entrar" },
      ngo: refused(404),
      owner: {
        status: 303,
        location: "/ong/dashboard/eventos",
        writes: async (diff, c) => {
          onlyTables(diff, ["events", "counters"]);
          noKv(diff);
          expect(diff.r2).toEqual({ added: [], removed: [c.fx.photoKey], changed: [] });
          expect(await db.$count(events, eq(events.id, c.fx.eventId as number))).toBe(0);
        },
      },
    },
  },

  evento: {
    rule: "página pública: cada visita conta uma visualização do evento, e nada mais muda",
    kind: "loader",
    prepare: async () => {
      const organization = await createOrganization((await actor("ngo")).id);
      const event = await createEvent(organization.id);
      return { request: new Request(`http://localhost/evento/${event.id}`), params: { id: String(event.id) } };
    },
    expect: everyone({
      status: 200,
      writes: (diff) => {
        viewCounted(diff, "events");
        noKv(diff);
        noR2(diff);
      },
    }),
  },

  // --- the NGO's organization (docs/decisions/0016) --------------------------
  "ong.dashboard.cadastrar": {
    rule: "cada ONG cadastra a própria organização, uma só: a que já tem uma é recusada sem escrever nada (nem no R2)",
    ownerType: "ngo",
    prepare: async (_role, a) => {
      await createOrganization(a.ngo.id); // "ngo" (another NGO) already has its organization
      return { request: postForm("/ong/dashboard/cadastrar", { ...organizationFields, photos: [pngFile("a.png"), pngFile("b.png")] }) };
    },
    expect: {
      visitor: signIn(/^\/ong\/dashboard\/cadastrar$/),
      other: { status: 302, location: "/entrar" },
      company: { status: 302, location: "/entrar" },
      ngo: refused(409),
      owner: {
        status: 303,
        location: "/ong/dashboard",
        writes: async (diff, c) => {
          onlyTables(diff, ["organizations", "organization_images", "counters"]);
          noKv(diff);
          expect(diff.r2.removed.concat(diff.r2.changed)).toEqual([]);
          expect(uploads(diff)).toHaveLength(2);
          const [row] = await db.select().from(organizations).where(eq(organizations.userId, c.actor!.id));
          expect(row?.name).toBe(organizationFields.name);
          expect(await db.$count(organizationImages, eq(organizationImages.organizationId, row!.id))).toBe(1);
        },
      },
    },
  },

  "ong.dashboard._index": {
    rule: "só a ONG dona mexe na galeria da própria organização (remover uma foto: a linha e o objeto no R2)",
    ownerType: "ngo",
    prepare: async (_role, a) => {
      const organization = await createOrganization(a.owner.id, { mainImageUrl: await storedImage("ongs") });
      await createOrganization(a.ngo.id);
      const photo = await storedImage("ongs");
      const [image] = await db.insert(organizationImages).values({ organizationId: organization.id, imageUrl: photo }).returning();
      return {
        request: postForm("/ong/dashboard?index", { intent: "remover-foto", imageId: String(image!.id) }),
        fx: { imageId: image!.id, photoKey: photo.replace(/^\/imagens\//, "") },
      };
    },
    expect: {
      visitor: signIn(/^\/ong\/dashboard/),
      other: { status: 302, location: "/entrar" },
      company: { status: 302, location: "/entrar" },
      ngo: refused(404),
      owner: {
        status: 303,
        location: "/ong/dashboard",
        writes: async (diff, c) => {
          onlyTables(diff, ["organization_images"]);
          noKv(diff);
          expect(diff.r2).toEqual({ added: [], removed: [c.fx.photoKey], changed: [] });
          expect(await db.$count(organizationImages, eq(organizationImages.id, c.fx.imageId as number))).toBe(0);
        },
      },
    },
  },

  ong: {
    rule: "página pública: cada visita conta uma visualização da organização, e nada mais muda",
    kind: "loader",
    prepare: async () => {
      const organization = await createOrganization((await actor("ngo")).id);
      return { request: new Request(`http://localhost/ong/${organization.id}`), params: { id: String(organization.id) } };
    },
    expect: everyone({
      status: 200,
      writes: (diff) => {
        viewCounted(diff, "organizations");
        noKv(diff);
        noR2(diff);
      },
    }),
  },

  clinica: {
    rule: "página pública: cada visita conta uma visualização da clínica, e nada mais muda",
    kind: "loader",
    prepare: async () => {
      const clinic = await createClinic((await actor("company")).id);
      return { request: new Request(`http://localhost/clinica/${clinic.id}`), params: { id: String(clinic.id) } };
    },
    expect: everyone({
      status: 200,
      writes: (diff) => {
        viewCounted(diff, "clinics");
        noKv(diff);
        noR2(diff);
      },
    }),
  },

  // --- products of the company dashboard (docs/decisions/0014) ---
  "empresa.dashboard.produtos.novo": {
    rule: "cada empresa publica o próprio produto (até 5 no Plano Básico); as outras contas não",
    ownerType: "company",
    prepare: async () => ({
      request: postForm("/empresa/dashboard/produtos/novo", { ...productFields, photos: [pngFile("a.png"), pngFile("b.png")] }),
    }),
    expect: {
      visitor: companySignIn(/^\/empresa\/dashboard\/produtos\/novo$/),
      other: { status: 302, location: "/dashboard" },
      ngo: { status: 302, location: "/dashboard" },
      // Another company publishes its own product, never the owner's.
      company: productPublished,
      owner: productPublished,
    },
  },

  "empresa.dashboard.produtos.editar": {
    rule: "só a empresa dona do produto o edita (outra empresa recebe 404)",
    ownerType: "company",
    prepare: async (_role, a) => {
      const product = await createProduct(a.owner.id, { mainImageUrl: await storedImage("produtos") });
      const request = postForm(`/empresa/dashboard/produtos/${product.id}/editar`, { ...productFields, title: "Título Novo" });
      return { request, params: { id: String(product.id) }, fx: { productId: product.id } };
    },
    expect: {
      visitor: companySignIn(/^\/empresa\/dashboard\/produtos\/\d+\/editar$/),
      other: { status: 302, location: "/dashboard" },
      ngo: { status: 302, location: "/dashboard" },
      company: refused(404),
      owner: {
        status: 303,
        location: "/empresa/dashboard",
        writes: async (diff, c) => {
          onlyTables(diff, ["products"]);
          noKv(diff);
          noR2(diff);
          const [row] = await db
            .select({ title: products.title })
            .from(products)
            .where(eq(products.id, c.fx.productId as number));
          expect(row?.title).toBe("Título Novo");
        },
      },
    },
  },

  "empresa.dashboard.produtos.excluir": {
    rule: "só a empresa dona exclui o produto (fotos no D1 e no R2 vão junto)",
    ownerType: "company",
    prepare: async (_role, a) => {
      const main = await storedImage("produtos");
      const extra = await storedImage("produtos");
      const product = await createProduct(a.owner.id, { mainImageUrl: main });
      await db.insert(productImages).values({ productId: product.id, imageUrl: extra });
      return {
        request: postForm(`/empresa/dashboard/produtos/${product.id}/excluir`, {}),
        params: { id: String(product.id) },
        fx: { productId: product.id, keys: [main, extra].map((u) => u.replace(/^\/imagens\//, "")).sort() },
      };
    },
    expect: {
      visitor: companySignIn(/^\/empresa\/dashboard\/produtos\/\d+\/excluir$/),
      other: { status: 302, location: "/dashboard" },
      ngo: { status: 302, location: "/dashboard" },
      company: refused(404),
      owner: {
        status: 303,
        location: "/empresa/dashboard",
        writes: async (diff, c) => {
          onlyTables(diff, ["products", "product_images", "counters"]);
          noKv(diff);
          expect({ ...diff.r2, removed: [...diff.r2.removed].sort() }).toEqual({ added: [], removed: c.fx.keys, changed: [] });
          expect(await db.$count(products, eq(products.id, c.fx.productId as number))).toBe(0);
          expect(await db.$count(productImages, eq(productImages.productId, c.fx.productId as number))).toBe(0);
        },
      },
    },
  },

  produto: {
    rule: "página pública: cada visita conta uma visualização do produto, e nada mais muda",
    kind: "loader",
    prepare: async () => {
      const product = await createProduct((await actor("company")).id);
      return { request: new Request(`http://localhost/produto/${product.id}`), params: { id: String(product.id) } };
    },
    expect: everyone({
      status: 200,
      writes: (diff) => {
        viewCounted(diff, "products");
        noKv(diff);
        noR2(diff);
      },
    }),
  },

  // Meu Perfil and Meus Alertas: one module each under the three dashboards (docs/decisions/0033 §8).
  "dashboard.perfil": sharedProfileRow("personal"),

  favoritos: {
    rule: "cada um muda só a própria lista de favoritos",
    prepare: async (_role, a) => {
      const pet = await createPet(a.owner.id);
      return { request: postForm("/favoritos", { tipo: "pets", id: String(pet.id), favorito: "1", voltar: "/pets" }) };
    },
    expect: everyone({
      status: 303,
      location: "/pets",
      writes: (diff, c) => {
        onlyTables(diff, []);
        noR2(diff);
        const key = c.actor ? new RegExp(`^favoritos:usuario:${c.actor.id}$`) : /^favoritos:visitante:[0-9a-f-]{36}$/;
        kvAdded(diff, [key]);
        expect(diff.kv.added).toHaveLength(1);
      },
    }),
  },

  sair: {
    rule: "qualquer um sai da própria sessão (o registro em KV é do middleware)",
    prepare: async () => ({ request: postForm("/sair", {}) }),
    expect: everyone({
      status: 302,
      location: "/",
      then: (c) => expect(getSession(c.call.context).get("userId")).toBeUndefined(),
    }),
  },

  contato: {
    rule: "formulário público: cada envio guarda uma mensagem, com a conta de quem enviou",
    prepare: async () => ({
      request: postForm("/contato", {
        name: "Maria Souza",
        email: uniqueEmail("maria"),
        subject: "Dúvida",
        message: "Como faço para anunciar um pet perdido?",
      }),
    }),
    expect: everyone({
      status: 302,
      location: "/contato?enviado=1",
      writes: async (diff, c) => {
        expect(diff.d1).toEqual(["contact_messages"]);
        noKv(diff);
        noR2(diff);
        const [last] = await db
          .select({ userId: contactMessages.userId })
          .from(contactMessages)
          .orderBy(contactMessages.id)
          .limit(1)
          .offset((await db.$count(contactMessages)) - 1);
        expect(last?.userId ?? null).toBe(c.actor?.id ?? null);
      },
    }),
  },

  "esqueci-senha": {
    rule: "formulário público: o link vai só para o e-mail da conta; a resposta é a mesma",
    prepare: async (_role, a) => ({ request: postForm("/esqueci-senha", { email: a.owner.email }) }),
    expect: everyone({
      status: 302,
      location: "/esqueci-senha?enviado=1",
      writes: (diff) => {
        onlyTables(diff, []);
        noR2(diff);
        kvAdded(diff, [/^token:password-reset:/, /^outbox:/]);
        expect(diff.kv.added.filter((k) => k.startsWith("token:password-reset:"))).toHaveLength(1);
      },
    }),
  },

  "redefinir-senha": {
    rule: "só quem tem o link (o dono da conta) troca a senha",
    prepare: async (role, a) => {
      const token = role === "owner" ? await createOneTimeToken(env.KV, "password-reset", a.owner.id, 3600) : "T".repeat(43); // well formed, never issued
      return {
        request: postForm(`/redefinir-senha/${token}`, { password: "nova-senha-123", confirmPassword: "nova-senha-123" }),
        params: { token },
      };
    },
    expect: {
      visitor: refused(400),
      other: refused(400),
      company: refused(400),
      ngo: refused(400),
      owner: {
        status: 302,
        location: "/entrar",
        writes: (diff) => {
          expect(diff.d1).toEqual(["users"]);
          expect(diff.kv.added.concat(diff.kv.changed)).toEqual([]);
          expect(diff.kv.removed.every((k) => k.startsWith("token:password-reset:"))).toBe(true);
          expect(diff.kv.removed).toHaveLength(1);
          noR2(diff);
        },
      },
    },
  },

  "confirmar-email": {
    rule: "só o link enviado ao dono confirma o e-mail (com um POST: a página do link só mostra o botão)",
    prepare: async (role, a) => {
      const token =
        role === "owner"
          ? await createOneTimeToken(env.KV, "email-confirmation", a.owner.id, 3600, { email: a.owner.email })
          : "C".repeat(43); // well formed, never issued
      return { request: postForm(`/confirmar-email/${token}`, {}), params: { token } };
    },
    expect: {
      visitor: refused(410),
      other: refused(410),
      company: refused(410),
      ngo: refused(410),
      owner: {
        status: 303,
        location: "/dashboard",
        writes: async (diff, c) => {
          expect(diff.d1).toEqual(["users"]);
          expect(diff.kv.added.concat(diff.kv.changed)).toEqual([]);
          expect(diff.kv.removed.every((k) => k.startsWith("token:email-confirmation:"))).toBe(true);
          noR2(diff);
          const [row] = await db.select({ v: users.emailVerified }).from(users).where(eq(users.id, c.actor!.id));
          expect(row?.v).toBe(true);
        },
      },
    },
  },

  // 'Avise-me' (docs/decisions/0026): saved searches, their links and Meus Alertas.
  "alertas.novo": {
    rule: "qualquer um salva uma busca: a conta com e-mail verificado na hora; os outros esperam o link enviado ao e-mail",
    prepare: async (role, a) => {
      // The owner's e-mail is verified; the other accounts' are not (a fresh sign-up).
      if (role === "owner") await db.update(users).set({ emailVerified: true }).where(eq(users.id, a.owner.id));
      const email = uniqueEmail("alerta");
      return { request: postForm("/alertas/novo?filter=perdido&q=matriz&order=relevantes", { email }), fx: { email } };
    },
    expect: (() => {
      const saved = (confirmed: boolean): Expectation => ({
        status: 303,
        location: "/buscar-pets?q=matriz&filter=perdido",
        writes: async (diff, c) => {
          onlyTables(diff, ["saved_searches"]);
          noR2(diff);
          kvAdded(diff, confirmed ? [] : [/^outbox:/]);
          expect(diff.kv.added).toHaveLength(confirmed ? 0 : 1);
          const email = c.actor?.email ?? (c.fx.email as string);
          const { results } = await env.DB.prepare("SELECT user_id, criteria, confirmed_at FROM saved_searches WHERE email = ?")
            .bind(email)
            .all<{ user_id: string | null; criteria: string; confirmed_at: number | null }>();
          expect(results).toEqual([
            { user_id: c.actor?.id ?? null, criteria: "q=matriz&filter=perdido", confirmed_at: confirmed ? expect.any(Number) : null },
          ]);
        },
      });
      return { visitor: saved(false), other: saved(false), company: saved(false), ngo: saved(false), owner: saved(true) };
    })(),
  },

  "alertas.confirmar": {
    rule: "só o link enviado ao e-mail confirma o alerta (com um POST: a página do link só mostra o botão)",
    prepare: async (role) => {
      const saved = await saveSearch(db, {
        userId: null,
        email: uniqueEmail("confirma"),
        criteria: "filter=adocao",
        confirmed: false,
        lastPetId: 0,
        now: new Date(),
      });
      const token = role === "owner" && saved.ok ? saved.search.token : "C".repeat(43); // well formed, never issued
      return { request: postForm(`/alertas/confirmar/${token}`, {}), params: { token } };
    },
    expect: {
      visitor: refused(404),
      other: refused(404),
      company: refused(404),
      ngo: refused(404),
      owner: {
        status: 303,
        location: "/buscar-pets?filter=adocao",
        writes: (diff) => {
          expect(diff.d1).toEqual(["saved_searches"]);
          noKv(diff);
          noR2(diff);
        },
      },
    },
  },

  "alertas.cancelar": {
    rule: "só o link do e-mail de alerta (ou o POST de um clique do provedor, RFC 8058) cancela o alerta",
    prepare: async (role) => {
      const saved = await saveSearch(db, {
        userId: null,
        email: uniqueEmail("cancela"),
        criteria: "filter=Gato",
        confirmed: true,
        lastPetId: 0,
        now: new Date(),
      });
      const token = role === "owner" && saved.ok ? saved.search.token : "D".repeat(43); // well formed, never issued
      return { request: postForm(`/alertas/cancelar/${token}`, { "List-Unsubscribe": "One-Click" }), params: { token } };
    },
    expect: {
      visitor: refused(404),
      other: refused(404),
      company: refused(404),
      ngo: refused(404),
      owner: {
        status: 200,
        writes: (diff) => {
          expect(diff.d1).toEqual(["saved_searches"]);
          noKv(diff);
          noR2(diff);
        },
      },
    },
  },

  "dashboard.alertas": sharedAlertsRow("personal"),
  // Meus Alertas and Meu Perfil of the NGO and company dashboards (docs/decisions/0033 §8).
  "ong.dashboard.alertas": sharedAlertsRow("ngo"),
  "empresa.dashboard.alertas": sharedAlertsRow("company"),
  "ong.dashboard.meu-perfil": sharedProfileRow("ngo"),
  "empresa.dashboard.meu-perfil": sharedProfileRow("company"),

  "reenviar-confirmacao": {
    rule: "cada conta reenvia o link só para o próprio e-mail",
    prepare: async () => ({ request: postForm("/reenviar-confirmacao", {}) }),
    expect: {
      visitor: signIn(/^\/reenviar-confirmacao$/),
      owner: confirmationResent("personal"),
      other: confirmationResent("personal"),
      company: confirmationResent("company"),
      ngo: confirmationResent("ngo"),
    },
  },

  // 'Meus dados' (docs/decisions/0036): an account deletes only itself, with its password
  // (every role here has the same one: another account deletes itself, never the owner).
  "meus-dados.excluir": {
    rule: "cada conta exclui só a si mesma, com a própria senha; o visitante vai entrar",
    prepare: async (_role, a) => {
      const hash = await matrixPasswordHash();
      for (const each of [a.owner, a.other, a.company, a.ngo]) {
        await db.update(users).set({ passwordHash: hash }).where(eq(users.id, each.id));
      }
      const { pet, photo } = await petWithPhoto(a.owner);
      return {
        request: postForm("/meus-dados/excluir", { password: MATRIX_PASSWORD }),
        fx: { petId: pet.id, photoKey: photo.replace(/^\/imagens\//, "") },
      };
    },
    expect: {
      visitor: signIn(/^\/meus-dados\/excluir$/),
      other: selfDeleted(["users", "profiles"]),
      company: selfDeleted(["users", "profiles", "companies"]),
      ngo: selfDeleted(["users", "profiles"]),
      owner: selfDeleted(["users", "profiles", "pets", "counters"]),
    },
  },

  "meus-dados.excluir.confirmar": {
    rule: "só o link enviado ao dono (conta sem senha) exclui a conta, com um POST: a página do link só mostra o botão",
    prepare: async (role, a) => {
      const { pet, photo } = await petWithPhoto(a.owner);
      const token = role === "owner" ? await createOneTimeToken(env.KV, "account-deletion", a.owner.id, 3600) : "E".repeat(43); // well formed, never issued
      return {
        request: postForm(`/meus-dados/excluir/${token}`, {}),
        params: { token },
        fx: { petId: pet.id, photoKey: photo.replace(/^\/imagens\//, "") },
      };
    },
    expect: {
      visitor: refused(410),
      other: refused(410),
      company: refused(410),
      ngo: refused(410),
      owner: {
        status: 303,
        location: "/",
        writes: async (diff, c) => {
          onlyTables(diff, ["users", "profiles", "pets", "counters"]);
          expect(await db.$count(users, eq(users.id, c.actor!.id))).toBe(0);
          expect(await db.$count(pets, eq(pets.id, c.fx.petId as number))).toBe(0);
          expect(diff.r2).toEqual({ added: [], removed: [c.fx.photoKey], changed: [] });
          // The link used up, the farewell mail in the local outbox.
          expect(diff.kv.removed.every((k) => k.startsWith("token:account-deletion:"))).toBe(true);
          expect(diff.kv.removed).toHaveLength(1);
          expect(diff.kv.changed).toEqual([]);
          expect(diff.kv.added.every((k) => k.startsWith("outbox:"))).toBe(true);
        },
        then: (c) => expect(getSession(c.call.context).get("userId")).toBeUndefined(),
      },
    },
  },

  pet: {
    rule: "página pública: cada visita conta uma visualização, e nada mais muda",
    kind: "loader",
    prepare: async (_role, a) => {
      const pet = await createPet(a.owner.id);
      return { request: new Request(`http://localhost/pet/${pet.id}`), params: { id: String(pet.id) } };
    },
    expect: everyone({
      status: 200,
      writes: (diff) => {
        // The view waits in the pet's counter object (docs/decisions/0012, 0051).
        viewCounted(diff, "pets");
        noKv(diff);
        noR2(diff);
      },
    }),
  },

  "pet.whatsapp": {
    rule: "o botão do WhatsApp: qualquer um é levado à conversa; conta só os limites do cliente e da pessoa (docs/decisions/0022, 0038)",
    kind: "loader",
    prepare: async (_role, a) => {
      const pet = await createPet(a.owner.id, { contactWhatsapp: "(11) 98765-4321" });
      // Every case comes from a new address, so its counter is a new key.
      const ipCounters = (await countersWithPrefix("whatsapp-ip:")).size;
      return { request: new Request(`http://localhost/pet/${pet.id}/whatsapp`), params: { id: String(pet.id) }, fx: { ipCounters } };
    },
    expect: everyone({
      status: 302,
      location: /^https:\/\/wa\.me\/5511987654321\?text=/,
      // Rate-limit counters are bookkeeping (left out of the diff): nothing else changes.
      then: async (c) => {
        expect((await countersWithPrefix("whatsapp-ip:")).size).toBe((c.fx.ipCounters as number) + 1);
        if (c.actor) {
          const person = await subjectHash(`usuario:${c.actor.id}`);
          expect(await countInWindow(env, "whatsapp-person", person, RATE_LIMITS.whatsappPerVisitor)).toBe(1);
        }
      },
    }),
  },

  "pet.avistamentos": {
    rule: "'Vi este pet': qualquer um (com ou sem conta) registra um avistamento de um pet perdido; o dono recebe um e-mail (os 3 primeiros do dia; depois, um resumo: docs/decisions/0024, 0030)",
    prepare: async (_role, a) => {
      const pet = await createPet(a.owner.id, { status: "perdido" });
      const seenAt = new Date(Date.now() - 3 * 3600_000 - 30 * 60_000).toISOString().slice(0, 16); // 30 min ago in Brasília
      return {
        request: postForm(`/pet/${pet.id}/avistamentos`, {
          place: "Praça da Matriz",
          seenAt,
          notes: "Estava com coleira vermelha.",
          contact: "(11) 91234-5678",
          photo: pngFile("vi.png"),
        }),
        params: { id: String(pet.id) },
        fx: { petId: pet.id },
      };
    },
    expect: everyone({
      status: 303,
      location: (c) => `/pet/${c.fx.petId}#avistamentos`,
      writes: async (diff, c) => {
        expect(diff.d1).toEqual(["sightings"]);
        // The owner's mail (the local outbox).
        kvAdded(diff, [/^outbox:/]);
        expect(diff.kv.added).toHaveLength(1);
        expect(diff.r2.removed.concat(diff.r2.changed)).toEqual([]);
        expect(diff.r2.added.length).toBeGreaterThan(0);
        expect(diff.r2.added.every((k) => k.startsWith("avistamentos/"))).toBe(true);
        const rows = await activityDb
          .select()
          .from(sightings)
          .where(eq(sightings.petId, c.fx.petId as number));
        expect(rows).toHaveLength(1);
        expect(rows[0]!.reporterUserId).toBe(c.actor?.id ?? null);
      },
    }),
  },

  "pet.mensagem": {
    rule: "'Enviar mensagem': qualquer um (com ou sem conta) escreve a quem anunciou, que recebe um e-mail (os 3 primeiros do dia; depois, um resumo); o próprio dono não (docs/decisions/0033)",
    prepare: async (_role, a) => {
      const pet = await createPet(a.owner.id, { status: "adocao" });
      return {
        request: postForm(`/pet/${pet.id}/mensagem`, {
          name: "Joana Souza",
          email: "joana@exemplo.org",
          phone: "(21) 99876-5432",
          message: "Olá! Ainda está para adoção? Tenho quintal.",
        }),
        params: { id: String(pet.id) },
        fx: { petId: pet.id },
      };
    },
    expect: {
      ...everyone({
        status: 303,
        location: (c) => `/pet/${c.fx.petId}`,
        writes: async (diff, c) => {
          expect(diff.d1).toEqual(["pet_messages"]);
          // The poster's mail (the local outbox).
          kvAdded(diff, [/^outbox:/]);
          expect(diff.kv.added).toHaveLength(1);
          noR2(diff);
          expect(
            await db
              .select()
              .from(petMessages)
              .where(eq(petMessages.petId, c.fx.petId as number)),
          ).toHaveLength(1);
        },
      }),
      owner: refused(403),
    },
  },

  "pet.quero-adotar": {
    rule: "'Quero adotar': qualquer um (com ou sem conta) pede para adotar o pet de um anúncio de adoção aberto; quem anunciou (pessoa ou ONG) recebe um e-mail, nas regras e limites de 'Enviar mensagem'; o próprio dono não (docs/decisions/0047)",
    prepare: async (_role, a) => {
      const pet = await createPet(a.owner.id, { status: "adocao" });
      return {
        request: postForm(`/pet/${pet.id}/quero-adotar`, {
          name: "Joana Souza",
          email: "joana@exemplo.org",
          phone: "(21) 99876-5432",
          message: "Olá! Tenho quintal e tempo para cuidar dele.",
        }),
        params: { id: String(pet.id) },
        fx: { petId: pet.id },
      };
    },
    expect: {
      ...everyone({
        status: 303,
        location: (c) => `/pet/${c.fx.petId}`,
        writes: async (diff, c) => {
          expect(diff.d1).toEqual(["pet_messages"]);
          // The poster's mail (the local outbox).
          kvAdded(diff, [/^outbox:/]);
          expect(diff.kv.added).toHaveLength(1);
          noR2(diff);
          expect(
            await db
              .select({ kind: petMessages.kind })
              .from(petMessages)
              .where(eq(petMessages.petId, c.fx.petId as number)),
          ).toEqual([{ kind: "adoption" }]);
        },
      }),
      owner: refused(403),
    },
  },

  // 'Denunciar' (docs/decisions/0035): anyone reports what someone else published.
  denunciar: {
    rule: "'Denunciar': qualquer um (com ou sem conta) denuncia o que outra pessoa publicou; o próprio dono não (docs/decisions/0035)",
    prepare: async (_role, a) => {
      const pet = await createPet(a.owner.id, { status: "perdido" });
      return {
        request: postForm(`/denunciar/pet/${pet.id}`, { reason: "golpe", details: "Pediu um Pix adiantado." }),
        params: { tipo: "pet", id: String(pet.id) },
        fx: { petId: pet.id },
      };
    },
    expect: {
      ...everyone({
        status: 303,
        location: (c) => `/denunciar/pet/${c.fx.petId}?enviado=1`,
        writes: async (diff, c) => {
          expect(diff.d1).toEqual(["reports"]);
          noKv(diff);
          noR2(diff);
          const rows = await db
            .select()
            .from(reports)
            .where(eq(reports.itemId, String(c.fx.petId)));
          expect(rows).toHaveLength(1);
          expect(rows[0]!.reporterUserId).toBe(c.actor?.id ?? null);
          // Its client network, hashed: a hold needs two of them (docs/decisions/0035).
          expect(rows[0]!.reporterNetwork).toMatch(/^[0-9a-f]{32}$/);
        },
      }),
      owner: refused(403),
    },
  },

  // The moderators' decisions (docs/decisions/0035): admins only, everyone else a 404. The
  // "owner" role here is an admin; the pet is a third person's.
  "moderacao.item": {
    rule: "decisões de moderação: só administradores; qualquer outra pessoa recebe 404 e nada muda (docs/decisions/0035)",
    prepare: async (_role, a) => {
      await db.update(users).set({ isAdmin: true }).where(eq(users.id, a.owner.id));
      const poster = await actor("personal");
      const pet = await createPet(poster.id, { status: "perdido" });
      await db.insert(reports).values({ itemKind: "pet", itemId: String(pet.id), reporterKey: "visitante:matriz", reason: "golpe" });
      return {
        request: postForm(`/moderacao/pet/${pet.id}`, { intent: "remover", reason: "Golpe confirmado." }),
        params: { tipo: "pet", id: String(pet.id) },
        fx: { petId: pet.id },
      };
    },
    expect: {
      ...everyone(refused(404)),
      owner: {
        status: 303,
        location: (c) => `/moderacao/pet/${c.fx.petId}`,
        writes: async (diff, c) => {
          expect(diff.d1.sort()).toEqual(["moderation_log", "pets", "reports"]);
          // The poster's mail with the reason (the local outbox).
          kvAdded(diff, [/^outbox:/]);
          noR2(diff);
          const [row] = await db
            .select({ moderation: pets.moderation })
            .from(pets)
            .where(eq(pets.id, c.fx.petId as number));
          expect(row?.moderation).toBe("removed");
        },
      },
    },
  },

  // 'Entregar plano e CNPJ' on /moderacao (docs/decisions/0028): admins only. A confirmed
  // company holds the CNPJ; a visitor paid Premium for it with the e-mail of another
  // confirmed company account, which receives the plan and the CNPJ. "owner" is an admin.
  moderacao: {
    rule: "entregar um pagamento preso: só administradores; qualquer outra pessoa recebe 404 e nada muda (docs/decisions/0028)",
    prepare: async (_role, a) => {
      await db.update(users).set({ isAdmin: true }).where(eq(users.id, a.owner.id));
      const holder = await actor("company");
      const payer = await actor("company");
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, holder.id));
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, payer.id));
      const [held] = await db
        .update(companies)
        .set({ cnpjClaimedAt: new Date() })
        .where(eq(companies.id, holder.id))
        .returning({ cnpj: companies.cnpj });
      const paymentId = await heldGuestPayment(held!.cnpj, payer.email);
      return {
        request: postForm("/moderacao", { paymentId, reason: "Contrato social conferido." }),
        fx: { paymentId, payerId: payer.id, holderId: holder.id, cnpj: held!.cnpj },
      };
    },
    expect: {
      ...everyone(refused(404)),
      owner: {
        status: 303,
        location: "/moderacao",
        writes: async (diff, c) => {
          expect(diff.d1.sort()).toEqual(["companies", "moderation_log", "payments"]);
          noKv(diff);
          noR2(diff);
          const [payer] = await db
            .select()
            .from(companies)
            .where(eq(companies.id, c.fx.payerId as string));
          expect(payer).toMatchObject({ plan: "premium", cnpj: c.fx.cnpj });
          expect(payer!.cnpjClaimedAt).toBeInstanceOf(Date);
          const [holder] = await db
            .select()
            .from(companies)
            .where(eq(companies.id, c.fx.holderId as string));
          expect(holder!.cnpjClaimedAt).toBeNull();
          const [payment] = await db
            .select()
            .from(payments)
            .where(eq(payments.id, c.fx.paymentId as string));
          expect(payment!.userId).toBe(c.fx.payerId);
        },
      },
    },
  },

  "pet.avistamentos.ocultar": {
    rule: "só o dono do pet oculta um avistamento (a posse é conferida no próprio UPDATE)",
    prepare: async (_role, a) => {
      const pet = await createPet(a.owner.id, { status: "perdido" });
      const [row] = await activityDb
        .insert(sightings)
        .values({ petId: pet.id, place: "Praça da Matriz", seenAt: "2026-11-20T10:00", contact: "(11) 91234-5678" })
        .returning({ id: sightings.id });
      return {
        request: postForm(`/pet/${pet.id}/avistamentos/${row!.id}/ocultar`, {}),
        params: { id: String(pet.id), sightingId: String(row!.id) },
        fx: { petId: pet.id, sightingId: row!.id },
      };
    },
    expect: {
      visitor: signIn(/^\/pet\/\d+\/avistamentos\/\d+\/ocultar$/),
      other: refused(404),
      company: refused(404),
      ngo: refused(404),
      owner: {
        status: 303,
        location: (c) => `/pet/${c.fx.petId}#avistamentos`,
        writes: async (diff, c) => {
          expect(diff.d1).toEqual(["sightings"]);
          noKv(diff);
          noR2(diff);
          const [row] = await activityDb
            .select({ hiddenAt: sightings.hiddenAt })
            .from(sightings)
            .where(eq(sightings.id, c.fx.sightingId as number));
          expect(row?.hiddenAt).toBeInstanceOf(Date);
        },
      },
    },
  },

  "not-found": {
    rule: "um POST a um endereço que não existe não escreve nada",
    prepare: async () => ({ request: postForm("/nao-existe", { a: "1" }), params: { "*": "nao-existe" } }),
    expect: everyone(refused(404)),
  },

  entrar: signUpRow(
    "cadastro pessoal: o visitante cria a conta; quem já entrou vai para o seu painel",
    () =>
      postForm("/entrar?aba=cadastrar", {
        intent: "cadastrar",
        accountType: "personal",
        name: "Pessoa Nova",
        email: uniqueEmail("nova"),
        password: "senha-forte-1",
        confirmPassword: "senha-forte-1",
        terms: "on",
      }),
    accountCreated("/dashboard", ["users", "profiles"]),
  ),

  empresas: signUpRow(
    "cadastro de empresa: visitantes e outras contas criam a empresa; uma empresa vai para o seu painel",
    () =>
      postForm("/empresas?aba=cadastrar", {
        intent: "cadastrar",
        companyName: "Pet Shop Novo",
        cnpj: cnpj(++serial * 7919),
        email: uniqueEmail("empresa"),
        password: "senha-forte-1",
        confirmPassword: "senha-forte-1",
        terms: "on",
      }),
    accountCreated("/empresa/dashboard", ["users", "profiles", "companies"]),
    // The page itself is open to personal and NGO accounts (only a company is sent away).
    ["owner", "other", "ngo"],
  ),

  "cadastrar-ong": signUpRow(
    "cadastro de ONG: o visitante cria a conta; quem já entrou vai para o seu painel",
    () =>
      postForm("/cadastrar-ong", {
        name: "ONG Nova",
        email: uniqueEmail("ong"),
        password: "senha-forte-1",
        confirmPassword: "senha-forte-1",
        terms: "on",
      }),
    // Signed in on creation, as the company sign-up (docs/decisions/0007).
    accountCreated("/ong/dashboard", ["users", "profiles", "organizations"]),
  ),

  "cadastrar-pet": petAdRow("/cadastrar-pet", "perdido"),
  anunciar: petAdRow("/anunciar", "adocao"),

  "auth.google": {
    rule: "só redireciona ao Google (estado no cookie); nada é gravado",
    prepare: async () => ({ request: postForm("/auth/google", {}), bindings: GOOGLE }),
    expect: everyone({ status: 302, location: /^https:\/\/google\.invalid\/o\/oauth2\/v2\/auth\?/ }),
  },

  "auth.google.callback": {
    rule: "só quem começou o login (estado no cookie) entra; o dono liga o Google à sua conta",
    kind: "loader",
    prepare: async (role, a) => {
      if (role !== "owner") {
        // A callback with a state this browser never received.
        return { request: new Request("http://localhost/auth/google/callback?code=abc&state=forjado"), bindings: GOOGLE };
      }
      const start = await invoke(
        { module: routeEntries().find((r) => r.id === "auth.google")!.module, pattern: "/auth/google" },
        "action",
        postForm("/auth/google", {}),
        {},
        await contextFor(null, { bindings: GOOGLE }),
      );
      const { searchParams } = new URL(start.location!);
      const state = searchParams.get("state")!;
      const cookie = start.headers.get("Set-Cookie")!.split(";")[0]!;
      const claims = { sub: `google-${crypto.randomUUID()}`, email: a.owner.email, name: "Dono", nonce: searchParams.get("nonce")! };
      await fakeOpenIdProvider({ id_token: await signIdToken(claims) });
      return {
        request: new Request(`http://localhost/auth/google/callback?code=codigo&state=${encodeURIComponent(state)}`, {
          headers: { Cookie: cookie },
        }),
        bindings: GOOGLE,
      };
    },
    expect: {
      visitor: { status: 302, location: "/entrar" },
      other: { status: 302, location: "/entrar" },
      company: { status: 302, location: "/entrar" },
      ngo: { status: 302, location: "/entrar" },
      owner: {
        status: 302,
        location: "/dashboard",
        writes: (diff) => {
          expect(diff.d1).toEqual(["users"]);
          noKv(diff);
          noR2(diff);
        },
        then: (c) => expect(getSession(c.call.context).get("userId")).toBe(c.actors.owner.id),
      },
    },
  },

  "dev.caixa-de-saida": {
    rule: "a caixa de saída local (com links de senha) não existe fora do desenvolvimento",
    kind: "loader",
    prepare: async () => ({ request: new Request("http://localhost/dev/caixa-de-saida") }),
    expect: everyone(refused(404)),
  },

  "dev.sessao": {
    rule: "a entrada sem formulário dos testes e2e só existe no servidor dos testes (docs/decisions/0003)",
    prepare: async (_role, a) => ({ request: postForm("/dev/sessao", { intent: "entrar", email: a.owner.email }) }),
    expect: everyone(refused(404)),
  },

  // Premium payments (docs/decisions/0014). Mercado Pago is a fake fetch here.
  "empresa-landing": {
    rule: "qualquer um assina o Premium: um pagamento pendente, da empresa que entrou ou de visitante (pelo CNPJ)",
    prepare: async () => {
      fakeMercadoPagoPreference();
      const fields = { plano: "premium", companyName: "Pet Shop Novo", cnpj: cnpj(++serial * 7919), email: uniqueEmail("plano") };
      return { request: postForm("/empresa-landing?plano=premium", fields), bindings: MERCADO_PAGO };
    },
    expect: everyone({
      status: 303,
      location: "https://mp.invalid/checkout?pref_id=pref-matriz",
      writes: async (diff, c) => {
        expect(diff.d1).toEqual(["payments"]);
        noKv(diff);
        noR2(diff);
        const [row] = await db
          .select()
          .from(payments)
          .orderBy(payments.createdAt)
          .limit(1)
          .offset((await db.$count(payments)) - 1);
        // Only a signed-in company pays for its own account; anyone else is a guest.
        expect(row?.userId ?? null).toBe(c.actor?.accountType === "company" ? c.actor.id : null);
        expect(row).toMatchObject({ status: "pending", appliedAt: null, preferenceId: "pref-matriz" });
      },
    }),
  },

  "webhooks.mercado-pago": {
    rule: "só o Mercado Pago (assinatura válida) muda um pagamento: sem assinatura, 401 para todos",
    prepare: async () => ({
      request: new Request("http://localhost/webhooks/mercado-pago?data.id=123&type=payment", {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-request-id": "abc" },
        body: JSON.stringify({ type: "payment", data: { id: "123" } }),
      }),
      bindings: MERCADO_PAGO,
    }),
    expect: everyone(refused(401)),
  },

  "dev.mercado-pago.preferences": {
    rule: "o sandbox local do Mercado Pago não existe fora do desenvolvimento",
    prepare: async () => ({ request: postForm("/dev/mercado-pago/checkout/preferences", {}) }),
    expect: everyone(refused(404)),
  },

  "dev.mercado-pago.checkout": {
    rule: "o sandbox local do Mercado Pago não existe fora do desenvolvimento (nem com um token real)",
    prepare: async () => ({
      request: postForm("/dev/mercado-pago/checkout/sandbox-00000000-0000-4000-8000-000000000000", { decisao: "aprovar" }),
      params: { preferenceId: "sandbox-00000000-0000-4000-8000-000000000000" },
      bindings: { ...MERCADO_PAGO, DEV_MERCADO_PAGO: "1" },
    }),
    expect: everyone(refused(404)),
  },

  "dev.mercado-pago.payment": {
    rule: "o sandbox local do Mercado Pago não existe fora do desenvolvimento",
    kind: "loader",
    prepare: async () => ({ request: new Request("http://localhost/dev/mercado-pago/v1/payments/123"), params: { id: "123" } }),
    expect: everyone(refused(404)),
  },
};

// Google configured against an address that does not exist; fetch is faked per test.
const GOOGLE = OPENID_PROVIDER as Partial<Env>;

// Mercado Pago configured against an address that does not exist (docs/decisions/0014).
const MERCADO_PAGO = {
  MERCADOPAGO_ACCESS_TOKEN: "TEST-matriz",
  MERCADOPAGO_WEBHOOK_SECRET: "segredo-matriz",
  MERCADOPAGO_API_URL: "https://mp.invalid",
} as Partial<Env>;

function fakeMercadoPagoPreference() {
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/checkout/preferences") {
      return Response.json({ id: "pref-matriz", init_point: "https://mp.invalid/checkout?pref_id=pref-matriz" }, { status: 201 });
    }
    return new Response("não encontrado", { status: 404 });
  });
}

// --- the run --------------------------------------------------------------------------------

/** Routes that must have a row: every action, every loader that writes, every /dev/ route. */
function routesThatNeedARow(): Map<string, string> {
  const needed = new Map<string, string>();
  for (const route of routeEntries()) {
    if (route.module.action) needed.set(route.id, `${route.pattern} exporta action`);
    else if (route.id in LOADERS_THAT_WRITE) needed.set(route.id, `${route.pattern}: ${LOADERS_THAT_WRITE[route.id]}`);
    else if (route.pattern.startsWith("/dev/")) needed.set(route.id, `${route.pattern} é rota de desenvolvimento`);
  }
  return needed;
}

// One line in the "Resumo" of `npm test`, added up over every part.
const SUMMARY = `Matriz de autorização: {rotas} rotas × ${ROLES.length} papéis = {casos} casos ({comoEsperado} como esperado)`;
const PARTS = import.meta.glob("./authorization-matrix.*.test.ts");

/**
 * The matrix's part in the file `fileUrl` (`authorization-matrix.<n>.test.ts`): the rows
 * are spread over those files, which run in parallel (docs/decisions/0003); part 1 also
 * checks that every route that writes has a row and that no part is missing.
 */
export function matrixPart(fileUrl: string): void {
  const part = partOf(fileUrl, PARTS);
  const rows = itemsOf(Object.entries(ROWS), part);
  let cases = 0;

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  describe("matriz de autorização", () => {
    if (part.part === 1) {
      it("tem uma linha para cada rota que escreve", () => {
        const needed = routesThatNeedARow();
        const missing = [...needed].filter(([id]) => !(id in ROWS)).map(([id, why]) => `${id} (${why})`);
        const stale = Object.keys(ROWS).filter((id) => !needed.has(id));
        expect(
          missing,
          `Rotas que escrevem sem linha na matriz de autorização: ${missing.join("; ")}. ` +
            "Acrescente uma linha em ROWS (tests/worker/authorization-matrix.ts).",
        ).toEqual([]);
        expect(stale, `Linhas da matriz para rotas que não existem mais ou não escrevem: ${stale.join(", ")}`).toEqual([]);
      });
    }

    for (const [id, row] of rows) {
      describe(id, () => {
        for (const role of ROLES) {
          it(`${ROLE_NAMES[role]}: ${row.expect[role].status}`, async ({ task }) => {
            cases++;
            const route = routeEntries().find((r) => r.id === id);
            expect(route, `a rota ${id} não está em app/routes.ts`).toBeDefined();
            const actors: Actors = {
              owner: await actor(row.ownerType ?? "personal"),
              other: await actor("personal"),
              company: await actor("company"),
              ngo: await actor("ngo"),
            };
            const self = actorOf(role, actors);
            const prepared = await row.prepare(role, actors);
            const kind = row.kind ?? "action";
            // Each case from its own address, so per-address limits never mix cases.
            const headers = new Headers(prepared.request.headers);
            headers.set("CF-Connecting-IP", `198.51.${cases >> 8}.${cases & 255}`);
            const request = new Request(prepared.request, { headers });
            const call = await contextFor(self, { bindings: prepared.bindings, cookie: request.headers.get("Cookie") });
            const before = await fullSnapshot();
            const outcome = await invoke(route!, kind, request, prepared.params ?? {}, call);
            const diff = diffStores(before, await fullSnapshot());
            const expected = row.expect[role];
            const check: Check = { role, actor: self, actors, fx: prepared.fx ?? {}, outcome, call };
            const context = `${id} como ${ROLE_NAMES[role]} (${row.rule})`;

            expect(outcome.error, `${context}: erro ${outcome.error}`).toBeNull();
            expect(outcome.status, `${context}: status`).toBe(expected.status);
            if (expected.location !== undefined) {
              const location = expected.location;
              if (location instanceof RegExp) expect(outcome.location, `${context}: redirect`).toMatch(location);
              else expect(outcome.location, `${context}: redirect`).toBe(typeof location === "function" ? location(check) : location);
            }
            if (expected.writes) {
              await expected.writes(diff, check);
            } else {
              expect(isUnchanged(diff), `${context}: não devia mudar nada, mudou ${describeDiff(diff)}`).toBe(true);
            }
            await expected.then?.(check);
            // This case's share of the summary line (read by scripts/test.mjs).
            addToSummary(task, SUMMARY, { comoEsperado: 1 });
          });
        }
      });
    }

    // The whole table's counts; scripts/test.mjs adds the cases that passed, from every part.
    if (part.part === 1) {
      it("resumo", ({ task }) => {
        expect(part.missing, `faltam as partes ${part.missing.join(", ")} da matriz (authorization-matrix.<n>.test.ts)`).toEqual([]);
        const routes = Object.keys(ROWS).length;
        addToSummary(task, SUMMARY, { rotas: routes, casos: routes * ROLES.length, comoEsperado: 0 });
      });
    }
  });
}
