import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/context.server";
import { inIds, inOrder } from "./id-list";
import { isPublic } from "./visibility";
import { clinics, companies, veterinarians, type CLINIC_CATEGORIES } from "~/db/schema";

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
export function latestClinicsQuery(db: Database, { limit = 4, offset = 0, where }: { limit?: number; offset?: number; where?: SQL } = {}) {
  return (
    db
      .select(clinicCardColumns)
      .from(clinics)
      // Held, removed and suspended clinics are not listed (docs/decisions/0035).
      .where(and(where, isPublic(clinics.moderation)))
      .orderBy(desc(clinics.createdAt), desc(clinics.id))
      .limit(limit)
      .offset(offset)
  );
}

/** Cards for a list of ids (favourites), in the order given; missing ids are skipped. */
export async function getClinicCardsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(clinicCardColumns)
    .from(clinics)
    .where(and(inIds(clinics.id, ids), isPublic(clinics.moderation)));
  return inOrder(rows, ids);
}

/**
 * The /clinicas listing (docs/decisions/0015): clinics of companies whose Premium has not
 * lapsed come first, marked `highlighted` ('Destaque'), then the newest.
 * The card's municipality too: a list filtered by a city tells each card's distance
 * (docs/decisions/0041).
 */
export function listedClinicsQuery(
  db: Database,
  { limit, offset = 0, where, now = Date.now() }: { limit: number; offset?: number; where?: SQL; now?: number },
) {
  const featured = sql<number>`CASE WHEN ${companies.plan} = 'premium' AND ${companies.planExpiresAt} > ${now} THEN 1 ELSE 0 END`;
  return db
    .select({
      ...clinicCardColumns,
      highlighted: featured.mapWith(Boolean),
      municipalityCode: clinics.municipalityCode,
    })
    .from(clinics)
    .leftJoin(companies, eq(companies.id, clinics.userId))
    .where(and(where, isPublic(clinics.moderation)))
    .orderBy(desc(featured), desc(clinics.createdAt), desc(clinics.id))
    .limit(limit)
    .offset(offset);
}

// --- the public page ------------------------------------------------------------------

const publicClinicColumns = {
  id: clinics.id,
  name: clinics.name,
  description: clinics.description,
  category: clinics.category,
  location: clinics.location,
  municipalityCode: clinics.municipalityCode,
  address: clinics.address,
  phone: clinics.phone,
  email: clinics.email,
  whatsapp: clinics.whatsapp,
  website: clinics.website,
  specialties: clinics.specialties,
  services: clinics.services,
  openHours: clinics.openHours,
  hasParking: clinics.hasParking,
  hasHomeService: clinics.hasHomeService,
  mainImageUrl: clinics.mainImageUrl,
  socialMedia: clinics.socialMedia,
  views: clinics.views,
  createdAt: clinics.createdAt,
  updatedAt: clinics.updatedAt,
};

const veterinarianColumns = { id: veterinarians.id, name: veterinarians.name, specialty: veterinarians.specialty };

function veterinariansOf(db: Database, clinicId: number) {
  return db.select(veterinarianColumns).from(veterinarians).where(eq(veterinarians.clinicId, clinicId)).orderBy(veterinarians.id);
}

/**
 * A clinic and its veterinarians for /clinica/{id}. The owner's id comes apart so the
 * page can tell the owner without sending it to the browser (docs/decisions/0011).
 */
export async function getPublicClinic(db: Database, id: number) {
  const [rows, vets] = await db.batch([
    db
      .select({ ...publicClinicColumns, ownerId: clinics.userId, moderation: clinics.moderation })
      .from(clinics)
      .where(eq(clinics.id, id))
      .limit(1),
    veterinariansOf(db, id),
  ]);
  const row = rows[0];
  if (!row) return null;
  const { ownerId, moderation, ...clinic } = row;
  return { clinic: { ...clinic, veterinarians: vets }, ownerId, moderation };
}

// --- the company's own clinics (ownership inside every query) ---------------------------

export interface Owned {
  id: number;
  userId: string;
}

export function clinicsOfOwner(db: Database, userId: string) {
  return db
    .select({ ...clinicCardColumns, views: clinics.views })
    .from(clinics)
    .where(eq(clinics.userId, userId))
    .orderBy(desc(clinics.createdAt), desc(clinics.id));
}

