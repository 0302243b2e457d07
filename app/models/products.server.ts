import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { inIds, inOrder } from "./id-list";
import { isPublic } from "./visibility";
import type { Database } from "~/context.server";
import { companies, productImages, products, users, type ProductCategory } from "~/db/schema";
import { BASIC_PRODUCT_LIMIT } from "~/lib/plans";

export const productCardColumns = {
  id: products.id,
  title: products.title,
  category: products.category,
  priceCents: products.priceCents,
  location: products.location,
  homeDelivery: products.homeDelivery,
  mainImageUrl: products.mainImageUrl,
  // The card's time ago (docs/decisions/0041).
  createdAt: products.createdAt,
};

/** The card's municipality too: a list filtered by a city tells each card's distance (docs/decisions/0041). */
export function latestProductsQuery(
  db: Database,
  { category, limit = 8, offset = 0, where }: { category?: ProductCategory; limit?: number; offset?: number; where?: SQL } = {},
) {
  return (
    db
      .select({ ...productCardColumns, municipalityCode: products.municipalityCode })
      .from(products)
      // Held, removed and suspended products are not listed (docs/decisions/0035).
      .where(and(category ? eq(products.category, category) : undefined, where, isPublic(products.moderation)))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limit)
      .offset(offset)
  );
}

/** Cards for a list of ids (favourites), in the order given; missing ids are skipped. */
export async function getProductCardsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(productCardColumns)
    .from(products)
    .where(and(inIds(products.id, ids), isPublic(products.moderation)));
  return inOrder(rows, ids);
}

// --- the company's own products (docs/decisions/0014) -----------------------------------

export type NewProduct = Omit<typeof products.$inferInsert, "id" | "userId" | "mainImageUrl" | "views" | "createdAt" | "updatedAt">;

/** Premium now: the plan is premium and has not lapsed (as effectivePlan says). */
export function premiumCompanyCondition(companyId: SQL | SQLiteColumn, now: Date) {
  return sql`EXISTS (SELECT 1 FROM ${companies} WHERE ${companies.id} = ${companyId} AND ${companies.plan} = 'premium' AND ${companies.planExpiresAt} > ${now.getTime()})`;
}

/** The ids of the companies that are Premium now, as a subquery (for IN / NOT IN). */
export function premiumCompanyIds(now: Date) {
  return sql`(SELECT ${companies.id} FROM ${companies} WHERE ${companies.plan} = 'premium' AND ${companies.planExpiresAt} > ${now.getTime()})`;
}

export function countProductsByOwner(db: Database, userId: string) {
  return db.$count(products, eq(products.userId, userId));
}

export function listProductsByOwner(db: Database, userId: string) {
  return db
    .select({ ...productCardColumns, views: products.views })
    .from(products)
    .where(eq(products.userId, userId))
    .orderBy(desc(products.createdAt), desc(products.id));
}

/**
 * A new product and its extra photos in one D1 batch, only when the plan allows it: the
 * limit is part of the INSERT (… SELECT … WHERE the owner has fewer than 5 products OR is
 * Premium now), so two requests sent at once cannot both pass a check made before it.
 * Returns the new id, or null when the plan refused it (nothing was written).
 */
export async function createProductWithinPlan(
  db: Database,
  userId: string,
  product: NewProduct,
  imageUrls: string[],
  now = new Date(),
): Promise<number | null> {
  const [main, ...extra] = imageUrls;
  const at = now.getTime();
  const allowed = and(
    eq(users.id, userId),
    eq(users.accountType, "company"),
    or(
      sql`(SELECT count(*) FROM ${products} WHERE ${products.userId} = ${userId}) < ${BASIC_PRODUCT_LIMIT}`,
      premiumCompanyCondition(users.id, now),
    ),
  );
  const insertProduct = db
    .insert(products)
    .select(
      db
        .select({
          // Every column, in table order (drizzle's rule); a NULL id is auto-assigned.
          id: sql<number>`NULL`.as("id"),
          userId: users.id,
          title: sql<string>`${product.title}`.as("title"),
          category: sql<string>`${product.category}`.as("category"),
          description: sql<string>`${product.description}`.as("description"),
          priceCents: sql<number>`${product.priceCents}`.as("price_cents"),
          location: sql<string>`${product.location}`.as("location"),
          municipalityCode: sql<number | null>`${product.municipalityCode ?? null}`.as("municipality_code"),
          contact: sql<string>`${product.contact}`.as("contact"),
          socialMedia: sql<string | null>`${product.socialMedia ? JSON.stringify(product.socialMedia) : null}`.as("social_media"),
          website: sql<string | null>`${product.website ?? null}`.as("website"),
          homeDelivery: sql<number>`${product.homeDelivery ? 1 : 0}`.as("home_delivery"),
          mainImageUrl: sql<string | null>`${main ?? null}`.as("main_image_url"),
          views: sql<number>`0`.as("views"),
          moderation: sql<null>`NULL`.as("moderation"),
          createdAt: sql<number>`${at}`.as("created_at"),
          updatedAt: sql<number>`${at}`.as("updated_at"),
        })
        .from(users)
        .where(allowed),
    )
    .returning({ id: products.id });
  // A batch is one transaction on D1's single writer: right after the insert the highest
  // id is the new product, and its main image (a fresh random key) tells it apart from
  // an older product when the plan refused the insert (docs/decisions/0008).
  const insertImages = extra.map((imageUrl) =>
    db.insert(productImages).select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          productId: products.id,
          imageUrl: sql<string>`${imageUrl}`.as("image_url"),
          createdAt: sql<number>`${at}`.as("created_at"),
        })
        .from(products)
        .where(
          and(
            eq(products.id, sql`(SELECT max(${products.id}) FROM ${products})`),
            eq(products.userId, userId),
            eq(products.mainImageUrl, main!),
          ),
        ),
    ),
  );
  const [inserted] = await db.batch([insertProduct, ...insertImages]);
  return inserted[0]?.id ?? null;
}

