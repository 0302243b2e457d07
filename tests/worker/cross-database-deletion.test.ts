// Deletions that span the main and the activity database (docs/decisions/0050): D1 has no
// foreign key between them, so an account's and a pet's deletion remove the activity rows
// explicitly, and the daily sweep removes the sightings of a pet that is gone anyway.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailDeliveries, sightings } from "~/db/activity-schema";
import { pets, users } from "~/db/schema";
import { hashPassword } from "~/platform/password.server";
import { planDailyWork } from "~/services/daily-jobs.server";
import { sweepOrphanSightings } from "~/services/sightings.server";
import { action as deleteAction } from "~/routes/meus-dados.excluir";
import { activityDb, createPet, createUser, db } from "./fixtures";
import { contextFor, invoke, postForm, routeAt, routeEntries, storedImage } from "./route-harness";
import { recordingSink, siteEnv } from "./task-queue-harness";

const PASSWORD = "senha-forte-1";
const keyOf = (url: string) => url.replace(/^\/imagens\//, "");
const sightingsOfPet = (petId: number) => activityDb.select().from(sightings).where(eq(sightings.petId, petId));

function sighting(petId: number, extra: Partial<typeof sightings.$inferInsert> = {}) {
  return { petId, place: "Praça da Sé", seenAt: "2026-11-20T10:00", contact: "(11) 91111-2222", ...extra };
}

/** Every table of a database, by sqlite_master (no list here to forget a table in). */
async function tablesOf(d1: D1Database): Promise<string[]> {
  const { results } = await d1
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
    )
    .all<{ name: string; sql: string | null }>();
  const virtual = results.filter((t) => /^CREATE VIRTUAL/i.test(t.sql ?? "")).map((t) => t.name);
  return results.map((t) => t.name).filter((name) => !virtual.some((v) => name === v || name.startsWith(`${v}_`)));
}

/**
 * What still refers to the account, in every table of both databases: a text column that
 * holds its id or e-mail (a mail's JSON too), or a pet id column (`id` of pets, any
 * `…pet_id`) that holds one of its pets.
 */
async function leftovers(d1: D1Database, account: { id: string; email: string }, petIds: number[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tablesOf(d1)) {
    const { results: columns } = await d1.prepare(`PRAGMA table_info("${table}")`).all<{ name: string; type: string }>();
    for (const column of columns) {
      const petColumn = /(^|_)pet_id$/.test(column.name) || (table === "pets" && column.name === "id");
      const conditions: string[] = [];
      const values: (string | number)[] = [];
      if (/text/i.test(column.type)) {
        conditions.push(`instr("${column.name}", ?) > 0`, `instr(lower("${column.name}"), ?) > 0`);
        values.push(account.id, account.email.toLowerCase());
      }
      if (petColumn && petIds.length) {
        conditions.push(`"${column.name}" IN (${petIds.map(() => "?").join(",")})`);
        values.push(...petIds);
      }
      if (!conditions.length) continue;
      const row = await d1
        .prepare(`SELECT count(*) AS n FROM "${table}" WHERE ${conditions.join(" OR ")}`)
        .bind(...values)
        .first<{ n: number }>();
      if (row!.n > 0) found.push(`${table}.${column.name}`);
    }
  }
  return found;
}

async function deleteOwnAccount(account: { id: string; email: string }) {
  const call = await contextFor({ id: account.id, email: account.email, accountType: "personal" });
  return invoke(
    routeAt({ action: deleteAction }, "/meus-dados/excluir"),
    "action",
    postForm("/meus-dados/excluir", { password: PASSWORD }, { "CF-Connecting-IP": "10.50.0.1" }),
    {},
    call,
  );
}

describe("excluir a conta", () => {
  it("não deixa linha que se refira a ela em nenhuma tabela de nenhum banco, nem foto no R2", async () => {
    const account = await createUser("personal");
    const other = await createUser("personal");
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, account.id));
    const pet = await createPet(account.id);
    const secondPet = await createPet(account.id, { status: "encontrado" });
    const othersPet = await createPet(other.id);
    const received = await storedImage("avistamentos");
    const sent = await storedImage("avistamentos");
    const othersPhoto = await storedImage("avistamentos");
    await activityDb.insert(sightings).values([
      // Received on its pets, from a visitor and from the other account.
      sighting(pet.id, { imageUrl: received }),
      sighting(secondPet.id, { reporterUserId: other.id }),
      // Sent by it on the other account's pet.
      sighting(othersPet.id, { reporterUserId: account.id, imageUrl: sent }),
      // The other account's own, which stays.
      sighting(othersPet.id, { imageUrl: othersPhoto }),
    ]);
    await activityDb.insert(mailDeliveries).values([
      { key: `teste-pendente:${account.id}`, recipient: account.email, message: JSON.stringify({ to: account.email, subject: "Oi" }) },
      { key: "teste-enviado:1", recipient: account.email, message: "", sentAt: new Date() },
      { key: "teste-outro:1", recipient: other.email, message: JSON.stringify({ to: other.email, subject: "Oi" }) },
    ]);
    const petIds = [pet.id, secondPet.id];
    // The walk finds what the account left in both databases before the deletion.
    expect(await leftovers(env.ACTIVITY_DB, account, petIds)).toEqual(
      expect.arrayContaining(["sightings.pet_id", "sightings.reporter_user_id", "mail_deliveries.recipient", "mail_deliveries.key"]),
    );

    const outcome = await deleteOwnAccount(account);
    expect(outcome.status).toBe(303);

    expect(await leftovers(env.DB, account, petIds)).toEqual([]);
    expect(await leftovers(env.ACTIVITY_DB, account, petIds)).toEqual([]);
    expect(await env.IMAGES.head(keyOf(received))).toBeNull();
    expect(await env.IMAGES.head(keyOf(sent))).toBeNull();
    // The other account's sighting and mail stay.
    expect((await sightingsOfPet(othersPet.id)).map((s) => s.imageUrl)).toEqual([othersPhoto]);
    expect(await env.IMAGES.head(keyOf(othersPhoto))).not.toBeNull();
    expect(await activityDb.$count(mailDeliveries, eq(mailDeliveries.recipient, other.email))).toBe(1);
  });
});

