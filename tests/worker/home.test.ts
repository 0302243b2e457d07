import { describe, expect, it } from "vitest";
import { pets } from "~/db/schema";
import { eq } from "drizzle-orm";
import { getCounts } from "~/models/counters.server";
import { getHomePage, HOME_SECTION_SIZES } from "~/models/home.server";
import { createClinic, createEvent, createOrganization, createPet, createProduct, createUser, db } from "./fixtures";

describe("home page model", () => {
  it("answers an empty database with empty sections and zero counters", async () => {
    const home = await getHomePage(db, "2026-11-23T10:00");
    expect(home.stats).toEqual({ registered: 0, found: 0, adopted: 0 });
    expect(home.lostPets.items).toEqual([]);
    expect(home.events.items).toEqual([]);
  });

  it("reads every section, newest first, limited to its size, with counts from the counters", async () => {
    const owner = await createUser();
    for (let i = 0; i < 10; i++) {
      await createPet(owner.id, { name: `Perdido ${i}`, status: "perdido", createdAt: new Date(1_700_000_000_000 + i * 1000) });
    }
    await createPet(owner.id, { name: "Adotável", status: "adocao" });
    await createPet(owner.id, { name: "Achado", status: "encontrado" });
    await createPet(owner.id, { name: "Visto", status: "avistado" });

    const company = await createUser("company");
    await createProduct(company.id, { title: "Ração Golden" });
    await createClinic(company.id, { name: "Clínica Vida Animal" });
    const ngo = await createUser("ngo");
    const organization = await createOrganization(ngo.id, { name: "ONG Patinhas" });
    await createEvent(organization.id, { title: "Feira futura", date: "2026-12-01T10:00" });
    await createEvent(organization.id, { title: "Feira passada", date: "2026-11-01T10:00" });

    const home = await getHomePage(db, "2026-11-23T10:00");

    // Honest counters (docs/decisions/0023): a found pet or an adoption ad is not a happy
    // ending yet; only closed ads count (tests/worker/ad-lifecycle.test.ts).
    expect(home.stats).toEqual({ registered: 13, found: 0, adopted: 0 });
    expect(home.lostPets.total).toBe(10);
    expect(home.lostPets.items).toHaveLength(HOME_SECTION_SIZES.lostPets);
    expect(home.lostPets.items[0]!.name).toBe("Perdido 9");
    expect(home.lostPets.items.every((p) => p.status === "perdido")).toBe(true);
    expect(home.adoptionPets.items.map((p) => p.name)).toEqual(["Adotável"]);
    expect(home.latestPets.total).toBe(13);
    expect(home.products.items.map((p) => p.title)).toEqual(["Ração Golden"]);
    expect(home.clinics.items.map((c) => c.name)).toEqual(["Clínica Vida Animal"]);
    expect(home.organizations.items.map((o) => o.name)).toEqual(["ONG Patinhas"]);
    expect(home.events.items.map((e) => e.title)).toEqual(["Feira futura"]);
    expect(home.events.items[0]!.organizationName).toBe("ONG Patinhas");
    expect(home.events.total).toBe(1);
  });

  it("keeps the counters right through status changes and deletes", async () => {
    const owner = await createUser();
    const before = await getCounts(db);
    const pet = await createPet(owner.id, { status: "perdido" });
    await db.update(pets).set({ status: "encontrado" }).where(eq(pets.id, pet.id));
    let counts = await getCounts(db);
    expect(counts["pets:perdido"]).toBe(before["pets:perdido"]);
    expect(counts["pets:encontrado"]).toBe(before["pets:encontrado"] + 1);
    expect(counts.pets).toBe(before.pets + 1);

    await db.delete(pets).where(eq(pets.id, pet.id));
    counts = await getCounts(db);
    expect(counts.pets).toBe(before.pets);
    expect(counts["pets:encontrado"]).toBe(before["pets:encontrado"]);
  });
});
