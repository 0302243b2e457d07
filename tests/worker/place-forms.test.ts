// Forms (docs/decisions/0032, Forms): every form with a location resolves its
// 'Cidade' on the server to one IBGE municipality, asks which one when the name is in
// several states, and stores "Bairro, Cidade - UF" with the code; the /municipios
// suggestions; the backfill of rows typed before.
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sightings } from "~/db/activity-schema";
import { clinics, companies, events, organizations, pets, products, type AccountType } from "~/db/schema";
import { brasiliaNow } from "~/lib/format";
import { backfillMunicipalities, CITY_AMBIGUOUS_MESSAGE, CITY_UNKNOWN_MESSAGE, type BackfillCursor } from "~/services/places.server";
import { activityDb, createOrganization, createPet, createUser, db } from "./fixtures";
import { type Actor, contextFor, invoke, pngFile, postForm, routeEntries } from "./route-harness";

const SAO_PAULO = 3550308;
const JUNDIAI = 3525904;
const OSASCO = 3534401;
const BOM_JESUS_RS = 4302303;
const BOM_JESUS = ["Bom Jesus - PB", "Bom Jesus - PI", "Bom Jesus - RN", "Bom Jesus - RS", "Bom Jesus - SC"];

const route = (id: string) => {
  const found = routeEntries().find((r) => r.id === id);
  if (!found) throw new Error(`rota ${id} ausente`);
  return found;
};

async function actor(type: AccountType, setup?: (user: Actor) => Promise<unknown>): Promise<Actor> {
  const user = { ...(await createUser(type)), accountType: type };
  await setup?.(user);
  return user;
}

type Fields = Record<string, string | File>;
type Reply = {
  result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
  cityChoices: { options: { code: number; label: string }[]; chosen: number | null } | null;
};

interface FormCase {
  name: string;
  route: string;
  path: string;
  params?: Record<string, string>;
  /** Has 'Bairro ou referência' (products have only Cidade). */
  neighbourhood: boolean;
  actor: () => Promise<Actor>;
  fields: () => Fields;
  /** The row the form wrote for this actor, newest first. */
  row: (user: Actor) => Promise<{ location: string; municipalityCode: number | null } | undefined>;
}

const newest = <T extends { location: string; municipalityCode: number | null }>(rows: T[]) => rows[0];

const FORMS: FormCase[] = [
  {
    name: "anúncio de pet (/cadastrar-pet)",
    route: "cadastrar-pet",
    path: "/cadastrar-pet",
    neighbourhood: true,
    actor: () => actor("personal"),
    fields: () => ({
      kind: "perdido",
      category: "perdido",
      name: "Thor",
      type: "cachorro",
      breed: "SRD",
      age: "3 anos",
      gender: "Macho",
      size: "Médio",
      color: "Caramelo",
      missingSince: "2026-01-10",
      contactWhatsapp: "(11) 98765-4321",
      photos: pngFile(),
    }),
    row: async (u) => newest(await db.select().from(pets).where(eq(pets.userId, u.id)).orderBy(desc(pets.id))),
  },
  {
    name: "produto",
    route: "empresa.dashboard.produtos.novo",
    path: "/empresa/dashboard/produtos/novo",
    neighbourhood: false,
    actor: () => actor("company"),
    fields: () => ({
      category: "alimentacao",
      title: "Ração 15 kg",
      description: "Para cães adultos.",
      price: "99,90",
      contact: "(11) 97777-1234",
    }),
    row: async (u) => newest(await db.select().from(products).where(eq(products.userId, u.id)).orderBy(desc(products.id))),
  },
  {
    name: "clínica",
    route: "empresa.dashboard.clinicas.nova",
    path: "/empresa/dashboard/clinicas/nova",
    neighbourhood: true,
    actor: () =>
      actor("company", (u) =>
        db
          .update(companies)
          .set({ plan: "premium", planExpiresAt: new Date(Date.now() + 30 * 864e5) })
          .where(eq(companies.id, u.id)),
      ),
    fields: () => ({
      category: "clinica",
      name: "Clínica Vida",
      description: "24 horas.",
      phone: "(11) 3456-7890",
      email: "c@vida.com.br",
      address: "Rua A, 1",
    }),
    row: async (u) => newest(await db.select().from(clinics).where(eq(clinics.userId, u.id)).orderBy(desc(clinics.id))),
  },
  {
    name: "ONG",
    route: "ong.dashboard.cadastrar",
    path: "/ong/dashboard/cadastrar",
    neighbourhood: true,
    actor: () => actor("ngo"),
    fields: () => ({
      type: "ong",
      name: "Abrigo",
      actionArea: "adocao",
      whatsapp: "(11) 98765-4321",
      email: "a@abrigo.org.br",
      description: "Acolhemos cães.",
      photos: pngFile(),
    }),
    row: async (u) => newest(await db.select().from(organizations).where(eq(organizations.userId, u.id))),
  },
  {
    name: "evento",
    route: "ong.dashboard.novo-evento",
    path: "/ong/dashboard/novo-evento",
    neighbourhood: true,
    actor: () => actor("ngo", (u) => createOrganization(u.id)),
    fields: () => ({ title: "Feira", date: "2099-03-15", time: "10:00", category: "adocao", description: "Cães e gatos." }),
    row: async (u) => {
      const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.userId, u.id));
      return newest(await db.select().from(events).where(eq(events.organizationId, org!.id)).orderBy(desc(events.id)));
    },
  },
];

