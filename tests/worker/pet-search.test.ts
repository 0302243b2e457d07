import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pets } from "~/db/schema";
import { parsePetSearch } from "~/lib/pet-search";
import { listClinicsPage, listOrganizationsPage, listProductsPage } from "~/models/listings.server";
import { searchPets } from "~/models/pet-search.server";
import { loader as buscarPets } from "~/routes/buscar-pets";
import { makeContext } from "./context";
import { createClinic, createOrganization, createPet, createProduct, createUser, db } from "./fixtures";

const search = async (query: string, pageSize = 24) => searchPets(db, parsePetSearch(new URL(`http://x/buscar-pets?${query}`)), pageSize);
const names = async (query: string) => (await search(query)).items.map((p) => p.name).sort();

let owner: { id: string };

beforeAll(async () => {
  owner = await createUser();
  const base = { userId: owner.id };
  const at = (n: number) => new Date(1_700_000_000_000 + n * 1000);
  await createPet(base.userId, {
    name: "Thor",
    type: "cachorro",
    breed: "Vira-lata",
    color: "Caramelo",
    size: "Médio",
    gender: "Macho",
    status: "perdido",
    location: "Vila Mariana, São Paulo - SP",
    municipalityCode: 3550308,
    views: 5,
    createdAt: at(1),
  });
  await createPet(base.userId, {
    name: "Mimi",
    type: "gato",
    breed: "Siamês",
    color: "Creme",
    size: "Pequeno",
    gender: "Fêmea",
    status: "adocao",
    location: "Copacabana, Rio de Janeiro - RJ",
    municipalityCode: 3304557,
    views: 50,
    createdAt: at(2),
  });
  await createPet(base.userId, {
    name: "Pipoca",
    type: "ave",
    breed: "Calopsita",
    color: "Cinza",
    size: "Pequeno",
    gender: "Macho",
    status: "encontrado",
    location: "Asa Norte, Brasília - DF",
    municipalityCode: 5300108,
    views: 1,
    createdAt: at(3),
  });
  await createPet(base.userId, {
    name: "Bolinha",
    type: "cachorro",
    breed: "Poodle",
    color: "Branco",
    size: "Pequeno",
    gender: "Fêmea",
    status: "adocao",
    location: "Savassi, Belo Horizonte - MG",
    municipalityCode: 3106200,
    views: 20,
    createdAt: at(4),
  });
});

describe("pet search on the server", () => {
  it("matches substrings ignoring case and accents", async () => {
    expect(await names("q=sao+paulo")).toEqual(["Thor"]);
    expect(await names("q=BRASILIA")).toEqual(["Pipoca"]);
    expect(await names("q=siam")).toEqual(["Mimi"]);
    expect(await names("q=aramel")).toEqual(["Thor"]);
    expect(await names("q=vira+lata")).toEqual(["Thor"]);
    expect(await names("q=pood")).toEqual(["Bolinha"]);
    expect(await names("q=zzzz")).toEqual([]);
  });

  it("narrows to the chosen city and category", async () => {
    // Any municipality, resolved by the loader (docs/decisions/0032).
    const cityNames = async (query: string) => {
      const { context } = await makeContext();
      const page = await buscarPets({ request: new Request(`http://localhost/buscar-pets?${query}`), context, params: {} } as never);
      return (page as unknown as { items: { name: string }[] }).items.map((p) => p.name).sort();
    };
    expect(await cityNames("cidade=Rio+de+Janeiro")).toEqual(["Mimi"]);
    expect(await names("category=adocao")).toEqual(["Bolinha", "Mimi"]);
    expect(await cityNames("category=adocao&cidade=belo-horizonte-mg")).toEqual(["Bolinha"]);
  });

  it("ORs values within a group and ANDs the groups", async () => {
    expect(await names("filter=perdido&filter=encontrado")).toEqual(["Pipoca", "Thor"]);
    expect(await names("filter=Cachorro")).toEqual(["Bolinha", "Thor"]);
    expect(await names("filter=Outro")).toEqual(["Pipoca"]);
    expect(await names("filter=Gato&filter=Outro")).toEqual(["Mimi", "Pipoca"]);
    expect(await names("filter=Pequeno")).toEqual(["Bolinha", "Mimi", "Pipoca"]);
    expect(await names("filter=F%C3%AAmea")).toEqual(["Bolinha", "Mimi"]);
    // A small dog, not every dog plus every small pet.
    expect(await names("filter=Cachorro&filter=Pequeno")).toEqual(["Bolinha"]);
    expect(await names("filter=Cachorro&filter=Pequeno&filter=Macho")).toEqual([]);
  });

  it("orders by newest or by views, and pages", async () => {
    expect((await search("")).items.map((p) => p.name)).toEqual(["Bolinha", "Pipoca", "Mimi", "Thor"]);
    expect((await search("order=relevantes")).items.map((p) => p.name)).toEqual(["Mimi", "Bolinha", "Thor", "Pipoca"]);
    const second = await search("page=2", 3);
    expect(second.items.map((p) => p.name)).toEqual(["Thor"]);
    expect(second.matching).toBe(4);
    expect(second.total).toBe(4);
  });

  it("follows updates and deletes of pets", async () => {
    const pet = await createPet(owner.id, { name: "Fumaça", type: "gato", location: "Centro, Curitiba - PR" });
    expect(await names("q=fumaca")).toEqual(["Fumaça"]);
    await db.update(pets).set({ name: "Nuvem", location: "Centro, Recife - PE" }).where(eq(pets.id, pet.id));
    expect(await names("q=fumaca")).toEqual([]);
    expect(await names("q=nuvem+recife")).toEqual(["Nuvem"]);
    await db.delete(pets).where(eq(pets.id, pet.id));
    expect(await names("q=nuvem")).toEqual([]);
  });
});

