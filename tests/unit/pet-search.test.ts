import { describe, expect, it } from "vitest";
import { ftsQuery, parsePetSearch, searchHref, searchTerms } from "~/lib/pet-search";

const parse = (query: string) => parsePetSearch(new URL(`http://x/buscar-pets?${query}`));

describe("pet search parameters", () => {
  it("reads every parameter, ignoring unknown values", () => {
    const c = parse("q=+vira+&location=S%C3%A3o+Paulo&category=perdido&filter=Cachorro&filter=Pequeno&filter=xyz&order=relevantes&view=lista&page=2");
    expect(c).toEqual({
      q: "vira",
      location: "São Paulo",
      category: "perdido",
      filters: { status: [], type: ["Cachorro"], size: ["Pequeno"], gender: [] },
      order: "relevantes",
      view: "lista",
      page: 2,
      after: undefined,
      includeClosed: false,
    });
    // 'Mostrar casos encerrados' (docs/decisions/0023): only the exact value turns it on.
    expect(parse("encerrados=1").includeClosed).toBe(true);
    expect(parse("encerrados=sim").includeClosed).toBe(false);
    expect(parse("location=Paris&category=ongs&order=x&page=-3")).toMatchObject({
      location: "",
      category: "",
      order: "recentes",
      page: 1,
    });
  });

  it("reads a keyset cursor: depois, and vistas for 'Mais relevantes' (docs/decisions/0017)", () => {
    expect(parse("depois=42&vistas=7").after).toEqual({ id: 42 });
    expect(parse("order=relevantes&depois=42&vistas=0").after).toEqual({ id: 42, views: 0 });
    for (const bad of ["depois=0", "depois=-1", "depois=abc", "depois=1e3", `depois=${"9".repeat(16)}`, "order=relevantes&depois=42", "order=relevantes&depois=42&vistas=x"]) {
      expect(parse(bad).after, bad).toBeUndefined();
    }
    const c = parse("q=gato&order=relevantes&view=lista");
    expect(searchHref(c, { set: { after: { id: 9, views: 3 } } })).toBe("/buscar-pets?q=gato&order=relevantes&view=lista&depois=9&vistas=3");
    // Any other link (a badge, the view) starts the search again from its first page.
    expect(searchHref({ ...c, after: { id: 9, views: 3 } }, { set: { view: "grade" } })).toBe("/buscar-pets?q=gato&order=relevantes");
  });

  it("turns words of 3+ letters into required FTS phrases and keeps short ones apart", () => {
    expect(searchTerms("vira-lata sp")).toEqual({ phrases: ["vira", "lata"], short: ["sp"] });
    expect(ftsQuery({ q: 'Thor "x', location: "" })).toBe('"Thor"');
    expect(ftsQuery({ q: "sao paulo", location: "Brasília" })).toBe('"sao" AND "paulo" AND location : "Brasília"');
    expect(ftsQuery({ q: "", location: "" })).toBeNull();
  });

  it("builds badge links that remove one value and keep the rest", () => {
    const c = parse("q=gato&location=Bras%C3%ADlia&filter=Gato&filter=F%C3%AAmea&order=relevantes");
    expect(searchHref(c, { remove: { filter: "Gato" } })).toBe(
      "/buscar-pets?q=gato&location=Bras%C3%ADlia&filter=F%C3%AAmea&order=relevantes",
    );
    expect(searchHref(c, { remove: { key: "q" } })).toBe(
      "/buscar-pets?location=Bras%C3%ADlia&filter=Gato&filter=F%C3%AAmea&order=relevantes",
    );
    expect(searchHref(c, { set: { view: "lista" } })).toContain("view=lista");
  });
});
