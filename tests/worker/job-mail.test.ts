// A job's mail sent by the job itself (docs/decisions/0052): in batch calls under the
// idempotency key of the batch's mail keys, with no outbox row when the provider takes it;
// the outbox (mail_deliveries) only for what the provider could not take now, delivered
// later by a 'deliveries' message; a mail already in the outbox is left to it.
import { env } from "cloudflare:workers";
import { eq, inArray, like } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mailDeliveries } from "~/db/activity-schema";
import { pets, savedSearches } from "~/db/schema";
import { normaliseCriteria } from "~/lib/saved-search";
import { writeMails } from "~/models/mail-deliveries.server";
import { newestPetId, saveSearch } from "~/models/saved-searches.server";
import { createMailer, listOutbox, type MailMessage } from "~/platform/mail.server";
import { remindAds } from "~/services/ad-lifecycle.server";
import { alertNewPet } from "~/services/instant-alerts.server";
import type { JobMessage } from "~/services/job-messages";
import { digestSearches, searchAlertColumns } from "~/services/search-alerts.server";
import { activityDb, createPet, createUser, db } from "./fixtures";
import { readMeter } from "./read-meter";
import { consumeOnce, drain, fakeProvider, providerEnv, recordingSink } from "./task-queue-harness";

const DAY = 24 * 60 * 60 * 1000;
const OSASCO = 3534401;
const daysAgo = (days: number, now: Date) => new Date(now.getTime() - days * DAY);
const word = () =>
  `envio${crypto
    .randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 8)}`;
const outboxRows = (pattern: string) => activityDb.select().from(mailDeliveries).where(like(mailDeliveries.key, pattern));
const deliveriesOf = (messages: JobMessage[]) => messages.filter((m) => m.kind === "deliveries");
/** Whether every one of these ads was claimed for its reminder. */
async function allReminded(ads: { id: number }[]) {
  const rows = await db
    .select({ remindedAt: pets.remindedAt })
    .from(pets)
    .where(
      inArray(
        pets.id,
        ads.map((ad) => ad.id),
      ),
    );
  return rows.every((row) => row.remindedAt !== null);
}

async function confirmedSearch(query: string, email = `${word()}@exemplo.com.br`) {
  const criteria = normaliseCriteria(query);
  const saved = await saveSearch(db, {
    userId: null,
    email,
    criteria,
    confirmed: true,
    lastPetId: await newestPetId(db),
    now: new Date(),
    alert: await searchAlertColumns(db, criteria),
  });
  if (!saved.ok) throw new Error("limite");
  return saved.search;
}

