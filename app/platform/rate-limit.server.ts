// Abuse limits (sign-in, sign-up, reset, forms, hearts, WhatsApp…): fixed-window counters,
// one per (bucket, subject, window), in the RateCounters Durable Object (docs/decisions/0051;
// they were D1 rows, 0038). Each check counts and checks in one call the object runs alone,
// so a burst gets exactly the limit through (KV's read-then-write let a burst slip past);
// an ended window's table is dropped by the object's alarm, with no sweep. If the object
// cannot be reached the check throws, as a D1 failure did: a limit is never skipped.
// (The object's class lives apart, in rate-counters-object.server.ts: it imports the
// runtime's DurableObject, which only the Worker has; this module also runs in Node.)

/** What reaches the counters' object: the Worker's env (a job's or a request's). */
export type RateCountersEnv = Pick<Env, "RATE_COUNTERS">;

/** One counter a request would take: its key (window included), its limit, its window's end. */
export interface CounterSlot {
  key: string;
  limit: number;
  /** Epoch ms: the window's end, after which the counter is dropped. */
  expiresAt: number;
}

/** The one object of every rate-limit counter. */
export function rateCounters(env: RateCountersEnv) {
  return env.RATE_COUNTERS.get(env.RATE_COUNTERS.idFromName("rate-counters"));
}

