// Moves the sightings and the mail outbox that migration 0022 left in the main database
// (`moved_sightings`, `moved_mail_deliveries`) to the activity database, a bounded part on
// each half-hourly run, and drops each old table once it is empty (docs/decisions/0050,
// "Moving a populated database"). A page is read from main, copied to activity keeping its ids
// and keys (a row already there is skipped), then deleted from main: a run stopped at any
// point leaves rows that the next one copies again harmlessly. The mail comes first, so
// what was pending is soon found by the pending-mail sweep in its new place.
import type { ActivityDatabase, Database } from "~/context.server";
import { jsonArraysUnder } from "~/lib/json-groups";
import {
  copyMovedRows,
  deleteMovedRows,
  dropMovedTableIfEmpty,
  firstMovedRows,
  MOVED_TABLES,
  type MovedKind,
  movedTablesLeft,
} from "~/models/activity-move.server";

/** Rows a page reads: its ids fit one JSON parameter, its copy a few statements. */
export const MOVE_PAGE_ROWS = 200;
/** Rows of each table a run moves at most: 25 pages, about 75 queries, well within a run. */
export const MOVE_ROWS_PER_RUN = 5000;
/** JSON text a copy statement takes at most (a pending mail carries its body, ~20 KB). */
const COPY_JSON_CHARS = 500_000;

export interface MoveReport {
  moved: Record<MovedKind, number>;
  /** The old tables dropped by this run (empty, or emptied by it). */
  dropped: MovedKind[];
}

/** One run: up to `rowsPerRun` rows of each old table, in pages of `pageRows`. */
export async function moveActivityRows(
  db: Database,
  activityDb: ActivityDatabase,
  { pageRows = MOVE_PAGE_ROWS, rowsPerRun = MOVE_ROWS_PER_RUN }: { pageRows?: number; rowsPerRun?: number } = {},
): Promise<MoveReport> {
  const report: MoveReport = { moved: { mails: 0, sightings: 0 }, dropped: [] };
  const left = await movedTablesLeft(db);
  // The mail first: a pending one waits for its move to be delivered.
  for (const kind of (["mails", "sightings"] as const).filter((k) => left.includes(k))) {
    for (;;) {
      const budget = rowsPerRun - report.moved[kind];
      if (budget <= 0) break;
      const rows = await firstMovedRows(db, kind, Math.min(pageRows, budget));
      if (rows.length === 0) {
        if (await dropMovedTableIfEmpty(db, kind)) report.dropped.push(kind);
        break;
      }
      for (const group of jsonArraysUnder(rows, COPY_JSON_CHARS)) await copyMovedRows(activityDb, kind, group);
      await deleteMovedRows(
        db,
        kind,
        rows.map((row) => row[MOVED_TABLES[kind].key]!),
      );
      report.moved[kind] += rows.length;
    }
  }
  return report;
}