async function dueAds(count: number, now: Date) {
  const owner = await createUser();
  const ads = [];
  for (let i = 0; i < count; i++) ads.push(await createPet(owner.id, { renewedAt: daysAgo(61, now) }));
  return { owner, ads };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a job sends its mail itself", () => {
  it("reminders, a digest and instant alerts: one batch call each, no outbox row, no 'deliveries' message, 0 rows written", async () => {
    const now = new Date();
    const provider = fakeProvider();
    const meter = readMeter(env.ACTIVITY_DB);
    const job = { env: providerEnv, db, activityDb: meter.activityDb, now, fetcher: provider.fetcher };

    const { owner, ads } = await dueAds(10, now);
    expect(
      await remindAds(
        job,
        ads.map((ad) => ad.id),
      ),
    ).toEqual([]);

    const q = word();
    const digest = await confirmedSearch(`q=${q}`);
    await createPet(owner.id, { name: `Bidu ${q}` });
    expect(await digestSearches(job, [digest.id], await newestPetId(db))).toEqual([]);

    const alert = await confirmedSearch("cidade=osasco-sp");
    const lost = await createPet(owner.id, { name: "Totó", status: "perdido", type: "cachorro", municipalityCode: OSASCO });
    expect(await alertNewPet(job, { petId: lost.id })).toEqual([]);

    // Before: 9 rows per mail in the activity database (the outbox insert with its
    // indexes 5, the claim 1, the mark 2, the week-old delete 1). Now none.
    expect(meter.takeWritten()).toBe(0);
    expect(await activityDb.$count(mailDeliveries)).toBe(0);
    expect(provider.calls.map((c) => c.url)).toEqual(Array(3).fill("https://mail.example/emails/batch"));
    expect(provider.calls.every((c) => /^entrega\/[0-9a-f]{64}$/.test(c.idempotencyKey ?? ""))).toBe(true);
    const to = (email: string) => provider.delivered.filter((m) => m.to[0] === email);
    expect(to(owner.email)).toHaveLength(10);
    expect(to(digest.email)).toHaveLength(1);
    expect(to(alert.email)).toHaveLength(1);
    // The state changes followed the send.
    expect(await allReminded(ads)).toBe(true);
  });

  it("through the consumer: the job's mail goes out and no 'deliveries' message follows", async () => {
    const now = new Date();
    const { owner, ads } = await dueAds(2, now);
    const provider = fakeProvider();
    const { processed } = await drain([{ kind: "reminders", petIds: ads.map((ad) => ad.id) }], {
      env: providerEnv,
      now,
      fetcher: provider.fetcher,
    });
    expect(deliveriesOf(processed)).toHaveLength(0);
    expect(provider.delivered.filter((m) => m.to[0] === owner.email)).toHaveLength(2);
    expect(await outboxRows(`lembrete:${ads[0]!.id}:%`)).toHaveLength(0);
  });

  it("a job run twice (it stopped before its state change) sends once: the same batch, the same key", async () => {
    const now = new Date();
    const { owner, ads } = await dueAds(2, now);
    const provider = fakeProvider();
    const message: JobMessage = { kind: "reminders", petIds: ads.map((ad) => ad.id) };
    await drain([message], { env: providerEnv, now, fetcher: provider.fetcher });
    // As if the claim had never been written: the retry finds the same ads due.
    await db.update(pets).set({ remindedAt: null }).where(inArray(pets.id, message.petIds));
    await drain([message], { env: providerEnv, now, fetcher: provider.fetcher });
    expect(provider.calls).toHaveLength(2);
    expect(provider.calls[1]!.idempotencyKey).toBe(provider.calls[0]!.idempotencyKey);
    expect(provider.delivered.filter((m) => m.to[0] === owner.email)).toHaveLength(2);

    // A digest whose advance was lost, retried a day later with its pets edited meanwhile:
    // the same keys with another payload (409 invalid_idempotent_request) was sent before.
    const q = word();
    const search = await confirmedSearch(`q=${q}`);
    const pet = await createPet(owner.id, { name: `Rex ${q}` });
    const newest = await newestPetId(db);
    const digest: JobMessage = { kind: "digests", searchIds: [search.id], newestPetId: newest };
    await drain([digest], { env: providerEnv, now, fetcher: provider.fetcher });
    await db.update(savedSearches).set({ lastPetId: search.lastPetId }).where(eq(savedSearches.id, search.id));
    await db
      .update(pets)
      .set({ name: `Max ${q}` })
      .where(eq(pets.id, pet.id));
    const again = await drain([digest], { env: providerEnv, now: new Date(now.getTime() + DAY), fetcher: provider.fetcher });
    const digestCalls = provider.calls.slice(2);
    expect(digestCalls).toHaveLength(2);
    expect(digestCalls[1]!.idempotencyKey).toBe(digestCalls[0]!.idempotencyKey);
    expect(JSON.stringify(digestCalls[1]!.body)).not.toBe(JSON.stringify(digestCalls[0]!.body));
    expect(again.results.every((r) => r.retryMessages.length === 0)).toBe(true);
    expect(deliveriesOf(again.processed)).toHaveLength(0);
    expect(provider.delivered.filter((m) => m.to[0] === search.email)).toHaveLength(1);
    expect(await outboxRows(`resumo:${search.id}:%`)).toHaveLength(0);
    const [advanced] = await db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(advanced!.lastPetId).toBe(newest);
  });

  it("the local mailer honours the idempotency key as the provider does", async () => {
    const mailer = createMailer({ KV: env.KV });
    const to = `${word()}@exemplo.com.br`;
    const message = { to, subject: "Oi", text: "t", html: "<p>t</p>" };
    await mailer.sendBatch([message], "entrega/mesma");
    await mailer.sendBatch([message], "entrega/mesma");
    await mailer.sendBatch([message], "entrega/outra");
    expect((await listOutbox(env.KV, 1000)).filter((m) => m.to === to)).toHaveLength(2);
  });
});

