// What a finder can know (docs/decisions/0045): the fields each kind of ad requires, the
// title built when nobody knows the name, 'Não sei' for sex and size stored and shown, and
// the search filters that still find such a pet. Through the route actions and loaders.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pets } from "~/db/schema";
import { parsePetSearch } from "~/lib/pet-search";
import { petTitle } from "~/lib/pet-title";
import { searchPets } from "~/models/pet-search.server";
import { action as newPetAction } from "~/routes/cadastrar-pet";
import { loader as petLoader } from "~/routes/pet";
import { tinyJpeg } from "../support/tiny-images";
import { makeContext, signedInContext } from "./context";
import { createPet, createUser, db } from "./fixtures";

type Fields = Record<string, string | File>;
type FormReply = { data: { result: { error: Record<string, string[] | null> | null } }; init: { status: number } };

let photoCount = 0;
const photo = () => new File([tinyJpeg(++photoCount + 500)], `foto-${photoCount}.jpg`, { type: "image/jpeg" });

function multipart(path: string, fields: Fields) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(`http://localhost${path}`, { method: "POST", body });
}

async function publish(user: { id: string }, fields: Fields) {
  const context = await signedInContext(user);
  return newPetAction({ request: multipart("/cadastrar-pet", fields), context, params: {} } as never).catch((thrown: unknown) => thrown);
}

/** The errors a blank form of `fields` gets, by field. */
async function errorsOf(fields: Fields) {
  const reply = (await publish(await createUser(), fields)) as FormReply;
  expect(reply.init.status).toBe(400);
  return Object.fromEntries(Object.entries(reply.data.result.error ?? {}).filter(([, v]) => v?.length)) as Record<string, string[]>;
}

const petIdFrom = (result: unknown) => Number((result as Response).headers.get("Location")!.split("/").pop());
const today = () => new Date().toISOString().slice(0, 10);

async function page(id: number) {
  const { context } = await makeContext();
  return (await petLoader({ request: new Request(`http://localhost/pet/${id}`), context, params: { id: String(id) } } as never)) as {
    pet: { title: string; headline: string; gender: string | null; size: string | null; description: string | null };
  };
}

describe("the fields each kind of ad requires", () => {
  it("a lost pet keeps the spec's: name, breed, age, sex, size, colour, the day it went missing", async () => {
    const errors = await errorsOf({ kind: "perdido", category: "perdido" });
    expect(Object.keys(errors).sort()).toEqual(
      ["age", "breed", "city", "color", "contactWhatsapp", "gender", "missingSince", "name", "photos", "size", "type"].sort(),
    );
    expect(errors.name).toEqual(["Por favor, preencha o nome do pet."]);
    expect(errors.missingSince).toEqual(["Por favor, informe a data do desaparecimento."]);
  });

  it("a found pet asks only what a finder knows: species, photo, city and a reference, the day, WhatsApp", async () => {
    const errors = await errorsOf({ kind: "perdido", category: "encontrado" });
    expect(Object.keys(errors).sort()).toEqual(["city", "contactWhatsapp", "missingSince", "neighbourhood", "photos", "type"]);
    expect(errors.missingSince).toEqual(["Por favor, informe a data em que encontrou o pet."]);
    expect(errors.neighbourhood).toEqual(["Por favor, informe o bairro ou um ponto de referência."]);
  });

  it("a sighted pet asks the same, its day in the words of who saw it", async () => {
    const errors = await errorsOf({ kind: "perdido", category: "avistado", gender: "nao-sei", size: "nao-sei" });
    expect(Object.keys(errors).sort()).toEqual(["city", "contactWhatsapp", "missingSince", "neighbourhood", "photos", "type"]);
    expect(errors.missingSince).toEqual(["Por favor, informe a data em que viu o pet."]);
  });

  it("an adoption ad keeps the spec's fields, and 'Não sei' is no sex for a lost or adoption ad", async () => {
    const adoption = await errorsOf({ kind: "adocao", gender: "nao-sei" });
    expect(Object.keys(adoption).sort()).toEqual(
      ["age", "breed", "city", "contactWhatsapp", "gender", "name", "photos", "size", "temperament", "type"].sort(),
    );
    const lost = await errorsOf({ kind: "perdido", category: "perdido", size: "nao-sei" });
    expect(lost.size).toEqual(["Escolha o porte."]);
  });

  it("a reference typed before the city ('Vila Yara, Osasco') is the finder's reference", async () => {
    const finder = await createUser();
    const result = await publish(finder, {
      kind: "perdido",
      category: "avistado",
      type: "cachorro",
      missingSince: today(),
      contactWhatsapp: "(11) 98765-4321",
      city: "Vila Yara, Osasco - SP",
      photos: photo(),
    });
    expect((result as Response).status).toBe(303);
    const [row] = await db
      .select()
      .from(pets)
      .where(eq(pets.id, petIdFrom(result)));
    expect(row).toMatchObject({ status: "avistado", location: "Vila Yara, Osasco - SP", name: "" });
  });
});

