import { and, desc, eq, type SQL } from "drizzle-orm";
import { inIds, inOrder } from "./id-list";
import type { Database } from "~/context.server";
import { organizations, ORGANIZATION_TYPES } from "~/db/schema";

type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const organizationCardColumns = {
  id: organizations.id,
  name: organizations.name,
  type: organizations.type,
  actionArea: organizations.actionArea,
  location: organizations.location,
  description: organizations.description,
  mainImageUrl: organizations.mainImageUrl,
};


export function latestOrganizationsQuery(
  db: Database,
  {
    type,
    limit = 8,
    offset = 0,
    where,
  }: { type?: OrganizationType; limit?: number; offset?: number; where?: SQL } = {},
) {
  return db
    .select(organizationCardColumns)
    .from(organizations)
    .where(and(type ? eq(organizations.type, type) : undefined, where))
    .orderBy(desc(organizations.createdAt), desc(organizations.id))
    .limit(limit)
    .offset(offset);
}

/** Cards for a list of ids (favourites), in the order given; missing ids are skipped. */
export async function getOrganizationCardsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.select(organizationCardColumns).from(organizations).where(inIds(organizations.id, ids));
  return inOrder(rows, ids);
}
