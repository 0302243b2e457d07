// Premium payments (docs/decisions/0014). Applying an approved payment is one D1 batch
// whose statements are guarded by `applied_at IS NULL`, so the same notification twice
// (or two at once) makes the company Premium once.
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { companies, PAYMENT_STATUSES, payments, type Plan, users } from "~/db/schema";

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

/**
 * A guest's approval: kept against its CNPJ until a company account with that CNPJ and,
 * confirmed, the e-mail typed at checkout signs in or confirms it (docs/decisions/0028).
 */
export async function holdApprovedPayment(db: Database, id: string, providerPaymentId: string) {
  await db
    .update(payments)
    .set({ status: "approved", providerPaymentId, updatedAt: new Date() })
    .where(and(eq(payments.id, id), isNull(payments.appliedAt)));
}

/**
 * Makes `companyId` Premium for `days` more days (from its current expiry while it is
 * still Premium, else from now) and marks the payment applied, in one batch. Returns
 * false when the payment had already been applied (nothing changes then). With
 * `confirmedEmail`, both statements also require the account's e-mail to be that address,
 * confirmed, at the moment they run (a held guest payment, docs/decisions/0028).
 */
export async function applyApprovedPayment(
  db: Database,
  input: { paymentId: string; companyId: string; providerPaymentId: string | null; days: number; now?: Date; confirmedEmail?: string },
): Promise<boolean> {
  const now = (input.now ?? new Date()).getTime();
  const extra = input.days * 24 * 60 * 60 * 1000;
  const owner =
    input.confirmedEmail === undefined
      ? sql`1`
      : sql`exists (select 1 from ${users} where ${users.id} = ${input.companyId} and ${users.email} = ${input.confirmedEmail} and ${users.emailVerified} = 1)`;
  const notApplied = sql`exists (select 1 from ${payments} where ${payments.id} = ${input.paymentId} and ${payments.appliedAt} is null) and ${owner}`;
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
      .where(and(eq(payments.id, input.paymentId), isNull(payments.appliedAt), owner))
      .returning({ id: payments.id }),
  ]);
  return marked.length > 0;
}

/** Approved guest payments for this CNPJ that no company has received yet, with their checkout e-mail. */
export async function heldPaymentsForCnpj(db: Database, cnpj: string) {
  return db
    .select({ id: payments.id, providerPaymentId: payments.providerPaymentId, email: payments.email })
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
