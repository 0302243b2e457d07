// 'Enviar mensagem' (docs/decisions/0033 §2): messages from anyone to the poster of
// an open ad. The permissions live in the queries: a message is written only while the ad
// is open, and read only with the ad's owner in the WHERE.
import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { organizations, type PetMessageKind, petMessages, pets, users } from "~/db/schema";
import { isPublic } from "./visibility";
import { petTitleColumns, withTitle } from "./pet-titles.server";

/** What the form and the mail need to know about the ad and its poster (null: no such ad). */
export async function getPetMessageTarget(db: Database, petId: number) {
  const [row] = await db
    .select({
      id: pets.id,
      ...petTitleColumns,
      closedAs: pets.closedAs,
      ownerId: pets.userId,
      ownerEmail: users.email,
      ownerEmailVerified: users.emailVerified,
      // The NGO behind the ad, when an NGO posted it: 'Quero adotar' names who gets the
      // request (docs/decisions/0047). One per account, by the unique index.
      organizationName: organizations.name,
    })
    .from(pets)
    .innerJoin(users, eq(users.id, pets.userId))
    .leftJoin(organizations, and(eq(organizations.userId, pets.userId), isPublic(organizations.moderation)))
    // A held or removed ad takes no messages: for the public it is gone (docs/decisions/0035).
    .where(and(eq(pets.id, petId), isPublic(pets.moderation)))
    .limit(1);
  return row ? withTitle(row) : null;
}

export type PetMessageTarget = NonNullable<Awaited<ReturnType<typeof getPetMessageTarget>>>;

export interface NewPetMessage {
  petId: number;
  senderName: string;
  senderEmail: string | null;
  senderPhone: string | null;
  message: string;
  kind: PetMessageKind;
}

/**
 * Inserts the message only while its ad is open (INSERT … SELECT: an ad closed since the
 * form was read takes nothing). Returns the new id, or null.
 */
export async function insertPetMessage(db: Database, m: NewPetMessage): Promise<number | null> {
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO ${petMessages} (pet_id, sender_name, sender_email, sender_phone, message, kind, created_at)
    SELECT ${pets.id}, ${m.senderName}, ${m.senderEmail}, ${m.senderPhone}, ${m.message}, ${m.kind}, ${Date.now()}
    FROM ${pets}
    WHERE ${pets.id} = ${m.petId} AND ${pets.closedAs} IS NULL AND ${pets.moderation} IS NULL
    RETURNING id`);
  return rows[0]?.id ?? null;
}

// How many the ad's page shows: a popular ad must not make the page unbounded.
export const PET_MESSAGES_ON_PAGE = 50;

/** The poster's messages, newest first. The owner is in the query: anyone else gets []. */
export function listPetMessagesForOwner(db: Database, petId: number, ownerId: string, limit = PET_MESSAGES_ON_PAGE) {
  return db
    .select({
      id: petMessages.id,
      senderName: petMessages.senderName,
      senderEmail: petMessages.senderEmail,
      senderPhone: petMessages.senderPhone,
      message: petMessages.message,
      kind: petMessages.kind,
      createdAt: petMessages.createdAt,
    })
    .from(petMessages)
    .innerJoin(pets, eq(pets.id, petMessages.petId))
    .where(and(eq(petMessages.petId, petId), eq(pets.userId, ownerId)))
    .orderBy(desc(petMessages.id))
    .limit(limit);
}

export type OwnerPetMessage = Awaited<ReturnType<typeof listPetMessagesForOwner>>[number];

/** How many messages the ad got in [from, to) (the poster's summary mail, docs/decisions/0033). */
export async function countPetMessagesBetween(db: Database, petId: number, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(petMessages)
    .where(and(eq(petMessages.petId, petId), gte(petMessages.createdAt, from), lt(petMessages.createdAt, to)));
  return row?.n ?? 0;
}
