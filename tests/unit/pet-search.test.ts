import { describe, expect, it } from "vitest";
import { ftsQuery, longWordsIn, parsePetSearch, resultCountLabel, searchHref, searchTerms } from "~/lib/pet-search";

const parse = (query: string) => parsePetSearch(new URL(`http://x/buscar-pets?${query}`));

describe("pet search parameters", () => {
  it("reads every parameter, ignoring unknown values", () => {
    const c = parse(
      "q=+vira+&cidade=Jundia%C3%AD%2C+SP&raio=25&category=perdido&filter=Cachorro&filter=Pequeno&filter=xyz&order=relevantes&view=lista&page=2",
    );
    expect(c).toEqual({
      q: "vira",
      city: "Jundiaí, SP",
      radius: 25,
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
    // Any text may name a city (the server resolves it); an unknown radius is 'Só na cidade'.
    // Old links' `location` is the city (docs/decisions/0032).
    expect(parse("location=S%C3%A3o+Paulo")).toMatchObject({ city: "São Paulo", radius: 0 });
    expect(parse("cidade=x&raio=7")).toMatchObject({ city: "x", radius: 0 });
    expect(parse("raio=50&category=ongs&order=x&page=-3")).toMatchObject({
      city: "",
      radius: 50,
      category: "",
      order: "recentes",
      page: 1,
    });
  });

  it("reads a keyset cursor: depois, and vistas for 'Mais relevantes' (docs/decisions/0017)", () => {
    expect(parse("depois=42&vistas=7").after).toEqual({ id: 42 });
    expect(parse("order=relevantes&depois=42&vistas=0").after).toEqual({ id: 42, views: 0 });
    for (const bad of [
      "depois=0",
      "depois=-1",
      "depois=abc",
      "depois=1e3",
      `depois=${"9".repeat(16)}`,
      "order=relevantes&depois=42",
      "order=relevantes&depois=42&vistas=x",
    ]) {
      expect(parse(bad).after, bad).toBeUndefined();
    }
    const c = parse("q=gato&order=relevantes&view=lista");
    expect(searchHref(c, { set: { after: { id: 9, views: 3 } } })).toBe(
      "/buscar-pets?q=gato&order=relevantes&view=lista&depois=9&vistas=3",
    );
    // Any other link (a badge, the view) starts the search again from its first page.
    expect(searchHref({ ...c, after: { id: 9, views: 3 } }, { set: { view: "grade" } })).toBe("/buscar-pets?q=gato&order=relevantes");
  });

  it("turns words of 3+ letters into required FTS phrases and keeps short ones apart", () => {
    expect(searchTerms("vira-lata sp")).toEqual({ phrases: ["vira", "lata"], short: ["sp"] });
    // Only the ad's text columns: the index also holds the municipality and scope (0048).
    expect(ftsQuery({ q: 'Thor "x' })).toBe('{name type location breed color} : ("Thor")');
    expect(ftsQuery({ q: "sao paulo" })).toBe('{name type location breed color} : ("sao" AND "paulo")');
    expect(ftsQuery({ q: "" })).toBeNull();
  });

  it("builds badge links that remove one value and keep the rest", () => {
    const c = parse("q=gato&location=Bras%C3%ADlia&filter=Gato&filter=F%C3%AAmea&order=relevantes");
    expect(searchHref(c, { remove: { filter: "Gato" } })).toBe(
      "/buscar-pets?q=gato&cidade=Bras%C3%ADlia&filter=F%C3%AAmea&order=relevantes",
    );
    expect(searchHref(c, { remove: { key: "q" } })).toBe(
      "/buscar-pets?cidade=Bras%C3%ADlia&filter=Gato&filter=F%C3%AAmea&order=relevantes",
    );
    // The radius goes with the city, and only with it.
    const near = parse("cidade=jundiai-sp&raio=25&filter=perdido");
    expect(searchHref(near, {})).toBe("/buscar-pets?cidade=jundiai-sp&raio=25&filter=perdido");
    expect(searchHref(near, { remove: { key: "city" } })).toBe("/buscar-pets?filter=perdido");
    expect(searchHref(c, { set: { view: "lista" } })).toContain("view=lista");
  });
});

describe("longWordsIn (instant alerts check a search's text on the pet in hand, docs/decisions/0046)", () => {
  it("every word of 3+ letters is a substring of one column, accents and case folded, as the trigram index matches", () => {
    const pet = ["Thor", "cachorro", "Centro, São Paulo - SP", "Labrador", "Caramelo e branco"];
    expect(longWordsIn("labrador", pet)).toBe(true);
    expect(longWordsIn("LABRA sao paulo", pet)).toBe(true);
    expect(longWordsIn("caramelo thor", pet)).toBe(true);
    expect(longWordsIn("siamês", pet)).toBe(false);
    expect(longWordsIn("labrador preto", pet)).toBe(false);
    // Words under 3 letters are the SQL's; no long word: nothing to check here.
    expect(longWordsIn("sp", pet)).toBe(true);
    expect(longWordsIn("", [null])).toBe(true);
    // A phrase never spans two columns.
    expect(longWordsIn("thorcachorro", pet)).toBe(false);
  });
});

describe("the result count names what it counts", () => {
  it("one wording per status, singular and plural, and a generic one without a status", () => {
    expect(resultCountLabel(2, false, "perdido")).toBe("2 anúncios de pets perdidos");
    expect(resultCountLabel(1, false, "perdido")).toBe("1 anúncio de pet perdido");
    expect(resultCountLabel(0, false, "perdido")).toBe("0 anúncios de pets perdidos");
    expect(resultCountLabel(3, false, "encontrado")).toBe("3 anúncios de pets encontrados");
    expect(resultCountLabel(1, false, "avistado")).toBe("1 anúncio de pet avistado");
    expect(resultCountLabel(5, false, "adocao")).toBe("5 pets para adoção");
    expect(resultCountLabel(1, false, "adocao")).toBe("1 pet para adoção");
    expect(resultCountLabel(12, false, "")).toBe("12 pets");
    expect(resultCountLabel(1, false, "")).toBe("1 pet");
    expect(resultCountLabel(100, true, "perdido")).toBe("Mais de 100 anúncios de pets perdidos");
  });
});
