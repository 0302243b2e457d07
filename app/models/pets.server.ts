import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { ActivityDatabase, Database } from "~/context.server";
import { petImages, pets, profiles, type PetStatus } from "~/db/schema";
import { petHeadline, petTitle } from "~/lib/pet-title";
import { inIds, inOrder } from "./id-list";
import { petTitleColumns } from "./pet-titles.server";
import { deleteSightingsOf } from "./sightings.server";
import { isPublic } from "./visibility";

// What a card needs; detail pages read the whole row.
export const petCardColumns = {
  id: pets.id,
  name: pets.name,
  type: pets.type,
  breed: pets.breed,
  age: pets.age,
  gender: pets.gender,
  status: pets.status,
  location: pets.location,
  mainImageUrl: pets.mainImageUrl,
  createdAt: pets.createdAt,
  // A closed ad shown by 'Mostrar casos encerrados' says so on its card (0023).
  closedAs: pets.closedAs,
};

/**
 * Newest first, optionally one status; uses pets_status_created_at_idx / pets_created_at_idx.
 * Only listed ads unless `includeClosed` (docs/decisions/0023); `+listed` keeps SQLite on
 * the created_at indexes (almost every row is listed).
 */
export function latestPetsQuery(
  db: Database,
  {
    status,
    limit = 8,
    offset = 0,
    includeClosed = false,
  }: { status?: PetStatus; limit?: number; offset?: number; includeClosed?: boolean } = {},
) {
  return db
    .select(petCardColumns)
    .from(pets)
    .where(
      and(status ? eq(pets.status, status) : undefined, includeClosed ? undefined : sql`+${pets.listed} = 1`, isPublic(pets.moderation)),
    )
    .orderBy(desc(pets.createdAt), desc(pets.id))
    .limit(limit)
    .offset(offset);
}

export type NewPet = Omit<typeof pets.$inferInsert, "id" | "userId" | "mainImageUrl" | "views" | "createdAt" | "updatedAt">;

// A D1 batch runs as one transaction on a single writer, so right after the pet insert
// the highest id in pets (AUTOINCREMENT only grows) is that pet.
const newestPetId = sql`(SELECT max(${pets.id}) FROM ${pets})`;

/** The pet and its extra photos in one D1 batch: both are saved, or neither. */
export async function createPetWithImages(db: Database, userId: string, pet: NewPet, imageUrls: string[]): Promise<number> {
  const [main, ...extra] = imageUrls;
  const insertPet = db
    .insert(pets)
    .values({ ...pet, userId, mainImageUrl: main ?? null })
    .returning({ id: pets.id });
  const insertImages = extra.map((imageUrl) => db.insert(petImages).values({ petId: newestPetId, imageUrl }));
  const [inserted] = await db.batch([insertPet, ...insertImages]);
  return inserted[0]!.id;
}

export async function getPet(db: Database, id: number) {
  const [[pet], images, owner] = await db.batch([
    db.select().from(pets).where(eq(pets.id, id)).limit(1),
    db.select({ id: petImages.id, imageUrl: petImages.imageUrl }).from(petImages).where(eq(petImages.petId, id)).orderBy(asc(petImages.id)),
    db
      // The owner as the public sees them: a name and the profile's public id, never the
      // e-mail (docs/decisions/0011).
      .select({ name: profiles.name, publicId: profiles.publicId })
      .from(pets)
      .innerJoin(profiles, eq(profiles.id, pets.userId))
      .where(eq(pets.id, id))
      .limit(1),
  ]);
  if (!pet) return null;
  return { ...pet, images, owner: owner[0] ?? null };
}

export type PetDetail = NonNullable<Awaited<ReturnType<typeof getPet>>>;

/**
 * The pet as its public pages (/pet/{id}, the poster) send it to the browser: without
 * the owner's account id (ids in loader data can be scraped in bulk). `ownerId` stays on
 * the server, to tell the owner apart.
 */
export async function getPublicPet(db: Database, id: number) {
  const pet = await getPet(db, id);
  if (!pet) return null;
  // The WhatsApp number stays on the server too: the page links to /pet/{id}/whatsapp,
  // which redirects to the chat under a rate limit (docs/decisions/0022).
  const { userId, contactWhatsapp, ...rest } = pet;
  // The one title of the ad, and the page's headline (docs/decisions/0045).
  const shown = { ...rest, hasWhatsapp: Boolean(contactWhatsapp), title: petTitle(pet), headline: petHeadline(pet) };
  return { pet: shown, ownerId: userId, contactWhatsapp };
}

/** What the WhatsApp redirect needs: the ad's title and its contact number, or null. */
export async function getPetContact(db: Database, id: number) {
  const [row] = await db
    .select({ ...petTitleColumns, contactWhatsapp: pets.contactWhatsapp })
    .from(pets)
    // A closed ad takes no more calls: the family has the pet (docs/decisions/0023); a
    // held or removed one neither (docs/decisions/0035).
    .where(and(eq(pets.id, id), isNull(pets.closedAs), isPublic(pets.moderation)))
    .limit(1);
  return row ? { title: petTitle(row), contactWhatsapp: row.contactWhatsapp } : null;
}