async function post(form: FormCase, user: Actor, fields: Fields) {
  const call = await contextFor(user);
  return invoke(route(form.route), "action", postForm(form.path, { ...form.fields(), ...fields }), form.params ?? {}, call);
}

describe.each(FORMS)("'Cidade' do formulário de $name", (form) => {
  it("resolves the usual spellings and stores the municipality's own name with the code", async () => {
    for (const [typed, code, location] of [
      ["jundiai-sp", JUNDIAI, "Jundiaí - SP"],
      ["JUNDIAI", JUNDIAI, "Jundiaí - SP"],
      ["São José dos Campos/SP", 3549904, "São José dos Campos - SP"],
    ] as const) {
      const user = await form.actor();
      const out = await post(form, user, { city: typed });
      expect(out.status, `${typed}: ${JSON.stringify(out.data)}`).toBe(303);
      expect(await form.row(user)).toMatchObject({ municipalityCode: code, location });
    }
  });

  it("keeps the neighbourhood typed first ('Pinheiros, São Paulo - SP') or beside it", async () => {
    const user = await form.actor();
    expect((await post(form, user, { city: "Pinheiros, São Paulo - SP" })).status).toBe(303);
    expect(await form.row(user)).toMatchObject({ municipalityCode: SAO_PAULO, location: "Pinheiros, São Paulo - SP" });
    if (form.neighbourhood) {
      const other = await form.actor();
      expect((await post(form, other, { city: "sao paulo", neighbourhood: "Vila Mariana" })).status).toBe(303);
      expect(await form.row(other)).toMatchObject({ municipalityCode: SAO_PAULO, location: "Vila Mariana, São Paulo - SP" });
    }
  });

  it("a name in several states comes back (400) with the choice and what was typed; choosing one publishes", async () => {
    const user = await form.actor();
    const out = await post(form, user, { city: "Bom Jesus", ...(form.neighbourhood ? { neighbourhood: "Centro" } : {}) });
    expect(out.status).toBe(400);
    const reply = out.data as Reply;
    expect(reply.result.error?.city).toEqual([CITY_AMBIGUOUS_MESSAGE]);
    expect(reply.result.initialValue?.city).toBe("Bom Jesus");
    if (form.neighbourhood) expect(reply.result.initialValue?.neighbourhood).toBe("Centro");
    expect(reply.cityChoices?.options.map((o) => o.label)).toEqual(BOM_JESUS);
    expect(await form.row(user)).toBeUndefined();

    // A code that is not one of the candidates (forged or stale) decides nothing.
    const forged = await post(form, user, { city: "Bom Jesus", cityCode: String(JUNDIAI) });
    expect(forged.status).toBe(400);
    expect(await form.row(user)).toBeUndefined();

    const chosen = await post(form, user, {
      city: "Bom Jesus",
      cityCode: String(BOM_JESUS_RS),
      ...(form.neighbourhood ? { neighbourhood: "Centro" } : {}),
    });
    expect(chosen.status).toBe(303);
    expect(await form.row(user)).toMatchObject({
      municipalityCode: BOM_JESUS_RS,
      location: form.neighbourhood ? "Centro, Bom Jesus - RS" : "Bom Jesus - RS",
    });
  });

  it("a place that is no municipality comes back (400) asking to check the spelling; nothing is written", async () => {
    const user = await form.actor();
    const out = await post(form, user, { city: "Cidade Que Não Existe" });
    expect(out.status).toBe(400);
    const reply = out.data as Reply;
    expect(reply.result.error?.city).toEqual([CITY_UNKNOWN_MESSAGE]);
    expect(reply.result.initialValue?.city).toBe("Cidade Que Não Existe");
    expect(reply.cityChoices).toBeNull();
    expect(await form.row(user)).toBeUndefined();
  });
});

