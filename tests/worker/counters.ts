// Reading the rate-limit counters in their Durable Object (docs/decisions/0051), and the
// rows the object wrote to its own SQLite (what Durable Objects bill).
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { RateCounters } from "~/platform/rate-counters-object.server";
import { rateCounters } from "~/platform/rate-limit.server";

/** Every counter the object holds (an ended hour not yet dropped included), in key order. */
export async function allCounters(): Promise<{ key: string; n: number }[]> {
  return runInDurableObject(rateCounters(env), (_instance: RateCounters, state) => {
    const sql = state.storage.sql;
    const tables = sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c\\_%' ESCAPE '\\'");
    const counters = [...tables].flatMap(({ name }) => [...sql.exec<{ key: string; n: number }>(`SELECT key, n FROM ${name}`)]);
    return counters.map(({ key, n }) => ({ key, n })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  });
}

/** The counters whose key starts with `prefix` ("bucket:subject:"), key → count. */
export async function countersWithPrefix(prefix: string): Promise<Map<string, number>> {
  return new Map((await allCounters()).filter((c) => c.key.startsWith(prefix)).map((c) => [c.key, c.n]));
}

/** The rows the counters' object wrote since the last call. */
export async function counterRowsWritten(): Promise<number> {
  return runInDurableObject(rateCounters(env), (instance: RateCounters) => {
    const out = instance.rowsWritten;
    instance.rowsWritten = 0;
    return out;
  });
}
