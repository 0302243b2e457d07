// The arithmetic behind bench:scale's summary (docs/benchmarks/scale.md): the targets of
// docs/decisions/0050, the D1 bill beyond the Workers Paid plan, the three-year storage
// projection per database, the instant alerts' daily cap, and whether the machine was
// quiet. Pure, so tests/unit/scale-verdicts.test.ts checks it without seeding anything.

/** The targets the summary gives a verdict on. */
export const TARGETS = {
  /** Every D1 database after three years at the target (D1 allows 10 GB, not raisable). */
  databaseBytes: 8e9,
  /** Rows read per row returned, for each text query the benchmark measures. */
  textReadsPerReturned: 10,
  /** Rows read per saved search by the daily digest (the plan's pages included). */
  digestReadsPerSearch: 300,
  /** The day's rows over every database. */
  dayRowsRead: 3e9,
  dayRowsWritten: 3e6,
  /** Dollars a month beyond the Workers Paid plan (the target is under, not at). */
  monthlyCost: 100,
};

/** D1's published prices on Workers Paid (https://developers.cloudflare.com/d1/platform/pricing/). */
export const D1_PRICING = {
  readIncludedMonth: 25e9,
  readPerMillion: 0.001,
  writeIncludedMonth: 50e6,
  writePerMillion: 1.0,
  storageIncludedGb: 5,
  storagePerGbMonth: 0.75,
};
export const DAYS_PER_MONTH = 30.4;

export interface MonthlyCost {
  rowsRead: number;
  rowsWritten: number;
  storage: number;
  total: number;
}

/**
 * What D1 bills beyond the plan for a month of these days, over every database of the
 * account (the included rows and storage are per account, not per database).
 */
export function d1MonthlyCost(day: { rowsRead: number; rowsWritten: number }, storedBytes: number, pricing = D1_PRICING): MonthlyCost {
  const rowsRead = (Math.max(0, day.rowsRead * DAYS_PER_MONTH - pricing.readIncludedMonth) / 1e6) * pricing.readPerMillion;
  const rowsWritten = (Math.max(0, day.rowsWritten * DAYS_PER_MONTH - pricing.writeIncludedMonth) / 1e6) * pricing.writePerMillion;
  const storage = Math.max(0, storedBytes / 1e9 - pricing.storageIncludedGb) * pricing.storagePerGbMonth;
  return { rowsRead, rowsWritten, storage, total: rowsRead + rowsWritten + storage };
}

/**
 * Durable Objects' published prices on Workers Paid, SQLite storage
 * (https://developers.cloudflare.com/durable-objects/platform/pricing/): compute (requests,
 * each RPC call one; duration at 128 MB while active) and the objects' own rows and
 * storage, with allowances of their own beside D1's.
 */
export const DURABLE_OBJECTS_PRICING = {
  requestsIncludedMonth: 1e6,
  requestsPerMillion: 0.15,
  gbSecondsIncludedMonth: 400_000,
  gbSecondsPerMillion: 12.5,
  readIncludedMonth: 25e9,
  readPerMillion: 0.001,
  writeIncludedMonth: 50e6,
  writePerMillion: 1.0,
  storageIncludedGb: 5,
  storagePerGbMonth: 0.2,
};

export interface DurableObjectsMonthlyCost {
  requests: number;
  duration: number;
  rowsWritten: number;
  storage: number;
  total: number;
}

/** What Durable Objects bill beyond the plan for a month of these days (reads are far within the allowance and left out). */
export function durableObjectsMonthlyCost(
  day: { requests: number; gbSeconds: number; rowsWritten: number },
  storedBytes: number,
  pricing = DURABLE_OBJECTS_PRICING,
): DurableObjectsMonthlyCost {
  const beyond = (perDay: number, included: number, perMillion: number) =>
    (Math.max(0, perDay * DAYS_PER_MONTH - included) / 1e6) * perMillion;
  const requests = beyond(day.requests, pricing.requestsIncludedMonth, pricing.requestsPerMillion);
  const duration = beyond(day.gbSeconds, pricing.gbSecondsIncludedMonth, pricing.gbSecondsPerMillion);
  const rowsWritten = beyond(day.rowsWritten, pricing.writeIncludedMonth, pricing.writePerMillion);
  const storage = Math.max(0, storedBytes / 1e9 - pricing.storageIncludedGb) * pricing.storagePerGbMonth;
  return { requests, duration, rowsWritten, storage, total: requests + duration + rowsWritten + storage };
}

/** One line of a database's projection: rows after three years, bytes each, and why. */
export interface ProjectedPart {
  what: string;
  rows: number;
  bytesPerRow: number;
  basis: string;
}

export const projectedBytes = (parts: readonly ProjectedPart[]) => parts.reduce((total, p) => total + p.rows * p.bytesPerRow, 0);

/**
 * Rows kept by a retention window: `perDay` rows a day, each kept `days` days (or the
 * whole `horizonDays` if that is shorter).
 */
export const retainedRows = (perDay: number, days: number, horizonDays: number) => perDay * Math.min(days, horizonDays);

/**
 * The day's instant alert mails with each address's daily cap applied: the sample runs with
 * no address at its cap, so its mails scaled to the day are an upper bound the cap may cut
 * to at most `cap` per address (docs/decisions/0046).
 */
export function cappedDailyMails(uncappedPerDay: number, addresses: number, cap: number): number {
  return Math.max(0, Math.min(uncappedPerDay, addresses * cap));
}

export interface Verdict {
  target: string;
  met: boolean;
  measured: string;
}

/** Met when every figure is a number at most `limit` (a missing or NaN figure misses). */
export function atMost(values: readonly number[], limit: number): boolean {
  return values.length > 0 && values.every((v) => Number.isFinite(v) && v <= limit);
}

/** Met when every figure is a number under `limit`. */
export function under(values: readonly number[], limit: number): boolean {
  return values.length > 0 && values.every((v) => Number.isFinite(v) && v < limit);
}

export const verdictLine = (v: Verdict) => `- ${v.target}: **${v.met ? "met" : "missed"}** (${v.measured}).`;

/**
 * The quiet-machine rule: the 1-minute load average below half a runnable task per core at
 * the start (nothing else was busy when the run began) and below one per core at the end
 * (the benchmark's own Node and workerd account for about one; more means other work).
 */
export const QUIET_RULE =
  "quiet when the 1-minute load average is below 0.5 per core at the start and below 1.0 per core at the end (the benchmark itself keeps about one task running)";

export function quietMachine(loadAtStart: number, loadAtEnd: number, cores: number): boolean {
  return cores > 0 && loadAtStart < 0.5 * cores && loadAtEnd < 1.0 * cores;
}
