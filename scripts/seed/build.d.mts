// Types of the seed builder (build.mjs) for the TypeScript that tests it.
export function buildSeedSql(now?: number): string;
export function eventDate(event: Record<string, unknown>, now: number): string;
