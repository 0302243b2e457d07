// Reading the rate-limit counters and view marks of the test's activity database
// (docs/decisions/0038, 0050), and a database handle that adds up the rows D1 says each statement wrote (what D1 bills).
import { env } from "cloudflare:workers";
import { createActivityDatabase } from "~/context.server";

/** The counters whose key starts with `prefix` ("bucket:subject:"), key → count. */
export async function countersWithPrefix(prefix: string): Promise<Map<string, number>> {
  const { results } = await env.ACTIVITY_DB.prepare("SELECT key, n FROM rate_counters WHERE substr(key, 1, length(?1)) = ?1 ORDER BY key")
    .bind(prefix)
    .all<{ key: string; n: number }>();
  return new Map(results.map((r) => [r.key, r.n]));
}

export async function allCounters(): Promise<{ key: string; n: number; expires_at: number }[]> {
  return (
    await env.ACTIVITY_DB.prepare("SELECT key, n, expires_at FROM rate_counters ORDER BY key").all<{
      key: string;
      n: number;
      expires_at: number;
    }>()
  ).results;
}

export async function allViewMarks(): Promise<string[]> {
  return (await env.ACTIVITY_DB.prepare("SELECT key FROM view_marks ORDER BY key").all<{ key: string }>()).results.map((r) => r.key);
}

/**
 * A drizzle database over env.ACTIVITY_DB whose statements report `meta.rows_written` (the local
 * D1 counts as the hosted one: table and index rows) into `written`, one entry per statement.
 */
export function meteredDb() {
  const written: number[] = [];
  const real = new WeakMap<object, D1PreparedStatement>();
  const record = (result: unknown) => {
    const meta = (result as { meta?: { rows_written?: number } }).meta;
    written.push(meta?.rows_written ?? Number.NaN);
    return result;
  };
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        const member = Reflect.get(target, prop, target) as unknown;
        if (typeof member !== "function") return member;
        if (prop === "bind")
          return (...values: unknown[]) => wrap((member as (...v: unknown[]) => D1PreparedStatement).apply(target, values));
        if (prop === "run" || prop === "all")
          return async (...args: unknown[]) => record(await (member as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        return (member as (...a: unknown[]) => unknown).bind(target);
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  const d1 = new Proxy(env.ACTIVITY_DB, {
    get(target, prop) {
      const member = Reflect.get(target, prop, target) as unknown;
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements.map((s) => real.get(s) ?? s));
          for (const result of results) record(result);
          return results;
        };
      }
      return typeof member === "function" ? (member as (...a: unknown[]) => unknown).bind(target) : member;
    },
  });
  return { db: createActivityDatabase(d1), written };
}
