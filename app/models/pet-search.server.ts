// Pet search on the server (issue: search), over the FTS5 trigram index `pets_search`
// (migration 0003) and the filter indexes. One D1 batch: the page, the matching count
// and the total.
import { and, count, desc, eq, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/context.server";
import { counters, pets } from "~/db/schema";
import { loadPageWithin } from "~/lib/pagination";
import { ftsQuery, type PetSearchCriteria, searchTerms } from "~/lib/pet-search";
import { likeContainsPattern } from "~/lib/search-text";
import { countersQuery, toCounts } from "./counters.server";
import { petCardColumns } from "./pets.server";

const MAIN_SPECIES = ["cachorro", "gato"];

/** WHERE for a search: text through the index, each filter group OR-ed, groups AND-ed. */
export function petSearchWhere(criteria: PetSearchCriteria): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const match = ftsQuery(criteria);
  if (match) {
    conditions.push(sql`${pets.id} IN (SELECT rowid FROM pets_search WHERE pets_search MATCH ${match})`);
  }
  // Words under 3 letters cannot use the trigram index; they narrow what it found.
  for (const word of searchTerms(criteria.q).short) {
    const pattern = likeContainsPattern(word);
    conditions.push(
      or(...[pets.name, pets.type, pets.location, pets.breed, pets.color].map((c) => sql`${c} LIKE ${pattern} ESCAPE '\\'`)),
    );
  }
  if (criteria.category) conditions.push(eq(pets.status, criteria.category));
  const { status, type, size, gender } = criteria.filters;
  if (status.length) conditions.push(inArray(pets.status, status as ("perdido" | "encontrado" | "adocao")[]));
  if (type.length) {
    const named = type.filter((t) => t !== "Outro").map((t) => t.toLowerCase());
    conditions.push(
      or(
        named.length ? inArray(pets.type, named) : undefined,
        type.includes("Outro") ? notInArray(pets.type, MAIN_SPECIES) : undefined,
      ),
    );
  }
  if (size.length) conditions.push(inArray(pets.size, size));
  if (gender.length) conditions.push(inArray(pets.gender, gender));
  return and(...conditions);
}

/**
 * With no text and no filter (at most a category), the trigger-kept counter already
 * holds the count: reading one row instead of counting the whole table.
 */
function matchingCountQuery(db: Database, criteria: PetSearchCriteria, where: SQL | undefined) {
  const narrowed = criteria.q || criteria.location || Object.values(criteria.filters).some((v) => v.length);
  if (narrowed) return db.select({ value: count() }).from(pets).where(where);
  const key = criteria.category ? `pets:${criteria.category}` : "pets";
  return db.select({ value: counters.value }).from(counters).where(eq(counters.key, key));
}

/** The three statements of a search page: its cards, the matching count, the total. */
export function petSearchQueries(db: Database, criteria: PetSearchCriteria, pageSize: number) {
  const where = petSearchWhere(criteria);
  const order =
    criteria.order === "relevantes"
      ? [desc(pets.views), desc(pets.id)]
      : [desc(pets.createdAt), desc(pets.id)];
  return [
    db
      .select(petCardColumns)
      .from(pets)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((criteria.page - 1) * pageSize),
    matchingCountQuery(db, criteria, where),
    countersQuery(db),
  ] as const;
}

/**
 * One D1 round-trip (a batch) for the whole page; a page past the last matching one
 * answers the last page (`page` says which was served).
 */
export async function searchPets(db: Database, criteria: PetSearchCriteria, pageSize: number) {
  return loadPageWithin(
    criteria.page,
    async (page) => {
      const [items, matching, all] = await db.batch(petSearchQueries(db, { ...criteria, page }, pageSize));
      return { items, matching: matching[0]?.value ?? 0, total: toCounts(all).pets };
    },
    (result) => result.matching,
    pageSize,
  );
}