export function listPetsByOwner(db: Database, userId: string) {
  return db
    .select({
      ...petCardColumns,
      views: pets.views,
      // Meus Pets shows each ad's lifecycle state (docs/decisions/0023).
      closedAt: pets.closedAt,
      renewedAt: pets.renewedAt,
      remindedAt: pets.remindedAt,
      listed: pets.listed,
    })
    .from(pets)
    .where(eq(pets.userId, userId))
    .orderBy(desc(pets.createdAt), desc(pets.id));
}

/** Cards for a list of ids (favourites), in the order given; missing ids are skipped. */
export async function getPetCardsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  // A held or removed pet leaves the favourites too (docs/decisions/0035).
  const rows = await db
    .select(petCardColumns)
    .from(pets)
    .where(and(inIds(pets.id, ids), isPublic(pets.moderation)));
  return inOrder(rows, ids);
}

export type PetChanges = Partial<Omit<NewPet, "status">> & { status?: PetStatus };

/**
 * Owner-only update: the WHERE carries the owner, so another user's request changes
 * nothing. New photos are appended; removed ones are deleted from pet_images, and the
 * main image moves to the first remaining photo. Returns false when nothing matched.
 * In `changes` null clears a column, while a missing (undefined) key leaves it as it was:
 * drizzle skips undefined, so the edit form turns blank fields into null
 * (docs/decisions/0008).
 */
export async function updatePetForOwner(
  db: Database,
  { id, userId }: { id: number; userId: string },
  changes: PetChanges,
  {
    addImageUrls = [],
    removeImageUrls = [],
    mainImageUrl,
  }: {
    addImageUrls?: string[];
    removeImageUrls?: string[];
    mainImageUrl: string | null;
  },
): Promise<boolean> {
  const owned = and(eq(pets.id, id), eq(pets.userId, userId));
  const ownedPet = sql`(SELECT ${pets.id} FROM ${pets} WHERE ${pets.id} = ${id} AND ${pets.userId} = ${userId})`;
  const [updated] = await db.batch([
    db
      .update(pets)
      // An edit is a renewal (docs/decisions/0023): the 60/90-day clock restarts, the
      // reminder may come again, and an expired ad is back in the search unless closed.
      .set({
        ...changes,
        mainImageUrl,
        updatedAt: new Date(),
        renewedAt: new Date(),
        remindedAt: null,
        listed: sql`${pets.closedAs} IS NULL`,
      })
      .where(owned)
      .returning({ id: pets.id }),
    ...removeImageUrls.map((url) => db.delete(petImages).where(and(eq(petImages.petId, ownedPet), eq(petImages.imageUrl, url)))),
    // INSERT ... SELECT from the owned pet: for anyone else it inserts nothing.
    ...addImageUrls.map((imageUrl) =>
      db.insert(petImages).select(
        db
          .select({
            // Every column, in table order (drizzle's rule); a NULL id is auto-assigned.
            id: sql<number>`NULL`.as("id"),
            petId: pets.id,
            imageUrl: sql<string>`${imageUrl}`.as("image_url"),
            createdAt: sql<Date>`(unixepoch() * 1000)`.as("created_at"),
          })
          .from(pets)
          .where(owned),
      ),
    ),
  ]);
  return updated.length > 0;
}

/**
 * Owner-only delete; returns the image URLs to remove from R2 (null when not theirs). The
 * pet's rows on the main database go by cascade; its sightings, on the activity database,
 * go once the pet is gone (no foreign key spans the two, docs/decisions/0050): if that
 * fails, the daily sweep removes them and their photos.
 */
export async function deletePetForOwner(db: Database, activityDb: ActivityDatabase, { id, userId }: { id: number; userId: string }) {
  const [images, deleted] = await db.batch([
    db
      .select({ imageUrl: petImages.imageUrl })
      .from(petImages)
      .innerJoin(pets, eq(pets.id, petImages.petId))
      .where(and(eq(pets.id, id), eq(pets.userId, userId))),
    db
      .delete(pets)
      .where(and(eq(pets.id, id), eq(pets.userId, userId)))
      .returning({ mainImageUrl: pets.mainImageUrl }),
  ]);
  if (deleted.length === 0) return null;
  // The sightings' photos must leave R2 too (docs/decisions/0024).
  const sightingPhotos = await deleteSightingsOf(activityDb, { petIds: [id] }).catch((error: unknown) => {
    console.error("[excluir pet] avistamentos ficam para a varredura diária:", error instanceof Error ? error.message : error);
    return [];
  });
  return [deleted[0]!.mainImageUrl, ...images.map((i) => i.imageUrl), ...sightingPhotos].filter((u): u is string => Boolean(u));
}

/** Photo rows after an edit: which extra rows to drop and add so the list reads `photos`. */
export function diffPetPhotos(currentExtras: string[], photos: string[]) {
  const desiredExtras = photos.slice(1);
  return {
    mainImageUrl: photos[0] ?? null,
    removeImageUrls: currentExtras.filter((url) => !desiredExtras.includes(url)),
    addImageUrls: desiredExtras.filter((url) => !currentExtras.includes(url)),
  };
}