export interface RateLimit {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
  /**
   * Day windows that start at midnight in Brasília (UTC−3 all year) instead of UTC, so a
   * message may truthfully say "hoje" and "amanhã" (docs/decisions/0030).
   */
  brasiliaDays?: boolean;
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export const RATE_LIMITS = {
  // Per-IP rules are coarse ceilings: a mobile carrier's CGNAT puts thousands of phones
  // behind one address. The strict rules count an account or an e-mail (docs/decisions/0011).
  signInPerIp: { limit: 300, windowSeconds: 15 * 60 },
  // Wrong passwords for one account from one client: that client is refused for a while.
  // Each attempt is reserved before the password is checked; a right one gives it back.
  signInFailuresPerClient: { limit: 5, windowSeconds: 15 * 60 },
  // Wrong passwords for one account from everywhere: a hard ceiling an hour, which a
  // completed password reset lifts. One client alone cannot reach it (docs/decisions/0011).
  signInFailuresPerAccount: { limit: 30, windowSeconds: 60 * 60 },
  // Wrong current passwords before 'Excluir minha conta', a new e-mail or a new CNPJ:
  // past it, the session that keeps guessing is signed out (docs/decisions/0011).
  currentPasswordFailuresPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  signUpPerIp: { limit: 100, windowSeconds: 60 * 60 },
  signUpPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  resetPerIp: { limit: 60, windowSeconds: 60 * 60 },
  resetPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  // The contact form (docs/decisions/0012): a ceiling per address, the real one per sender.
  contactPerIp: { limit: 20, windowSeconds: 60 * 60 },
  contactPerEmail: { limit: 3, windowSeconds: 60 * 60 },
  // Anonymous hearts: each new visitor id is a KV value kept for a year; each heart
  // rewrites one (docs/decisions/0012).
  newVisitorFavoritesPerIp: { limit: 60, windowSeconds: 60 * 60 },
  heartsPerVisitor: { limit: 120, windowSeconds: 60 * 60 },
  // Mails the owner of an account can trigger (confirmation again, e-mail change).
  accountMailPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  // Photos a visitor (not signed in) stores as drafts, counted per file; each session
  // also holds at most one ad's worth of them (docs/decisions/0008).
  draftPhotosPerIp: { limit: 60, windowSeconds: 60 * 60 },
  // Premium checkouts: each one is a Mercado Pago preference and a payments row
  // (docs/decisions/0014).
  checkoutPerIp: { limit: 30, windowSeconds: 60 * 60 },
  // "Chamar no WhatsApp" goes through /pet/{id}/whatsapp so the owner's number is not in
  // the page: a ceiling per address, a stricter one per visitor or account, so harvesting
  // numbers costs a scraper hours (docs/decisions/0022).
  whatsappPerIp: { limit: 30, windowSeconds: 60 * 60 },
  whatsappPerVisitor: { limit: 10, windowSeconds: 60 * 60 },
  // 'Vi este pet' (docs/decisions/0024): anyone may send one, so a ceiling per client
  // group (as high as the contact form's: a carrier's address is shared). Per pet, each
  // network (IPv6 /48) gets a few a day, and the pet a shared ceiling in two parts: an open
  // one that nine networks fill, and a reserved one for networks new to the pet and for
  // confirmed accounts, one a day per network, so a few networks cannot silence its
  // sightings (docs/decisions/0030).
  sightingsPerIp: { limit: 20, windowSeconds: 60 * 60 },
  sightingsPerPetPerNetwork: { limit: 5, windowSeconds: 24 * 60 * 60, brasiliaDays: true },
  sightingsPerPet: { limit: 45, windowSeconds: 24 * 60 * 60, brasiliaDays: true },
  sightingsReservedPerPet: { limit: 15, windowSeconds: 24 * 60 * 60, brasiliaDays: true },
  // 'Enviar mensagem' (docs/decisions/0033 §2): the same shape as 'Vi este pet'
  // (0030), since each message is a mail to the poster: a ceiling per client group, a few a
  // day per (ad, network), and a shared ceiling per ad with its reserved part.
  petMessagesPerIp: { limit: 20, windowSeconds: 60 * 60 },
  petMessagesPerPetPerNetwork: { limit: 3, windowSeconds: 24 * 60 * 60, brasiliaDays: true },
  petMessagesPerPet: { limit: 20, windowSeconds: 24 * 60 * 60, brasiliaDays: true },
  petMessagesReservedPerPet: { limit: 10, windowSeconds: 24 * 60 * 60, brasiliaDays: true },
  // What one network may take from an ad's reserved part a day (sightings and messages).
  reservedPerPetPerNetwork: { limit: 1, windowSeconds: 24 * 60 * 60, brasiliaDays: true },
  // 'Avise-me' (docs/decisions/0026): saves per client group and per e-mail; the
  // confirmation mails a visitor can make us send to one address are fewer still.
  savedSearchesPerIp: { limit: 30, windowSeconds: 60 * 60 },
  savedSearchesPerEmail: { limit: 10, windowSeconds: 60 * 60 },
  savedSearchConfirmationsPerEmail: { limit: 3, windowSeconds: 60 * 60 },
  // 'Denunciar' (docs/decisions/0035): a ceiling per client group (a carrier's address is
  // shared) and a stricter one per reporter (an account, or a visitor's cookie and group).
  // A report only queues work for a moderator; the one-per-item rule stops repeats.
  reportsPerIp: { limit: 30, windowSeconds: 60 * 60 },
  reportsPerReporter: { limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

export const RATE_LIMITED_MESSAGE = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";
/** Under a 'Muitas tentativas' heading, what to do (the heading already says what happened). */
export const RATE_LIMITED_ADVICE = "Aguarde alguns minutos e tente novamente.";

// Brasília has had no daylight saving time since 2019: midnight there is 03:00 UTC.
const BRASILIA_OFFSET_MS = 3 * 60 * 60 * 1000;

function windowKey(bucket: string, subject: string, rule: RateLimit, now: number) {
  const shift = rule.brasiliaDays ? BRASILIA_OFFSET_MS : 0;
  const window = Math.floor((now - shift) / (rule.windowSeconds * 1000));
  const end = (window + 1) * rule.windowSeconds * 1000 + shift;
  return {
    slot: { key: `${bucket}:${subject}:${window}`, limit: rule.limit, expiresAt: end } satisfies CounterSlot,
    retryAfterSeconds: Math.ceil((end - now) / 1000),
  };
}

const refusedFor = (retryAfterSeconds: number): RateLimitResult => ({ allowed: false, retryAfterSeconds });
const allowed = (): RateLimitResult => ({ allowed: true, retryAfterSeconds: 0 });

/** Counts one attempt; refuses it (counting nothing) when the window is already full. */
export async function consumeRateLimit(env: RateCountersEnv, bucket: string, subject: string, rule: RateLimit, now = Date.now()) {
  const { slot, retryAfterSeconds } = windowKey(bucket, subject, rule, now);
  return (await rateCounters(env).take([slot])).taken ? allowed() : refusedFor(retryAfterSeconds);
}

/** What the current window has counted, and when it ends. */
async function readWindow(env: RateCountersEnv, bucket: string, subject: string, rule: RateLimit, now: number) {
  const { slot, retryAfterSeconds } = windowKey(bucket, subject, rule, now);
  return { count: (await rateCounters(env).read([slot]))[slot.key] ?? 0, retryAfterSeconds };
}

/** How many attempts the current window has counted. */
export async function countInWindow(env: RateCountersEnv, bucket: string, subject: string, rule: RateLimit, now = Date.now()) {
  return (await readWindow(env, bucket, subject, rule, now)).count;
}

/** Forgets every window of the subjects that start with `subjectPrefix` in a bucket. */
export async function clearRateLimits(env: RateCountersEnv, bucket: string, subjectPrefix: string) {
  await rateCounters(env).deletePrefix(`${bucket}:${subjectPrefix}`);
}

/** One of the limits an action checks together (`limit` names it in the answer). */
export interface NamedLimit<L extends string = string> {
  limit: L;
  bucket: string;
  subject: string;
  rule: RateLimit;
}

/**
 * Every limit counted, or none: a refused request writes nothing. One call checks them
 * all and counts them all in one transaction of the object (docs/decisions/0038, 0051),
 * so no undo is needed and a burst cannot pass between the check and the count. The
 * first full limit, in the order given, says which limit refused and how long to wait.
 */
export async function takeRateLimits<L extends string>(
  env: RateCountersEnv,
  limits: NamedLimit<L>[],
  now = Date.now(),
): Promise<{ allowed: true } | { allowed: false; limit: L; retryAfterSeconds: number }> {
  const windows = limits.map(({ bucket, subject, rule }) => windowKey(bucket, subject, rule, now));
  if (windows.length === 0) return { allowed: true };
  const { taken, counts } = await rateCounters(env).take(windows.map((w) => w.slot));
  if (taken) return { allowed: true };
  const full = windows.findIndex((w) => (counts[w.slot.key] ?? 0) >= w.slot.limit);
  // Always found: the object answers with the counts as the refusal left them.
  const index = Math.max(0, full);
  return { allowed: false, limit: limits[index]!.limit, retryAfterSeconds: windows[index]!.retryAfterSeconds };
}

/**
 * Reserves one attempt against every limit before the check they guard (a password): all
 * or none, as `takeRateLimits`, so a burst gets at most the limit checked. `release` gives
 * the attempt back when it turned out not to count (the right password), in the windows
 * it was taken from; an attempt never released stays counted (docs/decisions/0038).
 */
export async function reserveRateLimits<L extends string>(
  env: RateCountersEnv,
  limits: NamedLimit<L>[],
  now = Date.now(),
): Promise<{ allowed: true; release: () => Promise<void> } | { allowed: false; limit: L; retryAfterSeconds: number }> {
  const taken = await takeRateLimits(env, limits, now);
  if (!taken.allowed) return taken;
  const slots = limits.map(({ bucket, subject, rule }) => windowKey(bucket, subject, rule, now).slot);
  return { allowed: true, release: () => rateCounters(env).release(slots) };
}

/** Whether the window is full, without counting (e.g. failures counted separately). */
export async function isRateLimited(env: RateCountersEnv, bucket: string, subject: string, rule: RateLimit, now = Date.now()) {
  const { count, retryAfterSeconds } = await readWindow(env, bucket, subject, rule, now);
  return count >= rule.limit ? refusedFor(retryAfterSeconds) : allowed();
}

/** Scales per-IP limits (only the e2e server raises it: every test shares 127.0.0.1). */
export function ipRule(rule: RateLimit, env: { RATE_LIMIT_IP_MULTIPLIER?: string }): RateLimit {
  const factor = Number(env.RATE_LIMIT_IP_MULTIPLIER ?? 1);
  return Number.isFinite(factor) && factor > 1 ? { ...rule, limit: rule.limit * factor } : rule;
}

/** The address the request came from (Cloudflare's header; the proxy's header locally). */
function requestAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "";
}

/**
 * The client a per-IP limit counts: the IPv4 address, or the /64 prefix of an IPv6 one
 * (one household or phone gets a whole /64, so counting single addresses would let one
 * client rotate through billions of them). See docs/decisions/0011.
 */
export function clientIp(request: Request): string {
  return clientGroup(requestAddress(request)) ?? "desconhecido";
}

/**
 * The network a shared ceiling counts (per ad, per item): the IPv4 address, or the /48
 * prefix of an IPv6 one. A Brazilian home gets a /56 (256 /64s) and providers hand out
 * /48s, so one connection must not count as many senders (docs/decisions/0011).
 */
export function clientNetwork(request: Request): string {
  return clientGroup(requestAddress(request), 48) ?? "desconhecido";
}

/**
 * "2804:14c:1:2:aaaa::1" -> "2804:14c:1:2::/64" (or "2804:14c:1::/48" with a prefix of 48);
 * IPv4 as it is; null when not an address.
 */
export function clientGroup(address: string, prefixBits: 48 | 64 = 64): string | null {
  const value = address.trim().toLowerCase();
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(value)) return value;
  if (!/^[0-9a-f:.]+$/.test(value) || !value.includes(":") || value.length > 45) return null;
  const [head = "", tail, ...rest] = value.split("::");
  if (rest.length > 0) return null;
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  const groups = (parts: string[]) => parts.reduce((n, part) => n + (part.includes(".") ? 2 : 1), 0);
  const missing = 8 - groups(left) - groups(right);
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const full = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right];
  if (full.length >= 7 && full.at(-1)!.includes(".") && full.slice(0, 5).every((g) => /^0+$/.test(g)) && full[5] === "ffff") {
    return full.at(-1)!; // IPv4-mapped
  }
  const prefix = full.slice(0, prefixBits / 16);
  if (full.slice(0, 4).some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return `${prefix.map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/${prefixBits}`;
}

/** Hashed subjects: no e-mail address or account id sits in a counter's key (docs/decisions/0038). */
export async function subjectHash(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value.trim().toLowerCase()));
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, 32);
}