describe("when the provider cannot take it now, the outbox", () => {
  for (const [what, failure] of [
    ["is down (503)", () => new Response("fora do ar", { status: 503 })],
    ["limits the rate (429)", () => new Response("devagar", { status: 429, headers: { "Retry-After": "60" } })],
    [
      "is still answering the same key (409 concurrent_idempotent_requests)",
      () => Response.json({ name: "concurrent_idempotent_requests", message: "…" }, { status: 409 }),
    ],
  ] as const) {
    it(`${what}: the mails wait in the outbox, the job moves on, a 'deliveries' message sends them later, once`, async () => {
      const now = new Date();
      const { owner, ads } = await dueAds(2, now);
      const down = fakeProvider(failure);
      const sink = recordingSink();
      const result = await consumeOnce([{ kind: "reminders", petIds: ads.map((ad) => ad.id) }], {
        env: providerEnv,
        now,
        fetcher: down.fetcher,
        sink: sink.sink,
      });
      expect(result.retryMessages).toHaveLength(0);
      expect(down.delivered).toHaveLength(0);
      expect(await allReminded(ads)).toBe(true);
      const pending = await activityDb.select().from(mailDeliveries).where(eq(mailDeliveries.recipient, owner.email));
      expect(pending).toHaveLength(2);
      expect(pending.every((row) => row.sentAt === null && row.failedAt === null)).toBe(true);
      expect(
        deliveriesOf(sink.sent)
          .flatMap((m) => m.keys)
          .sort(),
      ).toEqual(pending.map((row) => row.key).sort());

      // The provider back: the delivery sends them, under the batch's key of the direct try.
      const up = fakeProvider();
      await drain(sink.sent, { env: providerEnv, now, fetcher: up.fetcher });
      expect(up.delivered.filter((m) => m.to[0] === owner.email)).toHaveLength(2);
      expect(up.calls[0]!.idempotencyKey).toBe(down.calls[0]!.idempotencyKey);
      const sent = await activityDb.select().from(mailDeliveries).where(eq(mailDeliveries.recipient, owner.email));
      expect(sent.every((row) => row.sentAt !== null)).toBe(true);
    });
  }

  it("a key already in the outbox is not sent directly: its delivery sends it, once", async () => {
    const now = new Date();
    const { owner, ads } = await dueAds(2, now);
    const [waiting, fresh] = ads;
    const key = `lembrete:${waiting!.id}:${waiting!.renewedAt.getTime()}`;
    const message: MailMessage = { to: owner.email, subject: "Lembrete", text: "t", html: "h" };
    await writeMails(activityDb, [{ key, message }], now);
    const provider = fakeProvider();
    const sink = recordingSink();
    await consumeOnce([{ kind: "reminders", petIds: [waiting!.id, fresh!.id] }], {
      env: providerEnv,
      now,
      fetcher: provider.fetcher,
      sink: sink.sink,
    });
    expect(provider.calls).toHaveLength(1);
    expect((provider.calls[0]!.body as { to: string[] }[]).length).toBe(1);
    expect(deliveriesOf(sink.sent).flatMap((m) => m.keys)).toEqual([key]);
    await drain(sink.sent, { env: providerEnv, now, fetcher: provider.fetcher });
    expect(provider.delivered.filter((m) => m.to[0] === owner.email)).toHaveLength(2);
    expect(await outboxRows(`lembrete:${fresh!.id}:%`)).toHaveLength(0);
  });
});

describe("a mail refused for good", () => {
  it("refuses the batch as a whole: the others go one by one, each with its own key; that one is logged masked and dropped", async () => {
    const now = new Date();
    const good = await dueAds(1, now);
    const bad = await dueAds(1, now);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const provider = fakeProvider(({ body }) => {
      const list = Array.isArray(body) ? body : [body];
      return list.some((m) => m.to[0] === bad.owner.email)
        ? Response.json({ name: "validation_error", message: "Invalid `to` field." }, { status: 422 })
        : Response.json({ data: [] });
    });
    const sink = recordingSink();
    const result = await consumeOnce([{ kind: "reminders", petIds: [good.ads[0]!.id, bad.ads[0]!.id] }], {
      env: providerEnv,
      now,
      fetcher: provider.fetcher,
      sink: sink.sink,
    });
    expect(result.retryMessages).toHaveLength(0);
    expect(sink.sent).toHaveLength(0);
    expect(provider.calls).toHaveLength(3);
    const keys = provider.calls.map((c) => c.idempotencyKey);
    expect(new Set(keys).size).toBe(3);
    expect(provider.delivered.map((m) => m.to[0])).toEqual([good.owner.email]);
    expect(await activityDb.$count(mailDeliveries, inArray(mailDeliveries.recipient, [good.owner.email, bad.owner.email]))).toBe(0);
    const logged = errors.mock.calls.map((args) => args.join(" ")).join("\n");
    expect(logged).toContain(`${bad.owner.email.slice(0, 2)}***@`);
    expect(logged).not.toContain(bad.owner.email);
    expect(logged).not.toContain("/renovar");
  });
});