describe("editar um pet", () => {
  const edit = route("pet.edit");
  it("fills Cidade and Bairro from the stored row; an old row without a code goes whole into Cidade", async () => {
    const owner = await actor("personal");
    const resolved = await createPet(owner.id, { location: "Pinheiros, São Paulo - SP", municipalityCode: SAO_PAULO });
    const old = await createPet(owner.id, { location: "perto do mercado", municipalityCode: null });
    const read = async (id: number) =>
      (
        (await invoke(edit, "loader", new Request(`http://localhost/pet/${id}/edit`), { id: String(id) }, await contextFor(owner)))
          .data as {
          city: { city: string; neighbourhood: string };
        }
      ).city;
    expect(await read(resolved.id)).toEqual({ city: "São Paulo - SP", neighbourhood: "Pinheiros" });
    expect(await read(old.id)).toEqual({ city: "perto do mercado", neighbourhood: "" });
  });

  it("saves the resolved city and code; a name in several states asks which", async () => {
    const owner = await actor("personal");
    const pet = await createPet(owner.id, { location: "perto do mercado", municipalityCode: null });
    const send = async (fields: Fields) =>
      invoke(
        edit,
        "action",
        postForm(`/pet/${pet.id}/edit`, { name: "Thor", type: "cachorro", status: "perdido", ...fields }),
        { id: String(pet.id) },
        await contextFor(owner),
      );
    const ambiguous = await send({ city: "Bom Jesus" });
    expect(ambiguous.status).toBe(400);
    expect((ambiguous.data as Reply).cityChoices?.options).toHaveLength(5);
    expect((await send({ city: "Osasco", neighbourhood: "Centro" })).status).toBe(302);
    const [row] = await db.select().from(pets).where(eq(pets.id, pet.id));
    expect(row).toMatchObject({ location: "Centro, Osasco - SP", municipalityCode: OSASCO });
  });
});

describe("'Vi este pet': the pet's city unless another is typed", () => {
  const report = route("pet.avistamentos");
  const seenAt = () => brasiliaNow(new Date(Date.now() - 30 * 60_000));
  let ip = 0;
  const send = async (petId: number, fields: Fields) =>
    invoke(
      report,
      "action",
      postForm(
        `/pet/${petId}/avistamentos`,
        { place: "Praça da Matriz", seenAt: seenAt(), ...fields },
        { "CF-Connecting-IP": `198.18.9.${++ip}` },
      ),
      { id: String(petId) },
      await contextFor(null),
    );
  const lastSighting = async (petId: number) =>
    (await activityDb.select().from(sightings).where(eq(sightings.petId, petId)).orderBy(desc(sightings.id)))[0];

  it("the form's default is the pet's city label", async () => {
    const pet = await createPet((await createUser()).id, { location: "Centro, Jundiaí - SP", municipalityCode: JUNDIAI });
    const out = await invoke(
      report,
      "loader",
      new Request(`http://localhost/pet/${pet.id}/avistamentos`),
      { id: String(pet.id) },
      await contextFor(null),
    );
    expect((out.data as { city: string }).city).toBe("Jundiaí - SP");
  });

  it("blank or the same city: the pet's code and the place as typed; another city: its code, named in the place", async () => {
    const pet = await createPet((await createUser()).id, { location: "Centro, Jundiaí - SP", municipalityCode: JUNDIAI });
    expect((await send(pet.id, {})).status).toBe(303);
    expect(await lastSighting(pet.id)).toMatchObject({ municipalityCode: JUNDIAI, place: "Praça da Matriz" });
    expect((await send(pet.id, { city: "Jundiaí - SP" })).status).toBe(303);
    expect(await lastSighting(pet.id)).toMatchObject({ municipalityCode: JUNDIAI, place: "Praça da Matriz" });
    expect((await send(pet.id, { city: "osasco" })).status).toBe(303);
    expect(await lastSighting(pet.id)).toMatchObject({ municipalityCode: OSASCO, place: "Praça da Matriz, Osasco - SP" });
  });

  it("a city in several states or none comes back (400) with the choice or the message; choosing one records it", async () => {
    const pet = await createPet((await createUser()).id, { location: "Centro, Jundiaí - SP", municipalityCode: JUNDIAI });
    const ambiguous = await send(pet.id, { city: "Bom Jesus" });
    expect(ambiguous.status).toBe(400);
    expect((ambiguous.data as Reply).cityChoices?.options.map((o) => o.label)).toEqual(BOM_JESUS);
    expect((ambiguous.data as Reply).result.initialValue?.place).toBe("Praça da Matriz");
    const unknown = await send(pet.id, { city: "Lugar Nenhum" });
    expect(unknown.status).toBe(400);
    expect((unknown.data as Reply).result.error?.city).toEqual([CITY_UNKNOWN_MESSAGE]);
    expect(await lastSighting(pet.id)).toBeUndefined();
    expect((await send(pet.id, { city: "Bom Jesus", cityCode: String(BOM_JESUS_RS) })).status).toBe(303);
    expect(await lastSighting(pet.id)).toMatchObject({ municipalityCode: BOM_JESUS_RS, place: "Praça da Matriz, Bom Jesus - RS" });
  });
});

