// 'Meus dados' (LGPD art. 18; docs/decisions/0036): the export covers every table of every
// database (app/db/schema.ts, app/db/activity-schema.ts: docs/decisions/0050) that holds
// someone's data, and deleting an account leaves no row, R2 object or KV key that points at
// it; its e-mail and CNPJ can be registered again.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { eq, getTableName, is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as activitySchema from "~/db/activity-schema";
import { mailDeliveries, sightings } from "~/db/activity-schema";
import * as schema from "~/db/schema";
import {
  companies,
  contactMessages,
  reports,
  instantAlertDays,
  organizationImages,
  payments,
  petImages,
  petMatches,
  petMessages,
  pets,
  productImages,
  profiles,
  savedSearches,
  userSessions,
  users,
  veterinarians,
} from "~/db/schema";
import { EXPORT_PIECES, NOT_EXPORTED, pieceTableName } from "~/models/account-data.server";
import { readFavorites, setFavorite } from "~/models/favorites.server";
import { deleteExpiredSessions } from "~/models/user-sessions.server";
import { markEmailVerified } from "~/models/users.server";
import { hashPassword } from "~/platform/password.server";
import { RATE_LIMITS, consumeRateLimit, subjectHash } from "~/platform/rate-limit.server";
import { createKvSessionStorage, getSession, sessionMiddleware } from "~/platform/session.server";
import { CardImageJobs } from "~/platform/card-image-jobs.server";
import { cloudflareContext } from "~/context.server";
import { createOneTimeToken } from "~/platform/tokens.server";
import { loader as downloadLoader } from "~/routes/meus-dados.baixar";
import { action as deleteAction, loader as deletePageLoader } from "~/routes/meus-dados.excluir";
import { action as linkAction, loader as linkLoader } from "~/routes/meus-dados.excluir.confirmar";
import { registerAccount, signInWithPassword } from "~/services/accounts.server";
import { saveDraft } from "~/services/pet-drafts.server";
import { allCounters, countersWithPrefix } from "./counters";
import { createClinic, createEvent, createOrganization, createPet, createProduct, createUser, activityDb, db } from "./fixtures";
import { type Actor, contextFor, invoke, postForm, routeAt, storedImage } from "./route-harness";

const PASSWORD = "senha-forte-1";
let passwordHash: Promise<string> | null = null;
const knownHash = () => (passwordHash ??= hashPassword(PASSWORD));

let serial = 0;
const ip = () => `10.36.${(++serial >> 8) & 255}.${serial & 255}`;

/** Every table of app/db/schema.ts, found by walking the module's exports. */
function schemaTables(): SQLiteTable[] {
  return (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));
}

/** Every table of the activity database's schema (docs/decisions/0050). */
function activityTables(): SQLiteTable[] {
  return (Object.values(activitySchema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));
}

/**
 * The columns of the activity database that name a row of the main one (D1 has no
 * foreign key across databases): the deletion walk follows them as it follows the
 * foreign keys. A column of an activity table ending in `_id`, or an address, must be here.
 */
const CROSS_DATABASE_REFERENCES: { table: string; column: string; parent: string; parentColumn: string }[] = [
  { table: "sightings", column: "pet_id", parent: "pets", parentColumn: "id" },
  { table: "sightings", column: "reporter_user_id", parent: "users", parentColumn: "id" },
  { table: "mail_deliveries", column: "recipient", parent: "users", parentColumn: "email" },
];

