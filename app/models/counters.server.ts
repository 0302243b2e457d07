import { inArray } from "drizzle-orm";
import type { Database } from "~/context.server";
import { counters } from "~/db/schema";

export const COUNTER_KEYS = [
  "pets",
  "pets:perdido",
  "pets:encontrado",
  "pets:adocao",
  "pets:avistado",
  // Lifecycle counters (migration 0008, docs/decisions/0023).
  "pets:reencontrado",
  "pets:adotado",
  "pets:listed:perdido",
  "pets:listed:encontrado",
  "pets:listed:adocao",
  "pets:listed:avistado",
  "products",
  "organizations",
  "clinics",
  "events",
] as const;
export type CounterKey = (typeof COUNTER_KEYS)[number];
export type Counts = Record<CounterKey, number>;

export function countersQuery(db: Database) {
  return db
    .select({ key: counters.key, value: counters.value })
    .from(counters)
    .where(inArray(counters.key, [...COUNTER_KEYS]));
}

export function toCounts(rows: { key: string; value: number }[]): Counts {
  const counts = Object.fromEntries(COUNTER_KEYS.map((k) => [k, 0])) as Counts;
  for (const row of rows) {
    if (row.key in counts) counts[row.key as CounterKey] = Math.max(0, row.value);
  }
  return counts;
}

export async function getCounts(db: Database): Promise<Counts> {
  return toCounts(await countersQuery(db));
}