describe("excluir um pet", () => {
  it("o dono exclui: os avistamentos saem do banco de atividade e as fotos do R2", async () => {
    const owner = await createUser("personal");
    const pet = await createPet(owner.id);
    const kept = await createPet(owner.id);
    const photo = await storedImage("avistamentos");
    await activityDb.insert(sightings).values([sighting(pet.id, { imageUrl: photo }), sighting(pet.id), sighting(kept.id)]);
    const route = routeEntries().find((r) => r.id === "pet.excluir")!;
    const call = await contextFor({ ...owner, accountType: "personal" });
    const outcome = await invoke(route, "action", postForm(`/pet/${pet.id}/excluir`, {}), { id: String(pet.id) }, call);
    expect(outcome.status).toBe(303);
    expect(await sightingsOfPet(pet.id)).toEqual([]);
    expect(await env.IMAGES.head(keyOf(photo))).toBeNull();
    expect(await sightingsOfPet(kept.id)).toHaveLength(1);
  });

  it("outra conta não exclui o pet nem os avistamentos dele", async () => {
    const owner = await createUser("personal");
    const stranger = await createUser("personal");
    const pet = await createPet(owner.id);
    await activityDb.insert(sightings).values(sighting(pet.id));
    const route = routeEntries().find((r) => r.id === "pet.excluir")!;
    const call = await contextFor({ ...stranger, accountType: "personal" });
    const outcome = await invoke(route, "action", postForm(`/pet/${pet.id}/excluir`, {}), { id: String(pet.id) }, call);
    expect(outcome.status).toBe(404);
    expect(await sightingsOfPet(pet.id)).toHaveLength(1);
  });
});

describe("a varredura diária", () => {
  it("na tarefa diária, apaga os avistamentos (e as fotos) de um pet que não existe mais", async () => {
    const owner = await createUser("personal");
    const alive = await createPet(owner.id);
    const gone = await createPet(owner.id);
    const alsoGone = await createPet(owner.id);
    const photo = await storedImage("avistamentos");
    const alivePhoto = await storedImage("avistamentos");
    await activityDb
      .insert(sightings)
      .values([
        sighting(gone.id, { imageUrl: photo }),
        sighting(gone.id),
        sighting(alive.id, { imageUrl: alivePhoto }),
        sighting(alsoGone.id),
      ]);
    // The pets left the main database without their sightings (a deletion cut short).
    await db.delete(pets).where(eq(pets.id, gone.id));
    await db.delete(pets).where(eq(pets.id, alsoGone.id));

    const { sink } = recordingSink();
    await planDailyWork(siteEnv, new Date(), sink);

    expect(await sightingsOfPet(gone.id)).toEqual([]);
    expect(await sightingsOfPet(alsoGone.id)).toEqual([]);
    expect(await env.IMAGES.head(keyOf(photo))).toBeNull();
    expect(await sightingsOfPet(alive.id)).toHaveLength(1);
    expect(await env.IMAGES.head(keyOf(alivePhoto))).not.toBeNull();
  });

  it("anda pelos pets e pelos remetentes página por página, pulando os que existem", async () => {
    const owner = await createUser("personal");
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createPet(owner.id));
    for (const pet of made) await activityDb.insert(sightings).values([sighting(pet.id), sighting(pet.id)]);
    // The second and the last are gone from main.
    for (const pet of [made[1]!, made[4]!]) await db.delete(pets).where(eq(pets.id, pet.id));
    // Sightings sent by three accounts on a pet that stays; one account is gone from main.
    const senders = [await createUser("personal"), await createUser("personal"), await createUser("personal")];
    const photo = await storedImage("avistamentos");
    for (const [i, sender] of senders.entries()) {
      await activityDb.insert(sightings).values(sighting(made[0]!.id, { reporterUserId: sender.id, imageUrl: i === 1 ? photo : null }));
    }
    await db.delete(users).where(eq(users.id, senders[1]!.id));

    expect(await sweepOrphanSightings(db, activityDb, env.IMAGES, 2)).toEqual({ pets: 2, senders: 1 });
    for (const [i, pet] of made.entries()) {
      expect(await sightingsOfPet(pet.id), `pet ${i}`).toHaveLength(i === 1 || i === 4 ? 0 : i === 0 ? 4 : 2);
    }
    const left = await activityDb.select({ by: sightings.reporterUserId }).from(sightings).where(eq(sightings.petId, made[0]!.id));
    expect(
      left
        .map((s) => s.by)
        .filter(Boolean)
        .sort(),
    ).toEqual([senders[0]!.id, senders[2]!.id].sort());
    expect(await env.IMAGES.head(keyOf(photo))).toBeNull();
    // Nothing left to sweep.
    expect(await sweepOrphanSightings(db, activityDb, env.IMAGES, 2)).toEqual({ pets: 0, senders: 0 });
  });
});
