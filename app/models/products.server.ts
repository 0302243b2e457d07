import { and, desc, eq, type SQL } from "drizzle-orm";
import { inIds, inOrder } from "./id-list";
import type { Database } from "~/context.server";
import { products, type ProductCategory } from "~/db/schema";

export const productCardColumns = {
  id: products.id,
  title: products.title,
  category: products.category,
  priceCents: products.priceCents,
  location: products.location,
  homeDelivery: products.homeDelivery,
  mainImageUrl: products.mainImageUrl,
};


export function latestProductsQuery(
  db: Database,
  {
    category,
    limit = 8,
    offset = 0,
    where,
  }: { category?: ProductCategory; limit?: number; offset?: number; where?: SQL } = {},
) {
  return db
    .select(productCardColumns)
    .from(products)
    .where(and(category ? eq(products.category, category) : undefined, where))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
    .offset(offset);
}

/** Cards for a list of ids (favourites), in the order given; missing ids are skipped. */
export async function getProductCardsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.select(productCardColumns).from(products).where(inIds(products.id, ids));
  return inOrder(rows, ids);
}
