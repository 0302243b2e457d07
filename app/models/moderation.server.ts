// Reports and moderation in D1 (docs/decisions/0035): the reports, the hold, the
// moderators' decisions and their append-only log. Every decision is one batch (one
// transaction) whose log entry is written only when the state really changes, so a form
// sent twice is logged once. Sightings live in the activity database (docs/decisions/0050):
// their state changes there first, by an UPDATE … RETURNING that says whether it changed,
// and the log and the reports (main database) follow in a batch of their own.
import { and, asc, desc, eq, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { ActivityDatabase, Database } from "~/context.server";
import { sightings } from "~/db/activity-schema";
import {
  clinics,
  events,
  type ModerationAction,
  moderationLog,
  type ModerationState,
  organizations,
  pets,
  products,
  profiles,
  type ReportItemKind,
  type ReportReason,
  reports,
  users,
} from "~/db/schema";
import type { ItemRef } from "~/lib/moderation";
import { petTitle, type PetTitleFacts } from "~/lib/pet-title";
import { inIds } from "./id-list";
import { petTitleColumns } from "./pet-titles.server";

const dialect = new SQLiteAsyncDialect();

/**
 * Several statements in one D1 batch (one transaction), each answering its rows. Straight
 * to D1: drizzle (0.45) cannot batch a raw statement that has parameters.
 */
export async function rawBatch(db: Database | ActivityDatabase, statements: SQL[]): Promise<Record<string, unknown>[][]> {
  const client = db.$client;
  const results = await client.batch(
    statements.map((statement) => {
      const query = dialect.sqlToQuery(statement);
      return client.prepare(query.sql).bind(...query.params);
    }),
  );
  return results.map((result) => (result.results ?? []) as Record<string, unknown>[]);
}

// --- the items -------------------------------------------------------------------------

interface Target {
  table: string;
  /** The column that names one row: a profile's public id, the others' id. */
  keyColumn: "id" | "public_id";
  /** Whose account owns the row (an expression over it); a sighting's sender, null for a visitor. */
  owner: SQL;
  /** The item's name as moderation shows it: a title, a name, a sighting's place. */
  title: SQL;
  /** More of the row that moderation reads: a pet ad's title facts, a sighting's pet. */
  more?: SQL;
  /** A row moderation no longer sees: a sighting its pet's owner hid (docs/decisions/0024). */
  gone?: SQL;
}

/** Each kind's table and the SQL over its rows that the reads and the decisions share. */
const TARGETS: Record<ReportItemKind, Target> = {
  // A pet is named by its ad's one title, made from these facts (docs/decisions/0045).
  pet: {
    table: "pets",
    keyColumn: "id",
    owner: sql.raw("pets.user_id"),
    title: sql.raw("pets.name"),
    more: sql.raw("pets.type AS type, pets.status AS status, pets.gender AS gender, pets.location AS location"),
  },
  product: { table: "products", keyColumn: "id", owner: sql.raw("products.user_id"), title: sql.raw("products.title") },
  clinic: { table: "clinics", keyColumn: "id", owner: sql.raw("clinics.user_id"), title: sql.raw("clinics.name") },
  organization: { table: "organizations", keyColumn: "id", owner: sql.raw("organizations.user_id"), title: sql.raw("organizations.name") },
  event: {
    table: "events",
    keyColumn: "id",
    owner: sql.raw("(SELECT o.user_id FROM organizations o WHERE o.id = events.organization_id)"),
    title: sql.raw("events.title"),
  },
  profile: { table: "profiles", keyColumn: "public_id", owner: sql.raw("profiles.id"), title: sql.raw("profiles.name") },
  // On the activity database: read and changed there, its pet's owner read from main.
  sighting: {
    table: "sightings",
    keyColumn: "id",
    owner: sql.raw("sightings.reporter_user_id"),
    title: sql.raw("sightings.place"),
    more: sql.raw("sightings.pet_id AS petId"),
    gone: sql.raw("sightings.hidden_at IS NOT NULL"),
  },
};

/** Whether the account is suspended: what a sighting it sent returns to (main database). */
async function suspendedOwner(db: Database, ownerId: string | null): Promise<boolean> {
  if (!ownerId) return false;
  const [row] = await db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, ownerId)).limit(1);
  return Boolean(row?.at);
}

