import { describe, expect, it } from "vitest";
import {
  countFavorites,
  emptyFavorites,
  isFavoriteKind,
  MAX_FAVORITES_PER_KIND,
  mergeFavoriteLists,
  normalizeFavorites,
  withFavorite,
} from "~/lib/favorites";

describe("withFavorite", () => {
  it("puts a new favourite first and leaves the other kinds alone", () => {
    const start = { ...emptyFavorites(), pets: [3, 2], products: [9] };
    const next = withFavorite(start, "pets", 7, true);
    expect(next.pets).toEqual([7, 3, 2]);
    expect(next.products).toEqual([9]);
    // The input is not mutated.
    expect(start.pets).toEqual([3, 2]);
  });

  it("is idempotent: on twice keeps one copy (moved to the front), off twice removes it", () => {
    const start = { ...emptyFavorites(), pets: [3, 2, 1] };
    expect(withFavorite(withFavorite(start, "pets", 2, true), "pets", 2, true).pets).toEqual([2, 3, 1]);
    const off = withFavorite(start, "pets", 2, false);
    expect(off.pets).toEqual([3, 1]);
    expect(withFavorite(off, "pets", 2, false).pets).toEqual([3, 1]);
  });

  it("never grows past the limit, dropping the oldest", () => {
    const full = { ...emptyFavorites(), pets: Array.from({ length: MAX_FAVORITES_PER_KIND }, (_, i) => i + 1) };
    const next = withFavorite(full, "pets", 10_000, true);
    expect(next.pets).toHaveLength(MAX_FAVORITES_PER_KIND);
    expect(next.pets[0]).toBe(10_000);
    expect(next.pets).not.toContain(MAX_FAVORITES_PER_KIND);
  });
});

describe("mergeFavoriteLists", () => {
  it("joins without duplicates, the first list's ids first, per kind", () => {
    const visitor = { ...emptyFavorites(), pets: [5, 1], organizations: [4] };
    const account = { ...emptyFavorites(), pets: [1, 2], products: [8] };
    expect(mergeFavoriteLists(visitor, account)).toEqual({
      pets: [5, 1, 2],
      products: [8],
      organizations: [4],
      events: [],
      clinics: [],
    });
  });
});

describe("normalizeFavorites", () => {
  it("keeps only known kinds and positive safe integer ids, without duplicates", () => {
    const stored = {
      pets: [1, 1, "2", -3, 0, 4.5, 2 ** 60, null, 6],
      products: "nope",
      hamsters: [1],
      clinics: [9],
    };
    expect(normalizeFavorites(stored)).toEqual({ pets: [1, 6], products: [], organizations: [], events: [], clinics: [9] });
  });

  it("gives empty lists for missing or odd values", () => {
    expect(normalizeFavorites(null)).toEqual(emptyFavorites());
    expect(normalizeFavorites("texto")).toEqual(emptyFavorites());
    expect(normalizeFavorites([1, 2])).toEqual(emptyFavorites());
  });

  it("caps a stored list at the limit", () => {
    const long = Array.from({ length: MAX_FAVORITES_PER_KIND + 10 }, (_, i) => i + 1);
    expect(normalizeFavorites({ events: long }).events).toHaveLength(MAX_FAVORITES_PER_KIND);
  });
});

describe("isFavoriteKind and countFavorites", () => {
  it("knows the kinds and counts every list", () => {
    expect(isFavoriteKind("pets")).toBe(true);
    expect(isFavoriteKind("clinics")).toBe(true);
    expect(isFavoriteKind("usuarios")).toBe(false);
    expect(isFavoriteKind(1)).toBe(false);
    expect(countFavorites({ ...emptyFavorites(), pets: [1, 2], events: [3] })).toBe(3);
  });
});
