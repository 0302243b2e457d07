// Premium payments (docs/decisions/0014). Applying an approved payment is one D1 batch
// whose statements are guarded by `applied_at IS NULL`, so the same notification twice
// (or two at once) makes the company Premium once.
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "~/context.server";
import { formatCnpj } from "~/lib/cnpj";
import { companies, PAYMENT_STATUSES, payments, type Plan, profiles, users } from "~/db/schema";
import { type Actor, logEntry, rawBatch } from "./moderation.server";

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

/** The new expiry of `days` more Premium: from the current one while still Premium, else from now. */
function premiumExpiry(now: number, days: number) {
  const extra = days * 24 * 60 * 60 * 1000;
  return sql`(case when ${companies.plan} = 'premium' and ${companies.planExpiresAt} > ${now} then ${companies.planExpiresAt} else ${now} end) + ${extra}`;
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
        planExpiresAt: premiumExpiry(now, input.days),
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

/** The status of one of our payments made by this account or by this browser's checkout. */
export async function checkoutPaymentStatus(
  db: Database,
  { paymentId, userId }: { paymentId: string | null; userId: string | null },
): Promise<PaymentStatus | null> {
  if (paymentId) {
    const row = await getPaymentById(db, paymentId);
    // The browser's checkout, unless it belongs to another account than the one signed in.
    if (row && (row.userId === null || row.userId === userId)) return row.status;
  }
  if (!userId) return null;
  // A company back on its dashboard: its most recent payment.
  const [latest] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return latest?.status ?? null;
}

// --- stranded payments (docs/decisions/0028) ------------------------------------------------
// A guest's approved Premium payment whose CNPJ another confirmed account holds: no
// sign-in applies it (it would give the plan beside someone else's CNPJ), so it waits for
// a moderator, who gives the plan and the CNPJ to the payer's confirmed company account.

const holder = alias(companies, "holder");
const holderUser = alias(users, "holder_user");
const payer = alias(users, "payer");
const payerProfile = alias(profiles, "payer_profile");
const checkoutEmail = sql`lower(trim(${payments.email}))`;

/** A guest's approved Premium payment that no account has received yet. */
const heldGuestPayment = and(
  eq(payments.status, "approved"),
  eq(payments.planType, "premium"),
  isNull(payments.userId),
  isNull(payments.appliedAt),
);

function strandedPaymentsQuery(db: Database) {
  return (
    db
      .select({
        id: payments.id,
        companyName: payments.companyName,
        cnpj: payments.cnpj,
        email: payments.email,
        approvedAt: payments.updatedAt,
        holderId: holder.id,
        holderName: holder.companyName,
        holderEmail: holderUser.email,
        payerId: payer.id,
        payerEmail: payer.email,
        payerName: payerProfile.name,
        payerPublicId: payerProfile.publicId,
      })
      .from(payments)
      .innerJoin(holder, and(eq(holder.cnpj, payments.cnpj), sql`${holder.cnpjClaimedAt} is not null`))
      .innerJoin(holderUser, eq(holderUser.id, holder.id))
      // The payer's account: a company whose confirmed sign-in address is the checkout e-mail.
      .leftJoin(payer, and(eq(payer.email, checkoutEmail), eq(payer.emailVerified, true), eq(payer.accountType, "company")))
      .leftJoin(payerProfile, eq(payerProfile.id, payer.id))
  );
}

export type StrandedPayment = Awaited<ReturnType<typeof strandedPayments>>[number];

/** Every stranded payment, oldest first: the moderators' list. */
export async function strandedPayments(db: Database, limit = 50) {
  return strandedPaymentsQuery(db)
    .where(and(heldGuestPayment, ne(holderUser.email, checkoutEmail)))
    .orderBy(payments.createdAt)
    .limit(limit);
}

/** The stranded payments whose checkout e-mail is this (confirmed) address: what its owner is told. */
export async function strandedPaymentsOfEmail(db: Database, email: string) {
  return strandedPaymentsQuery(db)
    .where(and(heldGuestPayment, eq(checkoutEmail, email), ne(holderUser.email, checkoutEmail)))
    .orderBy(payments.createdAt)
    .limit(10);
}

/** One stranded payment, or null (unknown, already received, or its CNPJ free now). */
export async function getStrandedPayment(db: Database, id: string): Promise<StrandedPayment | null> {
  if (id.length > 100) return null;
  const [row] = await strandedPaymentsQuery(db)
    .where(and(eq(payments.id, id), heldGuestPayment, ne(holderUser.email, checkoutEmail)))
    .limit(1);
  return row ?? null;
}

/** Whether this checkout e-mail paid for this CNPJ and is still waiting: its sign-up is let in. */
export async function hasHeldPaymentFor(db: Database, cnpj: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(heldGuestPayment, eq(payments.cnpj, cnpj), eq(checkoutEmail, email.trim().toLowerCase())))
    .limit(1);
  return Boolean(row);
}

/**
 * 'Entregar plano e CNPJ': in one batch, the CNPJ leaves its holder and goes to the payer's
 * company account, which gets `days` of Premium; the payment is marked as received by it
 * and the decision is logged. Every statement requires the payment still waiting and the
 * payer's address still the checkout e-mail, confirmed, so a form sent twice (or a change
 * racing it) changes nothing more. False when nothing changed.
 */
export async function grantStrandedPayment(
  db: Database,
  actor: Actor,
  input: { payment: StrandedPayment & { payerId: string; payerEmail: string }; reason: string; days: number; now?: Date },
): Promise<boolean> {
  const { payment } = input;
  const now = (input.now ?? new Date()).getTime();
  const waiting = sql`exists (select 1 from ${payments} where ${payments.id} = ${payment.id} and ${payments.status} = 'approved' and ${payments.userId} is null and ${payments.appliedAt} is null)`;
  const payerConfirmed = sql`exists (select 1 from ${users} where ${users.id} = ${payment.payerId} and ${users.email} = ${payment.payerEmail} and ${users.emailVerified} = 1)`;
  const allowed = sql`${waiting} and ${payerConfirmed}`;
  const subject = `${payment.companyName} (CNPJ ${formatCnpj(payment.cnpj)}), pago por ${payment.email}`;
  const [logged] = await rawBatch(db, [
    logEntry(actor, "grant-payment", { kind: "profile", id: payment.payerPublicId ?? payment.payerId }, subject, input.reason, allowed),
    // The holder first: the partial unique index allows one holder per CNPJ (0028).
    sql`update ${companies} set cnpj_claimed_at = null, updated_at = ${now}
        where cnpj = ${payment.cnpj} and cnpj_claimed_at is not null and id <> ${payment.payerId} and ${allowed}`,
    sql`update ${companies} set cnpj = ${payment.cnpj}, cnpj_claimed_at = ${now}, plan = 'premium',
        plan_expires_at = ${premiumExpiry(now, input.days)}, updated_at = ${now}
        where id = ${payment.payerId} and ${allowed}`,
    sql`update ${payments} set user_id = ${payment.payerId}, applied_at = ${now}, updated_at = ${now}
        where id = ${payment.id} and ${allowed}`,
  ]);
  return logged!.length > 0;
}
