// docs/decisions/0032: the pet search's city filter (any municipality, a radius around it), the city
// pages /pets-perdidos/{uf}/{cidade} and /adocao/{uf}/{cidade}, and /sitemap.xml
// (docs/decisions/0032, "Search and city pages").
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { pets } from "~/db/schema";
import { parsePetSearch, type PetSearchCriteria } from "~/lib/pet-search";
import { municipalitiesWithin } from "~/models/municipalities.server";
import { petSearchQueries, searchPets } from "~/models/pet-search.server";
import { loader as adocaoCidade } from "~/routes/adocao.cidade";
import { loader as buscarPets } from "~/routes/buscar-pets";
import { loader as petsPerdidosCidade, meta as petsPerdidosMeta } from "~/routes/pets-perdidos.cidade";
import { loader as sitemap } from "~/routes/sitemap";
import { makeContext } from "./context";
import { createPet, createUser, db } from "./fixtures";

const JUNDIAI = 3525904;
const CAMPINAS = 3509502;
const VARZEA_PAULISTA = 3556503;
const RECIFE = 2611606;
const SAO_PAULO = 3550308;

let owner: { id: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  owner = await createUser();
  ids.jundiaiLost = (
    await createPet(owner.id, { name: "Thor de Jundiaí", status: "perdido", location: "Centro, Jundiaí - SP", municipalityCode: JUNDIAI })
  ).id;
  ids.jundiaiAdoption = (
    await createPet(owner.id, { name: "Mel para adoção", status: "adocao", location: "Jundiaí - SP", municipalityCode: JUNDIAI })
  ).id;
  ids.varzeaLost = (
    await createPet(owner.id, {
      name: "Pipoca da Várzea",
      status: "perdido",
      location: "Várzea Paulista - SP",
      municipalityCode: VARZEA_PAULISTA,
    })
  ).id;
  ids.campinasLost = (
    await createPet(owner.id, { name: "Bidu de Campinas", status: "perdido", location: "Campinas - SP", municipalityCode: CAMPINAS })
  ).id;
  ids.recifeClosed = (
    await createPet(owner.id, {
      name: "Luna de Recife",
      status: "perdido",
      location: "Recife - PE",
      municipalityCode: RECIFE,
      listed: false,
    })
  ).id;
  ids.noCode = (await createPet(owner.id, { name: "Sem cidade", status: "perdido", location: "Jundiaí, SP" })).id;
});

type SearchPage = {
  items: { id: number }[];
  criteria: PetSearchCriteria;
  city: { state: string; label?: string; candidates?: { label: string; param: string }[] };
  saved: { criteria: string; description: string };
};

async function search(query: string): Promise<SearchPage> {
  const { context } = await makeContext();
  return (await buscarPets({
    request: new Request(`http://localhost/buscar-pets?${query}`),
    context,
    params: {},
  } as never)) as unknown as SearchPage;
}

const idsOf = (page: { items: { id: number }[] }) => page.items.map((p) => p.id);