describe("/municipios (suggestions of the Cidade fields)", () => {
  const suggestions = async (q: string) => {
    const { context } = await contextFor(null);
    const request = new Request(`http://localhost/municipios?q=${encodeURIComponent(q)}`);
    const loader = route("municipios").module.loader!;
    const response = (await loader({ request, url: new URL(request.url), params: {}, context, pattern: "/municipios" })) as Response;
    return { response, body: (await response.json()) as { options: string[] } };
  };

  it("answers up to 10 'Nome - UF' labels whose name starts with what was typed, cacheable for a day", async () => {
    const { response, body } = await suggestions("jundi");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(body.options).toContain("Jundiaí - SP");
    expect((await suggestions("Bom Jes")).body.options).toEqual(expect.arrayContaining(BOM_JESUS));
    expect((await suggestions("sao")).body.options).toHaveLength(10);
  });

  it("too little or odd input answers an empty list, never an error", async () => {
    for (const q of ["", "j", "%%%", "x".repeat(10_000), "🐶🐶"]) {
      const { response, body } = await suggestions(q);
      expect(response.status).toBe(200);
      expect(Array.isArray(body.options)).toBe(true);
    }
    expect((await suggestions("j")).body.options).toEqual([]);
  });
});

describe("backfill of rows typed before the municipalities table (docs/decisions/0032)", () => {
  it("resolves with the forms' resolver, keeps and lists what it cannot, gives sightings their pet's city, and runs again idempotently", async () => {
    const user = await createUser();
    const resolved = await createPet(user.id, { location: "Pinheiros, São Paulo - SP", municipalityCode: null });
    const lower = await createPet(user.id, { location: "jundiai-sp", municipalityCode: null });
    const ambiguous = await createPet(user.id, { location: "Bom Jesus", municipalityCode: null });
    const unknown = await createPet(user.id, { location: "Lugar Nenhum", municipalityCode: null });
    const [sighting] = await activityDb
      .insert(sightings)
      .values({ petId: lower.id, place: "Na esquina", seenAt: "2026-11-20T10:00" })
      .returning();
    const org = await createOrganization(user.id, { location: "Campinas, SP", municipalityCode: null });

    const run = async () => {
      const pages: Awaited<ReturnType<typeof backfillMunicipalities>>[] = [];
      let cursor: BackfillCursor | null = null;
      do {
        // A small page, so the test walks several pages and every table.
        const page = await backfillMunicipalities(db, activityDb, cursor, 3);
        pages.push(page);
        cursor = page.next;
      } while (cursor && pages.length < 500);
      return pages;
    };
    const first = await run();
    expect(first.length).toBeGreaterThan(1);
    const byId = async (id: number) => (await db.select().from(pets).where(eq(pets.id, id)))[0]!;
    expect(await byId(resolved.id)).toMatchObject({ municipalityCode: SAO_PAULO, location: "Pinheiros, São Paulo - SP" });
    expect(await byId(lower.id)).toMatchObject({ municipalityCode: JUNDIAI, location: "Jundiaí - SP" });
    expect(await byId(ambiguous.id)).toMatchObject({ municipalityCode: null, location: "Bom Jesus" });
    expect(await byId(unknown.id)).toMatchObject({ municipalityCode: null, location: "Lugar Nenhum" });
    const [orgRow] = await db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(orgRow).toMatchObject({ location: "Campinas - SP", municipalityCode: 3509502 });
    const [sightingRow] = await activityDb.select().from(sightings).where(eq(sightings.id, sighting!.id));
    expect(sightingRow!.municipalityCode).toBe(JUNDIAI);
    const listed = first.flatMap((p) => p.unresolved).filter((r) => r.table === "pets" && [ambiguous.id, unknown.id].includes(r.id));
    expect(listed).toEqual([
      { table: "pets", id: ambiguous.id, location: "Bom Jesus", candidates: BOM_JESUS },
      { table: "pets", id: unknown.id, location: "Lugar Nenhum", candidates: [] },
    ]);

    // Again: nothing new is resolved, the same rows are listed, no text changes.
    const second = await run();
    expect(second.reduce((n, p) => n + p.resolved + p.sightings, 0)).toBe(0);
    expect(second.flatMap((p) => p.unresolved).map((r) => `${r.table}:${r.id}`)).toEqual(
      first.flatMap((p) => p.unresolved).map((r) => `${r.table}:${r.id}`),
    );
    expect(await byId(lower.id)).toMatchObject({ municipalityCode: JUNDIAI, location: "Jundiaí - SP" });
    expect(await db.$count(pets, and(eq(pets.userId, user.id)))).toBe(4);
  });
});
