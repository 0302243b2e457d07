// The rows migration 0022 left in the main database (`moved_sightings`,
// `moved_mail_deliveries`) reach the activity database with their ids and keys, a bounded
// part a run, and the old tables go once empty (docs/decisions/0050). A run stopped at any
// point, or run twice, loses and duplicates nothing; a mail still pending is delivered.
import { env } from "cloudflare:workers";
import { asc, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailDeliveries, sightings } from "~/db/activity-schema";
import { listOutbox } from "~/platform/mail.server";
import { moveActivityRows } from "~/services/activity-move.server";
import { runScheduled } from "~/services/daily-jobs.server";
import { activityDb, createPet, createUser, db } from "./fixtures";
import { drain, recordingSink, siteEnv } from "./task-queue-harness";

const MOVED = ["moved_mail_deliveries", "moved_sightings"];

async function mainTables() {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('moved_sightings', 'moved_mail_deliveries') ORDER BY name",
  ).all<{ name: string }>();
  return results.map((r) => r.name);
}

// The tables as migration 0022 leaves them (the migrated test database has them, empty),
// with the index it keeps; a test that drops them gets them back for the next one.
let created: { table: string; sql: string }[] = [];
beforeAll(async () => {
  const { results } = await env.DB.prepare(
    "SELECT tbl_name AS \"table\", sql FROM sqlite_master WHERE type IN ('table', 'index') AND tbl_name IN ('moved_sightings', 'moved_mail_deliveries') AND sql IS NOT NULL ORDER BY type DESC",
  ).all<{ table: string; sql: string }>();
  created = results;
});
beforeEach(async () => {
  const left = await mainTables();
  for (const { table, sql } of created) if (!left.includes(table)) await env.DB.prepare(sql).run();
});

async function oldSighting(petId: number, id: number, extra: { notes?: string; reporter?: string } = {}) {
  await env.DB.prepare(
    "INSERT INTO moved_sightings (id, pet_id, place, municipality_code, seen_at, notes, contact, reporter_user_id, hidden_at, created_at) VALUES (?, ?, 'Praça da Sé', NULL, '2026-05-01T10:00', ?, '11 91234-5678', ?, NULL, 1767225600000)",
  )
    .bind(id, petId, extra.notes ?? null, extra.reporter ?? null)
    .run();
}

