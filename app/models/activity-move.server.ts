// The rows migration 0022 left in the main database on their way to the activity database
// (docs/decisions/0050): `moved_sightings` and `moved_mail_deliveries`, the old tables
// renamed, copied a page at a time with their ids and keys (app/services/activity-move).
// All the mover's SQL. Each page travels as one JSON parameter a statement (D1 binds at
// most 100), and every step can run again: the copy skips what is already there, the
// delete names the rows it read.
import { type SQL, sql } from "drizzle-orm";
import type { ActivityDatabase, Database } from "~/context.server";

interface MovedTable {
  /** The table in the main database (migration 0022's name). */
  from: string;
  /** Its table in the activity database (app/db/activity-schema.ts). */
  to: string;
  /** The primary key: the pages' order, and what the copy keeps. */
  key: string;
  /** Every column, the same in both. */
  columns: string[];
}

export const MOVED_TABLES = {
  sightings: {
    from: "moved_sightings",
    to: "sightings",
    key: "id",
    columns: [
      "id",
      "pet_id",
      "place",
      "municipality_code",
      "seen_at",
      "notes",
      "image_url",
      "contact",
      "reporter_user_id",
      "hidden_at",
      "moderation",
      "created_at",
    ],
  },
  mails: {
    from: "moved_mail_deliveries",
    to: "mail_deliveries",
    key: "key",
    columns: ["key", "recipient", "message", "created_at", "sent_at", "attempts", "lease_until", "failed_at"],
  },
} satisfies Record<string, MovedTable>;

export type MovedKind = keyof typeof MOVED_TABLES;

/** A row as D1 gives it: column name to value (text, integer or null: no blobs here). */
export type MovedRow = Record<string, string | number | null>;

const names = (columns: string[]) =>
  sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );

/** Which of the moved tables the main database still has (each is dropped once empty). */
export async function movedTablesLeft(db: Database): Promise<MovedKind[]> {
  const kinds = Object.keys(MOVED_TABLES) as MovedKind[];
  const rows = await db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (${sql.join(
      kinds.map((k) => sql`${MOVED_TABLES[k].from}`),
      sql`, `,
    )})`,
  );
  const left = new Set(rows.map((r) => r.name));
  return kinds.filter((k) => left.has(MOVED_TABLES[k].from));
}

/** The first `limit` rows left, by primary key (the copied ones are deleted, so always the first). */
export function firstMovedRows(db: Database, kind: MovedKind, limit: number): Promise<MovedRow[]> {
  const t: MovedTable = MOVED_TABLES[kind];
  return db.all<MovedRow>(sql`SELECT ${names(t.columns)} FROM ${sql.identifier(t.from)} ORDER BY ${sql.identifier(t.key)} LIMIT ${limit}`);
}

/**
 * Copies rows into the activity database as they were, ids and keys included; a row
 * already there (an earlier run stopped before its delete, or a mail the same job wrote
 * again) is left as it is. `rowsJson` is a JSON array of MovedRow.
 */
export function copyMovedRows(db: ActivityDatabase, kind: MovedKind, rowsJson: string) {
  const t: MovedTable = MOVED_TABLES[kind];
  const values: SQL = sql.join(
    // The column names are this module's own constants.
    t.columns.map((c) => sql.raw(`json_extract(value, '$.${c}')`)),
    sql`, `,
  );
  // WHERE 1: SQLite's parser needs it before ON CONFLICT in an INSERT … SELECT.
  return db.run(
    sql`INSERT INTO ${sql.identifier(t.to)} (${names(t.columns)}) SELECT ${values} FROM json_each(${rowsJson}) WHERE 1 ON CONFLICT DO NOTHING`,
  );
}

/** Deletes from the main database the rows a page copied. */
export function deleteMovedRows(db: Database, kind: MovedKind, keys: (string | number)[]) {
  const t: MovedTable = MOVED_TABLES[kind];
  return db.run(
    sql`DELETE FROM ${sql.identifier(t.from)} WHERE ${sql.identifier(t.key)} IN (SELECT value FROM json_each(${JSON.stringify(keys)}))`,
  );
}

/** Drops the table once no row is left in it; true when it is gone. */
export async function dropMovedTableIfEmpty(db: Database, kind: MovedKind): Promise<boolean> {
  const t: MovedTable = MOVED_TABLES[kind];
  const [row] = await db.all<{ one: number }>(sql`SELECT 1 AS one FROM ${sql.identifier(t.from)} LIMIT 1`);
  if (row) return false;
  await db.run(sql`DROP TABLE IF EXISTS ${sql.identifier(t.from)}`);
  return true;
}
