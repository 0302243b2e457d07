import { describe, expect, it } from "vitest";
import { PAGE_SIZE } from "~/lib/pagination";
import { weekendRange } from "~/lib/format";
import { listEventsPage, listPetsPage, listUpcomingEventsPage } from "~/models/listings.server";
import { loader as clinicas } from "~/routes/clinicas";
import { loader as eventos } from "~/routes/eventos";
import { loader as ongs } from "~/routes/ongs";
import { loader as petsListing } from "~/routes/pets";
import { loader as produtos } from "~/routes/produtos";
import { loader as buscarPets } from "~/routes/buscar-pets";
import { makeContext } from "./context";
import { createClinic, createEvent, createOrganization, createPet, createProduct, createUser, db } from "./fixtures";

describe("listing pages", () => {
  it("pages pets newest first with totals by status", async () => {
    const owner = await createUser();
    for (let i = 0; i < PAGE_SIZE + 2; i++) {
      await createPet(owner.id, { name: `Lista ${i}`, status: "adocao", createdAt: new Date(1_800_000_000_000 + i) });
    }
    const first = await listPetsPage(db, 1, { status: "adocao" });
    expect(first.total).toBe(PAGE_SIZE + 2);
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.items[0]!.name).toBe(`Lista ${PAGE_SIZE + 1}`);
    const second = await listPetsPage(db, 2, { status: "adocao" });
    expect(second.items.map((p) => p.name)).toEqual(["Lista 1", "Lista 0"]);
  });

  it("lists only upcoming events, soonest first", async () => {
    const ngo = await createUser("ngo");
    const org = await createOrganization(ngo.id);
    await createEvent(org.id, { title: "Depois", date: "2030-05-02T10:00" });
    await createEvent(org.id, { title: "Antes", date: "2030-05-01T10:00" });
    await createEvent(org.id, { title: "Passado", date: "2020-01-01T10:00" });
    const page = await listUpcomingEventsPage(db, 1, "2030-01-01T00:00");
    expect(page.items.map((e) => e.title)).toEqual(["Antes", "Depois"]);
    expect(page.total).toBe(2);
  });

  it("'Este fim de semana' lists Saturday's and Sunday's events only (docs/decisions/0033)", async () => {
    const ngo = await createUser("ngo");
    const org = await createOrganization(ngo.id);
    // 2031-05-03 is a Saturday.
    for (const [title, date] of [
      ["Sexta", "2031-05-02T20:00"],
      ["Sábado", "2031-05-03T09:00"],
      ["Domingo", "2031-05-04T23:30"],
      ["Segunda", "2031-05-05T00:00"],
    ]) {
      await createEvent(org.id, { title: title!, date: date! });
    }
    const range = weekendRange("2031-04-29T00:00");
    const page = await listEventsPage(db, 1, { ...range, when: "proximos" });
    expect(page.items.map((e) => e.title)).toEqual(["Sábado", "Domingo"]);
    expect(page.total).toBe(2);
  });
});

// Inputs that once reached D1's limits (100 bound parameters, 50-byte LIKE patterns)
// or made OFFSET scan the table: every listing answers a page, never throws.
// docs/decisions/0012-input-bounds-views-and-caching-headers.md
describe("listing loaders under bad input", () => {
  const call = async (loader: (args: never) => unknown, path: string) => {
    const { context } = await makeContext();
    const result = await loader({ request: new Request(`http://localhost${path}`), context, params: {} } as never);
    return result as { items: unknown[]; total: number; page: number };
  };
  const texts = [
    "a".repeat(60),
    "ração para cães e gatos filhotes em são paulo capital",
    "ç".repeat(60),
    "%".repeat(60),
    "_\\_\\%".repeat(20),
    '"coleira" NEAR(a b) OR x* AND -y ^z (',
    "cão\u0000gato",
    "🐶".repeat(40),
    Array.from({ length: 25 }, (_, i) => `a${i % 10}`).join(" "),
  ];
  const pages = ["-1", "0", "abc", "1e99", "1000000000", "1.5", "9".repeat(400), "2&page=3"];

  it("answers /produtos, /ongs and /clinicas with long and odd texts", async () => {
    const company = await createUser("company");
    const ngo = await createUser("ngo");
    await createProduct(company.id, { title: "a".repeat(70) });
    await createClinic(company.id);
    await createOrganization(ngo.id);
    for (const [loader, path] of [
      [produtos, "/produtos"],
      [ongs, "/ongs"],
      [clinicas, "/clinicas"],
    ] as const) {
      for (const text of texts) {
        const result = await call(loader, `${path}?q=${encodeURIComponent(text)}&q=outra`);
        expect(result.page, `${path} ${text}`).toBe(1);
      }
    }
    // The cut pattern still finds what its first bytes match.
    expect((await call(produtos, `/produtos?q=${"a".repeat(60)}`)).total).toBe(1);
  });

  it("clamps the page to 1..last on every listing", async () => {
    const owner = await createUser();
    for (let i = 0; i < PAGE_SIZE + 1; i++) await createPet(owner.id, { name: `Página ${i}` });
    for (const page of pages) {
      for (const [loader, path] of [
        [petsListing, "/pets"],
        [produtos, "/produtos"],
        [ongs, "/ongs"],
        [clinicas, "/clinicas"],
        [eventos, "/eventos"],
      ] as const) {
        const result = await call(loader, `${path}?page=${page}`);
        expect(result.page, `${path}?page=${page}`).toBeGreaterThanOrEqual(1);
        expect(result.page, `${path}?page=${page}`).toBeLessThanOrEqual(Math.max(1, Math.ceil(result.total / PAGE_SIZE)));
      }
    }
    // Past the end: the last page, with its items.
    const last = await call(petsListing, "/pets?page=1000000000");
    expect(last.page).toBe(Math.ceil(last.total / PAGE_SIZE));
    expect(last.items.length).toBeGreaterThan(0);
    expect((await call(petsListing, "/pets?page=-1")).page).toBe(1);
  });
});