async function oldMail(key: string, to: string, { sentAt, createdAt }: { sentAt: number | null; createdAt: number }) {
  const message = sentAt === null ? JSON.stringify({ to, subject: `Assunto ${key}`, text: "Olá", html: "<p>Olá</p>" }) : "";
  await env.DB.prepare(
    "INSERT INTO moved_mail_deliveries (key, recipient, message, created_at, sent_at, attempts) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(key, to, message, createdAt, sentAt, sentAt === null ? 0 : 1)
    .run();
}

describe("the move of the old rows to the activity database", () => {
  it("copies them with their ids and keys, in bounded runs, drops the emptied tables, and then does nothing", async () => {
    expect(await mainTables()).toEqual(MOVED);
    const owner = await createUser();
    const pet = await createPet(owner.id, { status: "perdido" });
    const ids = [11, 12, 13, 14, 15];
    for (const id of ids) await oldSighting(pet.id, id, { notes: `visto ${id}`, reporter: id === 12 ? owner.id : undefined });
    const now = Date.now();
    await oldMail("antigo:enviado", owner.email, { sentAt: now - 60_000, createdAt: now - 120_000 });
    await oldMail("antigo:pendente", owner.email, { sentAt: null, createdAt: now - 3_600_000 });

    // Two rows a page, three a run: the first run leaves two sightings behind.
    const first = await moveActivityRows(db, activityDb, { pageRows: 2, rowsPerRun: 3 });
    expect(first).toEqual({ moved: { mails: 2, sightings: 3 }, dropped: ["mails"] });
    expect(await mainTables()).toEqual(["moved_sightings"]);
    const second = await moveActivityRows(db, activityDb, { pageRows: 2, rowsPerRun: 3 });
    expect(second).toEqual({ moved: { mails: 0, sightings: 2 }, dropped: ["sightings"] });
    expect(await mainTables()).toEqual([]);

    const moved = await activityDb.select().from(sightings).where(inArray(sightings.id, ids)).orderBy(asc(sightings.id));
    expect(moved.map((s) => s.id)).toEqual(ids);
    expect(moved.every((s) => s.petId === pet.id && s.place === "Praça da Sé" && s.contact === "11 91234-5678")).toBe(true);
    expect(moved.map((s) => s.notes)).toEqual(ids.map((id) => `visto ${id}`));
    expect(moved.find((s) => s.id === 12)?.reporterUserId).toBe(owner.id);
    expect(moved[0]!.createdAt.getTime()).toBe(1767225600000);
    const mails = await activityDb
      .select()
      .from(mailDeliveries)
      .where(inArray(mailDeliveries.key, ["antigo:enviado", "antigo:pendente"]));
    expect(mails.map((m) => [m.key, m.sentAt === null, m.message === ""]).sort()).toEqual([
      ["antigo:enviado", false, true],
      ["antigo:pendente", true, false],
    ]);

    // Nothing left: a run reads two names and writes nothing.
    expect(await moveActivityRows(db, activityDb)).toEqual({ moved: { mails: 0, sightings: 0 }, dropped: [] });
    expect(await activityDb.$count(sightings, inArray(sightings.id, ids))).toBe(ids.length);
  });

  it("a run stopped after its copy and before its delete copies nothing twice the next time", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, { status: "perdido" });
    await oldSighting(pet.id, 21, { notes: "antes" });
    await oldSighting(pet.id, 22);
    // As if an earlier run had copied row 21 and stopped: the copy there is kept as it is.
    await activityDb.insert(sightings).values({ id: 21, petId: pet.id, place: "Praça da Sé", seenAt: "2026-05-01T10:00", notes: "antes" });
    const report = await moveActivityRows(db, activityDb);
    expect(report.moved.sightings).toBe(2);
    expect(report.dropped).toEqual(["mails", "sightings"]);
    const rows = await activityDb
      .select()
      .from(sightings)
      .where(inArray(sightings.id, [21, 22]))
      .orderBy(asc(sightings.id));
    expect(rows.map((r) => [r.id, r.notes])).toEqual([
      [21, "antes"],
      [22, null],
    ]);
  });

  it("a fresh database's empty tables are dropped by the first half-hourly run", async () => {
    expect(await mainTables()).toEqual(MOVED);
    const { sink } = recordingSink();
    await runScheduled("*/30 * * * *", siteEnv, new Date(), sink);
    expect(await mainTables()).toEqual([]);
  });

  it("a mail still pending in the old table is delivered by the half-hourly run, once", async () => {
    const owner = await createUser();
    const now = Date.now();
    await oldMail("antigo:aguardando", owner.email, { sentAt: null, createdAt: now - 60 * 60 * 1000 });
    const { sent, sink } = recordingSink();
    await runScheduled("*/30 * * * *", siteEnv, new Date(now), sink);
    expect(sent.flatMap((m) => (m.kind === "deliveries" ? m.keys : []))).toContain("antigo:aguardando");
    await drain(sent, { env: siteEnv, now: new Date(now) });
    await drain(sent, { env: siteEnv, now: new Date(now) });
    const outbox = (await listOutbox(env.KV, 1000)).filter((m) => m.to === owner.email);
    expect(outbox.map((m) => m.subject)).toEqual(["Assunto antigo:aguardando"]);
    // The next run finds nothing to move and nothing pending.
    const again = recordingSink();
    await runScheduled("*/30 * * * *", siteEnv, new Date(now + 30 * 60 * 1000), again.sink);
    expect(again.sent).toEqual([]);
  });
});
