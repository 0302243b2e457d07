// The company plans of spec §9 and what each allows (docs/decisions/0014).
import type { Plan } from "~/db/schema";
import { formatBRL } from "~/lib/format";
import { pluralize } from "~/lib/text";

export const BASIC_PRODUCT_LIMIT = 5;
export const PREMIUM_PRICE_CENTS = 4990;
/** 'R$ 49,90/mês': what the checkout charges, wherever the plan is offered. */
export const PREMIUM_PRICE_LABEL = `${formatBRL(PREMIUM_PRICE_CENTS)}/mês`;
export const PREMIUM_DAYS = 30;
export const PREMIUM_PLAN_NAME = "Plano Premium";
export const BASIC_LIMIT_MESSAGE = "O Plano Básico permite até 5 produtos. Assine o Plano Premium para anunciar mais.";

/** What a company has now: Premium only while it has not lapsed. */
export function effectivePlan(company: { plan: Plan; planExpiresAt: Date | null }, now = new Date()): Plan {
  return company.plan === "premium" && company.planExpiresAt !== null && company.planExpiresAt.getTime() > now.getTime()
    ? "premium"
    : "basic";
}

/** '3 de 5 produtos' on the Plano Básico; Premium has no limit, so only the count ('12 produtos'). */
export function productsOfPlan(plan: Plan, count: number): string {
  return plan === "premium" ? pluralize(count, "produto", "produtos") : `${count} de ${BASIC_PRODUCT_LIMIT} produtos`;
}

/** Whether one more product may be created (Premium: no limit). */
export function canAddProduct(plan: Plan, currentCount: number): boolean {
  return plan === "premium" || currentCount < BASIC_PRODUCT_LIMIT;
}

export const PAYMENT_RETURN_TOASTS = {
  success: { type: "success", title: `Pagamento aprovado! Bem-vindo ao ${PREMIUM_PLAN_NAME}!` },
  failure: { type: "error", title: "Pagamento não foi aprovado. Tente novamente." },
  pending: { type: "info", title: "Pagamento está sendo processado. Você receberá uma confirmação em breve." },
} as const;

export type PaymentReturn = keyof typeof PAYMENT_RETURN_TOASTS;

/**
 * `?payment=success` when no approved payment of this account or of this browser's
 * checkout exists (yet): the URL alone proves nothing (docs/decisions/0014).
 */
export const PAYMENT_CONFIRMING_TOAST = {
  type: "info",
  title: `Estamos confirmando seu pagamento. Assim que o Mercado Pago aprovar, o ${PREMIUM_PLAN_NAME} é ativado e avisamos você.`,
} as const;

/**
 * A guest's approved payment for a CNPJ that another confirmed account holds, as its payer
 * reads it once their e-mail is confirmed (docs/decisions/0028).
 */
export function strandedPaymentNotice(cnpj: string, contactEmail: string): string {
  return (
    `Seu pagamento do ${PREMIUM_PLAN_NAME} foi aprovado, mas o CNPJ ${cnpj} já pertence a outra conta. ` +
    `Nossa equipe vai analisar e, confirmado que o CNPJ é da sua empresa, o plano e o CNPJ passam para esta conta. Dúvidas: ${contactEmail}.`
  );
}

export function isPaymentReturn(value: string | null): value is PaymentReturn {
  return value === "success" || value === "failure" || value === "pending";
}
