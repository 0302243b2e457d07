// The ranking of lost ↔ found/sighted matches (docs/decisions/0025).
import { describe, expect, it } from "vitest";
import {
  breedWords,
  colourWords,
  counterpartStatuses,
  MATCH_RADIUS_KM,
  MATCH_THRESHOLD,
  MATCH_WEIGHTS,
  MATCHES_PER_PET,
  rankCandidates as rankAt,
  scoreMatch as scoreAt,
  type MatchPet,
} from "~/lib/pet-match";

const SAO_PAULO = 3550308;
const OSASCO = 3534401;

/** Most cases compare two pets of one municipality (0 km apart). */
const scoreMatch = (lost: MatchPet, other: MatchPet, distanceKm: number | null = 0) => scoreAt(lost, other, distanceKm);
const rankCandidates = (pet: MatchPet, candidates: (MatchPet & { distanceKm?: number })[]) =>
  rankAt(
    pet,
    candidates.map((c) => ({ ...c, distanceKm: c.distanceKm ?? 0 })),
  );

let serial = 0;
function pet(overrides: Partial<MatchPet> = {}): MatchPet {
  serial += 1;
  return {
    id: serial,
    userId: `dono-${serial}`,
    type: "cachorro",
    status: "perdido",
    location: "Vila Mariana, São Paulo - SP",
    municipalityCode: SAO_PAULO,
    size: "Médio",
    gender: "Macho",
    color: "Caramelo com branco",
    breed: "SRD",
    missingSince: "2026-11-10",
    createdAt: new Date("2026-11-10T12:00:00Z"),
    ...overrides,
  };
}

const found = (overrides: Partial<MatchPet> = {}) => pet({ status: "encontrado", missingSince: "2026-11-12", ...overrides });

describe("words", () => {
  it("folds accents, case, plural and gender of colours, drops stop words, joins synonyms", () => {
    expect([...colourWords("Pretas e BRANCAS")]).toEqual(["preto", "branco"]);
    expect([...colourWords("Cinza com manchas")]).toEqual(["cinza", "manchado"]);
    expect(colourWords("chocolate")).toEqual(colourWords("marrom"));
    expect(colourWords("Tigrada")).toEqual(colourWords("rajado"));
    expect(colourWords("dourado")).toEqual(colourWords("caramelo"));
  });

  it("writes every kind of 'no breed' as srd", () => {
    for (const text of ["SRD", "vira-lata", "Vira lata", "viralata", "Sem raça definida", "mestiço"]) {
      expect([...breedWords(text)], text).toEqual(["srd"]);
    }
    expect([...breedWords("Pastor Alemão")]).toEqual(["pastor", "alemao"]);
  });
});

describe("counterpartStatuses", () => {
  it("pairs lost with found and sighted, and adoption with nothing", () => {
    expect(counterpartStatuses("perdido")).toEqual(["encontrado", "avistado"]);
    expect(counterpartStatuses("encontrado")).toEqual(["perdido"]);
    expect(counterpartStatuses("avistado")).toEqual(["perdido"]);
    expect(counterpartStatuses("adocao")).toBeNull();
  });
});

