import { and, asc, desc, eq, lte, sql, type SQL } from "drizzle-orm";
import { inIds, inOrder } from "./id-list";
import { isPublic } from "./visibility";
import type { Database } from "~/context.server";
import { type ACTION_AREAS, municipalityNeighbours, organizationImages, organizations, type ORGANIZATION_TYPES } from "~/db/schema";

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

/** The card's municipality too: a list filtered by a city tells each card's distance (docs/decisions/0041). */
export function latestOrganizationsQuery(
  db: Database,
  { type, limit = 8, offset = 0, where }: { type?: OrganizationType; limit?: number; offset?: number; where?: SQL } = {},
) {
  return (
    db
      .select({ ...organizationCardColumns, municipalityCode: organizations.municipalityCode })
      .from(organizations)
      // Held, removed and suspended organizations are not listed (docs/decisions/0035).
      .where(and(type ? eq(organizations.type, type) : undefined, where, isPublic(organizations.moderation)))
      .orderBy(desc(organizations.createdAt), desc(organizations.id))
      .limit(limit)
      .offset(offset)
  );
}

/** Cards for a list of ids (favourites), in the order given; missing ids are skipped. */
export async function getOrganizationCardsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(organizationCardColumns)
    .from(organizations)
    .where(and(inIds(organizations.id, ids), isPublic(organizations.moderation)));
  return inOrder(rows, ids);
}

// --- the NGO behind an ad, and the NGOs near a city (docs/decisions/0047) -------------

/**
 * The card of the organization an account runs (an NGO's, at most one), for the ads it
 * posts: logo, name and city. A held or removed organization has none.
 */
export async function organizationCardOfUser(db: Database, userId: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, location: organizations.location, mainImageUrl: organizations.mainImageUrl })
    .from(organizations)
    .where(and(eq(organizations.userId, userId), isPublic(organizations.moderation)))
    .limit(1);
  return row ?? null;
}

export type AdOrganization = NonNullable<Awaited<ReturnType<typeof organizationCardOfUser>>>;

/**
 * Public organizations whose municipality is within `km` (at most 50) of `code`, nearest
 * first: one range of municipality_neighbours' covering index, then each municipality's
 * organizations by organizations_municipality_code_idx; never a scan of the table.
 */
export function organizationsNear(db: Database, { code, km }: { code: number; km: number }, limit: number) {
  const n = municipalityNeighbours;
  return db
    .select({ ...organizationCardColumns, distanceKm: n.distanceKm })
    .from(n)
    .innerJoin(organizations, eq(organizations.municipalityCode, n.toCode))
    .where(and(eq(n.fromCode, code), lte(n.distanceKm, km), isPublic(organizations.moderation)))
    .orderBy(asc(n.distanceKm), desc(organizations.id))
    .limit(limit);
}

// --- the public page (docs/decisions/0016) ----------------------------------

const publicOrganizationColumns = {
  ...organizationCardColumns,
  whatsapp: organizations.whatsapp,
  email: organizations.email,
  website: organizations.website,
  socialMedia: organizations.socialMedia,
  youtube: organizations.youtube,
  views: organizations.views,
  municipalityCode: organizations.municipalityCode,
};

/** Gallery photos, newest first (spec §7). */
export function organizationImagesQuery(db: Database, organizationId: number) {
  return db
    .select({ id: organizationImages.id, imageUrl: organizationImages.imageUrl })
    .from(organizationImages)
    .where(eq(organizationImages.organizationId, organizationId))
    .orderBy(desc(organizationImages.createdAt), desc(organizationImages.id));
}

/**
 * An organization with its gallery, for /ong/{id}. The owner's user id stays here (the
 * loader compares it and never sends it on; docs/decisions/0011).
 */
export async function getPublicOrganization(db: Database, id: number) {
  const [rows, images] = await db.batch([
    db
      .select({ ...publicOrganizationColumns, ownerId: organizations.userId, moderation: organizations.moderation })
      .from(organizations)
      .where(eq(organizations.id, id))
      .limit(1),
    organizationImagesQuery(db, id),
  ]);
  const row = rows[0];
  if (!row) return null;
  const { ownerId, moderation, ...organization } = row;
  return { organization: { ...organization, images }, ownerId, moderation };
}

// --- the NGO's own organization (one per account; ownership inside every query) --------

/** The account's organization with its gallery, or null. */
export async function getOrganizationOfUser(db: Database, userId: string) {
  const rows = await db.select(publicOrganizationColumns).from(organizations).where(eq(organizations.userId, userId)).limit(1);
  const row = rows[0];
  if (!row) return null;
  return { ...row, images: await organizationImagesQuery(db, row.id) };
}

export async function organizationIdOfUser(db: Database, userId: string): Promise<number | null> {
  const rows = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.userId, userId)).limit(1);
  return rows[0]?.id ?? null;
}

/** The account's organization's `social_media` map (null without one or without networks). */
export async function organizationSocialMediaOfUser(db: Database, userId: string) {
  const rows = await db
    .select({ socialMedia: organizations.socialMedia })
    .from(organizations)
    .where(eq(organizations.userId, userId))
    .limit(1);
  return rows[0]?.socialMedia ?? null;
}

export interface OrganizationFields {
  name: string;
  type: OrganizationType;
  actionArea: (typeof ACTION_AREAS)[number];
  whatsapp: string;
  email: string;
  website: string | null;
  socialMedia: Record<string, string> | null;
  location: string;
  /** The IBGE municipality of `location` (docs/decisions/0032). */
  municipalityCode: number;
  description: string;
  youtube: string | null;
}

