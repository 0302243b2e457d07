import { applyD1Migrations, evictAllDurableObjects, listDurableObjectIds, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Every file starts from the migrated, empty schema and empty KV and R2. The files of one
// vitest worker share its workerd and storage (`isolate: false`, docs/decisions/0003), so
// what an earlier file left is dropped first.
async function emptyDatabase(db: D1Database) {
  const objects = async () =>
    (
      await db
        .prepare(
          "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
        )
        .all<{ type: string; name: string; sql: string | null }>()
    ).results;
  const drop = (statements: string[]) =>
    statements.length ? db.batch([db.prepare("PRAGMA defer_foreign_keys = on"), ...statements.map((s) => db.prepare(s))]) : null;
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  // Full-text tables first: dropping one drops its shadow tables with it.
  const first = await objects();
  await drop(first.filter((o) => o.type === "view").map((o) => `DROP VIEW IF EXISTS ${quoted(o.name)}`));
  await drop(first.filter((o) => /^CREATE VIRTUAL TABLE/i.test(o.sql ?? "")).map((o) => `DROP TABLE IF EXISTS ${quoted(o.name)}`));
  // Then the rest, a table only once nothing left refers to it: dropping a table that is
  // still referenced checks every row against the tables that refer to it (slow for the
  // municipalities).
  let tables = (await objects()).filter((o) => o.type === "table").map((o) => o.name);
  const refers = new Map<string, string[]>();
  for (const table of tables) {
    const keys = await db.prepare(`PRAGMA foreign_key_list(${quoted(table)})`).all<{ table: string }>();
    refers.set(
      table,
      [...new Set(keys.results.map((key) => key.table))].filter((other) => other !== table),
    );
  }
  while (tables.length) {
    const referred = new Set(tables.flatMap((table) => refers.get(table) ?? []));
    const free = tables.filter((table) => !referred.has(table));
    const now = free.length ? free : tables;
    await drop(now.map((table) => `DROP TABLE IF EXISTS ${quoted(table)}`));
    tables = tables.filter((table) => !now.includes(table));
  }
}

async function emptyKv(kv: KVNamespace) {
  let cursor: string | undefined;
  do {
    const page = await kv.list({ cursor });
    await Promise.all(page.keys.map((key) => kv.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

async function emptyBucket(bucket: R2Bucket) {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor });
    if (page.objects.length) await bucket.delete(page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

// Every database, each with its own migrations (docs/decisions/0050).
await Promise.all([emptyDatabase(env.DB), emptyDatabase(env.ACTIVITY_DB), emptyKv(env.KV), emptyBucket(env.IMAGES)]);
await Promise.all([applyD1Migrations(env.DB, env.TEST_MIGRATIONS), applyD1Migrations(env.ACTIVITY_DB, env.TEST_ACTIVITY_MIGRATIONS)]);

// The Durable Objects (docs/decisions/0051): their storage goes too (ids restart
// with the emptied tables, so pet 1 of this file must not find pet 1 of the last), then
// their instances, with what they keep in memory.
async function emptyDurableObjects<T extends Rpc.DurableObjectBranded | undefined>(namespace: DurableObjectNamespace<T>) {
  const ids = await listDurableObjectIds(namespace);
  await Promise.all(ids.map((id) => runInDurableObject(namespace.get(id), (_instance, state) => state.storage.deleteAll())));
}
await Promise.all([emptyDurableObjects(env.VIEW_COUNTERS), emptyDurableObjects(env.RATE_COUNTERS)]);
await evictAllDurableObjects();
