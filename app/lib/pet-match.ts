// Lost ↔ found/sighted matches (docs/decisions/0025): which pets may be the same animal,
// and how sure we are. Pure, so the weights are unit-tested; the candidate query lives in
// app/models/pet-matches.server.ts and the orchestration in app/services/pet-matches.server.ts.
import { foldAccents } from "./text";

/** Candidates are pets posted within this many days of the new one. */
export const MATCH_WINDOW_DAYS = 60;
/** Rows the candidate query reads at most (newest first). */
export const MATCH_CANDIDATE_LIMIT = 50;
/** Matches kept per new pet, best first. */
export const MATCHES_PER_PET = 10;
/** No match below this score (0–100). */
export const MATCH_THRESHOLD = 60;
/**
 * Candidates are pets in municipalities whose seats are within this many km, the pet's own
 * included (docs/decisions/0032): a pet lost in Osasco is often found in São Paulo.
 */
export const MATCH_RADIUS_KM = 25;

/** The score's parts: see docs/decisions/0025 for why these weights. */
export const MATCH_WEIGHTS = {
  /** Same species and area: required, and worth this much on their own. */
  base: 20,
  /** Another municipality: closer is better (the same one costs nothing). */
  distance10: -3,
  distance25: -8,
  sexSame: 15,
  sexDifferent: -20,
  sizeSame: 15,
  sizeNext: 5,
  sizeFar: -15,
  /** Times the share of colour words in common; none in common costs colourNone. */
  colour: 25,
  colourNone: -25,
  /** Times the share of breed words in common (both "SRD" counts as all in common). */
  breed: 10,
  breedNone: -5,
  /** By the days between the lost date and the found/sighted date. */
  days3: 15,
  days10: 10,
  days30: 5,
  /** The found/sighted date is more than a day before the pet went missing. */
  dateImpossible: -30,
} as const;

export type MatchSide = "lost" | "other";

/** What the ranking reads of a pet. */
export interface MatchPet {
  id: number;
  userId: string;
  type: string;
  status: string;
  location: string;
  /** The IBGE municipality of `location`; null when it was never resolved (no matching). */
  municipalityCode: number | null;
  size: string | null;
  gender: string | null;
  color: string | null;
  breed: string | null;
  /** yyyy-MM-dd: the day the lost pet went missing, or the found/sighted pet was seen. */
  missingSince: string | null;
  createdAt: Date;
}

export const LOST_STATUS = "perdido";
export const FOUND_STATUSES = ["encontrado", "avistado"] as const;

/** Which statuses a new pet of `status` is compared with, or null when it takes no part. */
export function counterpartStatuses(status: string): readonly string[] | null {
  if (status === LOST_STATUS) return FOUND_STATUSES;
  if ((FOUND_STATUSES as readonly string[]).includes(status)) return [LOST_STATUS];
  return null;
}

// Words that say nothing about the animal's look.
const STOP_WORDS = new Set([
  "de",
  "da",
  "do",
  "das",
  "dos",
  "e",
  "com",
  "sem",
  "em",
  "na",
  "no",
  "um",
  "uma",
  "a",
  "o",
  "as",
  "os",
  "cor",
  "cores",
  "pelo",
  "pelagem",
  "tom",
  "bem",
  "meio",
  "mais",
  "muito",
  "pouco",
  "tipo",
  "raca",
]);

// Spellings of the same colour, to one word each (after the plural and gender are folded).
const COLOUR_SYNONYMS: Record<string, string> = {
  negro: "preto",
  chocolate: "marrom",
  castanho: "marrom",
  dourado: "caramelo",
  mel: "caramelo",
  cinzento: "cinza",
  cinzo: "cinza",
  grisalho: "cinza",
  prateado: "cinza",
  rajado: "tigrado",
  malhado: "manchado",
  mancho: "manchado",
};

/** Lower case, no accents, no plural, masculine: "Pretas" -> "preto", "branca" -> "branco". */
function stem(word: string): string {
  let w = word;
  if (w.length > 3 && w.endsWith("s")) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith("a")) w = `${w.slice(0, -1)}o`;
  return w;
}

function words(text: string | null): string[] {
  if (!text) return [];
  return foldAccents(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !STOP_WORDS.has(w));
}

/** The colour words of a description, folded to one spelling each. */
export function colourWords(text: string | null): Set<string> {
  return new Set(
    words(text).map((w) => {
      const s = stem(w);
      return COLOUR_SYNONYMS[s] ?? COLOUR_SYNONYMS[w] ?? s;
    }),
  );
}

const MIXED_BREED = "srd";
// "SRD", "vira-lata", "viralata", "sem raça definida", "mestiço": one word, srd.
const MIXED_BREED_TEXT = /\b(srd|sem raca definida|sem raca|vira[\s-]*latas?|mesti[cç]o|mesti[cç]a|mixed)\b/g;

