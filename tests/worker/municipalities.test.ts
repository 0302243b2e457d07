// The IBGE municipalities in D1 (migrations 0010–0011) and the resolver of typed
// locations (docs/decisions/0032).
import { describe, expect, it } from "vitest";
import {
  municipalitiesStartingWith,
  municipalitiesWithin,
  municipalityBySlug,
  nearbyMunicipalities,
  resolvePlace,
} from "~/models/municipalities.server";
import { db } from "./fixtures";

const JUNDIAI = 3525904;
const SAO_PAULO = 3550308;
const OSASCO = 3534401;
const CAMPINAS = 3509502;
const SAO_JOSE_DOS_CAMPOS = 3549904;

async function found(typed: string) {
  const result = await resolvePlace(db, typed);
  expect(result.kind, typed).toBe("found");
  return result as Extract<typeof result, { kind: "found" }>;
}

describe("the municipalities table", () => {
  it("holds every municipality once, with its UF", async () => {
    const [row] = await db.$client
      .prepare("SELECT count(*) AS n, count(DISTINCT uf) AS ufs FROM municipalities")
      .all<{ n: number; ufs: number }>()
      .then((r) => r.results);
    expect(row!.n).toBeGreaterThanOrEqual(5570);
    expect(row!.ufs).toBe(27);
  });
});

describe("resolving what people type", () => {
  it("accents, case, punctuation and the UF in any of the usual forms", async () => {
    for (const typed of [
      "Jundiaí, SP",
      "jundiai-sp",
      "JUNDIAI",
      "jundiai sp",
      "Jundiaí/SP",
      "  jundiaí  ",
      "Jundiaí - SP",
      "Jundiaí, São Paulo",
    ]) {
      expect((await found(typed)).municipality).toEqual({ ibgeCode: JUNDIAI, name: "Jundiaí", uf: "SP" });
    }
    for (const typed of ["São José dos Campos/SP", "Sao Jose dos Campos", "sao-jose-dos-campos-sp"]) {
      expect((await found(typed)).municipality.ibgeCode).toBe(SAO_JOSE_DOS_CAMPOS);
    }
  });

  it("the neighbourhood-first form of the sample data keeps the neighbourhood", async () => {
    const result = await found("Pinheiros, São Paulo - SP");
    expect(result.municipality.ibgeCode).toBe(SAO_PAULO);
    expect(result.neighbourhood).toBe("Pinheiros");
    const glued = await found("Centro, jundiai-sp");
    expect(glued.municipality.ibgeCode).toBe(JUNDIAI);
    expect(glued.neighbourhood).toBe("Centro");
    const withoutUf = await found("Vila Mariana, São Paulo");
    expect(withoutUf.municipality.ibgeCode).toBe(SAO_PAULO);
    expect(withoutUf.neighbourhood).toBe("Vila Mariana");
  });

  it("names with hyphens and apostrophes, and a name that ends like a UF", async () => {
    expect((await found("Embu Guaçu")).municipality.name).toBe("Embu-Guaçu");
    expect((await found("alta floresta d'oeste")).municipality.uf).toBe("RO");
    expect((await found("Sento Se")).municipality).toMatchObject({ name: "Sento Sé", uf: "BA" });
  });

  it("a name in several states asks which; the UF settles it", async () => {
    const result = await resolvePlace(db, "Bom Jesus");
    expect(result.kind).toBe("ambiguous");
    const candidates = (result as Extract<typeof result, { kind: "ambiguous" }>).candidates;
    expect(candidates.length).toBe(5);
    expect(new Set(candidates.map((c) => c.name))).toEqual(new Set(["Bom Jesus"]));
    expect((await found("Bom Jesus - RS")).municipality.uf).toBe("RS");
  });

  it("unknown names and empty text are unknown; a UF alone names nothing", async () => {
    expect(await resolvePlace(db, "Cidade Que Não Existe")).toEqual({ kind: "unknown" });
    expect(await resolvePlace(db, "   ")).toEqual({ kind: "unknown" });
    expect(await resolvePlace(db, "Jundiaí, RJ")).toEqual({ kind: "unknown" });
    expect((await resolvePlace(db, "x".repeat(5000))).kind).toBe("unknown");
  });

  it("city page slugs and prefixes", async () => {
    expect((await municipalityBySlug(db, "sp", "jundiai"))?.ibgeCode).toBe(JUNDIAI);
    expect(await municipalityBySlug(db, "rj", "jundiai")).toBeNull();
    expect(await municipalityBySlug(db, "xx", "jundiai")).toBeNull();
    const suggestions = await municipalitiesStartingWith(db, "jundi");
    expect(suggestions.map((m) => `${m.name} - ${m.uf}`)).toContain("Jundiaí - SP");
    expect(await municipalitiesStartingWith(db, "j")).toEqual([]);
  });

  it("suggestions put an exact name first, then capitals, then the closest completions", async () => {
    const labels = async (typed: string) => (await municipalitiesStartingWith(db, typed)).map((m) => `${m.name} - ${m.uf}`);
    expect((await labels("Campi"))[0]).toBe("Campinas - SP");
    expect((await labels("belo"))[0]).toBe("Belo Horizonte - MG");
    expect((await labels("Curi"))[0]).toBe("Curitiba - PR");
    expect((await labels("porto")).slice(0, 1)).toEqual(["Porto - PI"]);
    expect((await labels("sao")).slice(0, 2)).toEqual(["São Luís - MA", "São Paulo - SP"]);

    // Still one range of the name index; only the (at most a few hundred) rows of the
    // range are sorted.
    const plan = await db.$client
      .prepare(
        "EXPLAIN QUERY PLAN SELECT ibge_code FROM municipalities WHERE folded_name >= ? AND folded_name < ? ORDER BY folded_name = ? DESC, ibge_code IN (5300108, 3550308) DESC, length(folded_name), folded_name, uf LIMIT 10",
      )
      .bind("campi", "campi\u{10FFFF}", "campi")
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join(" ");
    expect(details).toMatch(/SEARCH municipalities USING (COVERING )?INDEX municipalities_folded_name_uf_idx/);
    expect(details).not.toMatch(/SCAN municipalities/);
  });
});