describe("the search's city filter", () => {
  it("'Só na cidade' is the municipality alone; a radius adds its neighbours", async () => {
    const within = await municipalitiesWithin(db, CAMPINAS, 50);
    expect(within.map((n) => n.ibgeCode)).toContain(JUNDIAI);
    expect(within.find((n) => n.ibgeCode === JUNDIAI)!.distanceKm).toBeGreaterThan(25);

    const jundiai = await search("cidade=Jundia%C3%AD&raio=0");
    expect(idsOf(jundiai)).toContain(ids.jundiaiLost);
    expect(idsOf(jundiai)).not.toContain(ids.varzeaLost);
    // Rows without a municipality code never match a city (only once the forms store one).
    expect(idsOf(jundiai)).not.toContain(ids.noCode);
    expect(jundiai.city).toMatchObject({ state: "found", label: "Jundiaí - SP" });
    expect(jundiai.criteria.city).toBe("jundiai-sp");

    const campinasOnly = await search("cidade=Campinas&raio=0");
    expect(idsOf(campinasOnly)).toEqual([ids.campinasLost]);
    const campinas50 = await search("cidade=campinas-sp&raio=50");
    expect(idsOf(campinas50)).toEqual(expect.arrayContaining([ids.jundiaiLost, ids.varzeaLost, ids.campinasLost]));
    const jundiai10 = await search("cidade=Jundia%C3%AD%2C+SP&raio=10");
    expect(idsOf(jundiai10)).toEqual(expect.arrayContaining([ids.jundiaiLost, ids.varzeaLost]));
    expect(idsOf(jundiai10)).not.toContain(ids.campinasLost);
  });

  it("text, filters and the city together", async () => {
    expect(idsOf(await search("q=thor&cidade=jundiai-sp"))).toEqual([ids.jundiaiLost]);
    expect(idsOf(await search("q=thor&cidade=campinas-sp"))).toEqual([]);
    expect(idsOf(await search("cidade=jundiai-sp&raio=25&filter=adocao"))).toEqual([ids.jundiaiAdoption]);
    expect(idsOf(await search("cidade=jundiai-sp&raio=25&order=relevantes")).sort()).toEqual(
      [ids.jundiaiLost, ids.jundiaiAdoption, ids.varzeaLost].sort(),
    );
  });

  it("a name in several states offers them as links; an unknown name says so; neither filters", async () => {
    const ambiguous = await search("cidade=Bom+Jesus&raio=10&filter=perdido");
    expect(ambiguous.city.state).toBe("ambiguous");
    expect(ambiguous.city.candidates).toEqual(expect.arrayContaining([{ label: "Bom Jesus - RS", param: "bom-jesus-rs" }]));
    expect(ambiguous.criteria.area).toBeUndefined();
    expect(idsOf(ambiguous)).toContain(ids.campinasLost);
    const unknown = await search("cidade=Atl%C3%A2ntida");
    expect(unknown.city.state).toBe("unknown");
    expect(idsOf(unknown)).toContain(ids.jundiaiLost);
  });

  it("old links with one of the four cities move to ?cidade=", async () => {
    const thrown = await search("location=S%C3%A3o+Paulo&filter=perdido").catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(301);
    expect((thrown as Response).headers.get("Location")).toBe("/buscar-pets?filter=perdido&cidade=S%C3%A3o+Paulo");
  });

  it("'Avise-me' saves the canonical city and its radius", async () => {
    const page = await search("cidade=JUNDIAI&raio=25&filter=perdido");
    expect(page.saved.criteria).toBe("cidade=jundiai-sp&raio=25&filter=perdido");
    expect(page.saved.description).toBe("Jundiaí - SP e até 25 km · Perdido");
  });

  it("the home search for NGOs, products, clinics and events keeps the text, the city and the radius", async () => {
    const location = async (query: string) => {
      const thrown = await search(query).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      return (thrown as Response).headers.get("Location");
    };
    expect(await location("q=gatos&cidade=Belo+Horizonte&raio=25&category=ongs")).toBe("/ongs?q=gatos&cidade=Belo+Horizonte&raio=25");
    expect(await location("cidade=Jundia%C3%AD&raio=0&category=produtos")).toBe("/produtos?cidade=Jundia%C3%AD");
    expect(await location("q=&cidade=Recife&raio=10&category=clinicas")).toBe("/clinicas?cidade=Recife&raio=10");
    expect(await location("q=feira&cidade=Recife&raio=10&category=eventos")).toBe("/eventos?cidade=Recife&raio=10");
    expect(await location("q=&cidade=&raio=0&category=ongs")).toBe("/ongs");
  });
});

type CityPage = {
  label: string;
  url: string;
  items: { id: number }[];
  nearby: { label: string; path: string }[];
  alertCriteria: string;
  searchPath: string;
  status: "perdido" | "adocao";
};

