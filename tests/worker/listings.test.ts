import { describe, expect, it } from "vitest";
import { PAGE_SIZE } from "~/lib/pagination";
import { listPetsPage, listUpcomingEventsPage } from "~/models/listings.server";
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