describe("within N km", () => {
  it("is one index range: the city itself at 0 km, then its neighbours, nearest first", async () => {
    const within = await municipalitiesWithin(db, OSASCO, 25);
    expect(within[0]).toEqual({ ibgeCode: OSASCO, distanceKm: 0 });
    expect(within.map((n) => n.ibgeCode)).toContain(SAO_PAULO);
    expect(within.every((n, i) => i === 0 || n.distanceKm >= within[i - 1]!.distanceKm)).toBe(true);
    expect(within.every((n) => n.distanceKm <= 25)).toBe(true);

    const plan = await db.$client
      .prepare("EXPLAIN QUERY PLAN SELECT to_code FROM municipality_neighbours WHERE from_code = ? AND distance_km <= ?")
      .bind(OSASCO, 25)
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join(" ")).toMatch(/USING COVERING INDEX municipality_neighbours_from_distance_idx/);
  });

  it("Jundiaí and Campinas are within 50 km, not within 25", async () => {
    const within50 = (await municipalitiesWithin(db, JUNDIAI, 50)).map((n) => n.ibgeCode);
    const within25 = (await municipalitiesWithin(db, JUNDIAI, 25)).map((n) => n.ibgeCode);
    expect(within50).toContain(CAMPINAS);
    expect(within25).not.toContain(CAMPINAS);
    const nearby = await nearbyMunicipalities(db, JUNDIAI, 25, 5);
    expect(nearby.length).toBe(5);
    expect(nearby.map((n) => n.ibgeCode)).not.toContain(JUNDIAI);
  });
});