describe("the filters /pets shares with the search (docs/decisions/0033 §7 and §11)", () => {
  it("narrows by species, size and sex within a status, and 'Avise-me' saves the same choice", async () => {
    const owner = await createUser();
    const tag = `Filtro${Date.now().toString(36)}`;
    await createPet(owner.id, { name: `${tag} gata`, type: "gato", size: "Pequeno", gender: "Fêmea", status: "adocao" });
    await createPet(owner.id, { name: `${tag} gato`, type: "gato", size: "Grande", gender: "Macho", status: "adocao" });
    await createPet(owner.id, { name: `${tag} cão`, type: "cachorro", size: "Pequeno", gender: "Fêmea", status: "adocao" });
    await createPet(owner.id, { name: `${tag} gata perdida`, type: "gato", size: "Pequeno", gender: "Fêmea", status: "perdido" });
    const load = async (query: string) => {
      const { context } = await makeContext();
      const data = await petsListing({ request: new Request(`http://localhost/pets?${query}`), context, params: {} } as never);
      return { ...data, names: data.items.map((p) => p.name).filter((name) => name.startsWith(tag)) };
    };
    const cats = await load("status=adocao&filter=Gato");
    expect(cats.names.sort()).toEqual([`${tag} gata`, `${tag} gato`]);
    const small = await load("status=adocao&filter=Gato&filter=Pequeno&filter=F%C3%AAmea");
    expect(small.names).toEqual([`${tag} gata`]);
    expect(small.savedSearch.criteria).toBe("filter=adocao&filter=Gato&filter=Pequeno&filter=F%C3%AAmea");
    expect(small.savedSearch.description).toBe("Para Adoção · Gato · Pequeno · Fêmea");
    // Every status has its control, 'Avistado' too; an unknown filter value filters nothing.
    expect((await load("status=perdido&filter=Gato")).names).toEqual([`${tag} gata perdida`]);
    expect((await load("status=adocao&filter=Girafa")).total).toBe((await load("status=adocao")).total);
  });
});

describe("a pet search that finds no pet (docs/decisions/0033 §6)", () => {
  it("points to the upcoming events whose title or description holds every word", async () => {
    const ngo = await createUser("ngo");
    const org = await createOrganization(ngo.id);
    const tag = `Zeb${Date.now().toString(36)}`;
    await createEvent(org.id, { title: `Feira de Adoção ${tag}`, description: "No parque.", date: "2030-05-02T10:00" });
    await createEvent(org.id, { title: `Bazar ${tag}`, description: "Feira de adoção também.", date: "2030-05-01T10:00" });
    await createEvent(org.id, { title: `Feira de Adoção antiga ${tag}`, date: "2020-01-01T10:00" });
    await createEvent(org.id, { title: `Feira de livros ${tag}`, description: "Livros usados.", date: "2030-05-03T10:00" });
    const search = async (q: string) => {
      const { context } = await makeContext();
      const url = `http://localhost/buscar-pets?q=${encodeURIComponent(q)}`;
      return buscarPets({ request: new Request(url), context, params: {} } as never);
    };
    const found = await search(`feira de adoção ${tag}`);
    expect(found.items).toHaveLength(0);
    expect(found.events.map((e) => e.title)).toEqual([`Bazar ${tag}`, `Feira de Adoção ${tag}`]);
    // A search that finds pets shows pets only.
    const owner = await createUser();
    await createPet(owner.id, { name: `Feira ${tag}` });
    expect((await search(`feira ${tag}`)).events).toEqual([]);
  });
});
