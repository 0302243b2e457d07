// A pet search's criteria checked against one pet row in hand, for the daily digest
// (docs/decisions/0049): it reads an area's new pets once and matches many saved searches
// against them. Each test is the search page's SQL condition (models/pet-search.server.ts,
// filterConditions) written for a row, so a digest lists the pets the saved search's page
// lists. Pure: shared by the service and the tests.
import { longWordsIn, type PetSearchCriteria, searchTerms } from "./pet-search";

/** The columns the search filters by, as the pets table stores them. */
export interface SearchablePet {
  name: string;
  type: string;
  location: string;
  breed: string | null;
  color: string | null;
  status: string;
  size: string | null;
  gender: string | null;
  municipalityCode: number | null;
}

const MAIN_SPECIES = ["cachorro", "gato"];

/** SQLite's LIKE folds the case of ASCII letters only (D1 has no ICU). */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** `column LIKE '%word%'` for a lower-cased word of letters and digits (searchTerms' words have no `%` or `_`); NULL never matches. */
const likeContains = (text: string | null, word: string) => text !== null && asciiLower(text).includes(word);

/**
 * A test of whether a pet matches `criteria` as the search page's statement would find it.
 * `areaCodes`: the municipalities within the criteria's area (municipality_neighbours,
 * itself included); ignored without an area. Listed and public are the caller's read (its
 * SQL keeps only those). Built once per search, run for each pet of the read.
 */
export function searchMatcher(criteria: PetSearchCriteria, areaCodes?: ReadonlySet<number>): (pet: SearchablePet) => boolean {
  const { status, type, size, gender } = criteria.filters;
  const named = type.filter((t) => t !== "Outro").map((t) => t.toLowerCase());
  const other = type.includes("Outro");
  // Words under 3 letters are the statement's LIKE; longer ones the trigram index's match.
  const short = searchTerms(criteria.q).short.map(asciiLower);
  const hasLongWords = searchTerms(criteria.q).phrases.length > 0;
  return (pet) => {
    if (criteria.area && (pet.municipalityCode === null || !areaCodes?.has(pet.municipalityCode))) return false;
    if (criteria.category && pet.status !== criteria.category) return false;
    if (status.length && !status.includes(pet.status)) return false;
    if (type.length && !named.includes(pet.type) && !(other && !MAIN_SPECIES.includes(pet.type))) return false;
    // A size or sex nobody knew ('Não sei', NULL) stays in the filter (docs/decisions/0045).
    if (size.length && pet.size !== null && !size.includes(pet.size)) return false;
    if (gender.length && pet.gender !== null && !gender.includes(pet.gender)) return false;
    if (!short.length && !hasLongWords) return true;
    const searched = [pet.name, pet.type, pet.location, pet.breed, pet.color];
    if (!short.every((word) => searched.some((text) => likeContains(text, word)))) return false;
    return !hasLongWords || longWordsIn(criteria.q, searched);
  };
}
