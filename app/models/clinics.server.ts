import { desc, type SQL } from "drizzle-orm";
import type { Database } from "~/context.server";
import { clinics } from "~/db/schema";

export const clinicCardColumns = {
  id: clinics.id,
  name: clinics.name,
  category: clinics.category,
  location: clinics.location,
  address: clinics.address,
  hasHomeService: clinics.hasHomeService,
  mainImageUrl: clinics.mainImageUrl,
};


/** Spec §9: 4 by default (8 on the home page). */
export function latestClinicsQuery(
  db: Database,
  { limit = 4, offset = 0, where }: { limit?: number; offset?: number; where?: SQL } = {},
) {
  return db
    .select(clinicCardColumns)
    .from(clinics)
    .where(where)
    .orderBy(desc(clinics.createdAt), desc(clinics.id))
    .limit(limit)
    .offset(offset);
}