async function cityPage(loader: (args: never) => Promise<unknown>, path: string, params: { uf: string; cidade: string }) {
  const { context } = await makeContext();
  return loader({ request: new Request(`http://localhost${path}`), context, params } as never).catch((e: unknown) => e) as Promise<
    CityPage | Response | { init?: { status?: number } }
  >;
}

const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } }).init?.status ?? 200);

describe("city pages", () => {
  it("/pets-perdidos/sp/jundiai: the lost pets of Jundiaí and 25 km around, and the nearby cities", async () => {
    const page = (await cityPage(petsPerdidosCidade, "/pets-perdidos/sp/jundiai", { uf: "sp", cidade: "jundiai" })) as CityPage;
    expect(page.label).toBe("Jundiaí - SP");
    expect(idsOf(page)).toEqual(expect.arrayContaining([ids.jundiaiLost, ids.varzeaLost]));
    expect(idsOf(page)).not.toContain(ids.jundiaiAdoption);
    expect(idsOf(page)).not.toContain(ids.campinasLost);
    expect(page.nearby).toContainEqual({ label: "Várzea Paulista - SP", path: "/pets-perdidos/sp/varzea-paulista" });
    expect(page.nearby.some((n) => n.label === "Jundiaí - SP")).toBe(false);
    expect(page.alertCriteria).toBe("cidade=jundiai-sp&raio=25&filter=perdido");
    expect(page.searchPath).toBe("/buscar-pets?cidade=jundiai-sp&raio=25&category=perdido");

    const meta = petsPerdidosMeta({ loaderData: page } as never) as Record<string, string>[];
    expect(meta).toContainEqual({ title: "Pets perdidos em Jundiaí - SP e região | Patas Conectadas" });
    expect(meta).toContainEqual({ property: "og:title", content: "Pets perdidos em Jundiaí - SP e região | Patas Conectadas" });
    expect(meta.find((m) => m.property === "og:description")!.content).toContain("Jundiaí - SP");
    expect(meta.find((m) => m.name === "description")!.content).toContain("Jundiaí - SP");
    expect(meta).toContainEqual({ property: "og:url", content: "http://localhost/pets-perdidos/sp/jundiai" });
  });

  it("/adocao/sp/jundiai: the adoption ads", async () => {
    const page = (await cityPage(adocaoCidade, "/adocao/sp/jundiai", { uf: "sp", cidade: "jundiai" })) as CityPage;
    expect(idsOf(page)).toEqual([ids.jundiaiAdoption]);
    expect(page.nearby[0]!.path).toMatch(/^\/adocao\/sp\//);
  });

  it("an unknown UF or city is the app's 404; another spelling moves to the page's address", async () => {
    for (const params of [
      { uf: "xx", cidade: "jundiai" },
      { uf: "rj", cidade: "jundiai" },
      { uf: "sp", cidade: "atlantida" },
      { uf: "sp", cidade: "x".repeat(500) },
    ]) {
      expect(statusOf(await cityPage(petsPerdidosCidade, "/pets-perdidos/x/y", params)), JSON.stringify(params)).toBe(404);
    }
    const moved = await cityPage(petsPerdidosCidade, "/pets-perdidos/SP/Jundia%C3%AD", { uf: "SP", cidade: "Jundiaí" });
    expect(moved).toBeInstanceOf(Response);
    expect((moved as Response).status).toBe(301);
    expect((moved as Response).headers.get("Location")).toBe("/pets-perdidos/sp/jundiai");
  });
});

describe("/sitemap.xml", () => {
  it("lists the static pages and the city pages with open ads, as absolute URLs", async () => {
    const { context } = await makeContext();
    const response = (await sitemap({
      request: new Request("https://patas.example/sitemap.xml"),
      context,
      params: {},
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toContain("public");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    for (const path of [
      "/",
      "/buscar-pets",
      "/pets-perdidos/sp/jundiai",
      "/adocao/sp/jundiai",
      "/pets-perdidos/sp/varzea-paulista",
      "/pets-perdidos/sp/campinas",
    ]) {
      expect(xml).toContain(`<loc>https://patas.example${path}</loc>`);
    }
    // Recife's only ad is closed; Campinas has no adoption ad.
    expect(xml).not.toContain("/recife");
    expect(xml).not.toContain("/adocao/sp/campinas");
  });
});

// Last: its 700 pets around São Paulo reach Jundiaí's region too.
describe("rows read by a radius search", () => {
  it("about the rows it returns, however many pets the area has", async () => {
    const around = (await municipalitiesWithin(db, SAO_PAULO, 50)).map((n) => n.ibgeCode);
    // 700 pets in the 50 km around São Paulo, most in the city itself, newest spread.
    const values = Array.from({ length: 700 }, (_, i) => ({
      userId: owner.id,
      name: `Pet ${i}`,
      type: "cachorro",
      status: (i % 3 === 0 ? "perdido" : "adocao") as "perdido" | "adocao",
      location: "São Paulo - SP",
      municipalityCode: i % 2 === 0 ? SAO_PAULO : around[i % around.length]!,
    }));
    for (let i = 0; i < values.length; i += 7) await db.insert(pets).values(values.slice(i, i + 7));

    // [query, municipalities in the radius, rows walked per match]. A third of the pets are
    // lost: the status narrows each municipality's range of the (code, status) index, so
    // lost pets cost no more per card than all pets.
    const cases = [
      ["cidade=sao-paulo-sp&raio=50", around.length, 1],
      ["cidade=sao-paulo-sp&raio=50&filter=perdido", around.length, 1],
      ["cidade=sao-paulo-sp&raio=0", 1, 1],
    ] as const;
    for (const [query, codes, perMatch] of cases) {
      const criteria = (await search(query)).criteria;
      const [page, count] = petSearchQueries(db, criteria, 24);
      const measured = [];
      for (const statement of [page, count]) {
        const { sql, params } = statement.toSQL();
        const result = await env.DB.prepare(sql)
          .bind(...params)
          .all();
        measured.push({ read: result.meta.rows_read, returned: result.results.length });
      }
      const [pageRun, countRun] = measured;
      expect(pageRun!.returned, query).toBe(25);
      // Flat in the number of pets: the neighbour list, then per municipality a short walk
      // of its index (SQLite leaves a code once its ids fall below the page it holds), and
      // about two rows (index entry and pet) per card (docs/decisions/0032).
      expect(pageRun!.read, query).toBeLessThanOrEqual(4 * codes + 4 * 25 * perMatch);
      // The count stops at 81 matches.
      expect(countRun!.read, query).toBeLessThanOrEqual(codes + 4 * 81 * perMatch);
    }
    // Without the area's index the same page reads the area's every pet (for comparison).
    const all = await env.DB.prepare(
      "SELECT count(*) AS n FROM pets WHERE municipality_code IN (SELECT to_code FROM municipality_neighbours WHERE from_code = ? AND distance_km <= 50)",
    )
      .bind(SAO_PAULO)
      .all();
    expect(all.meta.rows_read).toBeGreaterThan(700);
  });

  it("keyset pages walk the area once, newest first", async () => {
    let criteria: PetSearchCriteria = { ...parsePetSearch(new URL("http://x/buscar-pets")), area: { code: SAO_PAULO, km: 50 } };
    const seen: number[] = [];
    for (let guard = 0; guard < 100; guard++) {
      const result = await searchPets(db, criteria, 24);
      seen.push(...result.items.map((p) => p.id));
      if (!result.next) break;
      criteria = { ...criteria, after: result.next };
    }
    const inArea = await env.DB.prepare(
      "SELECT count(*) AS n FROM pets WHERE listed = 1 AND municipality_code IN (SELECT to_code FROM municipality_neighbours WHERE from_code = ? AND distance_km <= 50)",
    )
      .bind(SAO_PAULO)
      .first<{ n: number }>();
    expect(seen.length).toBe(inArea!.n);
    expect(seen.length).toBeGreaterThanOrEqual(700);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });
});
