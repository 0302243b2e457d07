import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { petImages, pets } from "~/db/schema";
import { createPetWithImages, deletePetForOwner, getPet, listPetsByOwner, updatePetForOwner } from "~/models/pets.server";
import { addViews } from "~/models/item-views.server";
import { activityDb, createPet, createUser, db } from "./fixtures";

const lost = {
  name: "Thor",
  type: "cachorro",
  breed: "Vira-lata",
  age: "3 anos",
  gender: "Macho",
  size: "Médio",
  color: "Caramelo",
  status: "perdido" as const,
  description: "Desaparecido em 20/11/2026\nUsava coleira azul.",
  missingSince: "2026-11-20",
  contactWhatsapp: "(11) 98765-4321",
  location: "Vila Mariana, São Paulo - SP",
};

describe("pet model", () => {
  it("writes the pet and its extra photos together, the first photo as the main one", async () => {
    const owner = await createUser();
    // Another pet written before must not catch the images.
    await createPet(owner.id, { name: "Outro" });
    const id = await createPetWithImages(db, owner.id, lost, ["/imagens/pets/a.jpg", "/imagens/pets/b.jpg", "/imagens/pets/c.jpg"]);
    const pet = await getPet(db, id);
    expect(pet).toMatchObject({ name: "Thor", mainImageUrl: "/imagens/pets/a.jpg", userId: owner.id });
    expect(pet!.images.map((i) => i.imageUrl)).toEqual(["/imagens/pets/b.jpg", "/imagens/pets/c.jpg"]);
    expect(pet!.owner?.name).toMatch(/^Pessoa/);
  });

  it("saves nothing when any row of the batch fails", async () => {
    const owner = await createUser();
    const before = await db.$count(pets);
    await expect(createPetWithImages(db, owner.id, lost, ["/imagens/pets/a.jpg", null as unknown as string])).rejects.toThrow();
    expect(await db.$count(pets)).toBe(before);
  });

  it("counts views", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);
    // The view counters' flushes add them (docs/decisions/0051), a batch at a time.
    await addViews(db, "pet", [{ id: pet.id, n: 1 }], { object: "teste", period: "1" });
    await addViews(db, "pet", [{ id: pet.id, n: 1 }], { object: "teste", period: "2" });
    expect((await getPet(db, pet.id))!.views).toBe(2);
  });

  it("lets only the owner update, add and remove photos", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const id = await createPetWithImages(db, owner.id, lost, ["/imagens/pets/1.jpg", "/imagens/pets/2.jpg"]);

    const refused = await updatePetForOwner(
      db,
      { id, userId: stranger.id },
      { name: "Roubado" },
      {
        addImageUrls: ["/imagens/pets/x.jpg"],
        removeImageUrls: ["/imagens/pets/2.jpg"],
        mainImageUrl: null,
      },
    );
    expect(refused).toBe(false);
    let pet = await getPet(db, id);
    expect(pet!.name).toBe("Thor");
    expect(pet!.images.map((i) => i.imageUrl)).toEqual(["/imagens/pets/2.jpg"]);

    const done = await updatePetForOwner(
      db,
      { id, userId: owner.id },
      { name: "Thor Jr.", status: "encontrado" },
      {
        addImageUrls: ["/imagens/pets/3.jpg"],
        removeImageUrls: ["/imagens/pets/2.jpg"],
        mainImageUrl: "/imagens/pets/1.jpg",
      },
    );
    expect(done).toBe(true);
    pet = await getPet(db, id);
    expect(pet).toMatchObject({ name: "Thor Jr.", status: "encontrado" });
    expect(pet!.images.map((i) => i.imageUrl)).toEqual(["/imagens/pets/3.jpg"]);
  });

  it("lets only the owner delete, returning the photos to remove", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const id = await createPetWithImages(db, owner.id, lost, ["/imagens/pets/m.jpg", "/imagens/pets/n.jpg"]);
    expect(await deletePetForOwner(db, activityDb, { id, userId: stranger.id })).toBeNull();
    expect(await getPet(db, id)).not.toBeNull();
    expect(await deletePetForOwner(db, activityDb, { id, userId: owner.id })).toEqual(["/imagens/pets/m.jpg", "/imagens/pets/n.jpg"]);
    expect(await getPet(db, id)).toBeNull();
    expect(await db.$count(petImages, eq(petImages.petId, id))).toBe(0);
  });

  it("lists an owner's pets newest first with views", async () => {
    const owner = await createUser();
    await createPet(owner.id, { name: "Primeiro", createdAt: new Date(1_000) });
    await createPet(owner.id, { name: "Segundo", createdAt: new Date(2_000), views: 7 });
    const list = await listPetsByOwner(db, owner.id);
    expect(list.map((p) => [p.name, p.views])).toEqual([
      ["Segundo", 7],
      ["Primeiro", 0],
    ]);
  });
});
