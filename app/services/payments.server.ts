// The Premium payment flow (docs/decisions/0014): the landing's form creates a Mercado
// Pago preference and our payments row; the signed webhook reads the payment back from
// Mercado Pago and, only if it is an approved BRL 49,90 payment of ours, makes the company
// Premium. The return URLs only show a message. A guest's approval waits for an account
// with its CNPJ and, confirmed, its checkout e-mail (docs/decisions/0028); one whose CNPJ
// another confirmed account holds waits for a moderator.
import { getCloudflare, getDb, type RequestContext } from "~/context.server";
import { formatCnpj, normalizeCnpj } from "~/lib/cnpj";
import { PREMIUM_DAYS, PREMIUM_PRICE_CENTS, strandedPaymentNotice } from "~/lib/plans";
import { getCompany, isCnpjHeldByAnother } from "~/models/companies.server";
import { getSessionUser } from "~/models/users.server";
import {
  applyApprovedPayment,
  checkoutPaymentStatus,
  getPaymentById,
  getStrandedPayment,
  grantStrandedPayment,
  heldPaymentsForCnpj,
  holdApprovedPayment,
  insertPayment,
  isPaymentStatus,
  recordPaymentStatus,
  strandedPaymentsOfEmail,
} from "~/models/payments.server";
import type { CurrentUser } from "~/platform/auth.server";
import { getSession } from "~/platform/session.server";
import { actorOf } from "~/services/moderation.server";
import { isSandboxEnabled, sandboxMercadoPago } from "~/platform/mercado-pago-sandbox.server";
import { clientIp, consumeRateLimit, ipRule, RATE_LIMITS } from "~/platform/rate-limit.server";
import { siteOrigin } from "~/platform/site-url.server";
import {
  buildPreferenceBody,
  DEFAULT_MERCADOPAGO_API_URL,
  httpMercadoPago,
  type MercadoPagoApi,
  SANDBOX_WEBHOOK_SECRET,
  verifyNotificationSignature,
} from "~/platform/mercado-pago.server";

export const CHECKOUT_ERROR_MESSAGE = "Erro ao processar. Tente novamente.";

/** The configured Mercado Pago: the real API with a token, the local sandbox in dev, else none. */
export function mercadoPagoFor(env: Env, origin: string): MercadoPagoApi | null {
  if (env.MERCADOPAGO_ACCESS_TOKEN) {
    return httpMercadoPago({ baseUrl: env.MERCADOPAGO_API_URL || DEFAULT_MERCADOPAGO_API_URL, accessToken: env.MERCADOPAGO_ACCESS_TOKEN });
  }
  return isSandboxEnabled(env) ? sandboxMercadoPago(env.KV, origin) : null;
}

/** The secret notifications are signed with; the sandbox has a local default. */
export function webhookSecretFor(env: Env): string | null {
  if (env.MERCADOPAGO_WEBHOOK_SECRET) return env.MERCADOPAGO_WEBHOOK_SECRET;
  return isSandboxEnabled(env) ? SANDBOX_WEBHOOK_SECRET : null;
}

export type CheckoutResult = { ok: true; initPoint: string } | { ok: false; reason: "provider" | "rate-limited" };

/**
 * Creates the preference first and then our row (with its preference id) in one insert:
 * when Mercado Pago fails, nothing at all was written.
 */
