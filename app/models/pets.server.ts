import { and, count, desc, eq, or, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { pets, type PetStatus } from "~/db/schema";
import { countersQuery, toCounts } from "./counters.server";

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
};


/** Newest first, optionally one status; uses pets_status_created_at_idx / pets_created_at_idx. */
export function latestPetsQuery(
  db: Database,
  { status, limit = 8, offset = 0 }: { status?: PetStatus; limit?: number; offset?: number } = {},
) {
  return db
    .select(petCardColumns)
    .from(pets)
    .where(status ? eq(pets.status, status) : undefined)
    .orderBy(desc(pets.createdAt), desc(pets.id))
    .limit(limit)
    .offset(offset);
}


export interface PetSearch {
  q?: string;
  location?: string;
  status?: PetStatus;
  page: number;
  pageSize: number;
}

function likePattern(value: string) {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Substring search over name, type, location, breed and colour, newest first.
 * SQLite's LIKE ignores case for ASCII letters only; accent folding and an index arrive
 * with the search issue (full-text search).
 */
export async function searchPets(db: Database, search: PetSearch) {
  const conditions = [];
  if (search.q) {
    const pattern = likePattern(search.q);
    const fields = [pets.name, pets.type, pets.location, pets.breed, pets.color];
    conditions.push(or(...fields.map((field) => sql`${field} LIKE ${pattern} ESCAPE '\\'`)));
  }
  if (search.location) {
    conditions.push(sql`${pets.location} LIKE ${likePattern(search.location)} ESCAPE '\\'`);
  }
  if (search.status) conditions.push(eq(pets.status, search.status));
  const where = and(...conditions);
  const [items, matching, all] = await db.batch([
    db
      .select(petCardColumns)
      .from(pets)
      .where(where)
      .orderBy(desc(pets.createdAt), desc(pets.id))
      .limit(search.pageSize)
      .offset((search.page - 1) * search.pageSize),
    db.select({ value: count() }).from(pets).where(where),
    countersQuery(db),
  ]);
  return {
    items,
    matching: matching[0]?.value ?? 0,
    total: toCounts(all).pets,
  };
}
