// What the public no longer sees leaves D1 for R2 (docs/decisions/0050, "Archive"): sightings
// of an ad out of view for 30 days, or a year old; ads a year after they were posted, once
// out of view. The owner, the export and the deletion still find them.
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sightings } from "~/db/activity-schema";
import { counters, petImages, petMessages, pets } from "~/db/schema";
import { archivedAdsOf, readPetArchive } from "~/platform/pet-archive.server";
import type { JobMessage } from "~/services/job-messages";
import { archivePets, moveSightingsToArchive, planArchive } from "~/services/pet-archive.server";
import { buildAccountExport } from "~/services/account-export.server";
import { deleteAccount } from "~/services/account-deletion.server";
import { signedInContext } from "./context";
import { activityDb, createPet, createUser, db } from "./fixtures";
import { contextFor, invoke, routeEntries } from "./route-harness";

const route = (id: string) => {
  const found = routeEntries().find((r) => r.id === id);
  if (!found) throw new Error(`rota ${id} ausente`);
  return found;
};

const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const context = () => ({ db, activityDb, bucket: env.IMAGES, now });

async function sight(petId: number, createdAt: Date, reporterUserId: string | null = null, id?: number) {
  const [row] = await activityDb
    .insert(sightings)
    .values({ id, petId, place: "Praça da Sé", seenAt: "2026-01-02T10:00", contact: "(11) 91234-5678", reporterUserId, createdAt })
    .returning();
  return row!;
}

const sightingsOf = (petId: number) => activityDb.select().from(sightings).where(eq(sightings.petId, petId));

async function countersNow() {
  const rows = await db.select().from(counters);
  return new Map(rows.map((row) => [row.key, row.value]));
}

describe("avistamentos que saem do D1", () => {
  it("os de um anúncio encerrado há mais de 30 dias vão para o registro do pet no R2, com o marcador de quem enviou", async () => {
    const owner = await createUser();
    const reporter = await createUser();
    const pet = await createPet(owner.id, { closedAs: "reencontrado", closedAt: daysAgo(40), listed: false });
    const recent = await createPet(owner.id, { closedAs: "reencontrado", closedAt: daysAgo(10), listed: false });
    const [a, b] = [await sight(pet.id, daysAgo(50), reporter.id), await sight(pet.id, daysAgo(45))];
    await sight(recent.id, daysAgo(12));

    expect(await moveSightingsToArchive(context(), [pet.id, recent.id])).toBe(2);

    expect(await sightingsOf(pet.id)).toEqual([]);
    expect(await sightingsOf(recent.id)).toHaveLength(1);
    const record = await readPetArchive(env.IMAGES, pet.id);
    expect(record).toMatchObject({ petId: pet.id, ownerId: owner.id, archivedAt: null, pet: null });
    expect(record!.sightings.map((s) => s.id)).toEqual([a.id, b.id]);
    expect(record!.sightings[0]).toMatchObject({ place: "Praça da Sé", contact: "(11) 91234-5678", reporterUserId: reporter.id });
    expect(await env.IMAGES.head(`arquivo/avistamentos-enviados/${reporter.id}/${pet.id}`)).not.toBeNull();
    // A second run finds nothing more to move and keeps the record.
    expect(await moveSightingsToArchive(context(), [pet.id])).toBe(0);
    expect((await readPetArchive(env.IMAGES, pet.id))!.sightings).toHaveLength(2);
  });

  it("de um anúncio aberto, só os enviados há mais de um ano saem", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);
    // Ids grow with time: a year-old sighting has a smaller id than any newer one (here,
    // one moved from the main database by migration 0022, below 1,000,000,000).
    const old = await sight(pet.id, daysAgo(400), null, 500);
    const fresh = await sight(pet.id, daysAgo(3));

    const planned: JobMessage[] = [];
    await planArchive({ db, activityDb, now }, async (messages) => {
      planned.push(...messages);
    });
    expect(planned).toContainEqual({ kind: "archive-sightings", petIds: [pet.id] });

    expect(await moveSightingsToArchive(context(), [pet.id])).toBe(1);
    expect((await sightingsOf(pet.id)).map((s) => s.id)).toEqual([fresh.id]);
    expect((await readPetArchive(env.IMAGES, pet.id))!.sightings.map((s) => s.id)).toEqual([old.id]);
  });
});