/** The owner's product with its extra photos; null when it is not theirs (or gone). */
export async function getOwnedProduct(db: Database, { id, userId }: { id: number; userId: string }) {
  const [[product], images] = await db.batch([
    db
      .select()
      .from(products)
      .where(and(eq(products.id, id), eq(products.userId, userId)))
      .limit(1),
    db
      .select({ imageUrl: productImages.imageUrl })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(and(eq(products.id, id), eq(products.userId, userId)))
      .orderBy(asc(productImages.id)),
  ]);
  if (!product) return null;
  return { ...product, images: images.map((i) => i.imageUrl) };
}

export type OwnedProduct = NonNullable<Awaited<ReturnType<typeof getOwnedProduct>>>;

/**
 * Owner-only update, photos included, in one batch: the WHERE carries the owner and the
 * photo rows go through the owned product, so anyone else changes nothing. Null in
 * `changes` clears a column (blank optional fields). Returns false when nothing matched.
 */
export async function updateProductForOwner(
  db: Database,
  { id, userId }: { id: number; userId: string },
  changes: NewProduct,
  { addImageUrls, removeImageUrls, mainImageUrl }: { addImageUrls: string[]; removeImageUrls: string[]; mainImageUrl: string | null },
): Promise<boolean> {
  const owned = and(eq(products.id, id), eq(products.userId, userId));
  const ownedProduct = sql`(SELECT ${products.id} FROM ${products} WHERE ${products.id} = ${id} AND ${products.userId} = ${userId})`;
  const now = new Date();
  const [updated] = await db.batch([
    db
      .update(products)
      .set({ ...changes, mainImageUrl, updatedAt: now })
      .where(owned)
      .returning({ id: products.id }),
    ...removeImageUrls.map((url) =>
      db.delete(productImages).where(and(eq(productImages.productId, ownedProduct), eq(productImages.imageUrl, url))),
    ),
    ...addImageUrls.map((imageUrl) =>
      db.insert(productImages).select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            productId: products.id,
            imageUrl: sql<string>`${imageUrl}`.as("image_url"),
            createdAt: sql<number>`${now.getTime()}`.as("created_at"),
          })
          .from(products)
          .where(owned),
      ),
    ),
  ]);
  return updated.length > 0;
}

/**
 * Owner-only delete of the product and its photo rows in one batch; returns the image
 * URLs to remove from R2, or null when the product is not theirs.
 */
export async function deleteProductForOwner(db: Database, { id, userId }: { id: number; userId: string }) {
  const owned = and(eq(products.id, id), eq(products.userId, userId));
  const ownedProduct = sql`(SELECT ${products.id} FROM ${products} WHERE ${products.id} = ${id} AND ${products.userId} = ${userId})`;
  const [images, , deleted] = await db.batch([
    db
      .select({ imageUrl: productImages.imageUrl })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(owned),
    db.delete(productImages).where(eq(productImages.productId, ownedProduct)),
    db.delete(products).where(owned).returning({ mainImageUrl: products.mainImageUrl }),
  ]);
  if (deleted.length === 0) return null;
  return [deleted[0]!.mainImageUrl, ...images.map((i) => i.imageUrl)].filter((u): u is string => Boolean(u));
}

/**
 * The product as /produto/{id} shows it: photos and the company's name, never the
 * owner's account id or e-mail (docs/decisions/0011); the owner's id and the moderation
 * state come apart, for the loader only.
 */
export async function getPublicProduct(db: Database, id: number) {
  const [[row], images] = await db.batch([
    db
      .select({
        id: products.id,
        title: products.title,
        category: products.category,
        description: products.description,
        priceCents: products.priceCents,
        location: products.location,
        contact: products.contact,
        socialMedia: products.socialMedia,
        website: products.website,
        homeDelivery: products.homeDelivery,
        mainImageUrl: products.mainImageUrl,
        views: products.views,
        createdAt: products.createdAt,
        moderation: products.moderation,
        ownerId: products.userId,
        companyName: companies.companyName,
      })
      .from(products)
      .leftJoin(companies, eq(companies.id, products.userId))
      .where(eq(products.id, id))
      .limit(1),
    db
      .select({ imageUrl: productImages.imageUrl })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.id)),
  ]);
  if (!row) return null;
  // The owner's id and the moderation state stay on the server (docs/decisions/0011, 0035).
  const { ownerId, moderation, ...product } = row;
  return { product: { ...product, images: images.map((i) => i.imageUrl) }, ownerId, moderation };
}