describe("a found cat with only the finder's fields", () => {
  it("is published under a built title, with sex and size unknown", async () => {
    const finder = await createUser();
    const result = await publish(finder, {
      kind: "perdido",
      category: "encontrado",
      type: "gato",
      name: "",
      breed: "",
      age: "",
      gender: "nao-sei",
      size: "nao-sei",
      missingSince: today(),
      contactWhatsapp: "(11) 98765-4321",
      city: "Osasco - SP",
      neighbourhood: "Perto da estação",
      photos: photo(),
    });
    expect((result as Response).status).toBe(303);
    const id = petIdFrom(result);
    const [row] = await db.select().from(pets).where(eq(pets.id, id));
    expect(row).toMatchObject({ name: "", breed: null, age: null, gender: null, size: null, color: null, status: "encontrado" });
    const { pet } = await page(id);
    expect(pet.title).toBe("Gato encontrado em Osasco - SP");
    expect(pet.headline).toBe("Gato encontrado em Osasco - SP");
    expect(pet.description!.split("\n")[0]).toMatch(/^Encontrado em \d{2}\/\d{2}\/\d{4}$/);
  });

  it("never takes 'Não sei' typed in 'Nome' for a name, and words a known female's title", async () => {
    const finder = await createUser();
    const result = await publish(finder, {
      kind: "perdido",
      category: "encontrado",
      type: "cachorro",
      name: "Não sei",
      breed: "nao sei",
      gender: "Fêmea",
      size: "Grande",
      missingSince: today(),
      contactWhatsapp: "(11) 98765-4321",
      city: "Osasco - SP",
      neighbourhood: "Centro",
      photos: photo(),
    });
    const id = petIdFrom(result);
    const [row] = await db.select().from(pets).where(eq(pets.id, id));
    expect(row).toMatchObject({ name: "", breed: null, gender: "Fêmea", size: "Grande" });
    const { pet } = await page(id);
    expect(pet.title).toBe("Cadela encontrada em Osasco - SP");
    expect(pet.description!.split("\n")[0]).toMatch(/^Encontrada em /);
  });

  it("a lost female's words agree with her sex", async () => {
    const owner = await createUser();
    const result = await publish(owner, {
      kind: "perdido",
      category: "perdido",
      name: "Luna",
      type: "cachorro",
      breed: "SRD",
      age: "2 anos",
      gender: "Fêmea",
      size: "Médio",
      color: "Preta",
      missingSince: today(),
      contactWhatsapp: "(11) 98765-4321",
      city: "Osasco - SP",
      photos: photo(),
    });
    const { pet } = await page(petIdFrom(result));
    expect(pet.title).toBe("Luna");
    expect(pet.headline).toBe("Luna - Perdida em Osasco - SP");
    expect(pet.description!.split("\n")[0]).toMatch(/^Desaparecida em /);
  });
});

describe("search filters and pets whose sex or size nobody knew", () => {
  const ids = async (query: string) =>
    (await searchPets(db, parsePetSearch(new URL(`http://x/buscar-pets?${query}`)), 50)).items.map((p) => p.id);

  it("a sex or size filter still finds them; an unknown filter value is ignored, not an error", async () => {
    const finder = await createUser();
    const unknown = await createPet(finder.id, {
      name: "",
      type: "gato",
      status: "encontrado",
      gender: null,
      size: null,
      location: "Centro, Osasco - SP",
    });
    const male = await createPet(finder.id, { name: "Tom", type: "gato", status: "perdido", gender: "Macho", size: "Pequeno" });
    const female = await createPet(finder.id, { name: "Mia", type: "gato", status: "perdido", gender: "Fêmea", size: "Grande" });
    for (const query of ["filter=Macho", "filter=Pequeno", "filter=Macho&filter=Pequeno&filter=Gato", "filter=nao-sei", "filter=Gato"]) {
      expect(await ids(query), query).toContain(unknown.id);
    }
    expect(await ids("filter=Macho")).toContain(male.id);
    expect(await ids("filter=Macho")).not.toContain(female.id);
    expect(await ids("filter=Pequeno")).not.toContain(female.id);
    expect(await ids("order=relevantes&filter=F%C3%AAmea")).toContain(unknown.id);
    // Its card has what the built title needs.
    const card = (await searchPets(db, parsePetSearch(new URL("http://x/buscar-pets?filter=Gato")), 50)).items.find(
      (p) => p.id === unknown.id,
    )!;
    expect(petTitle(card)).toBe("Gato encontrado em Osasco - SP");
  });
});