export async function startPremiumCheckout(
  context: RequestContext,
  request: Request,
  input: { companyName: string; cnpj: string; email: string; userId: string | null },
): Promise<CheckoutResult> {
  const { env } = getCloudflare(context);
  // The back URLs and the notification URL go to Mercado Pago: the site's own address,
  // never the request's Host (docs/decisions/0011).
  const origin = siteOrigin(env);
  const api = mercadoPagoFor(env, origin);
  if (!api) {
    console.error("[pagamentos] Mercado Pago não configurado (MERCADOPAGO_ACCESS_TOKEN).");
    return { ok: false, reason: "provider" };
  }
  const limit = await consumeRateLimit(env, "checkout-ip", clientIp(request), ipRule(RATE_LIMITS.checkoutPerIp, env));
  if (!limit.allowed) return { ok: false, reason: "rate-limited" };
  const paymentId = crypto.randomUUID();
  const cnpj = normalizeCnpj(input.cnpj);
  try {
    const preference = await api.createPreference(
      buildPreferenceBody({
        paymentId,
        planType: "premium",
        companyName: input.companyName,
        cnpj,
        email: input.email,
        userId: input.userId,
        origin,
      }),
    );
    await insertPayment(getDb(context), {
      id: paymentId,
      userId: input.userId,
      planType: "premium",
      companyName: input.companyName,
      cnpj,
      email: input.email,
      amountCents: PREMIUM_PRICE_CENTS,
      preferenceId: preference.id,
    });
    // This browser's checkout: its return URL may welcome it once approved.
    getSession(context).set("checkoutPaymentId", paymentId);
    return { ok: true, initPoint: preference.init_point };
  } catch (error) {
    console.error("[pagamentos] Falha ao criar a preferência:", error instanceof Error ? error.message : error);
    return { ok: false, reason: "provider" };
  }
}

const text = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * POST /webhooks/mercado-pago. 401 for a bad, missing or stale signature (nothing read or
 * written); 200 for every valid notification we have dealt with, even about a payment we
 * do not know, so Mercado Pago stops retrying; 503 when Mercado Pago cannot be asked (it
 * retries later).
 */
export async function handleMercadoPagoWebhook(context: RequestContext, request: Request): Promise<Response> {
  const { env } = getCloudflare(context);
  const check = await verifyNotificationSignature(request, webhookSecretFor(env));
  if (!check.ok) return text("assinatura inválida", 401);

  const url = new URL(request.url);
  const type = url.searchParams.get("type") ?? url.searchParams.get("topic");
  const dataId = url.searchParams.get("data.id")!;
  if (type !== "payment") return text("ignorado", 200);

  const api = mercadoPagoFor(env, siteOrigin(env));
  if (!api) return text("Mercado Pago não configurado", 503);
  let payment;
  try {
    payment = await api.getPayment(dataId);
  } catch (error) {
    console.error("[pagamentos] Falha ao consultar o pagamento:", error instanceof Error ? error.message : error);
    return text("tente novamente", 503);
  }
  const outcome = payment ? await applyProviderPayment(context, payment) : "desconhecido";
  if (outcome !== "ok") console.warn(`[pagamentos] notificação ${dataId}: ${outcome}`);
  return text(outcome === "ok" ? "ok" : "ignorado", 200);
}

/** What Mercado Pago says about a payment, applied to ours. Only its answer is trusted. */
async function applyProviderPayment(
  context: RequestContext,
  payment: { id: number | string; status: string; currency_id: string; transaction_amount: number; external_reference: string | null },
): Promise<"ok" | string> {
  const db = getDb(context);
  const ours = payment.external_reference ? await getPaymentById(db, payment.external_reference) : null;
  if (!ours) return "pagamento que não é nosso";
  const providerPaymentId = String(payment.id);
  if (payment.status !== "approved") {
    if (!isPaymentStatus(payment.status)) return `status desconhecido ${payment.status}`;
    await recordPaymentStatus(db, ours.id, payment.status, providerPaymentId);
    return "ok";
  }
  const amountCents = Math.round(payment.transaction_amount * 100);
  if (
    payment.currency_id !== "BRL" ||
    amountCents !== PREMIUM_PRICE_CENTS ||
    amountCents !== ours.amountCents ||
    ours.planType !== "premium"
  ) {
    return `valor ou moeda inesperados (${payment.currency_id} ${payment.transaction_amount})`;
  }
  if (ours.appliedAt) return "ok"; // already applied: a replay changes nothing
  if (!ours.userId) {
    // A guest: held until its company proves the checkout e-mail (docs/decisions/0028).
    await holdApprovedPayment(db, ours.id, providerPaymentId);
    return "ok";
  }
  await applyApprovedPayment(db, { paymentId: ours.id, companyId: ours.userId, providerPaymentId, days: PREMIUM_DAYS });
  return "ok";
}