/** The clinic with its veterinarians when `userId` owns it; otherwise null. */
export async function getOwnedClinic(db: Database, { id, userId }: Owned) {
  const [rows, vets] = await db.batch([
    db
      .select(publicClinicColumns)
      .from(clinics)
      .where(and(eq(clinics.id, id), eq(clinics.userId, userId)))
      .limit(1),
    db
      .select(veterinarianColumns)
      .from(veterinarians)
      .where(
        and(
          eq(veterinarians.clinicId, id),
          sql`${veterinarians.clinicId} IN (SELECT ${clinics.id} FROM ${clinics} WHERE ${clinics.userId} = ${userId})`,
        ),
      )
      .orderBy(veterinarians.id),
  ]);
  const clinic = rows[0];
  return clinic ? { ...clinic, veterinarians: vets } : null;
}

export interface ClinicFields {
  category: (typeof CLINIC_CATEGORIES)[number];
  name: string;
  description: string;
  phone: string;
  email: string;
  location: string;
  /** The IBGE municipality of `location` (docs/decisions/0032). */
  municipalityCode: number;
  address: string;
  website: string | null;
  whatsapp: string | null;
  openHours: string | null;
  specialties: string[] | null;
  services: string[] | null;
  socialMedia: Record<string, string> | null;
  hasParking: boolean;
  hasHomeService: boolean;
  /** Undefined keeps the current image (edit); null removes it. */
  mainImageUrl?: string | null;
}

export async function insertClinic(db: Database, userId: string, fields: ClinicFields): Promise<number> {
  const [row] = await db
    .insert(clinics)
    .values({ ...fields, userId })
    .returning({ id: clinics.id });
  return row!.id;
}

/** Updates the clinic only when `userId` owns it; says whether it did. */
export async function updateClinicForOwner(db: Database, { id, userId }: Owned, fields: ClinicFields) {
  const rows = await db
    .update(clinics)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(clinics.id, id), eq(clinics.userId, userId)))
    .returning({ id: clinics.id });
  return rows.length > 0;
}

/** Adds a veterinarian to an owned clinic (INSERT … SELECT: anyone else adds nothing). */
export async function addVeterinarianForOwner(db: Database, { id, userId }: Owned, vet: { name: string; specialty: string | null }) {
  const result = await db.run(sql`
    INSERT INTO ${veterinarians} (clinic_id, name, specialty, created_at)
    SELECT ${clinics.id}, ${vet.name}, ${vet.specialty}, ${Date.now()}
    FROM ${clinics} WHERE ${clinics.id} = ${id} AND ${clinics.userId} = ${userId}`);
  return (result.meta.changes ?? 0) > 0;
}

/** Removes one veterinarian of an owned clinic; says whether one was removed. */
export async function removeVeterinarianForOwner(db: Database, { id, userId }: Owned, vetId: number) {
  const rows = await db
    .delete(veterinarians)
    .where(
      and(
        eq(veterinarians.id, vetId),
        eq(veterinarians.clinicId, id),
        sql`${veterinarians.clinicId} IN (SELECT ${clinics.id} FROM ${clinics} WHERE ${clinics.id} = ${id} AND ${clinics.userId} = ${userId})`,
      ),
    )
    .returning({ id: veterinarians.id });
  return rows.length > 0;
}

/**
 * Deletes an owned clinic and its veterinarians in one batch (one transaction on D1).
 * Returns the clinic's image URL (for R2), or undefined when nothing was deleted.
 */
export async function deleteClinicForOwner(db: Database, { id, userId }: Owned) {
  const [, deleted] = await db.batch([
    db
      .delete(veterinarians)
      .where(
        and(
          eq(veterinarians.clinicId, id),
          sql`${veterinarians.clinicId} IN (SELECT ${clinics.id} FROM ${clinics} WHERE ${clinics.id} = ${id} AND ${clinics.userId} = ${userId})`,
        ),
      ),
    db
      .delete(clinics)
      .where(and(eq(clinics.id, id), eq(clinics.userId, userId)))
      .returning({ mainImageUrl: clinics.mainImageUrl }),
  ]);
  const row = deleted[0];
  return row ? { mainImageUrl: row.mainImageUrl } : undefined;
}
