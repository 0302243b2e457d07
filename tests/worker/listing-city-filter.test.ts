// The city filter of /pets, /produtos, /clinicas, /ongs, /ver-ongs and /eventos
// (docs/decisions/0032): `?cidade=` in any spelling, `?raio=` in RADIUS_OPTIONS; ambiguous
// names offer a choice, unknown ones say so and filter nothing.
import { describe, expect, it } from "vitest";
import { cityKeep, type CityFilterState, hrefWithCity } from "~/lib/city-filter";
import { normaliseCriteria } from "~/lib/saved-search";
import { cacheKeyFor } from "~/platform/edge-cache.server";
import { loader as clinicas } from "~/routes/clinicas";
import { loader as eventos } from "~/routes/eventos";
import { loader as ongs } from "~/routes/ongs";
import { loader as petsPage } from "~/routes/pets";
import { loader as produtos } from "~/routes/produtos";
import { loader as verOngs } from "~/routes/ver-ongs";
import { setRouteTable } from "~/platform/page-table.server";
import { makeContext } from "./context";
import { createClinic, createEvent, createOrganization, createPet, createProduct, createUser } from "./fixtures";
import { serverRoutes } from "./route-harness";

// The routes' page policies, as workers/app.ts hands them over from the build.
setRouteTable(serverRoutes());

const JUNDIAI = 3525904;
const VARZEA_PAULISTA = 3556503; // ~5 km from Jundiaí
const CAMPINAS = 3509502; // within 50 km of Jundiaí, not within 25
const MANAUS = 1302603;

type Listing = {
  items: { id: number }[];
  total: number;
  page: number;
  city: CityFilterState;
  savedSearch?: { criteria: string; description: string } | null;
};

async function call(loader: (args: never) => unknown, path: string): Promise<Listing> {
  const { context } = await makeContext();
  return (await loader({ request: new Request(`http://localhost${path}`), context, params: {} } as never)) as Listing;
}

const idsOf = (listing: Listing) => listing.items.map((i) => i.id).sort((a, b) => a - b);