/** The row `ref` names: by its id, or a profile by its public id. */
function keyOf(t: Target, ref: ItemRef): SQL {
  return t.keyColumn === "id" ? sql`id = ${Number(ref.id)}` : sql`public_id = ${ref.id}`;
}

function target(ref: ItemRef) {
  const t = TARGETS[ref.kind];
  const table = sql.raw(t.table);
  // The state an item returns to: public, or 'suspended' while its owner's account is.
  const back = sql`CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = ${t.owner} AND u.suspended_at IS NOT NULL) THEN 'suspended' ELSE NULL END`;
  return { table, key: keyOf(t, ref), back };
}

export interface ModeratedItem extends ItemRef {
  /** The pet ad's title, the product's or event's title, the clinic's, organization's or person's name; a sighting's place. */
  title: string;
  moderation: ModerationState | null;
  ownerId: string | null;
  /** A sighting's pet, and who owns that pet (the only one who sees the sighting). */
  petId?: number;
  petOwnerId?: string;
}

/** The item as moderation needs it, whatever its state; null when it does not exist. */
export async function getModeratedItem(db: Database, activityDb: ActivityDatabase, ref: ItemRef): Promise<ModeratedItem | null> {
  const t = TARGETS[ref.kind];
  const [row] = await (ref.kind === "sighting" ? activityDb : db).all<
    {
      title: string | null;
      moderation: ModerationState | null;
      ownerId: string | null;
      petId?: number;
      petOwnerId?: string;
    } & Partial<Omit<PetTitleFacts, "name">>
  >(sql`
    SELECT ${t.title} AS title, moderation, ${t.owner} AS ownerId${t.more ? sql`, ${t.more}` : sql``}
    FROM ${sql.raw(t.table)}
    WHERE ${keyOf(t, ref)}${t.gone ? sql` AND NOT (${t.gone})` : sql``}
    LIMIT 1`);
  if (!row) return null;
  const title = ref.kind === "pet" ? petTitle({ ...(row as Omit<PetTitleFacts, "name">), name: row.title }) : row.title;
  const item: ModeratedItem = {
    kind: ref.kind,
    id: ref.id,
    title: title || "(sem nome)",
    moderation: row.moderation,
    ownerId: row.ownerId,
  };
  if (row.petId === undefined) return item;
  // A sighting's pet, and its owner, are on the main database.
  const [pet] = await db.select({ ownerId: pets.userId }).from(pets).where(eq(pets.id, row.petId)).limit(1);
  return { ...item, petId: row.petId, ...(pet ? { petOwnerId: pet.ownerId } : {}) };
}

