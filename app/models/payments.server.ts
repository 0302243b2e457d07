// Premium payments (docs/decisions/0014). Applying an approved payment is one D1 batch
// whose statements are guarded by `applied_at IS NULL`, so the same notification twice
// (or two at once) makes the company Premium once.
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { companies, PAYMENT_STATUSES, payments, type Plan } from "~/db/schema";

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentRow = typeof payments.$inferSelect;

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

export async function insertPayment(
  db: Database,
  row: {
    id: string;
    userId: string | null;
    planType: Plan;
    companyName: string;
    cnpj: string;
    email: string;
    amountCents: number;
    preferenceId: string;
  },
) {
  await db.insert(payments).values({ ...row, status: "pending" });
}

export async function getPaymentById(db: Database, id: string): Promise<PaymentRow | null> {
  if (id.length > 100) return null;
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

/**
 * A status that is not an approval: recorded only while the payment has not been approved
 * (an approval followed by a late "pending" changes nothing).
 */
export async function recordPaymentStatus(db: Database, id: string, status: PaymentStatus, providerPaymentId: string) {
  await db
    .update(payments)
    .set({ status, providerPaymentId, updatedAt: new Date() })
    .where(and(eq(payments.id, id), isNull(payments.appliedAt), ne(payments.status, "approved")));
}

/** A guest's approval: kept against its CNPJ until that company signs up or signs in. */
export async function holdApprovedPayment(db: Database, id: string, providerPaymentId: string) {
  await db
    .update(payments)
    .set({ status: "approved", providerPaymentId, updatedAt: new Date() })
    .where(and(eq(payments.id, id), isNull(payments.appliedAt)));
}

/**
 * Makes `companyId` Premium for `days` more days (from its current expiry while it is
 * still Premium, else from now) and marks the payment applied, in one batch. Returns
 * false when the payment had already been applied (nothing changes then).
 */
export async function applyApprovedPayment(
  db: Database,
  input: { paymentId: string; companyId: string; providerPaymentId: string | null; days: number; now?: Date },
): Promise<boolean> {
  const now = (input.now ?? new Date()).getTime();
  const extra = input.days * 24 * 60 * 60 * 1000;
  const notApplied = sql`exists (select 1 from ${payments} where ${payments.id} = ${input.paymentId} and ${payments.appliedAt} is null)`;
  const [, marked] = await db.batch([
    db
      .update(companies)
      .set({
        plan: "premium",
        planExpiresAt: sql`(case when ${companies.plan} = 'premium' and ${companies.planExpiresAt} > ${now} then ${companies.planExpiresAt} else ${now} end) + ${extra}`,
        updatedAt: new Date(now),
      })
      .where(and(eq(companies.id, input.companyId), notApplied)),
    db
      .update(payments)
      .set({
        status: "approved",
        userId: input.companyId,
        ...(input.providerPaymentId ? { providerPaymentId: input.providerPaymentId } : {}),
        appliedAt: new Date(now),
        updatedAt: new Date(now),
      })
      .where(and(eq(payments.id, input.paymentId), isNull(payments.appliedAt)))
      .returning({ id: payments.id }),
  ]);
  return marked.length > 0;
}

/** Approved guest payments for this CNPJ that no company has received yet. */
export async function heldPaymentsForCnpj(db: Database, cnpj: string) {
  return db
    .select({ id: payments.id, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(
      and(
        eq(payments.cnpj, cnpj),
        eq(payments.status, "approved"),
        eq(payments.planType, "premium"),
        isNull(payments.userId),
        isNull(payments.appliedAt),
      ),
    )
    .orderBy(payments.createdAt);
}