describe("q on the other listings", () => {
  it("filters products, NGOs and clinics by name, description or location", async () => {
    const company = await createUser("company");
    await createProduct(company.id, { title: "Ração Premium Filhotes", location: "Curitiba - PR" });
    await createProduct(company.id, { title: "Coleira", description: "Coleira de couro", location: "Recife - PE" });
    await createClinic(company.id, { name: "Clínica Boa Vista", location: "Natal - RN" });
    const ngo = await createUser("ngo");
    await createOrganization(ngo.id, { name: "Abrigo Esperança", location: "Manaus - AM" });

    expect((await listProductsPage(db, 1, { q: "filhote" })).items.map((p) => p.title)).toEqual(["Ração Premium Filhotes"]);
    expect((await listProductsPage(db, 1, { q: "couro" })).total).toBe(1);
    expect((await listProductsPage(db, 1)).total).toBe(2);
    expect((await listClinicsPage(db, 1, "natal")).items.map((c) => c.name)).toEqual(["Clínica Boa Vista"]);
    expect((await listOrganizationsPage(db, 1, "manaus")).items.map((o) => o.name)).toEqual(["Abrigo Esperança"]);
    expect((await listOrganizationsPage(db, 1, "xyz")).total).toBe(0);
  });
});

// docs/decisions/0012-input-bounds-views-and-caching-headers.md
describe("pet search under bad input", () => {
  const searchPage = async (query: string) => {
    const { context } = await makeContext();
    const result = await buscarPets({ request: new Request(`http://localhost/buscar-pets?${query}`), context, params: {} } as never);
    return result as unknown as { items: { name: string }[]; matching: number; criteria: { page: number; q: string } };
  };
  const many = (n: number, word: (i: number) => string) => Array.from({ length: n }, (_, i) => word(i)).join(" ");

  it("answers 25 short words (past D1's 100 bound parameters) and keeps the first 8", async () => {
    const result = await searchPage(`q=${encodeURIComponent(many(25, (i) => `t${i % 10}`))}`);
    expect(result.matching).toBe(0);
    expect(await names(`q=${encodeURIComponent(`th ${many(30, () => "zz")}`)}`)).toEqual([]);
    // The first words still narrow: "th" matches Thor, and the 9th word on is ignored.
    expect(await names(`q=${encodeURIComponent(`th ${many(7, () => "o")} zz`)}`)).toEqual(["Thor"]);
  });

  it("answers long, escaped, FTS-operator, NUL and emoji texts", async () => {
    for (const text of [
      "a".repeat(200),
      "ç".repeat(60),
      "%_\\".repeat(30),
      '"Thor" NEAR(a b) OR x* AND -y ^z ( ) :',
      'NEAR("thor" "mimi", 2)',
      "th\u0000or",
      "🐶".repeat(60),
      many(40, () => "ã"),
      "Sa\u0303o Paulo", // decomposed accent
    ]) {
      await expect(searchPage(`q=${encodeURIComponent(text)}`), text).resolves.toBeDefined();
    }
    // Broken UTF-8 and raw percent signs in the query string itself.
    for (const raw of ["%ED%A0%BD", "%FF%FE", "%", "%%%", "%00%00"]) {
      await expect(searchPage(`q=${raw}`), raw).resolves.toBeDefined();
    }
    expect(await names(`q=${encodeURIComponent('"Thor" OR Mimi')}`)).toEqual([]);
    expect(await names(`q=${encodeURIComponent("Sa\u0303o Paulo")}`)).toEqual(["Thor"]);
  });

  it("ignores unknown and repeated filters, even 10,000 of them", async () => {
    const filters = Array.from({ length: 10_000 }, (_, i) => `filter=${i % 2 ? "Gato" : `x${i}`}`).join("&");
    const result = await searchPage(`${filters}&q=mimi&q=thor&cidade=Paris&order=x&view=y&category=z`);
    expect(result.items.map((p) => p.name)).toEqual(["Mimi"]);
  });

  it("serves a page in 1..last for any page number", async () => {
    for (const page of ["-1", "0", "abc", "1e99", "1000000000", "9".repeat(400)]) {
      const result = await searchPage(`page=${page}`);
      expect(result.criteria.page, page).toBe(1);
      expect(result.items.length, page).toBeGreaterThan(0);
    }
  });
});