const keyOf = (url: string) => url.replace(/^\/imagens\//, "");

/**
 * An account with a row in every table an account can have rows in, R2 objects behind
 * every image column, two sessions (one holding a pet draft with a photo), favourites,
 * tokens and a per-account counter in KV. Another account's pet gets a sighting and a
 * match from it. Returns what the tests look for afterwards.
 */
async function fullAccount() {
  const owner = await createUser("company");
  const other = await createUser("personal");
  await db
    .update(users)
    .set({ passwordHash: await knownHash(), emailVerified: true })
    .where(eq(users.id, owner.id));
  const [company] = await db.select().from(companies).where(eq(companies.id, owner.id));
  await db
    .update(companies)
    .set({ cnpjClaimedAt: new Date(), logoUrl: await storedImage("logos") })
    .where(eq(companies.id, owner.id));
  await db
    .update(profiles)
    .set({ avatarUrl: await storedImage("avatares"), phone: "(11) 98765-4321" })
    .where(eq(profiles.id, owner.id));

  const pet = await createPet(owner.id, { name: "Rex da Exportação", status: "perdido", mainImageUrl: await storedImage("pets") });
  await db.insert(petImages).values({ petId: pet.id, imageUrl: await storedImage("pets") });
  const othersPet = await createPet(other.id, { status: "encontrado", mainImageUrl: await storedImage("pets") });
  // A sighting on its pet (sent by someone else) and one it sent on another's pet.
  await activityDb.insert(sightings).values({
    petId: pet.id,
    place: "Praça",
    seenAt: "2026-11-20T10:00",
    contact: "(11) 91111-2222",
    imageUrl: await storedImage("avistamentos"),
  });
  await activityDb.insert(sightings).values({
    petId: othersPet.id,
    place: "Rua A",
    seenAt: "2026-11-20T11:00",
    contact: "(11) 93333-4444",
    reporterUserId: owner.id,
    imageUrl: await storedImage("avistamentos"),
  });
  await db.insert(petMessages).values({ petId: pet.id, senderName: "Joana", senderEmail: "joana@exemplo.org", message: "Vi um parecido." });
  await db.insert(petMatches).values({ lostPetId: pet.id, otherPetId: othersPet.id, score: 80 });

  const product = await createProduct(owner.id, { mainImageUrl: await storedImage("produtos") });
  await db.insert(productImages).values({ productId: product.id, imageUrl: await storedImage("produtos") });
  const organization = await createOrganization(owner.id, { mainImageUrl: await storedImage("organizacoes") });
  await db.insert(organizationImages).values({ organizationId: organization.id, imageUrl: await storedImage("organizacoes") });
  const event = await createEvent(organization.id, { mainImageUrl: await storedImage("eventos") });
  const clinic = await createClinic(owner.id, { mainImageUrl: await storedImage("clinicas") });
  await db.insert(veterinarians).values({ clinicId: clinic.id, name: "Dra. Ana" });

  await db.insert(savedSearches).values({
    userId: owner.id,
    email: owner.email,
    criteria: "filter=perdido",
    token: `tok-${crypto.randomUUID()}`,
    confirmedAt: new Date(),
  });
  // Confirmed from its address before it had an account.
  await db
    .insert(savedSearches)
    .values({ userId: null, email: owner.email, criteria: "filter=adocao", token: `tok-${crypto.randomUUID()}`, confirmedAt: new Date() });
  await db.insert(contactMessages).values({ userId: owner.id, name: "Empresa", email: owner.email, subject: "Dúvida", message: "Olá" });
  // What its address was told at once (docs/decisions/0046): today, and 10 days ago (a
  // housekeeping run missed); the other account's row stays.
  const today = new Date().toISOString().slice(0, 10);
  await db.insert(instantAlertDays).values([
    { day: today, email: owner.email, pets: [[othersPet.id, 1]] },
    { day: "2026-01-02", email: owner.email, pets: [[othersPet.id, 1]] },
    { day: today, email: other.email, pets: [[pet.id, 2]] },
  ]);
  // A report it sent on someone else's pet (docs/decisions/0035).
  await db.insert(reports).values({
    itemKind: "pet",
    itemId: String(othersPet.id),
    reporterKey: `usuario:${owner.id}`,
    reporterUserId: owner.id,
    reporterConfirmed: true,
    reason: "golpe",
    details: "Pediu Pix.",
  });
  await db.insert(payments).values({
    id: crypto.randomUUID(),
    userId: owner.id,
    planType: "premium",
    companyName: company!.companyName,
    cnpj: company!.cnpj,
    email: owner.email,
    amountCents: 4990,
    status: "approved",
  });
  await db.insert(payments).values({
    id: crypto.randomUUID(),
    userId: null,
    planType: "premium",
    companyName: company!.companyName,
    cnpj: company!.cnpj,
    email: owner.email,
    amountCents: 4990,
    status: "approved",
  });

  await setFavorite(env.KV, { type: "user", id: owner.id }, "pets", othersPet.id, true);
  const draftPhoto = await storedImage("rascunhos");
  const draftId = await saveDraft(env.KV, { kind: "perdido", fields: { name: "Rascunho" }, photoUrls: [draftPhoto] });
  const storage = createKvSessionStorage(env.KV, env.SESSION_SECRET, db);
  const cookies: string[] = [];
  for (const draft of [true, false]) {
    const session = await storage.getSession();
    session.set("userId", owner.id);
    session.set("accountType", "company");
    session.set("signedInAt", Date.now() - 60_000);
    session.set("lastSeenAt", Date.now() - 30_000);
    session.set("expiresAt", Date.now() + 86_400_000);
    if (draft) {
      session.set("petDraftId", draftId);
      session.set("draftPhotoUrls", [draftPhoto]);
    }
    cookies.push((await storage.commitSession(session)).split(";")[0]!);
  }
  await createOneTimeToken(env.KV, "email-confirmation", owner.id, 3600, { email: owner.email });
  // A token written before tokens carried their user in metadata.
  await env.KV.put(`token:password-reset:${"a".repeat(64)}`, JSON.stringify({ userId: owner.id }), { expirationTtl: 3600 });
  await consumeRateLimit(env, "account-mail", await subjectHash(owner.id), RATE_LIMITS.accountMailPerAccount);
  // A mail on its way to it, one sent this week, and one to the other account (which stays).
  await activityDb.insert(mailDeliveries).values([
    { key: `teste:${owner.id}`, recipient: owner.email, message: JSON.stringify({ to: owner.email, subject: "Oi" }) },
    { key: `teste-enviado:${owner.id}`, recipient: owner.email, message: "", sentAt: new Date() },
    { key: `teste-outro:${other.id}`, recipient: other.email, message: JSON.stringify({ to: other.email, subject: "Oi" }) },
  ]);

  // The other account's own things, which must survive.
  const othersSession = await storage.getSession();
  othersSession.set("userId", other.id);
  othersSession.set("accountType", "personal");
  othersSession.set("signedInAt", Date.now());
  othersSession.set("expiresAt", Date.now() + 86_400_000);
  await storage.commitSession(othersSession);
  const othersToken = await createOneTimeToken(env.KV, "password-reset", other.id, 3600);

  const actor: Actor = { id: owner.id, email: owner.email, accountType: "company" };
  return {
    owner,
    actor,
    other,
    company: company!,
    pet,
    othersPet,
    product,
    organization,
    event,
    clinic,
    draftId,
    draftPhoto,
    cookies,
    othersToken,
  };
}

async function download(actor: Actor | null) {
  const request = new Request("http://localhost/meus-dados/baixar", { headers: { "CF-Connecting-IP": ip() } });
  return invoke(routeAt({ loader: downloadLoader }, "/meus-dados/baixar"), "loader", request, {}, await contextFor(actor));
}

/** The file's content (the harness keeps a returned Response's headers, not its body). */
async function exported(actor: Actor): Promise<Record<string, unknown>> {
  const response = (await downloadLoader({
    request: new Request("http://localhost/meus-dados/baixar"),
    params: {},
    context: (await contextFor(actor)).context,
  } as never)) as Response;
  return response.json();
}

describe("Baixar meus dados", () => {
  it("cobre toda tabela de todo banco (app/db/schema.ts e activity-schema.ts): exportada ou numa lista com o motivo", () => {
    const names = [...schemaTables(), ...activityTables()].map((table) => getTableName(table));
    expect(names.length).toBeGreaterThan(15);
    const exportedTables = new Set(EXPORT_PIECES.map(pieceTableName));
    const forgotten = names.filter((name) => !exportedTables.has(name) && !(name in NOT_EXPORTED));
    expect(
      forgotten,
      `Tabelas fora de 'Meus dados': ${forgotten.join(", ")}. Acrescente uma peça em EXPORT_PIECES ` +
        "(app/models/account-data.server.ts) ou, se ela não guarda dados de ninguém, uma linha em NOT_EXPORTED com o motivo.",
    ).toEqual([]);
    // No stale or contradictory entries.
    expect(Object.keys(NOT_EXPORTED).filter((name) => !names.includes(name))).toEqual([]);
    expect(Object.keys(NOT_EXPORTED).filter((name) => exportedTables.has(name))).toEqual([]);
    expect(new Set(EXPORT_PIECES.map((p) => p.section)).size).toBe(EXPORT_PIECES.length);
    // The deletion test walks every column of the activity database that names a row of the main one.
    for (const table of activityTables()) {
      const config = getTableConfig(table);
      for (const column of config.columns.filter((c) => /(_id|recipient|email)$/.test(c.name))) {
        const walked = CROSS_DATABASE_REFERENCES.some((r) => r.table === config.name && r.column === column.name);
        expect(walked, `${config.name}.${column.name} fora de CROSS_DATABASE_REFERENCES`).toBe(true);
      }
    }
  });

  it("traz uma linha de cada peça para uma conta que tem de tudo, e nada de outra conta", async () => {
    const f = await fullAccount();
    const file = await exported(f.actor);
    for (const piece of EXPORT_PIECES) {
      const value = file[piece.section];
      const present = piece.single ? value !== null && typeof value === "object" : Array.isArray(value) && value.length > 0;
      expect(present, `a seção ${piece.section} (${pieceTableName(piece)}) veio vazia`).toBe(true);
    }
    expect(file.formato).toBe("patas-conectadas/meus-dados/1");
    const text = JSON.stringify(file);
    // Its pet with the photo's full address; the other account's pet only by id (a favourite).
    const petsOut = file.pets as { id: number; name: string; mainImageUrl: string }[];
    expect(petsOut.map((p) => p.name)).toEqual(["Rex da Exportação"]);
    expect(petsOut[0]!.mainImageUrl).toMatch(/^http:\/\/localhost\/imagens\/pets\/.+\.png$/);
    expect(text).not.toContain(f.other.email);
    expect((file.avistamentosEnviados as { petId: number }[]).map((s) => s.petId)).toEqual([f.othersPet.id]);
    expect((file.favoritos as { pets: number[] }).pets).toEqual([f.othersPet.id]);
    expect((file.alertas as unknown[]).length).toBe(2);
    expect((file.pagamentos as unknown[]).length).toBe(2);
    // No secrets: the password's hash, session ids, the alerts' cancel tokens.
    expect(text).not.toContain("pbkdf2");
    expect((file.conta as { hasPassword: boolean }).hasPassword).toBe(true);
    const sessions = file.sessoes as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    expect(Object.keys(sessions[0]!).sort()).toEqual(["createdAt", "expiresAt", "lastSeenAt"]);
    expect(text).not.toMatch(/tok-/);
  });

  it("é um arquivo JSON para baixar, só para quem entrou", async () => {
    const f = await fullAccount();
    const outcome = await download(f.actor);
    expect(outcome.status).toBe(200);
    expect(outcome.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(outcome.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="patas-conectadas-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(outcome.headers.get("Cache-Control")).toBe("private, no-store");
    const visitor = await download(null);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/entrar?redirectTo=%2Fmeus-dados%2Fbaixar");
  });
});

// --- deletion ---------------------------------------------------------------------------------

/**
 * The rows that belong to the account, table by table: the users row, then every row whose
 * foreign key points at a row already found (walked from app/db/schema.ts, so a new table
 * with an owner column is checked without being named here).
 */
async function ownedRows(userId: string): Promise<Map<string, Set<string | number>>> {
  const owned = new Map<string, Set<string | number>>([["users", new Set([userId])]]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const table of schemaTables()) {
      const config = getTableConfig(table);
      const key = config.columns.find((c) => c.primary)?.name ?? "rowid";
      for (const fk of config.foreignKeys) {
        const ref = fk.reference();
        const parent = owned.get(getTableName(ref.foreignTable));
        if (!parent?.size) continue;
        const values = [...parent];
        const { results } = await env.DB.prepare(
          `SELECT ${key} AS k FROM "${config.name}" WHERE "${ref.columns[0]!.name}" IN (${values.map(() => "?").join(",")})`,
        )
          .bind(...values)
          .all<{ k: string | number }>();
        const mine = owned.get(config.name) ?? new Set();
        for (const { k } of results) {
          if (!mine.has(k)) {
            mine.add(k);
            changed = true;
          }
        }
        owned.set(config.name, mine);
      }
    }
  }
  // Then the activity database's rows, by the columns that name rows of the main one.
  for (const ref of CROSS_DATABASE_REFERENCES) {
    const parentIds = [...(owned.get(ref.parent) ?? [])];
    if (!parentIds.length) continue;
    const marks = parentIds.map(() => "?").join(",");
    const parents = await env.DB.prepare(
      `SELECT "${ref.parentColumn}" AS v FROM "${ref.parent}" WHERE ${keyOfTable(ref.parent)} IN (${marks})`,
    )
      .bind(...parentIds)
      .all<{ v: string | number }>();
    const values = parents.results.map((r) => r.v);
    if (!values.length) continue;
    const { results } = await env.ACTIVITY_DB.prepare(
      `SELECT ${keyOfTable(ref.table)} AS k FROM "${ref.table}" WHERE "${ref.column}" IN (${values.map(() => "?").join(",")})`,
    )
      .bind(...values)
      .all<{ k: string | number }>();
    const mine = owned.get(ref.table) ?? new Set();
    for (const { k } of results) mine.add(k);
    owned.set(ref.table, mine);
  }
  return owned;
}

/** A table of either database by its SQL name, with the binding that holds it. */
function tableNamed(name: string): { table: SQLiteTable; d1: D1Database } {
  const main = schemaTables().find((t) => getTableName(t) === name);
  if (main) return { table: main, d1: env.DB };
  return { table: activityTables().find((t) => getTableName(t) === name)!, d1: env.ACTIVITY_DB };
}

function keyOfTable(name: string): string {
  return getTableConfig(tableNamed(name).table).columns.find((c) => c.primary)?.name ?? "rowid";
}

async function allKv(): Promise<{ name: string; value: string }[]> {
  const out: { name: string; value: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.KV.list({ cursor });
    for (const key of page.keys) out.push({ name: key.name, value: (await env.KV.get(key.name)) ?? "" });
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return out;
}

async function allR2(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.IMAGES.list({ cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/** Every image URL in the account's rows (read before the deletion). */
async function imageKeysOf(owned: Map<string, Set<string | number>>) {
  const keys: string[] = [];
  for (const table of [...schemaTables(), ...activityTables()]) {
    const config = getTableConfig(table);
    const d1 = tableNamed(config.name).d1;
    const ids = [...(owned.get(config.name) ?? [])];
    const imageColumns = config.columns.filter((c) => /(image|avatar|logo)_url$/.test(c.name)).map((c) => c.name);
    if (!ids.length || !imageColumns.length) continue;
    const key = config.columns.find((c) => c.primary)?.name ?? "rowid";
    for (const column of imageColumns) {
      const { results } = await d1
        .prepare(`SELECT ${column} AS url FROM "${config.name}" WHERE ${key} IN (${ids.map(() => "?").join(",")})`)
        .bind(...ids)
        .all<{ url: string | null }>();
      keys.push(
        ...results
          .map((r) => r.url)
          .filter((u): u is string => Boolean(u?.startsWith("/imagens/")))
          .map(keyOf),
      );
    }
  }
  return keys;
}

async function deleteWithPassword(actor: Actor, password: string, cookie?: string) {
  const call = await contextFor(cookie ? null : actor, { cookie });
  const outcome = await invoke(
    routeAt({ action: deleteAction }, "/meus-dados/excluir"),
    "action",
    postForm("/meus-dados/excluir", { password }, { "CF-Connecting-IP": ip() }),
    {},
    call,
  );
  return { outcome, call };
}

describe("Excluir minha conta", () => {
  it("com a senha errada, recusa e não apaga nada", async () => {
    const f = await fullAccount();
    const { outcome } = await deleteWithPassword(f.actor, "senha-errada-9");
    expect(outcome.status).toBe(400);
    expect(JSON.stringify(outcome.data)).toContain("Senha incorreta.");
    expect(await db.$count(users, eq(users.id, f.owner.id))).toBe(1);
    expect(await db.$count(pets, eq(pets.userId, f.owner.id))).toBe(1);
  });

  it("apaga de uma vez toda linha, objeto do R2 e chave do KV que aponta para a conta", async () => {
    const f = await fullAccount();
    const owned = await ownedRows(f.owner.id);
    // The walk reached the account's rows in every kind of table.
    for (const table of [
      "profiles",
      "companies",
      "pets",
      "pet_images",
      "sightings",
      "pet_messages",
      "pet_matches",
      "products",
      "product_images",
      "organizations",
      "organization_images",
      "events",
      "clinics",
      "veterinarians",
      "mail_deliveries",
      "saved_searches",
      "contact_messages",
      "payments",
      "user_sessions",
    ]) {
      expect(owned.get(table)?.size ?? 0, `nenhuma linha de ${table} na conta de teste`).toBeGreaterThan(0);
    }
    const photoKeys = await imageKeysOf(owned);
    // The sighting it sent is its row too (reporter_user_id), though on another's pet.
    expect(photoKeys.length).toBeGreaterThanOrEqual(12);
    const othersPhoto = keyOf(f.othersPet.mainImageUrl!);
    const sessionIds = (await db.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.userId, f.owner.id))).map(
      (r) => r.id,
    );
    expect(sessionIds).toHaveLength(2);

    const accountMail = `account-mail:${await subjectHash(f.owner.id)}:`;
    expect((await countersWithPrefix(accountMail)).size).toBe(1);

    // Signed in with one of its own sessions (the one holding the draft), as the browser is.
    const { outcome, call } = await deleteWithPassword(f.actor, PASSWORD, f.cookies[0]);
    expect(outcome.error).toBeNull();
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("/");
    const session = getSession(call.context);
    expect(session.get("userId")).toBeUndefined();
    expect(session.get("petDraftId")).toBeUndefined();

    // D1: no row of the account in any table; payments kept without the person.
    for (const [table, ids] of owned) {
      if (table === "payments") continue;
      const { table: found, d1 } = tableNamed(table);
      const config = getTableConfig(found);
      const key = config.columns.find((c) => c.primary)?.name ?? "rowid";
      const values = [...ids];
      const { results } = await d1
        .prepare(`SELECT count(*) AS n FROM "${table}" WHERE ${key} IN (${values.map(() => "?").join(",")})`)
        .bind(...values)
        .all<{ n: number }>();
      expect(results[0]!.n, `linhas da conta que sobraram em ${table}`).toBe(0);
    }
    // Its own and the guest one made with its address (the walk found only the first).
    const kept = await db.select().from(payments).where(eq(payments.cnpj, f.company.cnpj));
    expect(kept).toHaveLength(2);
    for (const payment of kept) {
      expect(payment).toMatchObject({
        userId: null,
        email: "",
        companyName: "",
        cnpj: f.company.cnpj,
        amountCents: 4990,
        status: "approved",
      });
    }
    // Nor any text column, in any table of either database, that still holds its id, e-mail or company name.
    for (const table of [...schemaTables(), ...activityTables()]) {
      const config = getTableConfig(table);
      const { d1 } = tableNamed(config.name);
      for (const column of config.columns.filter((c) => c.getSQLType() === "text")) {
        const { results } = await d1
          .prepare(`SELECT count(*) AS n FROM "${config.name}" WHERE "${column.name}" IN (?, ?, ?)`)
          .bind(f.owner.id, f.owner.email, f.company.companyName)
          .all<{ n: number }>();
        expect(results[0]!.n, `${config.name}.${column.name} ainda aponta para a conta`).toBe(0);
      }
    }
    // The other account's pet stays; only the sighting and the match the account made went.
    expect(await db.$count(pets, eq(pets.id, f.othersPet.id))).toBe(1);
    expect(await activityDb.$count(sightings, eq(sightings.petId, f.othersPet.id))).toBe(0);
    // The other account's mail stays, and what its address was told at once.
    expect(await activityDb.$count(mailDeliveries, eq(mailDeliveries.recipient, f.other.email))).toBe(1);
    expect(await db.$count(instantAlertDays, eq(instantAlertDays.email, f.other.email))).toBe(1);
    expect(await db.$count(instantAlertDays, eq(instantAlertDays.email, f.owner.email))).toBe(0);

    // Its per-account counters went with it; no counter's key ever held its id or e-mail.
    expect(await countersWithPrefix(accountMail)).toEqual(new Map());
    expect((await allCounters()).filter((c) => [f.owner.id, f.owner.email].some((s) => c.key.includes(s)))).toEqual([]);

    // R2: every object of the account (card copies too) gone, the draft photo too; others' stay.
    const left = await allR2();
    const gone = [...photoKeys, keyOf(f.draftPhoto)];
    expect(left.filter((key) => gone.some((g) => key === g || key.startsWith(g.replace(/\.png$/, "."))))).toEqual([]);
    expect(left).toContain(othersPhoto);

    // KV: no key or value with its id or e-mail but the farewell mail in the local outbox.
    const kv = await allKv();
    const pointing = kv.filter(
      (k) => !k.name.startsWith("outbox:") && [f.owner.id, f.owner.email].some((s) => k.name.includes(s) || k.value.includes(s)),
    );
    expect(pointing.map((k) => k.name)).toEqual([]);
    for (const id of sessionIds) expect(await env.KV.get(`session:${id}`)).toBeNull();
    expect(await env.KV.get(`pet-draft:${f.draftId}`)).toBeNull();
    expect((await readFavorites(env.KV, { type: "user", id: f.owner.id })).pets).toEqual([]);
    // The other account's session and link still work.
    expect(kv.some((k) => k.name.startsWith("session:") && k.value.includes(f.other.id))).toBe(true);
    expect(await env.KV.get(`token:password-reset:${await sha256(f.othersToken)}`)).not.toBeNull();
    // The last mail says it is done.
    const farewell = kv.filter((k) => k.name.startsWith("outbox:")).map((k) => JSON.parse(k.value) as { to: string; subject: string });
    expect(farewell).toContainEqual(expect.objectContaining({ to: f.owner.email, subject: "Sua conta na Patas Conectadas foi excluída" }));
  });

  it("depois, entrar com o e-mail falha como um e-mail desconhecido; o e-mail e o CNPJ servem para um novo cadastro", async () => {
    const f = await fullAccount();
    const { outcome } = await deleteWithPassword(f.actor, PASSWORD);
    expect(outcome.status).toBe(303);
    const { context: visitor } = await contextFor(null);
    const signIn = (email: string) =>
      signInWithPassword(visitor, new Request("http://localhost/entrar", { method: "POST", headers: { "CF-Connecting-IP": ip() } }), {
        email,
        password: PASSWORD,
      });
    const deleted = await signIn(f.owner.email);
    const unknown = await signIn(`ninguem-${crypto.randomUUID().slice(0, 8)}@exemplo.com.br`);
    expect(deleted).toEqual({ ok: false, reason: "credentials" });
    expect(deleted).toEqual(unknown);

    const { context } = await contextFor(null);
    const again = await registerAccount(
      context,
      new Request("http://localhost/empresas", { method: "POST", headers: { "CF-Connecting-IP": ip() } }),
      {
        accountType: "company",
        name: "Empresa Nova",
        email: f.owner.email,
        password: PASSWORD,
        company: { companyName: "Empresa Nova", cnpj: f.company.cnpj },
      },
    );
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    // Confirmed, the new account holds the CNPJ (docs/decisions/0028): no one else does.
    await markEmailVerified(db, again.user.id);
    const [row] = await db.select({ claimed: companies.cnpjClaimedAt }).from(companies).where(eq(companies.id, again.user.id));
    expect(row?.claimed).not.toBeNull();
  });

  it("uma conta só do Google confirma por um link enviado ao e-mail: GET mostra o botão, POST exclui", async () => {
    const user = await createUser("personal");
    const pet = await createPet(user.id, { mainImageUrl: await storedImage("pets") });
    const actor: Actor = { ...user, accountType: "personal" };
    const page = await invoke(
      routeAt({ loader: deletePageLoader }, "/meus-dados/excluir"),
      "loader",
      new Request("http://localhost/meus-dados/excluir"),
      {},
      await contextFor(actor),
    );
    expect(page.data).toMatchObject({ hasPassword: false, email: user.email, sent: false });

    // The password form is no use without a password.
    const noPassword = await deleteWithPassword(actor, "qualquer-coisa");
    expect(noPassword.outcome.status).toBe(400);

    const before = new Set((await allKv()).map((k) => k.name));
    const sent = await invoke(
      routeAt({ action: deleteAction }, "/meus-dados/excluir"),
      "action",
      postForm("/meus-dados/excluir", { intent: "enviar-link" }, { "CF-Connecting-IP": ip() }),
      {},
      await contextFor(actor),
    );
    expect(sent.status).toBe(303);
    expect(sent.location).toBe("/meus-dados/excluir?enviado=1");
    const added = (await allKv()).filter((k) => !before.has(k.name));
    const mail = added.filter((k) => k.name.startsWith("outbox:")).map((k) => JSON.parse(k.value) as { to: string; text: string });
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(user.email);
    const token = /\/meus-dados\/excluir\/([A-Za-z0-9_-]+)/.exec(mail[0]!.text)![1]!;

    const route = routeAt({ loader: linkLoader, action: linkAction }, "/meus-dados/excluir/:token");
    const link = (method: "GET" | "POST") =>
      new Request(`http://localhost/meus-dados/excluir/${token}`, {
        method,
        ...(method === "POST" ? { body: new URLSearchParams() } : {}),
      });
    // Opening the link (a mail scanner, a preview) deletes nothing.
    const shown = await invoke(route, "loader", link("GET"), { token }, await contextFor(null));
    expect(shown.status).toBe(200);
    expect(shown.data).toEqual({ email: user.email });
    expect(await db.$count(users, eq(users.id, user.id))).toBe(1);

    // The button, from another device (not signed in): the link is the proof.
    const done = await invoke(route, "action", link("POST"), { token }, await contextFor(null));
    expect(done.status).toBe(303);
    expect(done.location).toBe("/");
    expect(await db.$count(users, eq(users.id, user.id))).toBe(0);
    expect(await db.$count(pets, eq(pets.id, pet.id))).toBe(0);
    expect(await env.IMAGES.head(keyOf(pet.mainImageUrl!))).toBeNull();

    // Used up.
    const again = await invoke(route, "action", link("POST"), { token }, await contextFor(null));
    expect(again.status).toBe(410);
    const reopened = await invoke(route, "loader", link("GET"), { token }, await contextFor(null));
    expect(reopened.status).toBe(410);
  });

  it("uma conta com senha não pede o link: confirma com a senha", async () => {
    const user = await createUser("ngo");
    await db
      .update(users)
      .set({ passwordHash: await knownHash() })
      .where(eq(users.id, user.id));
    const outcome = await invoke(
      routeAt({ action: deleteAction }, "/meus-dados/excluir"),
      "action",
      postForm("/meus-dados/excluir", { intent: "enviar-link" }, { "CF-Connecting-IP": ip() }),
      {},
      await contextFor({ ...user, accountType: "ngo" }),
    );
    expect(outcome.status).toBe(400);
    expect(JSON.stringify(outcome.data)).toContain("Sua conta tem senha");
  });
});

describe("sessões no D1", () => {
  it("cada sessão com conta tem sua linha; sair a apaga; uma conta que não existe não ganha linha", async () => {
    const user = await createUser("personal");
    const storage = createKvSessionStorage(env.KV, env.SESSION_SECRET, db);
    const session = await storage.getSession();
    const now = Date.now();
    session.set("userId", user.id);
    session.set("accountType", "personal");
    session.set("signedInAt", now);
    session.set("expiresAt", now + 86_400_000);
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    const loaded = await storage.getSession(cookie);
    const [row] = await db.select().from(userSessions).where(eq(userSessions.id, loaded.id));
    expect(row).toMatchObject({ userId: user.id });
    expect(row!.createdAt.getTime()).toBe(now);

    loaded.set("lastSeenAt", now + 5000);
    await storage.commitSession(loaded);
    const [seen] = await db.select().from(userSessions).where(eq(userSessions.id, loaded.id));
    expect(seen!.lastSeenAt.getTime()).toBe(now + 5000);

    await storage.destroySession(loaded);
    expect(await db.$count(userSessions, eq(userSessions.id, loaded.id))).toBe(0);

    const ghost = await storage.getSession();
    ghost.set("userId", "conta-que-nao-existe");
    ghost.set("accountType", "personal");
    ghost.set("signedInAt", now);
    ghost.set("expiresAt", now + 86_400_000);
    await storage.commitSession(ghost);
    expect(await db.$count(userSessions, eq(userSessions.userId, "conta-que-nao-existe"))).toBe(0);
  });

  it("a tarefa diária apaga as linhas das sessões que expiraram", async () => {
    const user = await createUser("personal");
    const now = Date.now();
    await db.insert(userSessions).values([
      {
        id: `expirada-${user.id}`,
        userId: user.id,
        createdAt: new Date(now - 40 * 864e5),
        lastSeenAt: new Date(now - 35 * 864e5),
        expiresAt: new Date(now - 1000),
      },
      { id: `aberta-${user.id}`, userId: user.id, createdAt: new Date(now), lastSeenAt: new Date(now), expiresAt: new Date(now + 864e5) },
    ]);
    await deleteExpiredSessions(db, new Date(now));
    const left = await db.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.userId, user.id));
    expect(left.map((r) => r.id)).toEqual([`aberta-${user.id}`]);
  });

  it("o middleware marca o último acesso no máximo uma vez por dia", async () => {
    const user = await createUser("personal");
    const storage = createKvSessionStorage(env.KV, env.SESSION_SECRET, db);
    const session = await storage.getSession();
    const day = 24 * 60 * 60 * 1000;
    const signedInAt = Date.now() - 3 * day;
    session.set("userId", user.id);
    session.set("accountType", "personal");
    session.set("signedInAt", signedInAt);
    session.set("lastSeenAt", signedInAt);
    session.set("expiresAt", Date.now() + 20 * day);
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    const visit = async () => {
      const context = new RouterContextProvider();
      context.set(cloudflareContext, { env, ctx: createExecutionContext(), db, activityDb, nonce: "n", cardImages: new CardImageJobs() });
      const req = new Request("http://localhost/", { headers: { Cookie: cookie } });
      const response = (await sessionMiddleware(
        { request: req, context, params: {}, url: new URL(req.url) } as never,
        async () => new Response("ok"),
      )) as Response;
      return response.headers.get("Set-Cookie");
    };
    const id = (await storage.getSession(cookie)).id;
    expect(await visit()).not.toBeNull();
    const [row] = await db.select().from(userSessions).where(eq(userSessions.id, id));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row!.createdAt.getTime()).toBe(signedInAt);
    // Seen a moment ago: nothing to write.
    expect(await visit()).toBeNull();
  });
});

async function sha256(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
