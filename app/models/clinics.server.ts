import { desc, type SQL } from "drizzle-orm";
import type { Database } from "~/context.server";
import { inIds, inOrder } from "./id-list";
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

/** Cards for a list of ids (favourites), in the order given; missing ids are skipped. */
export async function getClinicCardsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.select(clinicCardColumns).from(clinics).where(inIds(clinics.id, ids));
  return inOrder(rows, ids);
}
