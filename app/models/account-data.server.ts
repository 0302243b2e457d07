// 'Meus dados' (LGPD art. 18; docs/decisions/0036): every row tied to an account, read
// for the download and removed in one batch when the account is deleted.
//
// The export is a registry: one piece per section of the file, each naming its table and
// its database (docs/decisions/0050). tests/worker/account-data.test.ts fails when a table
// of app/db/schema.ts or app/db/activity-schema.ts is in no piece and not in NOT_EXPORTED,
// so a new table is one line here (or one line saying why not).
import { and, eq, getTableName, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { ActivityDatabase, Database } from "~/context.server";
import { mailDeliveries, sightings } from "~/db/activity-schema";
import {
  clinics,
  companies,
  contactMessages,
  reports,
  events,
  organizationImages,
  organizations,
  payments,
  petImages,
  petMatches,
  petMessages,
  pets,
  productImages,
  products,
  profiles,
  savedSearches,
  userSessions,
  users,
  veterinarians,
} from "~/db/schema";
import { inIds } from "./id-list";
import { deleteInstantAlertsOf } from "./instant-alerts.server";
import { deleteSightingsOf } from "./sightings.server";

export interface AccountRef {
  id: string;
  /** The account's sign-in address: saved searches and payments made under it are its too. */
  email: string;
}

// Ids of the account's items, as subqueries, so every piece reads in one batch.
const ownPetIds = (db: Database, a: AccountRef) => db.select({ id: pets.id }).from(pets).where(eq(pets.userId, a.id));
const ownProductIds = (db: Database, a: AccountRef) => db.select({ id: products.id }).from(products).where(eq(products.userId, a.id));
const ownOrganizationIds = (db: Database, a: AccountRef) =>
  db.select({ id: organizations.id }).from(organizations).where(eq(organizations.userId, a.id));
const ownClinicIds = (db: Database, a: AccountRef) => db.select({ id: clinics.id }).from(clinics).where(eq(clinics.userId, a.id));

/** The account as the activity database's pieces read it: by the ids of its pets on main. */
export interface ActivityAccountRef extends AccountRef {
  petIds: number[];
}

export type ExportPiece = {
  /** The key of this part in the downloaded file. */
  section: string;
  /** Where the rows come from (the coverage test reads it). */
  table: SQLiteTable;
  /** One row or none (the account, its profile), instead of a list. */
  single?: boolean;
} & (
  | {
      database?: "main";
      /** The account's rows: only its own, never another account's. */
      rows: (db: Database, account: AccountRef, now: Date) => BatchItem<"sqlite">;
    }
  | {
      /** A table of the activity database (docs/decisions/0050), read after the main one. */
      database: "activity";
      rows: (db: ActivityDatabase, account: ActivityAccountRef, now: Date) => BatchItem<"sqlite">;
    }
);

type MainPiece = Extract<ExportPiece, { rows: (db: Database, account: AccountRef, now: Date) => BatchItem<"sqlite"> }>;
type ActivityPiece = Extract<ExportPiece, { database: "activity" }>;

/** A piece of every column of the activity database's `table` rows that `where` picks, in id order. */
function activityColumns(
  section: string,
  table: SQLiteTable & { id: SQLiteColumn },
  where: (a: ActivityAccountRef) => SQL | undefined,
): ExportPiece {
  return { section, table, database: "activity", rows: (db, a) => db.select().from(table).where(where(a)).orderBy(table.id) };
}

/** A piece of every column of `table`'s rows that `where` picks, in id order. */
function allColumns(
  section: string,
  table: SQLiteTable & { id: SQLiteColumn },
  where: (db: Database, a: AccountRef) => SQL | undefined,
): ExportPiece {
  return { section, table, rows: (db, a) => db.select().from(table).where(where(db, a)).orderBy(table.id) };
}

/** The pieces of the file, in its order. A new table that holds a person's data adds one. */
export const EXPORT_PIECES: ExportPiece[] = [
  {
    section: "conta",
    table: users,
    single: true,
    // The password's hash is a secret of the login, not data about the person.
    rows: (db, a) =>
      db
        .select({
          id: users.id,
          email: users.email,
          accountType: users.accountType,
          hasPassword: sql<number>`${users.passwordHash} IS NOT NULL`.mapWith(Boolean),
          googleSubject: users.googleSubject,
          emailVerified: users.emailVerified,
          pendingEmail: users.pendingEmail,
          sessionsRevokedAt: users.sessionsRevokedAt,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, a.id)),
  },
  { section: "perfil", table: profiles, single: true, rows: (db, a) => db.select().from(profiles).where(eq(profiles.id, a.id)) },
  { section: "empresa", table: companies, single: true, rows: (db, a) => db.select().from(companies).where(eq(companies.id, a.id)) },
  {
    section: "sessoes",
    table: userSessions,
    // When each open session began and was last used; never its id (the cookie's secret).
    rows: (db, a, now) =>
      db
        .select({ createdAt: userSessions.createdAt, lastSeenAt: userSessions.lastSeenAt, expiresAt: userSessions.expiresAt })
        .from(userSessions)
        .where(and(eq(userSessions.userId, a.id), sql`${userSessions.expiresAt} > ${now.getTime()}`))
        .orderBy(userSessions.createdAt),
  },
  allColumns("pets", pets, (_, a) => eq(pets.userId, a.id)),
  allColumns("fotosDosPets", petImages, (db, a) => inArray(petImages.petId, ownPetIds(db, a))),
  // On the activity database: those on its pets (by their ids) and those it sent.
  activityColumns("avistamentosRecebidos", sightings, (a) => inIds(sightings.petId, a.petIds)),
  activityColumns("avistamentosEnviados", sightings, (a) => eq(sightings.reporterUserId, a.id)),
  allColumns("mensagensRecebidas", petMessages, (db, a) => inArray(petMessages.petId, ownPetIds(db, a))),
  allColumns("correspondencias", petMatches, (db, a) =>
    or(inArray(petMatches.lostPetId, ownPetIds(db, a)), inArray(petMatches.otherPetId, ownPetIds(db, a))),
  ),
  allColumns("produtos", products, (_, a) => eq(products.userId, a.id)),
  allColumns("fotosDosProdutos", productImages, (db, a) => inArray(productImages.productId, ownProductIds(db, a))),
  {
    section: "organizacao",
    table: organizations,
    single: true,
    rows: (db, a) => db.select().from(organizations).where(eq(organizations.userId, a.id)),
  },
  allColumns("fotosDaOrganizacao", organizationImages, (db, a) => inArray(organizationImages.organizationId, ownOrganizationIds(db, a))),
  allColumns("eventos", events, (db, a) => inArray(events.organizationId, ownOrganizationIds(db, a))),
  allColumns("clinicas", clinics, (_, a) => eq(clinics.userId, a.id)),
  allColumns("veterinarios", veterinarians, (db, a) => inArray(veterinarians.clinicId, ownClinicIds(db, a))),
  {
    section: "alertas",
    table: savedSearches,
    // The account's, and those confirmed from its address before it had an account. The
    // token is left out: it is the secret of the cancel link.
    rows: (db, a) =>
      db
        .select({
          id: savedSearches.id,
          email: savedSearches.email,
          criteria: savedSearches.criteria,
          confirmedAt: savedSearches.confirmedAt,
          lastPetId: savedSearches.lastPetId,
          lastDigestAt: savedSearches.lastDigestAt,
          createdAt: savedSearches.createdAt,
        })
        .from(savedSearches)
        .where(savedSearchesOf(a))
        .orderBy(savedSearches.id),
  },
  allColumns("mensagensDeContato", contactMessages, (_, a) => eq(contactMessages.userId, a.id)),
  {
    section: "pagamentos",
    table: payments,
    rows: (db, a) => db.select().from(payments).where(paymentsOf(a)).orderBy(payments.createdAt),
  },
  {
    // The reports it sent (docs/decisions/0035), never the reports about it: who reported
    // an owner is not the owner's to know.
    section: "denunciasEnviadas",
    table: reports,
    rows: (db, a) =>
      db
        .select({
          id: reports.id,
          itemKind: reports.itemKind,
          itemId: reports.itemId,
          reason: reports.reason,
          details: reports.details,
          createdAt: reports.createdAt,
          resolvedAt: reports.resolvedAt,
          resolution: reports.resolution,
        })
        .from(reports)
        .where(eq(reports.reporterUserId, a.id))
        .orderBy(reports.id),
  },
];

/**
 * Tables of app/db/schema.ts and app/db/activity-schema.ts that the file leaves out, and
 * why. A table that holds someone's data goes in EXPORT_PIECES instead.
 */
export const NOT_EXPORTED: Record<string, string> = {
  // IBGE reference data (docs/decisions/0032), the same for everyone.
  municipalities: "dados de referência do IBGE",
  municipality_neighbours: "dados de referência do IBGE",
  // Totals kept by triggers for the home page (migration 0001): counts, no rows of anyone.
  counters: "totais agregados",
  // How far each view counter's flush got (docs/decisions/0051): object names and item ids.
  view_flushes: "registro técnico da contagem de visualizações",
  // The moderators' append-only record of their decisions (docs/decisions/0035): the
  // platform's own record, kept to answer for what it decided (LGPD art. 16).
  moderation_log: "registro da moderação",
  // Mail in transit to the provider (docs/decisions/0037), on the activity database: the
  // message of mail about to be sent, only the key of mail sent (kept a week); an
  // account's go with it, by recipient (deleteAccountActivity).
  mail_deliveries: "e-mails em trânsito, apagados em uma semana e com a conta",
  // Which pets an alert's address was told of at once (docs/decisions/0046): the daily cap
  // and the digest's skip, kept a week; an account's go with it (deleteAccountRows).
  instant_alert_days: "registro técnico dos alertas imediatos, apagado em uma semana e com a conta",
  // The task queue's dead letters: ids of work, nobody's data.
  failed_jobs: "registro técnico da fila de tarefas",
  // Legacy tables no code writes, kept one version for the previous Worker (docs/decisions/
  // 0039, 0046, 0051): emptied by migration 0026 (instant_alerts) or expiring within a day.
  instant_alerts: "tabela antiga, esvaziada na migração e removida na próxima versão",
  rate_counters: "tabela antiga de contadores anônimos, removida na próxima versão",
  view_marks: "tabela antiga de marcas anônimas, removida na próxima versão",
};

const savedSearchesOf = (a: AccountRef): SQL =>
  or(eq(savedSearches.userId, a.id), and(eq(savedSearches.email, a.email), isNotNull(savedSearches.confirmedAt)))!;

const paymentsOf = (a: AccountRef): SQL => or(eq(payments.userId, a.id), eq(payments.email, a.email))!;

/** The table a piece reads, by its SQL name (for the coverage test and the file's notes). */
export const pieceTableName = (piece: ExportPiece) => getTableName(piece.table);

/**
 * Every piece's rows: the main database's in one batch (one consistent picture), with the
 * ids of the account's pets; then the activity database's by those ids (docs/decisions/
 * 0050). Null: no such account.
 */
export async function readAccountData(db: Database, activityDb: ActivityDatabase, userId: string, now = new Date()) {
  const [account] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!account) return null;
  const results = new Map<ExportPiece, unknown[]>();
  const mainPieces = EXPORT_PIECES.filter((piece): piece is MainPiece => piece.database !== "activity");
  const activityPieces = EXPORT_PIECES.filter((piece): piece is ActivityPiece => piece.database === "activity");
  const [petRows, ...mainRows] = (await db.batch([
    ownPetIds(db, account),
    ...mainPieces.map((piece) => piece.rows(db, account, now)),
  ])) as unknown[][];
  for (const [i, piece] of mainPieces.entries()) results.set(piece, mainRows[i] ?? []);
  if (activityPieces.length) {
    const activityAccount: ActivityAccountRef = { ...account, petIds: (petRows as { id: number }[]).map((r) => r.id) };
    const queries = activityPieces.map((piece) => piece.rows(activityDb, activityAccount, now));
    const activityRows = (await activityDb.batch(queries as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[][];
    for (const [i, piece] of activityPieces.entries()) results.set(piece, activityRows[i] ?? []);
  }
  const sections: Record<string, unknown> = {};
  for (const piece of EXPORT_PIECES) {
    const rows = results.get(piece) ?? [];
    sections[piece.section] = piece.single ? (rows[0] ?? null) : rows;
  }
  return { account, sections };
}

export interface DeletedAccount {
  email: string;
  name: string;
  /** Our image URLs the rows pointed at (the R2 objects to delete). */
  imageUrls: string[];
  /** The account's sessions (their KV records to delete). */
  sessionIds: string[];
  /** The public pages that showed the account's items (for the edge cache). */
  items: { pet: number[]; product: number[]; clinic: number[]; organization: number[]; event: number[] };
}

/**
 * Deletes the account and every row tied to it on the main database in ONE batch (D1 runs
 * a batch as one transaction: all or nothing). The reads come first in the same batch, so
 * the photos and pages collected are exactly those of the rows deleted, even if a write
 * raced the request. Payments stay for the tax law, without the payer's e-mail, name or
 * account (docs/decisions/0036). Null when there is no such account. Its rows on the
 * activity database go next (deleteAccountActivity): no transaction spans the two.
 */
export async function deleteAccountRows(db: Database, userId: string): Promise<DeletedAccount | null> {
  const [found] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!found) return null;
  const a: AccountRef = found;
  const petIds = ownPetIds(db, a);
  const productIds = ownProductIds(db, a);
  const organizationIds = ownOrganizationIds(db, a);
  const clinicIds = ownClinicIds(db, a);

  const results = await db.batch([
    // --- what the rows point at, read before they go
    db.select({ name: profiles.name, avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, a.id)),
    db.select({ url: companies.logoUrl }).from(companies).where(eq(companies.id, a.id)),
    db.select({ id: pets.id, url: pets.mainImageUrl }).from(pets).where(eq(pets.userId, a.id)),
    db.select({ url: petImages.imageUrl }).from(petImages).where(inArray(petImages.petId, petIds)),
    db.select({ id: products.id, url: products.mainImageUrl }).from(products).where(eq(products.userId, a.id)),
    db.select({ url: productImages.imageUrl }).from(productImages).where(inArray(productImages.productId, productIds)),
    db.select({ id: organizations.id, url: organizations.mainImageUrl }).from(organizations).where(eq(organizations.userId, a.id)),
    db
      .select({ url: organizationImages.imageUrl })
      .from(organizationImages)
      .where(inArray(organizationImages.organizationId, organizationIds)),
    db.select({ id: events.id, url: events.mainImageUrl }).from(events).where(inArray(events.organizationId, organizationIds)),
    db.select({ id: clinics.id, url: clinics.mainImageUrl }).from(clinics).where(eq(clinics.userId, a.id)),
    db.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.userId, a.id)),
    // --- the rows, children before parents (the foreign keys' cascades would do the same;
    // spelled out so that what goes is read here, not inferred from the schema)
    db.delete(petMessages).where(inArray(petMessages.petId, petIds)),
    db.delete(petMatches).where(or(inArray(petMatches.lostPetId, petIds), inArray(petMatches.otherPetId, petIds))),
    db.delete(petImages).where(inArray(petImages.petId, petIds)),
    db.delete(pets).where(eq(pets.userId, a.id)),
    db.delete(productImages).where(inArray(productImages.productId, productIds)),
    db.delete(products).where(eq(products.userId, a.id)),
    db.delete(events).where(inArray(events.organizationId, organizationIds)),
    db.delete(organizationImages).where(inArray(organizationImages.organizationId, organizationIds)),
    db.delete(organizations).where(eq(organizations.userId, a.id)),
    db.delete(veterinarians).where(inArray(veterinarians.clinicId, clinicIds)),
    db.delete(clinics).where(eq(clinics.userId, a.id)),
    // 'Avise-me' cancelled: no digest is ever mailed again (docs/decisions/0026).
    db.delete(savedSearches).where(or(eq(savedSearches.userId, a.id), eq(savedSearches.email, a.email))),
    db.delete(contactMessages).where(eq(contactMessages.userId, a.id)),
    deleteInstantAlertsOf(db, a.email.trim().toLowerCase()),
    // The reports it sent go with it (an item they held stays held until a moderator decides).
    db.delete(reports).where(eq(reports.reporterUserId, a.id)),
    // Kept for the tax law (the privacy policy: 5 years), with nothing that names the
    // person: the amount, plan, status, dates, provider ids and the CNPJ of the invoice.
    db.update(payments).set({ userId: null, email: "", companyName: "", updatedAt: new Date() }).where(paymentsOf(a)),
    db.delete(userSessions).where(eq(userSessions.userId, a.id)),
    db.delete(companies).where(eq(companies.id, a.id)),
    db.delete(profiles).where(eq(profiles.id, a.id)),
    db.delete(users).where(eq(users.id, a.id)).returning({ id: users.id }),
  ]);
  const [profile, logo, petRows, petPhotos, productRows, productPhotos, orgRows, orgPhotos, eventRows, clinicRows, sessionRows] = results;
  const deletedUser = results[results.length - 1] as { id: string }[];
  if (deletedUser.length === 0) return null;
  const urls = [
    profile[0]?.avatarUrl,
    ...logo.map((r) => r.url),
    ...petRows.map((r) => r.url),
    ...petPhotos.map((r) => r.url),
    ...productRows.map((r) => r.url),
    ...productPhotos.map((r) => r.url),
    ...orgRows.map((r) => r.url),
    ...orgPhotos.map((r) => r.url),
    ...eventRows.map((r) => r.url),
    ...clinicRows.map((r) => r.url),
  ];
  return {
    email: a.email,
    name: profile[0]?.name ?? "",
    imageUrls: [...new Set(urls.filter((url): url is string => Boolean(url)))],
    sessionIds: sessionRows.map((r) => r.id),
    items: {
      pet: petRows.map((r) => r.id),
      product: productRows.map((r) => r.id),
      clinic: clinicRows.map((r) => r.id),
      organization: orgRows.map((r) => r.id),
      event: eventRows.map((r) => r.id),
    },
  };
}

/**
 * The account's rows on the activity database (docs/decisions/0050), once it is gone from
 * the main one: the sightings on its pets and the ones it sent, and its mail by recipient
 * (nothing more reaches it, docs/decisions/0037). Returns the sightings' photo URLs (the R2
 * objects to delete). Its rate counters, in their Durable Object (docs/decisions/0051), are
 * keyed by the hash of its id and go apart (account-deletion.server.ts).
 */
export async function deleteAccountActivity(
  activityDb: ActivityDatabase,
  account: { id: string; email: string; petIds: number[] },
): Promise<string[]> {
  const [photos] = await Promise.all([
    deleteSightingsOf(activityDb, { petIds: account.petIds, reporterUserIds: [account.id] }),
    activityDb.delete(mailDeliveries).where(eq(mailDeliveries.recipient, account.email.trim().toLowerCase())),
  ]);
  return photos;
}
