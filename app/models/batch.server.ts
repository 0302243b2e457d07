// One D1 batch of writes of any shape: D1 runs a batch as one transaction, all or nothing.
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~/context.server";

export async function runBatch(db: Database, statements: BatchItem<"sqlite">[]) {
  if (statements.length === 0) return;
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
