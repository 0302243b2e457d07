import { describe, expect, it } from "vitest";
import { foldAccents, pluralize, viewsLabel } from "~/lib/text";

describe("text helpers", () => {
  it("folds accents and case for matching", () => {
    expect(foldAccents("São Paulo")).toBe("sao paulo");
    expect(foldAccents("Brasília")).toBe("brasilia");
  });
  it("pluralizes pt-BR counts", () => {
    expect(pluralize(1, "pet", "pets")).toBe("1 pet");
    expect(pluralize(1200, "pet", "pets")).toBe("1.200 pets");
  });
  it("says one view in the singular (issue 21: never '1 visualizações')", () => {
    expect(viewsLabel(1)).toBe("1 visualização");
    expect(viewsLabel(0)).toBe("0 visualizações");
    expect(viewsLabel(1234)).toBe("1.234 visualizações");
  });
});
