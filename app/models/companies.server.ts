import { eq } from "drizzle-orm";
import type { Database } from "~/context.server";
import { companies } from "~/db/schema";

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

/** The company's own profile: only its row (the id is the signed-in user's). */
export async function updateCompanyProfile(
  db: Database,
  userId: string,
  changes: CompanyProfileChanges,
): Promise<UpdateCompanyResult> {
  try {
    const rows = await db
      .update(companies)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(companies.id, userId))
      .returning({ id: companies.id });
    return rows.length > 0 ? { ok: true } : { ok: false, reason: "not-found" };
  } catch (error) {
    const text = String((error as { cause?: unknown })?.cause ?? error);
    if (text.includes("UNIQUE") && text.includes("companies.cnpj")) return { ok: false, reason: "cnpj-taken" };
    throw error;
  }
}