describe("the listings' city filter", () => {
  it("products: the city alone, then 10 and 50 km around it; rows without a code never match", async () => {
    const company = await createUser("company");
    const here = await createProduct(company.id, { municipalityCode: JUNDIAI });
    const near = await createProduct(company.id, { municipalityCode: VARZEA_PAULISTA });
    const far = await createProduct(company.id, { municipalityCode: CAMPINAS });
    await createProduct(company.id, { municipalityCode: MANAUS });
    await createProduct(company.id, { municipalityCode: null });

    const only = await call(produtos, "/produtos?cidade=Jundia%C3%AD%2C+SP");
    expect(idsOf(only)).toEqual([here.id]);
    expect(only.total).toBe(1);
    expect(only.city).toMatchObject({ state: "found", label: "Jundiaí - SP", param: "jundiai-sp", radius: 0 });

    expect(idsOf(await call(produtos, "/produtos?cidade=jundiai-sp&raio=10"))).toEqual([here.id, near.id]);
    expect(idsOf(await call(produtos, "/produtos?cidade=JUNDIAI&raio=50"))).toEqual([here.id, near.id, far.id]);
    // A radius outside the options is "Só na cidade".
    expect(idsOf(await call(produtos, "/produtos?cidade=jundiai-sp&raio=5000"))).toEqual([here.id]);
  });

  it("pets (/pets in place): the city and its radius with the status, newest first, paged; 'Avise-me' saves the city", async () => {
    const owner = await createUser();
    const here = await createPet(owner.id, { municipalityCode: JUNDIAI, status: "perdido" });
    const near = await createPet(owner.id, { municipalityCode: VARZEA_PAULISTA, status: "perdido" });
    const adoption = await createPet(owner.id, { municipalityCode: JUNDIAI, status: "adocao" });
    const far = await createPet(owner.id, { municipalityCode: CAMPINAS, status: "perdido" });
    await createPet(owner.id, { municipalityCode: MANAUS, status: "perdido" });
    await createPet(owner.id, { municipalityCode: null, status: "perdido" });

    const only = await call(petsPage, "/pets?cidade=jundiai+sp");
    expect(only.items.map((i) => i.id)).toEqual([adoption.id, here.id]);
    expect(only.total).toBe(2);
    expect(only.city).toMatchObject({ state: "found", param: "jundiai-sp" });
    const lost = await call(petsPage, "/pets?status=perdido&cidade=jundiai-sp&raio=10");
    expect(lost.items.map((i) => i.id)).toEqual([near.id, here.id]);
    // The same criteria /buscar-pets saves for that search.
    expect(lost.savedSearch?.criteria).toBe(normaliseCriteria("filter=perdido&cidade=jundiai-sp&raio=10"));
    expect(lost.savedSearch?.description).toContain("Jundiaí - SP e até 10 km");
    expect(idsOf(await call(petsPage, "/pets?status=perdido&cidade=jundiai-sp&raio=50"))).toEqual([here.id, near.id, far.id]);
    // A page past the last serves the last; an unknown city lists every pet.
    expect((await call(petsPage, "/pets?cidade=jundiai-sp&page=9")).page).toBe(1);
    expect((await call(petsPage, "/pets?cidade=Cidade+Inventada")).total).toBe(6);
  });

  it("pets: a city with more ads than the listing's cap says 'mais de'", async () => {
    const owner = await createUser();
    const { env } = await import("cloudflare:workers");
    // 1,201 ads in Jundiaí in one statement (a fixture per row would take minutes).
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1201)
       INSERT INTO pets (user_id, name, type, status, location, municipality_code)
       SELECT ?, 'Pet ' || i, 'cachorro', 'perdido', 'Centro, Jundiaí - SP', ? FROM n`,
    )
      .bind(owner.id, JUNDIAI)
      .run();
    // The last page served (MAX_PAGE of PAGE_SIZE: 100 of 12) is full.
    const listing = (await call(petsPage, "/pets?cidade=jundiai-sp&page=100")) as Listing & { totalCapped: boolean };
    expect([listing.total, listing.totalCapped, listing.page, listing.items.length]).toEqual([1200, true, 100, 12]);
  });

  it("keeps the category and the text together with the city", async () => {
    const company = await createUser("company");
    const bath = await createProduct(company.id, { municipalityCode: JUNDIAI, category: "higiene", title: "Banho e tosa" });
    await createProduct(company.id, { municipalityCode: JUNDIAI, category: "brinquedos", title: "Bolinha" });
    await createProduct(company.id, { municipalityCode: CAMPINAS, category: "higiene", title: "Banho em Campinas" });
    expect(idsOf(await call(produtos, "/produtos?cidade=jundiai-sp&categoria=higiene"))).toEqual([bath.id]);
    expect(idsOf(await call(produtos, "/produtos?cidade=jundiai-sp&q=banho"))).toEqual([bath.id]);
  });

  it("clinics, organizations (both URLs) and events", async () => {
    const company = await createUser("company");
    const clinic = await createClinic(company.id, { municipalityCode: VARZEA_PAULISTA });
    await createClinic(company.id, { municipalityCode: MANAUS });
    expect(idsOf(await call(clinicas, "/clinicas?cidade=jundiai-sp&raio=10"))).toEqual([clinic.id]);
    expect((await call(clinicas, "/clinicas?cidade=jundiai-sp")).items).toEqual([]);

    const ngo = await createOrganization((await createUser("ngo")).id, { municipalityCode: JUNDIAI });
    const other = await createOrganization((await createUser("ngo")).id, { municipalityCode: MANAUS });
    for (const loader of [ongs, verOngs]) {
      expect(idsOf(await call(loader, "/ongs?cidade=Jundia%C3%AD"))).toEqual([ngo.id]);
      expect(idsOf(await call(loader, "/ongs?cidade=manaus-am"))).toEqual([other.id]);
    }

    const event = await createEvent(ngo.id, { municipalityCode: CAMPINAS, date: "2031-05-01T10:00" });
    await createEvent(ngo.id, { municipalityCode: MANAUS, date: "2031-05-02T10:00" });
    expect(idsOf(await call(eventos, "/eventos?cidade=jundiai-sp&raio=50"))).toEqual([event.id]);
    const none = await call(eventos, "/eventos?cidade=jundiai-sp&raio=25");
    expect([none.items, none.total]).toEqual([[], 0]);
  });

  it("a name in several states offers the choice and filters nothing; links keep the other filters", async () => {
    const company = await createUser("company");
    await createProduct(company.id, { municipalityCode: JUNDIAI });
    const listing = await call(produtos, "/produtos?cidade=Bom+Jesus&categoria=higiene&raio=10&page=3");
    expect(listing.city.state).toBe("ambiguous");
    const candidates = (listing.city as Extract<CityFilterState, { state: "ambiguous" }>).candidates;
    expect(candidates).toHaveLength(5);
    expect(candidates.map((c) => c.param)).toContain("bom-jesus-rs");
    const link = hrefWithCity({ pathname: "/produtos", search: "?cidade=Bom+Jesus&categoria=higiene&raio=10&page=3" }, "bom-jesus-rs");
    expect(link).toBe("/produtos?cidade=bom-jesus-rs&categoria=higiene&raio=10");
    // The choice resolves.
    expect((await call(produtos, link)).city).toMatchObject({ state: "found", label: "Bom Jesus - RS" });
  });

  it("an unknown city says so and lists everything; odd input is never an error", async () => {
    const company = await createUser("company");
    await createProduct(company.id, { municipalityCode: JUNDIAI });
    const unknown = await call(produtos, "/produtos?cidade=Cidade+Inventada");
    expect(unknown.city).toMatchObject({ state: "unknown", typed: "Cidade Inventada" });
    expect(unknown.items.length).toBeGreaterThan(0);
    for (const query of [
      "cidade=",
      "cidade=%20%20",
      `cidade=${"x".repeat(5000)}`,
      "cidade=%00",
      "cidade=SP",
      "raio=abc",
      "cidade=jundiai-sp&raio=-1",
    ]) {
      for (const loader of [produtos, clinicas, ongs, eventos]) {
        const result = await call(loader, `/x?${query}`);
        expect(result.page, query).toBe(1);
      }
    }
    expect((await call(produtos, `/produtos?cidade=${"x".repeat(5000)}`)).city.typed.length).toBe(120);
  });

  it("the other links of the page keep the canonical city and the radius", () => {
    expect(cityKeep({ state: "found", typed: "Jundiaí, SP", radius: 10, label: "Jundiaí - SP", param: "jundiai-sp" })).toEqual({
      cidade: "jundiai-sp",
      raio: "10",
    });
    expect(cityKeep({ state: "unknown", typed: "Lugar", radius: 0 })).toEqual({ cidade: "Lugar" });
    expect(cityKeep({ state: "none", typed: "", radius: 25 })).toEqual({});
  });

  it("the edge cache keys these pages by city and radius, the radius as the page reads it", () => {
    expect(cacheKeyFor("https://p.example/produtos?utm_source=x&raio=10&cidade=jundiai-sp").url).toBe(
      "https://p.example/produtos?cidade=jundiai-sp&raio=10",
    );
    expect(cacheKeyFor("https://p.example/eventos?cidade=jundiai-sp&raio=abc").url).toBe(
      "https://p.example/eventos?cidade=jundiai-sp&raio=0",
    );
  });
});