describe("anúncios arquivados", () => {
  it("um anúncio de mais de um ano, encerrado há mais de 30 dias, sai do banco principal com fotos, mensagens e avistamentos; os contadores da home não mudam", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, {
      name: "Thor",
      createdAt: daysAgo(400),
      closedAs: "reencontrado",
      closedAt: daysAgo(60),
      listed: false,
      mainImageUrl: "/imagens/pets/thor.webp",
    });
    await db.insert(petImages).values({ petId: pet.id, imageUrl: "/imagens/pets/thor-2.webp" });
    await db.insert(petMessages).values({ petId: pet.id, senderName: "Ana", senderEmail: "ana@exemplo.com.br", message: "Vi seu cão!" });
    await sight(pet.id, daysAgo(70));
    const open = await createPet(owner.id, { createdAt: daysAgo(400) });
    const closedRecently = await createPet(owner.id, {
      createdAt: daysAgo(400),
      closedAs: "reencontrado",
      closedAt: daysAgo(5),
      listed: false,
    });
    const before = await countersNow();

    const planned: JobMessage[] = [];
    await planArchive({ db, activityDb, now }, async (messages) => {
      planned.push(...messages);
    });
    expect(planned).toContainEqual({ kind: "archive-pets", petIds: [pet.id] });

    expect(await archivePets(context(), [pet.id, open.id, closedRecently.id])).toBe(1);

    expect(
      await db
        .select({ id: pets.id })
        .from(pets)
        .where(inArray(pets.id, [pet.id, open.id, closedRecently.id])),
    ).toEqual([{ id: open.id }, { id: closedRecently.id }]);
    expect(await db.select().from(petImages).where(eq(petImages.petId, pet.id))).toEqual([]);
    expect(await sightingsOf(pet.id)).toEqual([]);
    // 'Pets cadastrados' and the happy endings count every pet ever registered.
    expect(await countersNow()).toEqual(before);

    const record = await readPetArchive(env.IMAGES, pet.id);
    expect(record!.pet).toMatchObject({ id: pet.id, name: "Thor", closedAs: "reencontrado" });
    expect(record!.images.map((row) => row.imageUrl)).toEqual(["/imagens/pets/thor-2.webp"]);
    expect(record!.messages.map((row) => row.message)).toEqual(["Vi seu cão!"]);
    expect(record!.sightings).toHaveLength(1);
    expect(await archivedAdsOf(env.IMAGES, owner.id)).toEqual([
      expect.objectContaining({
        petId: pet.id,
        name: "Thor",
        status: "perdido",
        closedAs: "reencontrado",
        mainImageUrl: "/imagens/pets/thor.webp",
      }),
    ]);
  });

  it("um anúncio de mais de um ano expirado há 30 dias também sai; um expirado há 10 dias fica", async () => {
    const owner = await createUser();
    const expired = await createPet(owner.id, { createdAt: daysAgo(500), renewedAt: daysAgo(300), listed: false });
    // Expired 10 days ago (not renewed for 100): out of view, but not yet for 30 days.
    const justExpired = await createPet(owner.id, { createdAt: daysAgo(500), renewedAt: daysAgo(100), listed: false });
    expect(await archivePets(context(), [expired.id, justExpired.id])).toBe(1);
    expect(await archivedAdsOf(env.IMAGES, owner.id)).toHaveLength(1);
  });
});