describe("scoreMatch", () => {
  it("gives a full match 100", () => {
    expect(scoreMatch(pet(), found())?.score).toBe(100);
  });

  it("never matches another species, a place beyond 25 km or never resolved, the same owner or adoption pets", () => {
    const lost = pet();
    expect(scoreMatch(lost, found({ type: "gato" }))).toBeNull();
    expect(scoreMatch(lost, found({ municipalityCode: 3304557 }), MATCH_RADIUS_KM + 0.1)).toBeNull();
    expect(scoreMatch(lost, found({ municipalityCode: null }), null)).toBeNull();
    expect(scoreMatch(lost, found({ userId: lost.userId }))).toBeNull();
    expect(scoreMatch(lost, found({ status: "adocao" }))).toBeNull();
    expect(scoreMatch(found(), lost)).toBeNull();
  });

  it("matches across city lines within 25 km, closer scoring higher (docs/decisions/0032)", () => {
    const lost = pet({ municipalityCode: OSASCO, location: "Centro, Osasco - SP" });
    const sameCity = scoreMatch(lost, found({ municipalityCode: OSASCO }), 0)!;
    const next = scoreMatch(lost, found({ municipalityCode: SAO_PAULO }), 8.5)!;
    const further = scoreMatch(lost, found({ municipalityCode: 3548708 }), 21.3)!;
    expect(sameCity.parts.distance).toBeUndefined();
    expect(next.parts.distance).toBe(MATCH_WEIGHTS.distance10);
    expect(further.parts.distance).toBe(MATCH_WEIGHTS.distance25);
    expect(sameCity.score).toBeGreaterThan(next.score);
    expect(next.score).toBeGreaterThan(further.score);
    expect(further.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });

  it("counts 'SRD' and 'vira-lata' as the same breed", () => {
    expect(scoreMatch(pet({ breed: "Vira-lata" }), found({ breed: "SRD" }))?.parts.breed).toBe(10);
    // A finder who cannot tell the breed is no evidence either way.
    expect(scoreMatch(pet({ breed: "Labrador" }), found({ breed: "SRD" }))?.parts.breed).toBe(0);
    expect(scoreMatch(pet({ breed: "Labrador" }), found({ breed: "Poodle" }))?.parts.breed).toBe(-5);
  });

  it("scores colour by the share of words in common, and punishes none in common", () => {
    expect(scoreMatch(pet({ color: "Preto e branco" }), found({ color: "branca e preta" }))?.parts.colour).toBe(25);
    expect(scoreMatch(pet({ color: "Preto e branco" }), found({ color: "preto" }))?.parts.colour).toBe(13);
    expect(scoreMatch(pet({ color: "Preto" }), found({ color: "Caramelo" }))?.parts.colour).toBe(-25);
  });

  it("prefers near dates and refuses a pet found before it was lost", () => {
    const lost = pet({ missingSince: "2026-11-10" });
    expect(scoreMatch(lost, found({ missingSince: "2026-11-10" }))?.parts.date).toBe(15);
    expect(scoreMatch(lost, found({ missingSince: "2026-11-09" }))?.parts.date).toBe(15);
    expect(scoreMatch(lost, found({ missingSince: "2026-11-18" }))?.parts.date).toBe(10);
    expect(scoreMatch(lost, found({ missingSince: "2026-12-01" }))?.parts.date).toBe(5);
    expect(scoreMatch(lost, found({ missingSince: "2026-11-01" }))?.parts.date).toBe(-30);
    // No date of its own: the day of the ad.
    expect(
      scoreMatch(pet({ missingSince: null }), found({ missingSince: null, createdAt: new Date("2026-11-11T09:00:00Z") }))?.parts.date,
    ).toBe(15);
  });

  it("sizes next to each other cost less than far ones; another sex costs more", () => {
    expect(scoreMatch(pet({ size: "Médio" }), found({ size: "Grande" }))?.parts.size).toBe(5);
    expect(scoreMatch(pet({ size: "Pequeno" }), found({ size: "Grande" }))?.parts.size).toBe(-15);
    expect(scoreMatch(pet(), found({ gender: "Fêmea" }))?.parts.sex).toBe(-20);
    expect(scoreMatch(pet({ gender: null }), found())?.parts.sex).toBeUndefined();
  });

  it("puts a same-looking pet of another colour below the threshold", () => {
    const result = scoreMatch(pet({ color: "Preto" }), found({ color: "Branco" }));
    expect(result!.score).toBeLessThan(MATCH_THRESHOLD);
  });

  it("keeps an honest partial match above it (next size, half the colours, a week apart)", () => {
    const result = scoreMatch(
      pet({ color: "Preto e branco", size: "Médio", breed: "Labrador" }),
      found({ color: "preto", size: "Grande", breed: "SRD", missingSince: "2026-11-17" }),
    );
    expect(result!.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });
});

describe("rankCandidates", () => {
  it("ranks the true match first, leaves out those below the threshold, and caps the list", () => {
    const lost = pet({ color: "Caramelo", gender: "Fêmea", size: "Pequeno", breed: "Poodle" });
    const trueMatch = found({ color: "caramelo", gender: "Fêmea", size: "Pequeno", breed: "poodle", missingSince: "2026-11-11" });
    const close = found({ color: "caramelo e branco", gender: "Fêmea", size: "Médio", breed: "SRD", missingSince: "2026-11-20" });
    const wrongColour = found({ color: "Preto", gender: "Fêmea", size: "Pequeno", breed: "Poodle" });
    const cat = found({ type: "gato", color: "caramelo", gender: "Fêmea", size: "Pequeno" });
    const ranked = rankCandidates(lost, [close, wrongColour, trueMatch, cat]);
    expect(ranked.map((m) => m.otherPetId)).toEqual([trueMatch.id, close.id]);
    expect(ranked.every((m) => m.lostPetId === lost.id && m.score >= MATCH_THRESHOLD)).toBe(true);

    const many = Array.from({ length: MATCHES_PER_PET + 5 }, () => found());
    expect(rankCandidates(lost, many)).toHaveLength(0);
    expect(rankCandidates(pet(), many)).toHaveLength(MATCHES_PER_PET);
  });

  it("ranks the nearer of two otherwise equal candidates first", () => {
    const lost = pet();
    const far = found({ municipalityCode: OSASCO });
    const near = found();
    const ranked = rankCandidates(lost, [
      { ...near, distanceKm: 0 },
      { ...far, distanceKm: 12 },
    ]);
    expect(ranked.map((m) => m.otherPetId)).toEqual([near.id, far.id]);
  });

  it("from a found pet's side, the lost pets are the candidates and lostPetId is always the lost one", () => {
    const newFound = found();
    const lostA = pet();
    const lostB = pet({ color: "Preto" });
    const ranked = rankCandidates(newFound, [lostB, lostA]);
    expect(ranked).toEqual([expect.objectContaining({ lostPetId: lostA.id, otherPetId: newFound.id, score: 100 })]);
  });
});
