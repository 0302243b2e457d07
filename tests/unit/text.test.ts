import { describe, expect, it } from "vitest";
import { foldAccents, pluralize } from "~/lib/text";

describe("text helpers", () => {
  it("folds accents and case for matching", () => {
    expect(foldAccents("São Paulo")).toBe("sao paulo");
    expect(foldAccents("Brasília")).toBe("brasilia");
  });
  it("pluralizes pt-BR counts", () => {
    expect(pluralize(1, "pet", "pets")).toBe("1 pet");
    expect(pluralize(1200, "pet", "pets")).toBe("1.200 pets");
  });
});
