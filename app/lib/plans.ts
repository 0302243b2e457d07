// The company plans of spec §9 and what each allows (docs/decisions/0014).
import type { Plan } from "~/db/schema";

export const BASIC_PRODUCT_LIMIT = 5;
export const PREMIUM_PRICE_CENTS = 4990;
export const PREMIUM_DAYS = 30;
export const PREMIUM_PLAN_NAME = "Plano Premium";
export const BASIC_LIMIT_MESSAGE = "O Plano Básico permite até 5 produtos. Assine o Plano Premium para anunciar mais.";

/** What a company has now: Premium only while it has not lapsed. */
export function effectivePlan(company: { plan: Plan; planExpiresAt: Date | null }, now = new Date()): Plan {
  return company.plan === "premium" && company.planExpiresAt !== null && company.planExpiresAt.getTime() > now.getTime()
    ? "premium"
    : "basic";
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

export function isPaymentReturn(value: string | null): value is PaymentReturn {
  return value === "success" || value === "failure" || value === "pending";
}
