// Abuse limits for sign-in, sign-up and password reset: fixed-window counters in KV.
// KV has no atomic increment, so under a burst a few extra attempts may slip through;
// that is acceptable for slowing down guessing, and it costs no extra binding.

export interface RateLimit {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export const RATE_LIMITS = {
  signInPerIp: { limit: 30, windowSeconds: 15 * 60 },
  signInFailuresPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  signUpPerIp: { limit: 10, windowSeconds: 60 * 60 },
  resetPerIp: { limit: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

export const RATE_LIMITED_MESSAGE = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";

function windowKey(bucket: string, subject: string, rule: RateLimit, now: number) {
  const window = Math.floor(now / (rule.windowSeconds * 1000));
  return {
    key: `ratelimit:${bucket}:${subject}:${window}`,
    retryAfterSeconds: Math.ceil(((window + 1) * rule.windowSeconds * 1000 - now) / 1000),
  };
}

/** Counts one attempt; refuses it when the window is already full. */
export async function consumeRateLimit(
  kv: KVNamespace,
  bucket: string,
  subject: string,
  rule: RateLimit,
  now = Date.now(),
): Promise<RateLimitResult> {
  const { key, retryAfterSeconds } = windowKey(bucket, subject, rule, now);
  const count = Number((await kv.get(key)) ?? 0);
  if (count >= rule.limit) return { allowed: false, retryAfterSeconds };
  // KV's shortest expiry is 60 seconds.
  await kv.put(key, String(count + 1), { expirationTtl: Math.max(60, rule.windowSeconds) });
  return { allowed: true, retryAfterSeconds: 0 };
}

/** Whether the window is full, without counting (e.g. failures counted separately). */
export async function isRateLimited(
  kv: KVNamespace,
  bucket: string,
  subject: string,
  rule: RateLimit,
  now = Date.now(),
): Promise<RateLimitResult> {
  const { key, retryAfterSeconds } = windowKey(bucket, subject, rule, now);
  const count = Number((await kv.get(key)) ?? 0);
  return count >= rule.limit ? { allowed: false, retryAfterSeconds } : { allowed: true, retryAfterSeconds: 0 };
}

/** Scales per-IP limits (only the e2e server raises it: every test shares 127.0.0.1). */
export function ipRule(rule: RateLimit, env: { RATE_LIMIT_IP_MULTIPLIER?: string }): RateLimit {
  const factor = Number(env.RATE_LIMIT_IP_MULTIPLIER ?? 1);
  return Number.isFinite(factor) && factor > 1 ? { ...rule, limit: rule.limit * factor } : rule;
}

export function clientIp(request: Request): string {
  return (
    request.headers.get("CF-Connecting-IP") ??
    request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ??
    "desconhecido"
  );
}

/** Account keys are hashed so that no e-mail address sits in KV key names. */
export async function subjectHash(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value.trim().toLowerCase()));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 32);
}
