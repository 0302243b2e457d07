// The contact form's write: abuse limits (KV) before the message is saved (D1), so the
// route action only parses input (docs/decisions/0012).
import type { RouterContextProvider } from "react-router";
import { getCloudflare, getDb } from "~/context.server";
import { createContactMessage, type NewContactMessage } from "~/models/contact-messages.server";
import { clientIp, consumeRateLimit, ipRule, RATE_LIMITS, subjectHash } from "~/platform/rate-limit.server";
import { getSession } from "~/platform/session.server";

export type ContactResult = { ok: true } | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/**
 * Saves a message unless its address (a coarse ceiling: many phones share a carrier's
 * address) or its sender's e-mail (the real limit) has sent too many this hour.
 */
export async function sendContactMessage(
  context: Readonly<RouterContextProvider>,
  request: Request,
  message: Omit<NewContactMessage, "userId">,
): Promise<ContactResult> {
  const { env } = getCloudflare(context);
  const perIp = await consumeRateLimit(env, "contact-ip", clientIp(request), ipRule(RATE_LIMITS.contactPerIp, env));
  if (!perIp.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: perIp.retryAfterSeconds };
  const perEmail = await consumeRateLimit(env, "contact-email", await subjectHash(message.email), RATE_LIMITS.contactPerEmail);
  if (!perEmail.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: perEmail.retryAfterSeconds };
  await createContactMessage(getDb(context), { ...message, userId: getSession(context).get("userId") ?? null });
  return { ok: true };
}