/** The account behind an item, as the moderators and the mails need it. */
export async function getAccountForModeration(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      accountType: users.accountType,
      isAdmin: users.isAdmin,
      suspendedAt: users.suspendedAt,
      name: profiles.name,
      publicId: profiles.publicId,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export type ModerationAccount = NonNullable<Awaited<ReturnType<typeof getAccountForModeration>>>;

// --- reports -----------------------------------------------------------------------------

export interface NewReport extends ItemRef {
  reporterKey: string;
  reporterUserId: string | null;
  reporterConfirmed: boolean;
  /** A hash of clientNetwork() of the request (an IPv4 address or an IPv6 /48). */
  reporterNetwork: string;
  reason: ReportReason;
  details: string | null;
}

/** What holds an item (docs/decisions/0035). */
export interface HoldRule {
  /** Different people (mailbox keys) whose reports count. */
  people: number;
  /** Client networks those counted reports came from, at least. */
  networks: number;
  /** Reports older than this do not count. */
  since: Date;
  /** A report counts only when its account confirmed its address this long before it. */
  confirmedForMs: number;
  /** The item's name then, and the reason, for the log's automatic entry. */
  subject: string;
  reason: string;
}

/**
 * Whether the item's open reports now hold it: reports since `since` from accounts that
 * had confirmed their address `confirmedForMs` before reporting, from `people` different
 * mailboxes and `networks` different client networks. Visitors' reports, an account
 * without a mailbox key (docs/decisions/0007) and reports made before networks were
 * recorded never count. Reads the item's range of reports_item_reporter_unique and one
 * users row per report.
 */
function holdRuleMet(ref: ItemRef, rule: HoldRule) {
  return sql`(
    SELECT count(DISTINCT u.mailbox_key) >= ${rule.people} AND count(DISTINCT r.reporter_network) >= ${rule.networks}
    FROM ${reports} r JOIN ${users} u ON u.id = r.reporter_user_id
    WHERE r.item_kind = ${ref.kind} AND r.item_id = ${ref.id} AND r.resolved_at IS NULL
      AND r.created_at >= ${rule.since.getTime()}
      AND u.email_verified_at <= r.created_at - ${rule.confirmedForMs}
  )`;
}

/**
 * Stores the report and, when this makes the item meet the hold rule, holds it with the
 * log's automatic entry: one batch (one transaction) in which the rule is counted by the
 * very statements that hold, so two reports at once hold and log once. `stored` is false
 * when this reporter had already reported the item (nothing written); `held` is true only
 * for the request that held it.
 */
export async function insertReportAndHold(
  db: Database,
  activityDb: ActivityDatabase,
  report: NewReport,
  rule: HoldRule,
): Promise<{ stored: boolean; held: boolean }> {
  const { table, key } = target(report);
  const met = holdRuleMet(report, rule);
  const insert = sql`
      INSERT INTO ${reports} (item_kind, item_id, reporter_key, reporter_user_id, reporter_confirmed, reporter_network, reason, details, created_at)
      VALUES (${report.kind}, ${report.id}, ${report.reporterKey}, ${report.reporterUserId}, ${report.reporterConfirmed ? 1 : 0},
        ${report.reporterNetwork}, ${report.reason}, ${report.details}, ${Date.now()})
      ON CONFLICT (item_kind, item_id, reporter_key) DO NOTHING
      RETURNING id`;
  const hold = (condition: SQL) => logEntry({ id: null, name: "Sistema" }, "hold", report, rule.subject, rule.reason, condition);
  if (report.kind === "sighting") {
    // The report and the rule on main; the hold on the activity database, whose UPDATE
    // answers only to the one request that held it, which then logs it.
    const [inserted, counted] = await rawBatch(db, [insert, sql`SELECT ${met} AS met`]);
    const stored = inserted!.length > 0;
    if (!counted![0]?.met) return { stored, held: false };
    const [changed] = await rawBatch(activityDb, [
      sql`UPDATE ${table} SET moderation = 'held' WHERE ${key} AND moderation IS NULL RETURNING id`,
    ]);
    if (changed!.length === 0) return { stored, held: false };
    await rawBatch(db, [hold(sql`1`)]);
    return { stored, held: true };
  }
  const [inserted, logged] = await rawBatch(db, [
    insert,
    hold(sql`EXISTS (SELECT 1 FROM ${table} WHERE ${key} AND moderation IS NULL) AND ${met}`),
    sql`UPDATE ${table} SET moderation = 'held' WHERE ${key} AND moderation IS NULL AND ${met}`,
  ]);
  return { stored: inserted!.length > 0, held: logged!.length > 0 };
}

// --- the log -----------------------------------------------------------------------------

export interface Actor {
  /** Null: the automatic hold. */
  id: string | null;
  name: string;
}

/**
 * INSERT … SELECT … WHERE `condition`: the entry exists only when the decision changes
 * something, checked in the same transaction as the change that follows it.
 */
export function logEntry(actor: Actor, action: ModerationAction, ref: ItemRef, subject: string, reason: string, condition: SQL) {
  return sql`
    INSERT INTO ${moderationLog} (admin_id, admin_name, action, item_kind, item_id, subject, reason, created_at)
    SELECT ${actor.id}, ${actor.name}, ${action}, ${ref.kind}, ${ref.id}, ${subject}, ${reason}, ${Date.now()}
    WHERE ${condition}
    RETURNING id`;
}

// --- decisions ---------------------------------------------------------------------------

function resolveReports(ref: ItemRef, resolution: "kept" | "removed", now: number) {
  return sql`
    UPDATE ${reports} SET resolved_at = ${now}, resolution = ${resolution}
    WHERE item_kind = ${ref.kind} AND item_id = ${ref.id} AND resolved_at IS NULL`;
}

export type ItemDecision = "keep" | "remove" | "restore";

/**
 * A moderator's decision on an item, logged with its reason (docs/decisions/0035):
 * - keep ('Manter'): the open reports are dismissed, a held item is public again;
 * - remove ('Remover'): the open reports are closed and the item hidden for good (its
 *   rows and photos stay, so a removal can be undone);
 * - restore ('Restaurar'): a removed item is public again.
 * An item whose owner is suspended goes back to 'suspended', never public. False when the
 * decision changed nothing (and nothing was logged).
 */
export async function decideItem(
  db: Database,
  activityDb: ActivityDatabase,
  actor: Actor,
  decision: ItemDecision,
  item: ModeratedItem,
  reason: string,
): Promise<boolean> {
  const { table, key, back } = target(item);
  const now = Date.now();
  const openReports = sql`EXISTS (SELECT 1 FROM ${reports} WHERE item_kind = ${item.kind} AND item_id = ${item.id} AND resolved_at IS NULL)`;
  // Each decision: the state it applies to, the state it sets, and the reports it closes.
  const { from, to, resolution } = {
    keep: { from: "moderation = 'held'", to: back, resolution: "kept" as const },
    remove: { from: "moderation IS NOT 'removed'", to: sql`'removed'`, resolution: "removed" as const },
    restore: { from: "moderation = 'removed'", to: back, resolution: null },
  }[decision];
  // 'Manter' is logged also when only the reports are dismissed.
  const logWhen = (changes: SQL) => (decision === "keep" ? sql`(${openReports} OR ${changes})` : changes);
  const closeReports = resolution ? [resolveReports(item, resolution, now)] : [];
  if (item.kind === "sighting") {
    // Changed first on the activity database; `back` is read from main (the sender's account).
    const state = (await suspendedOwner(db, item.ownerId)) ? "suspended" : null;
    const [changed] = await rawBatch(activityDb, [
      sql`UPDATE ${table} SET moderation = ${decision === "remove" ? "removed" : state} WHERE ${key} AND ${sql.raw(from)} RETURNING id`,
    ]);
    const [logged] = await rawBatch(db, [
      logEntry(actor, decision, item, item.title, reason, logWhen(changed!.length > 0 ? sql`1` : sql`0`)),
      ...closeReports,
    ]);
    return logged!.length > 0;
  }
  const [logged] = await rawBatch(db, [
    logEntry(actor, decision, item, item.title, reason, logWhen(sql`EXISTS (SELECT 1 FROM ${table} WHERE ${key} AND ${sql.raw(from)})`)),
    ...closeReports,
    sql`UPDATE ${table} SET moderation = ${to} WHERE ${key} AND ${sql.raw(from)}`,
  ]);
  return logged!.length > 0;
}

/** What a suspension or reactivation changed, for the edge cache (docs/decisions/0019). */
export interface AccountItems {
  pets: number[];
  products: number[];
  clinics: number[];
  organizations: number[];
  events: number[];
  profiles: string[];
}

/**
 * What an account published, table by table: its rows as SQL conditions (events through
 * its organization) and the key each UPDATE … RETURNING answers, in `changedItems`' order.
 */
function publishedBy(userId: string): { table: string; where: SQL; key: string }[] {
  return [
    { table: "pets", where: sql`user_id = ${userId}`, key: "id" },
    { table: "products", where: sql`user_id = ${userId}`, key: "id" },
    { table: "clinics", where: sql`user_id = ${userId}`, key: "id" },
    { table: "organizations", where: sql`user_id = ${userId}`, key: "id" },
    { table: "events", where: sql`organization_id IN (SELECT id FROM organizations WHERE user_id = ${userId})`, key: "id" },
    { table: "profiles", where: sql`id = ${userId}`, key: "public_id" },
  ];
}

type ModeratedAccount = { id: string; publicId: string | null; name: string };

/**
 * A decision on an account, in one batch: its log entry (written when `logWhen` holds),
 * the users row, then each table of what it published, whose changed keys it answers.
 * Then, once it was decided, the sightings it sent, on the activity database (0050).
 */
async function decideAccount(
  db: Database,
  activityDb: ActivityDatabase,
  actor: Actor,
  account: ModeratedAccount,
  reason: string,
  decision: { action: "suspend" | "reactivate"; logWhen: SQL; user: SQL; items: (table: SQL, where: SQL) => SQL; sightings: SQL },
): Promise<AccountItems | null> {
  const [logged, , ...changed] = await rawBatch(db, [
    logEntry(actor, decision.action, { kind: "profile", id: account.publicId ?? account.id }, account.name, reason, decision.logWhen),
    decision.user,
    ...publishedBy(account.id).map(
      ({ table, where, key }) => sql`${decision.items(sql.raw(table), where)} RETURNING ${sql.raw(key)} AS id`,
    ),
  ]);
  if (logged!.length === 0) return null;
  await rawBatch(activityDb, [decision.sightings]);
  return changedItems(changed);
}

/**
 * 'Suspender conta': the account is suspended and every session it has ends (the
 * sessions' start is before `sessions_revoked_at`, and a suspended account is signed out
 * on its next request); everything it published and is public becomes 'suspended'. Held
 * and removed items keep their own state. An admin cannot be suspended. Null when nothing
 * changed (already suspended, an admin, no such account).
 */
export async function suspendAccount(db: Database, activityDb: ActivityDatabase, actor: Actor, account: ModeratedAccount, reason: string) {
  const now = Date.now();
  const suspended = sql`EXISTS (SELECT 1 FROM ${users} WHERE id = ${account.id} AND suspended_at IS NOT NULL)`;
  return decideAccount(db, activityDb, actor, account, reason, {
    action: "suspend",
    logWhen: sql`EXISTS (SELECT 1 FROM ${users} WHERE id = ${account.id} AND suspended_at IS NULL AND is_admin = 0)`,
    user: sql`UPDATE ${users} SET suspended_at = ${now}, sessions_revoked_at = ${now}, updated_at = ${now} WHERE id = ${account.id} AND suspended_at IS NULL AND is_admin = 0`,
    items: (table, where) => sql`UPDATE ${table} SET moderation = 'suspended' WHERE ${where} AND moderation IS NULL AND ${suspended}`,
    sightings: sql`UPDATE ${sightings} SET moderation = 'suspended' WHERE reporter_user_id = ${account.id} AND moderation IS NULL`,
  });
}

/** The ids each table's UPDATE … RETURNING answered, in `publishedBy`'s order (profiles sixth). */
function changedItems(rows: Record<string, unknown>[][]): AccountItems {
  const ids = (index: number) => (rows[index] ?? []).map((r) => Number(r.id));
  return {
    pets: ids(0),
    products: ids(1),
    clinics: ids(2),
    organizations: ids(3),
    events: ids(4),
    profiles: (rows[5] ?? []).map((r) => String(r.id)),
  };
}

/**
 * 'Reativar conta': the account may sign in again (its old sessions stay ended) and what
 * the suspension hid is public again. Null when it was not suspended.
 */
export async function reactivateAccount(
  db: Database,
  activityDb: ActivityDatabase,
  actor: Actor,
  account: ModeratedAccount,
  reason: string,
) {
  const now = Date.now();
  const active = sql`EXISTS (SELECT 1 FROM ${users} WHERE id = ${account.id} AND suspended_at IS NULL)`;
  return decideAccount(db, activityDb, actor, account, reason, {
    action: "reactivate",
    logWhen: sql`EXISTS (SELECT 1 FROM ${users} WHERE id = ${account.id} AND suspended_at IS NOT NULL)`,
    user: sql`UPDATE ${users} SET suspended_at = NULL, updated_at = ${now} WHERE id = ${account.id} AND suspended_at IS NOT NULL`,
    items: (table, where) => sql`UPDATE ${table} SET moderation = NULL WHERE ${where} AND moderation = 'suspended' AND ${active}`,
    sightings: sql`UPDATE ${sightings} SET moderation = NULL WHERE reporter_user_id = ${account.id} AND moderation = 'suspended'`,
  });
}

// --- what the moderators read --------------------------------------------------------------

/** The queue shows at most this many items at a time. */
export const QUEUE_SIZE = 50;
/** Reports shown per item in the queue (the item's page shows all). */
export const REPORTS_PER_ITEM = 20;

export interface QueueGroup extends ItemRef {
  reports: number;
  confirmed: number;
  firstAt: Date;
}

/**
 * The items with open reports that still exist, most reported first, then the oldest
 * first (docs/decisions/0035). Walks reports_open_idx: closed reports are not read.
 */
export async function openReportGroups(db: Database, activityDb: ActivityDatabase, limit = QUEUE_SIZE): Promise<QueueGroup[]> {
  // An item its owner deleted since (or a sighting its pet's owner hid) needs no decision:
  // its reports stay, out of the queue. Each check is one primary-key lookup; a sighting's
  // is made on the activity database after the read, and a page with gone sightings is
  // read again without them.
  const exists = sql`CASE item_kind ${sql.join(
    Object.entries(TARGETS).map(([kind, t]) =>
      kind === "sighting"
        ? sql`WHEN 'sighting' THEN 1`
        : sql`WHEN ${sql.raw(`'${kind}'`)} THEN EXISTS (SELECT 1 FROM ${sql.raw(t.table)} WHERE ${sql.raw(`${t.table}.${t.keyColumn}`)} = reports.item_id${t.gone ? sql` AND NOT (${t.gone})` : sql``})`,
    ),
    sql` `,
  )} END`;
  const goneSightings: string[] = [];
  for (let attempt = 0; ; attempt++) {
    const rows = await db.all<{ kind: ReportItemKind; id: string; total: number; confirmed: number; first: number }>(sql`
      SELECT item_kind AS kind, item_id AS id, count(*) AS total, sum(reporter_confirmed) AS confirmed, min(created_at) AS first
      FROM ${reports} WHERE resolved_at IS NULL AND ${exists}
        AND NOT (item_kind = 'sighting' AND ${inIds(reports.itemId, goneSightings)})
      GROUP BY item_kind, item_id
      ORDER BY total DESC, first ASC
      LIMIT ${limit}`);
    const sightingIds = rows.filter((r) => r.kind === "sighting").map((r) => Number(r.id));
    const visible = await visibleSightingIds(activityDb, sightingIds);
    const gone = sightingIds.filter((id) => !visible.has(id)).map(String);
    // At most a few rounds: what is still gone after them is left out of this page only.
    const kept = gone.length && attempt < 3 ? null : rows.filter((r) => r.kind !== "sighting" || visible.has(Number(r.id)));
    if (kept) {
      return kept.map((r) => ({
        kind: r.kind,
        id: String(r.id),
        reports: Number(r.total),
        confirmed: Number(r.confirmed ?? 0),
        firstAt: new Date(Number(r.first)),
      }));
    }
    goneSightings.push(...gone);
  }
}

/** Which of the sightings `ids` exist and were not hidden by their pet's owner (activity database). */
async function visibleSightingIds(activityDb: ActivityDatabase, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await activityDb
    .select({ id: sightings.id })
    .from(sightings)
    .where(and(inIds(sightings.id, ids), isNull(sightings.hiddenAt)));
  return new Set(rows.map((r) => r.id));
}

const reportColumns = {
  id: reports.id,
  reason: reports.reason,
  details: reports.details,
  createdAt: reports.createdAt,
  // Whether a confirmed account sent it; never who (docs/decisions/0035).
  fromConfirmedAccount: reports.reporterConfirmed,
  resolvedAt: reports.resolvedAt,
  resolution: reports.resolution,
};

/** Each group's open reports, newest first, in one batch. */
export async function openReportsOf(db: Database, refs: ItemRef[], perItem = REPORTS_PER_ITEM) {
  if (refs.length === 0) return [];
  const queries = refs.map((ref) =>
    db
      .select(reportColumns)
      .from(reports)
      .where(and(eq(reports.itemKind, ref.kind), eq(reports.itemId, ref.id), sql`${reports.resolvedAt} IS NULL`))
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(perItem),
  );
  const [first, ...rest] = queries;
  return db.batch([first!, ...rest]);
}

/** Every report of an item, open and closed, newest first (at most `limit`). */
export function reportsOfItem(db: Database, ref: ItemRef, limit = 200) {
  return db
    .select(reportColumns)
    .from(reports)
    .where(and(eq(reports.itemKind, ref.kind), eq(reports.itemId, ref.id)))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
}

/** The tables of the kinds listed by a numeric id and one naming column, and those columns. */
type NamedItemTable = typeof products | typeof clinics | typeof organizations | typeof events;
type NamedItemTitle = typeof products.title | typeof clinics.name | typeof organizations.name | typeof events.title;

/** The pets `where` picks, newest first, with the columns their title is made of (petTitle). */
function newestPets(db: Database, where: SQL, limit: number) {
  return db
    .select({ id: pets.id, ...petTitleColumns, moderation: pets.moderation })
    .from(pets)
    .where(where)
    .orderBy(desc(pets.id))
    .limit(limit);
}

export interface ListedItem extends ItemRef {
  title: string;
  moderation: ModerationState | null;
}

/**
 * Everything an account published, in each state (the item's page: "the owner's other
 * items"), at most `limit` of each kind, newest first.
 */
export async function itemsOfAccount(db: Database, userId: string, limit = 50): Promise<ListedItem[]> {
  // A company's products and clinics are read alike: theirs by their user_id.
  const newestOwned = (table: typeof products | typeof clinics, title: typeof products.title | typeof clinics.name) =>
    db
      .select({ id: table.id, title, moderation: table.moderation })
      .from(table)
      .where(eq(table.userId, userId))
      .orderBy(desc(table.id))
      .limit(limit);
  const [petRows, productRows, clinicRows, organizationRows, eventRows] = await db.batch([
    newestPets(db, eq(pets.userId, userId), limit),
    newestOwned(products, products.title),
    newestOwned(clinics, clinics.name),
    db
      .select({ id: organizations.id, title: organizations.name, moderation: organizations.moderation })
      .from(organizations)
      .where(eq(organizations.userId, userId))
      .limit(1),
    db
      .select({ id: events.id, title: events.title, moderation: events.moderation })
      .from(events)
      .innerJoin(organizations, eq(organizations.id, events.organizationId))
      .where(eq(organizations.userId, userId))
      .orderBy(desc(events.id))
      .limit(limit),
  ]);
  const tag = (kind: ReportItemKind) => (r: { id: number; title: string; moderation: ModerationState | null }) => ({
    ...r,
    kind,
    id: String(r.id),
  });
  return [
    ...petRows.map((r) => tag("pet")({ id: r.id, title: petTitle(r), moderation: r.moderation })),
    ...productRows.map(tag("product")),
    ...clinicRows.map(tag("clinic")),
    ...organizationRows.map(tag("organization")),
    ...eventRows.map(tag("event")),
  ];
}

/** The removed items of every kind (what 'Restaurar' applies to), newest first, on the partial indexes. */
export async function removedItems(db: Database, activityDb: ActivityDatabase, limit = 50): Promise<ListedItem[]> {
  const removed = "removed" as const;
  // The kinds with a numeric id and one column that names the item are read alike.
  const newestRemoved = (table: NamedItemTable, title: NamedItemTitle) =>
    db.select({ id: table.id, title }).from(table).where(eq(table.moderation, removed)).orderBy(desc(table.id)).limit(limit);
  const [[petRows, productRows, clinicRows, organizationRows, eventRows, profileRows], sightingRows] = await Promise.all([
    db.batch([
      newestPets(db, eq(pets.moderation, removed), limit),
      newestRemoved(products, products.title),
      newestRemoved(clinics, clinics.name),
      newestRemoved(organizations, organizations.name),
      newestRemoved(events, events.title),
      db.select({ id: profiles.publicId, title: profiles.name }).from(profiles).where(eq(profiles.moderation, removed)).limit(limit),
    ]),
    // The sightings, on the activity database (docs/decisions/0050).
    activityDb
      .select({ id: sightings.id, title: sightings.place })
      .from(sightings)
      .where(eq(sightings.moderation, removed))
      .orderBy(desc(sightings.id))
      .limit(limit),
  ]);
  const tag = (kind: ReportItemKind) => (r: { id: number | string | null; title: string }) => ({
    kind,
    id: String(r.id),
    title: r.title || "(sem nome)",
    moderation: removed as ModerationState,
  });
  return [
    ...petRows.map((r) => tag("pet")({ id: r.id, title: petTitle(r) })),
    ...productRows.map(tag("product")),
    ...clinicRows.map(tag("clinic")),
    ...organizationRows.map(tag("organization")),
    ...eventRows.map(tag("event")),
    ...profileRows.map(tag("profile")),
    ...sightingRows.map(tag("sighting")),
  ];
}

/** Suspended accounts, most recent first, on users_suspended_at_idx. */
export function suspendedAccounts(db: Database, limit = 100) {
  return db
    .select({ id: users.id, email: users.email, name: profiles.name, publicId: profiles.publicId, suspendedAt: users.suspendedAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(isNotNull(users.suspendedAt))
    .orderBy(desc(users.suspendedAt))
    .limit(limit);
}

/** A page of the log, newest first; `before` is the last id of the previous page. */
export async function moderationLogPage(db: Database, { before, limit = 50 }: { before?: number; limit?: number } = {}) {
  const rows = await db
    .select()
    .from(moderationLog)
    .where(before ? lt(moderationLog.id, before) : undefined)
    .orderBy(desc(moderationLog.id))
    .limit(limit + 1);
  return { entries: rows.slice(0, limit), next: rows.length > limit ? rows[limit - 1]!.id : null };
}

/** The log entries about one item, oldest first (the item's page). */
export function logOfItem(db: Database, ref: ItemRef, limit = 100) {
  return db
    .select()
    .from(moderationLog)
    .where(and(eq(moderationLog.itemKind, ref.kind), eq(moderationLog.itemId, ref.id)))
    .orderBy(asc(moderationLog.id))
    .limit(limit);
}
