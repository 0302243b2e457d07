import { describe, expect, it } from "vitest";
import { PAGE_SIZE } from "~/lib/pagination";
import { listPetsPage, listUpcomingEventsPage } from "~/models/listings.server";
import { searchPets } from "~/models/pets.server";
import { createEvent, createOrganization, createPet, createUser, db } from "./fixtures";

describe("listing pages", () => {
  it("pages pets newest first with totals by status", async () => {
    const owner = await createUser();
    for (let i = 0; i < PAGE_SIZE + 2; i++) {
      await createPet(owner.id, { name: `Lista ${i}`, status: "adocao", createdAt: new Date(1_800_000_000_000 + i) });
    }
    const first = await listPetsPage(db, 1, "adocao");
    expect(first.total).toBe(PAGE_SIZE + 2);
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.items[0]!.name).toBe(`Lista ${PAGE_SIZE + 1}`);
    const second = await listPetsPage(db, 2, "adocao");
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
});

describe("pet search", () => {
  it("matches substrings of name, breed, colour and location, with status and city", async () => {
    const owner = await createUser();
    await createPet(owner.id, { name: "Thor", breed: "Labrador", color: "Caramelo", status: "perdido", location: "Savassi, Belo Horizonte - MG" });
    await createPet(owner.id, { name: "Mimi", type: "gato", breed: "Siamês", status: "adocao", location: "Copacabana, Rio de Janeiro - RJ" });

    const byBreed = await searchPets(db, { q: "labra", page: 1, pageSize: 24 });
    expect(byBreed.items.map((p) => p.name)).toEqual(["Thor"]);
    const byCase = await searchPets(db, { q: "MIMI", page: 1, pageSize: 24 });
    expect(byCase.items.map((p) => p.name)).toEqual(["Mimi"]);
    const byCity = await searchPets(db, { location: "Rio de Janeiro", page: 1, pageSize: 24 });
    expect(byCity.items.map((p) => p.name)).toEqual(["Mimi"]);
    const byStatus = await searchPets(db, { q: "a", status: "perdido", page: 1, pageSize: 24 });
    expect(byStatus.items.every((p) => p.status === "perdido")).toBe(true);
    expect(byStatus.total).toBeGreaterThanOrEqual(2);
    const none = await searchPets(db, { q: "100%_nada", page: 1, pageSize: 24 });
    expect(none.items).toEqual([]);
    expect(none.matching).toBe(0);
  });
});
