import { eq } from "drizzle-orm";
import type { Database } from "~/context.server";
import { companies } from "~/db/schema";

export async function getCompany(db: Database, id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}
