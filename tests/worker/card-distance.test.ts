// The distance each card of a city-filtered list shows ('a 12 km', 'na cidade'): read per
// row from municipality_neighbours (docs/decisions/0032, 0041), only where the visitor gave
// a city; the cards' time ago reads createdAt.
import { describe, expect, it } from "vitest";
import { municipalitiesWithin } from "~/models/municipalities.server";
import { loader as adocaoCidade } from "~/routes/adocao.cidade";
import { loader as buscarPets } from "~/routes/buscar-pets";
import { loader as clinicas } from "~/routes/clinicas";
import { loader as eventos } from "~/routes/eventos";
import { loader as ongs } from "~/routes/ongs";
import { loader as petsPage } from "~/routes/pets";
import { loader as produtos } from "~/routes/produtos";
import { makeContext } from "./context";
import { createClinic, createEvent, createOrganization, createPet, createProduct, createUser, db } from "./fixtures";

const JUNDIAI = 3525904;
const VARZEA_PAULISTA = 3556503; // ~5 km from Jundiaí

type Item = { id: number; distanceKm?: number | null; createdAt?: unknown };
type Listing = { items: Item[] };

async function call(loader: (args: never) => unknown, path: string, params: Record<string, string> = {}): Promise<Listing> {
  const { context } = await makeContext();
  return (await loader({ request: new Request(`http://localhost${path}`), context, params } as never)) as Listing;
}

/** Each listed id's distance. */
function distances(listing: Listing, ids: number[]) {
  return ids.map((id) => listing.items.find((item) => item.id === id)?.distanceKm);
}

describe("the distance on the cards of a city-filtered list", () => {
  it("pets: the search, /pets and the city pages give each card its distance from the city; 0 km is the city itself", async () => {
    const varzea = (await municipalitiesWithin(db, JUNDIAI, 10)).find((n) => n.ibgeCode === VARZEA_PAULISTA)!.distanceKm;
    expect(varzea).toBeGreaterThan(0);
    const owner = await createUser();
    const here = await createPet(owner.id, { status: "adocao", municipalityCode: JUNDIAI, location: "Jundiaí - SP" });
    const near = await createPet(owner.id, { status: "adocao", municipalityCode: VARZEA_PAULISTA, location: "Várzea Paulista - SP" });

    const search = await call(buscarPets, "/buscar-pets?cidade=jundiai-sp&raio=10");
    expect(distances(search, [here.id, near.id])).toEqual([0, varzea]);
    // With text too (the FTS walk), and by views.
    expect(
      distances(await call(buscarPets, `/buscar-pets?q=${encodeURIComponent(near.name)}&cidade=jundiai-sp&raio=10`), [near.id]),
    ).toEqual([varzea]);
    expect(distances(await call(buscarPets, "/buscar-pets?cidade=jundiai-sp&raio=10&order=relevantes"), [here.id, near.id])).toEqual([
      0,
      varzea,
    ]);
    expect(distances(await call(petsPage, "/pets?cidade=jundiai-sp&raio=10"), [here.id, near.id])).toEqual([0, varzea]);
    expect(distances(await call(adocaoCidade, "/adocao/sp/jundiai", { uf: "sp", cidade: "jundiai" }), [here.id, near.id])).toEqual([
      0,
      varzea,
    ]);

    // No city given: no distance.
    const all = await call(buscarPets, "/buscar-pets?filter=adocao");
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.items.every((item) => item.distanceKm == null)).toBe(true);
    expect((await call(petsPage, "/pets")).items.every((item) => item.distanceKm == null)).toBe(true);
    // The time ago comes from createdAt.
    expect(search.items.find((item) => item.id === here.id)?.createdAt).toBeInstanceOf(Date);
  });

  it("products, NGOs, clinics and events", async () => {
    const company = await createUser("company");
    const product = await createProduct(company.id, { municipalityCode: VARZEA_PAULISTA });
    const clinic = await createClinic(company.id, { municipalityCode: JUNDIAI });
    const ngo = await createOrganization((await createUser("ngo")).id, { municipalityCode: VARZEA_PAULISTA });
    const event = await createEvent(ngo.id, { municipalityCode: JUNDIAI, date: "2031-05-01T10:00" });
    const varzea = (await municipalitiesWithin(db, JUNDIAI, 10)).find((n) => n.ibgeCode === VARZEA_PAULISTA)!.distanceKm;

    const products = await call(produtos, "/produtos?cidade=jundiai-sp&raio=10");
    expect(distances(products, [product.id])).toEqual([varzea]);
    // The product card's time ago.
    expect(products.items[0]?.createdAt).toBeInstanceOf(Date);
    expect(distances(await call(clinicas, "/clinicas?cidade=jundiai-sp&raio=10"), [clinic.id])).toEqual([0]);
    expect(distances(await call(ongs, "/ongs?cidade=jundiai-sp&raio=10"), [ngo.id])).toEqual([varzea]);
    expect(distances(await call(eventos, "/eventos?cidade=jundiai-sp&raio=10"), [event.id])).toEqual([0]);

    for (const [loader, path] of [
      [produtos, "/produtos"],
      [clinicas, "/clinicas"],
      [ongs, "/ongs"],
      [eventos, "/eventos"],
    ] as const) {
      const listing = await call(loader, path);
      expect(listing.items.length, path).toBeGreaterThan(0);
      expect(
        listing.items.every((item) => item.distanceKm == null),
        path,
      ).toBe(true);
    }
  });
});