/** The breed words of a description; every way of writing "no breed" becomes "srd". */
export function breedWords(text: string | null): Set<string> {
  if (!text) return new Set();
  const folded = foldAccents(text).replace(MIXED_BREED_TEXT, ` ${MIXED_BREED} `);
  return new Set(words(folded).map(stem));
}

/** Shared words over the larger set: 1 when both say the same, 0 when nothing is shared. */
function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  return shared / Math.max(a.size, b.size);
}

const SIZES = ["Pequeno", "Médio", "Grande"];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The day the pet went missing or was seen: its date field, else the day of the ad. */
function dayOf(pet: MatchPet): number {
  const iso = pet.missingSince && /^\d{4}-\d{2}-\d{2}$/.test(pet.missingSince) ? pet.missingSince : null;
  const time = iso ? Date.parse(`${iso}T00:00:00Z`) : pet.createdAt.getTime();
  return Math.floor(time / DAY_MS);
}

export interface MatchScore {
  score: number;
  /** Each part's contribution, for the tests and the decision record. */
  parts: Record<string, number>;
}

/**
 * How likely `lost` and `other` (found or sighted) are the same animal, 0–100, or null
 * when they cannot be (another species, seats `distanceKm` apart beyond MATCH_RADIUS_KM or
 * unknown, the same owner, the wrong statuses).
 */
export function scoreMatch(lost: MatchPet, other: MatchPet, distanceKm: number | null): MatchScore | null {
  if (lost.status !== LOST_STATUS || !(FOUND_STATUSES as readonly string[]).includes(other.status)) return null;
  if (lost.id === other.id || lost.userId === other.userId) return null;
  if (lost.type !== other.type || distanceKm === null || distanceKm > MATCH_RADIUS_KM) return null;
  const w = MATCH_WEIGHTS;
  const parts: Record<string, number> = { base: w.base };
  if (lost.municipalityCode !== other.municipalityCode) parts.distance = distanceKm <= 10 ? w.distance10 : w.distance25;

  if (lost.gender && other.gender) parts.sex = lost.gender === other.gender ? w.sexSame : w.sexDifferent;

  const a = SIZES.indexOf(lost.size ?? "");
  const b = SIZES.indexOf(other.size ?? "");
  if (a >= 0 && b >= 0) parts.size = a === b ? w.sizeSame : Math.abs(a - b) === 1 ? w.sizeNext : w.sizeFar;

  const colourA = colourWords(lost.color);
  const colourB = colourWords(other.color);
  if (colourA.size && colourB.size) {
    const share = overlap(colourA, colourB);
    parts.colour = share > 0 ? Math.round(w.colour * share) : w.colourNone;
  }

  const breedA = breedWords(lost.breed);
  const breedB = breedWords(other.breed);
  if (breedA.size && breedB.size) {
    const mixedA = breedA.has(MIXED_BREED);
    const mixedB = breedB.has(MIXED_BREED);
    // A finder often cannot tell a breed: "SRD" against a breed is no evidence either way.
    if (mixedA !== mixedB) parts.breed = 0;
    else {
      const share = overlap(breedA, breedB);
      parts.breed = share > 0 ? Math.round(w.breed * share) : w.breedNone;
    }
  }

  const gap = dayOf(other) - dayOf(lost);
  if (gap < -1) parts.date = w.dateImpossible;
  else {
    const days = Math.abs(gap);
    parts.date = days <= 3 ? w.days3 : days <= 10 ? w.days10 : days <= 30 ? w.days30 : 0;
  }

  const total = Object.values(parts).reduce((sum, n) => sum + n, 0);
  return { score: Math.max(0, Math.min(100, total)), parts };
}

export interface RankedMatch {
  lostPetId: number;
  otherPetId: number;
  score: number;
  /** The candidate (the pet that was already posted). */
  candidate: MatchCandidate;
}

/** A pet already posted, and how far its municipality's seat is from the new pet's. */
export type MatchCandidate = MatchPet & { distanceKm: number };

/**
 * The candidates that may be `pet` (just posted), best first, at most MATCHES_PER_PET,
 * none below MATCH_THRESHOLD. Ties go to the nearer, then the newer candidate.
 */
export function rankCandidates(pet: MatchPet, candidates: MatchCandidate[]): RankedMatch[] {
  const isLost = pet.status === LOST_STATUS;
  const ranked: RankedMatch[] = [];
  for (const candidate of candidates) {
    const [lost, other] = isLost ? [pet, candidate] : [candidate, pet];
    const result = scoreMatch(lost, other, candidate.distanceKm);
    if (!result || result.score < MATCH_THRESHOLD) continue;
    ranked.push({ lostPetId: lost.id, otherPetId: other.id, score: result.score, candidate });
  }
  ranked.sort((x, y) => y.score - x.score || x.candidate.distanceKm - y.candidate.distanceKm || y.candidate.id - x.candidate.id);
  return ranked.slice(0, MATCHES_PER_PET);
}