/** INSERT … SELECT of one gallery photo for the account's organization (none: nothing). */
function galleryInsert(db: Database, userId: string, url: string, createdAt: Date, condition?: SQL) {
  return db
    .insert(organizationImages)
    .select(
      db
        // Every column in the table's order (drizzle's rule); a NULL id takes the next one.
        .select({
          id: sql<number>`NULL`.as("id"),
          organizationId: organizations.id,
          imageUrl: sql<string>`${url}`.as("image_url"),
          createdAt: sql<Date>`${createdAt.getTime()}`.as("created_at"),
        })
        .from(organizations)
        .where(and(eq(organizations.userId, userId), condition)),
    )
    .returning({ id: organizationImages.id });
}

const ownedOrganizationIds = (userId: string) =>
  sql`SELECT ${organizations.id} FROM ${organizations} WHERE ${organizations.userId} = ${userId}`;

/**
 * The account's organization and its first gallery photos in one batch (one transaction):
 * the unique index on user_id makes a second one fail as a whole (DESIGN decision 4).
 * Returns the new id, or null when the account already has one (nothing written).
 */
export async function insertOrganization(
  db: Database,
  userId: string,
  fields: OrganizationFields,
  mainImageUrl: string,
  galleryUrls: string[],
): Promise<number | null> {
  const now = Date.now();
  try {
    const [inserted] = await db.batch([
      db
        .insert(organizations)
        .values({ ...fields, userId, mainImageUrl })
        .returning({ id: organizations.id }),
      ...galleryUrls.map((url, index) => galleryInsert(db, userId, url, new Date(now + index))),
    ]);
    return inserted[0]?.id ?? null;
  } catch (error) {
    if (/UNIQUE constraint failed/i.test(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error))) {
      return null;
    }
    throw error;
  }
}

/** Updates every field of the account's own organization; false when it has none. */
export async function updateOrganizationOfUser(db: Database, userId: string, fields: OrganizationFields) {
  const rows = await db
    .update(organizations)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(organizations.userId, userId))
    .returning({ id: organizations.id });
  return rows.length > 0;
}

/**
 * Adds gallery photos while the organization stays within `max` photos in all (the main
 * image counts): each INSERT … SELECT checks the count as it runs, in one batch. Returns
 * the URLs that were stored; the others are the caller's to remove from R2.
 */
export async function addOrganizationImagesOfUser(db: Database, userId: string, urls: string[], max: number) {
  if (urls.length === 0) return [];
  const now = Date.now();
  const room = sql`(SELECT count(*) FROM ${organizationImages} WHERE ${organizationImages.organizationId} = ${organizations.id})
    + (CASE WHEN ${organizations.mainImageUrl} IS NULL THEN 0 ELSE 1 END) < ${max}`;
  const [first, ...rest] = urls.map((url, index) => galleryInsert(db, userId, url, new Date(now + index), room));
  const results = await db.batch([first!, ...rest]);
  return urls.filter((_, index) => (results[index] as unknown[]).length > 0);
}

/** Removes one gallery photo of the account's organization; its URL (for R2) or null. */
export async function removeOrganizationImageOfUser(db: Database, userId: string, imageId: number) {
  const rows = await db
    .delete(organizationImages)
    .where(and(eq(organizationImages.id, imageId), sql`${organizationImages.organizationId} IN (${ownedOrganizationIds(userId)})`))
    .returning({ imageUrl: organizationImages.imageUrl });
  return rows[0]?.imageUrl ?? null;
}

/**
 * Makes a gallery photo the main image: the two swap places (the old main image becomes
 * that gallery row), so no photo is lost. One batch; each statement checks the owner and
 * the values read before, so a concurrent change makes both do nothing. False when
 * nothing changed.
 */
export async function chooseMainImageOfUser(db: Database, userId: string, imageId: number) {
  const rows = await db
    .select({ organizationId: organizations.id, mainImageUrl: organizations.mainImageUrl, imageUrl: organizationImages.imageUrl })
    .from(organizationImages)
    .innerJoin(organizations, eq(organizations.id, organizationImages.organizationId))
    .where(and(eq(organizationImages.id, imageId), eq(organizations.userId, userId)))
    .limit(1);
  const found = rows[0];
  if (!found) return false;
  const sameMain =
    found.mainImageUrl === null ? sql`${organizations.mainImageUrl} IS NULL` : eq(organizations.mainImageUrl, found.mainImageUrl);
  const [, updated] = await db.batch([
    found.mainImageUrl === null
      ? db
          .delete(organizationImages)
          .where(and(eq(organizationImages.id, imageId), eq(organizationImages.organizationId, found.organizationId)))
      : db
          .update(organizationImages)
          .set({ imageUrl: found.mainImageUrl })
          .where(
            and(
              eq(organizationImages.id, imageId),
              eq(organizationImages.imageUrl, found.imageUrl),
              sql`${organizationImages.organizationId} IN (SELECT ${organizations.id} FROM ${organizations} WHERE ${organizations.userId} = ${userId} AND ${sameMain})`,
            ),
          ),
    db
      .update(organizations)
      .set({ mainImageUrl: found.imageUrl, updatedAt: new Date() })
      .where(
        and(
          eq(organizations.id, found.organizationId),
          eq(organizations.userId, userId),
          sameMain,
          // Only once the first statement took the photo out of the gallery.
          found.mainImageUrl === null
            ? sql`NOT EXISTS (SELECT 1 FROM ${organizationImages} WHERE ${organizationImages.id} = ${imageId})`
            : sql`EXISTS (SELECT 1 FROM ${organizationImages} WHERE ${organizationImages.id} = ${imageId} AND ${organizationImages.imageUrl} = ${found.mainImageUrl})`,
        ),
      )
      .returning({ id: organizations.id }),
  ]);
  return updated.length > 0;
}