/**
 * Applies the approved guest payments made for this company's CNPJ whose checkout e-mail
 * (any case) is the account's own, confirmed e-mail (called at sign-in, Google sign-in and
 * e-mail confirmation). Whoever merely types the CNPJ, or an address they cannot confirm,
 * gets nothing (docs/decisions/0028). Never throws: a failure is logged and the next
 * sign-in tries again.
 */
export async function applyHeldPayments(context: RequestContext, userId: string): Promise<number> {
  try {
    const db = getDb(context);
    const [company, user] = await Promise.all([getCompany(db, userId), getSessionUser(db, userId)]);
    if (!company || !user?.emailVerified) return 0;
    // Another confirmed account holds the CNPJ: a moderator decides (grantStrandedPayment).
    if (company.cnpjClaimedAt === null && (await isCnpjHeldByAnother(db, normalizeCnpj(company.cnpj), userId))) return 0;
    let applied = 0;
    for (const held of await heldPaymentsForCnpj(db, normalizeCnpj(company.cnpj))) {
      if (held.email.trim().toLowerCase() !== user.email) continue;
      const input = { paymentId: held.id, companyId: company.id, providerPaymentId: held.providerPaymentId, days: PREMIUM_DAYS };
      // The batch checks the address again: it may have changed since it was read.
      if (await applyApprovedPayment(db, { ...input, confirmedEmail: user.email })) applied++;
    }
    return applied;
  } catch (error) {
    console.error("[pagamentos] Falha ao aplicar pagamentos pendentes do CNPJ:", error instanceof Error ? error.message : error);
    return 0;
  }
}

/**
 * Whether `?payment=success` may welcome this visitor: an approved payment of the account
 * signed in, or of the checkout this browser started (docs/decisions/0014).
 */
export async function isReturnedPaymentApproved(context: RequestContext, userId: string | null): Promise<boolean> {
  const paymentId = getSession(context).get("checkoutPaymentId") ?? null;
  if (!paymentId && !userId) return false;
  return (await checkoutPaymentStatus(getDb(context), { paymentId, userId })) === "approved";
}

/** What the payer of a stranded payment reads on their dashboard, once their e-mail is confirmed. */
export async function strandedPaymentNoticeFor(
  context: RequestContext,
  user: { email: string; emailVerified: boolean },
): Promise<string | null> {
  if (!user.emailVerified) return null;
  const [waiting] = await strandedPaymentsOfEmail(getDb(context), user.email);
  return waiting ? strandedPaymentNotice(formatCnpj(waiting.cnpj), getCloudflare(context).env.CONTACT_EMAIL) : null;
}

export type GrantResult = { ok: true } | { ok: false; reason: "not-found" | "no-payer" | "unchanged" };

/**
 * 'Entregar plano e CNPJ' (docs/decisions/0028): a moderator gives a stranded payment's
 * plan and CNPJ to the payer's confirmed company account, logged with the reason.
 */
export async function grantPaymentToPayer(
  context: RequestContext,
  admin: CurrentUser,
  paymentId: string,
  reason: string,
): Promise<GrantResult> {
  const db = getDb(context);
  const payment = await getStrandedPayment(db, paymentId);
  if (!payment) return { ok: false, reason: "not-found" };
  const { payerId, payerEmail } = payment;
  if (!payerId || !payerEmail) return { ok: false, reason: "no-payer" };
  const granted = await grantStrandedPayment(db, actorOf(admin), {
    payment: { ...payment, payerId, payerEmail },
    reason,
    days: PREMIUM_DAYS,
  });
  return granted ? { ok: true } : { ok: false, reason: "unchanged" };
}