describe("o arquivo para o dono, a exportação e a exclusão", () => {
  async function archivedFixture() {
    const owner = await createUser();
    const reporter = await createUser();
    const stranger = await createUser();
    const archived = await createPet(owner.id, {
      name: "Mel",
      createdAt: daysAgo(400),
      closedAs: "reencontrado",
      closedAt: daysAgo(60),
      listed: false,
      mainImageUrl: "/imagens/pets/mel.webp",
    });
    await sight(archived.id, daysAgo(70), reporter.id);
    // A closed ad still in D1 whose sightings left for R2, and one the reporter sent elsewhere.
    const closed = await createPet(owner.id, { closedAs: "reencontrado", closedAt: daysAgo(40), listed: false });
    const sentToClosed = await sight(closed.id, daysAgo(45), reporter.id);
    const strangers = await createPet(stranger.id, { closedAs: "reencontrado", closedAt: daysAgo(40), listed: false });
    const sentToStranger = await sight(strangers.id, daysAgo(45), reporter.id);
    await archivePets(context(), [archived.id]);
    await moveSightingsToArchive(context(), [closed.id, strangers.id]);
    return { owner, reporter, stranger, archived, closed, sentToClosed, strangers, sentToStranger };
  }

  it("o dono vê os avistamentos arquivados na página do pet e o anúncio arquivado em Meus Pets; o público recebe 410", async () => {
    const { owner, archived, closed, sentToClosed } = await archivedFixture();
    const ownerPage = await invoke(
      route("pet"),
      "loader",
      new Request(`http://localhost/pet/${closed.id}`),
      { id: String(closed.id) },
      await contextFor({ ...owner, accountType: "personal" }),
    );
    expect(ownerPage.status).toBe(200);
    const items = (ownerPage.data as { sightings: { view: string; items: { id: number; archived?: boolean }[] } }).sightings;
    expect(items.view).toBe("owner");
    expect(items.items).toEqual([expect.objectContaining({ id: sentToClosed.id, archived: true })]);

    const gone = await invoke(
      route("pet"),
      "loader",
      new Request(`http://localhost/pet/${archived.id}`),
      { id: String(archived.id) },
      await contextFor(null),
    );
    expect(gone.status).toBe(410);

    const myPets = await invoke(
      route("dashboard.pets"),
      "loader",
      new Request("http://localhost/dashboard/pets"),
      {},
      await contextFor({ ...owner, accountType: "personal" }),
    );
    expect((myPets.data as { archived: { petId: number; name: string }[] }).archived).toEqual([
      expect.objectContaining({ petId: archived.id, name: "Mel" }),
    ]);
  });

  it("a exportação traz os registros do R2 (anúncio arquivado, avistamentos guardados, os enviados pela conta)", async () => {
    const { owner, reporter, archived, closed, sentToStranger, sentToClosed } = await archivedFixture();
    const ownerContext = await signedInContext(owner);
    const ownerFile = (await buildAccountExport(ownerContext, new Request("http://localhost/meus-dados/baixar"), owner.id)) as Record<
      string,
      unknown
    >;
    const records = ownerFile.arquivo as { petId: number; pet: { name: string } | null; sightings: { id: number }[] }[];
    expect(records.map((r) => r.petId).sort()).toEqual([archived.id, closed.id].sort());
    expect(records.find((r) => r.petId === archived.id)!.pet!.name).toBe("Mel");
    expect(records.find((r) => r.petId === closed.id)!.sightings.map((s) => s.id)).toEqual([sentToClosed.id]);

    const reporterContext = await signedInContext(reporter);
    const reporterFile = (await buildAccountExport(
      reporterContext,
      new Request("http://localhost/meus-dados/baixar"),
      reporter.id,
    )) as Record<string, unknown>;
    expect((reporterFile.avistamentosEnviadosArquivados as { id: number }[]).map((s) => s.id).sort()).toEqual(
      expect.arrayContaining([sentToStranger.id, sentToClosed.id]),
    );
  });

  it("a exclusão da conta apaga os registros e marcadores do dono e tira dos outros registros os avistamentos que a conta enviou", async () => {
    const { owner, reporter, stranger, archived, closed, strangers } = await archivedFixture();
    const ownerContext = await signedInContext(owner);
    expect(await deleteAccount(ownerContext, new Request("http://localhost/meus-dados/excluir"), owner.id)).not.toBeNull();
    expect(await readPetArchive(env.IMAGES, archived.id)).toBeNull();
    expect(await readPetArchive(env.IMAGES, closed.id)).toBeNull();
    expect((await env.IMAGES.list({ prefix: `arquivo/donos/${owner.id}/` })).objects).toEqual([]);

    const reporterContext = await signedInContext(reporter);
    expect(await deleteAccount(reporterContext, new Request("http://localhost/meus-dados/excluir"), reporter.id)).not.toBeNull();
    expect((await readPetArchive(env.IMAGES, strangers.id))!.sightings).toEqual([]);
    expect((await env.IMAGES.list({ prefix: `arquivo/avistamentos-enviados/${reporter.id}/` })).objects).toEqual([]);
    // The stranger's own record stays.
    expect((await readPetArchive(env.IMAGES, strangers.id))!.ownerId).toBe(stranger.id);
  });
});
