// D1's rows_read of the app's own statements, for tests that bound what the daily work
// reads (docs/decisions/0040, 0049).
import { env } from "cloudflare:workers";
import { createActivityDatabase, createDatabase } from "~/context.server";

/**
 * A drizzle database over env.DB (or `binding`: env.ACTIVITY_DB, read through `activityDb`)
 * that adds up D1's `meta.rows_read` of every statement.
 * drizzle reads through `raw()`, which has no meta: a read runs once with `all()` for the
 * count first (the count is what D1 bills for the statement); a write (UPDATE …
 * RETURNING) runs once, with `all()`, its rows turned into arrays.
 */
export function readMeter(binding: D1Database = env.DB) {
  let read = 0;
  let written = 0;
  // A batch hands D1 the statements themselves, not these wrappers.
  const unwrapped = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    const wrapper = new Proxy(statement, {
      get(target, prop) {
        const member = Reflect.get(target, prop, target) as unknown;
        if (typeof member !== "function") return member;
        if (prop === "bind")
          return (...values: unknown[]) => wrap((member as (...v: unknown[]) => D1PreparedStatement).apply(target, values), query);
        if (prop === "raw") {
          return async (...args: unknown[]) => {
            const result = await target.all();
            read += result.meta.rows_read;
            written += result.meta.rows_written;
            if (/^\s*(update|insert|delete)\b/i.test(query)) return result.results.map((row) => Object.values(row as object));
            return (member as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          };
        }
        if (prop === "all" || prop === "run") {
          return async (...args: unknown[]) => {
            const result = (await (member as (...a: unknown[]) => Promise<D1Result>).apply(target, args)) as D1Result;
            read += result.meta.rows_read;
            written += result.meta.rows_written;
            return result;
          };
        }
        return (member as (...a: unknown[]) => unknown).bind(target);
      },
    });
    unwrapped.set(wrapper, statement);
    return wrapper;
  };
  const d1 = new Proxy(binding, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query), query);
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements.map((s) => unwrapped.get(s) ?? s));
          for (const result of results) {
            read += result.meta.rows_read;
            written += result.meta.rows_written;
          }
          return results;
        };
      }
      const member = Reflect.get(target, prop, target) as unknown;
      return typeof member === "function" ? (member as (...a: unknown[]) => unknown).bind(target) : member;
    },
  });
  return {
    db: createDatabase(d1),
    activityDb: createActivityDatabase(d1),
    /** Rows read since the last call. */
    take() {
      const out = read;
      read = 0;
      return out;
    },
    /** Rows written since the last call. */
    takeWritten() {
      const out = written;
      written = 0;
      return out;
    },
  };
}
