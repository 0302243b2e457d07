import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { companies, users } from "~/db/schema";

export async function getCompany(db: Database, id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}

export interface CompanyProfileChanges {
  companyName: string;
  cnpj: string;
  email: string;
  phone: string;
  address: string;
  description: string;
  website: string | null;
  // Undefined keeps the current logo; null removes it.
  logoUrl?: string | null;
}

export type UpdateCompanyResult = { ok: true } | { ok: false; reason: "cnpj-taken" | "not-found" };

// Another company whose confirmed e-mail made it the holder of `cnpj` (docs/decisions/0028).
const heldByAnother = (cnpj: string | typeof companies.cnpj, userId: string) =>
  sql`exists (select 1 from ${companies} as holder where holder.cnpj = ${cnpj} and holder.cnpj_claimed_at is not null and holder.id <> ${userId})`;

const emailConfirmed = (userId: string) =>
  sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.emailVerified} = 1)`;

/**
 * The company's own profile: only its row (the id is the signed-in user's). A CNPJ held by
 * another confirmed account is refused; a new CNPJ is held at once when this account's
 * e-mail is confirmed and nobody holds it, else not at all (docs/decisions/0028). Payments
 * never move with the CNPJ: a held one follows only its checkout e-mail.
 */
export async function updateCompanyProfile(db: Database, userId: string, changes: CompanyProfileChanges): Promise<UpdateCompanyResult> {
  const now = new Date();
  try {
    const rows = await db
      .update(companies)
      .set({
        ...changes,
        // SQLite reads the old row in SET: the same CNPJ keeps its claim as it was.
        cnpjClaimedAt: sql`case when ${companies.cnpj} = ${changes.cnpj} then ${companies.cnpjClaimedAt} when ${emailConfirmed(userId)} then ${now.getTime()} else null end`,
        updatedAt: now,
      })
      .where(and(eq(companies.id, userId), sql`not ${heldByAnother(changes.cnpj, userId)}`))
      .returning({ id: companies.id });
    if (rows.length > 0) return { ok: true };
    return (await getCompany(db, userId)) ? { ok: false, reason: "cnpj-taken" } : { ok: false, reason: "not-found" };
  } catch (error) {
    const text = String((error as { cause?: unknown })?.cause ?? error);
    if (text.includes("UNIQUE") && text.includes("companies.cnpj")) return { ok: false, reason: "cnpj-taken" };
    throw error;
  }
}

/** Whether a confirmed account other than `userId` holds this CNPJ (docs/decisions/0028). */
export async function isCnpjHeldByAnother(db: Database, cnpj: string, userId = "") {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.cnpj, cnpj), ne(companies.id, userId), sql`${companies.cnpjClaimedAt} is not null`))
    .limit(1);
  return Boolean(row);
}

/**
 * Makes the company its CNPJ's holder when its e-mail is confirmed and no confirmed account
 * holds that CNPJ (docs/decisions/0028). A statement, so that the confirmation of an e-mail
 * and the claim go in one batch; the partial unique index refuses a second holder anyway.
 */
export function claimCnpjStatement(db: Database, userId: string, now = new Date()) {
  return db
    .update(companies)
    .set({ cnpjClaimedAt: now })
    .where(
      and(
        eq(companies.id, userId),
        isNull(companies.cnpjClaimedAt),
        emailConfirmed(userId),
        sql`not ${heldByAnother(companies.cnpj, userId)}`,
      ),
    );
}

/** The claim on its own (at sign-in: a CNPJ its holder left may be taken). */
export async function claimCnpj(db: Database, userId: string) {
  await claimCnpjStatement(db, userId);
}
