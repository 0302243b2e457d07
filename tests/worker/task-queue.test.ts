// The daily work on Cloudflare Queues (docs/decisions/0037). The cron
// only plans, with no daily cap; the consumer does the work with retries and backoff, a
// dead-letter path, and idempotency: a message delivered twice sends nothing twice; a
// provider outage delays mail and never loses it.
import { env } from "cloudflare:workers";
import { eq, inArray, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailDeliveries } from "~/db/activity-schema";
import { failedJobs, pets, savedSearches } from "~/db/schema";
import { normaliseCriteria } from "~/lib/saved-search";
import { newestPetId, saveSearch } from "~/models/saved-searches.server";
import { listOutbox } from "~/platform/mail.server";
import { retryDelaySeconds } from "~/platform/job-queue.server";
import { planDailyWork } from "~/services/daily-jobs.server";
import { DIGESTS_PER_MESSAGE, EXPIRIES_PER_MESSAGE, type JobMessage, REMINDERS_PER_MESSAGE } from "~/services/job-messages";
import { activityDb, createPet, createUser, db } from "./fixtures";
import { consumeOnce, drain, fakeProvider, providerEnv, recordingSink, siteEnv } from "./task-queue-harness";

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number, now: Date) => new Date(now.getTime() - days * DAY);
const mailsTo = async (email: string) => (await listOutbox(env.KV, 1000)).filter((m) => m.to === email);
const word = () =>
  `fila${crypto
    .randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 8)}`;

async function confirmedSearch(criteria: string, email: string) {
  const saved = await saveSearch(db, {
    userId: null,
    email,
    criteria: normaliseCriteria(criteria),
    confirmed: true,
    lastPetId: await newestPetId(db),
    now: new Date(),
  });
  if (!saved.ok) throw new Error("limite");
  return saved.search;
}

/**
 * A job's mails left in the outbox, as when the provider was down for the job's own try
 * (docs/decisions/0052): the 'deliveries' messages the consumer then sent.
 */
async function leftInOutbox(message: JobMessage, now: Date) {
  const sink = recordingSink();
  const down = fakeProvider(() => new Response("fora do ar", { status: 503 }));
  await consumeOnce([message], { env: providerEnv, now, fetcher: down.fetcher, sink: sink.sink });
  return sink.sent;
}

describe("the daily planner", () => {
  it("plans every reminder, expiry and digest due, in messages of a few dozen, and sends no mail itself", async () => {
    const now = new Date();
    const owner = await createUser();
    const reminders = [];
    for (let i = 0; i < REMINDERS_PER_MESSAGE + 10; i++) reminders.push(await createPet(owner.id, { renewedAt: daysAgo(61, now) }));
    const expiring = await createPet(owner.id, { renewedAt: daysAgo(91, now), remindedAt: daysAgo(8, now) });
    const q = word();
    const searches = [];
    for (let i = 0; i < DIGESTS_PER_MESSAGE + 1; i++) searches.push(await confirmedSearch(`q=${q}`, `plano-${i}-${q}@exemplo.com.br`));
    await createPet(owner.id, { name: `Novo ${q}` });
    const outboxBefore = (await listOutbox(env.KV, 1000)).length;

    const { sent, sink } = recordingSink();
    const plan = await planDailyWork(siteEnv, now, sink);

    const of = <K extends JobMessage["kind"]>(kind: K) => sent.filter((m): m is Extract<JobMessage, { kind: K }> => m.kind === kind);
    const remindedIds = of("reminders").flatMap((m) => m.petIds);
    expect(remindedIds).toEqual(expect.arrayContaining(reminders.map((p) => p.id)));
    expect(of("reminders").every((m) => m.petIds.length <= REMINDERS_PER_MESSAGE)).toBe(true);
    expect(of("reminders").length).toBeGreaterThanOrEqual(2);
    expect(of("expiries").flatMap((m) => m.petIds)).toContain(expiring.id);
    expect(of("expiries").every((m) => m.petIds.length <= EXPIRIES_PER_MESSAGE)).toBe(true);
    const digestIds = of("digests").flatMap((m) => m.searchIds);
    expect(digestIds).toEqual(expect.arrayContaining(searches.map((s) => s.id)));
    expect(of("digests").every((m) => m.searchIds.length <= DIGESTS_PER_MESSAGE && m.newestPetId > 0)).toBe(true);
    expect(plan).toMatchObject({ messages: sent.length });
    expect(plan.reminders).toBeGreaterThanOrEqual(reminders.length);

    // Planning changes nothing and mails nobody: the consumer does the work.
    expect((await listOutbox(env.KV, 1000)).length).toBe(outboxBefore);
    const still = await db
      .select({ remindedAt: pets.remindedAt, listed: pets.listed })
      .from(pets)
      .where(inArray(pets.id, [...reminders.map((p) => p.id), expiring.id]));
    expect(still.every((p) => p.remindedAt === null || p.listed)).toBe(true);
    expect((await db.select().from(pets).where(eq(pets.id, expiring.id)))[0]!.listed).toBe(true);

    // The consumer then does it all, today.
    await drain(sent, { env: siteEnv, now });
    expect(await mailsTo(owner.email)).toHaveLength(reminders.length);
    expect((await db.select().from(pets).where(eq(pets.id, expiring.id)))[0]!.listed).toBe(false);
    for (const search of searches) expect(await mailsTo(search.email)).toHaveLength(1);
  }, 30_000);

  it("hands its messages to the real queue binding (sendBatch, in runs of 100)", async () => {
    const now = new Date();
    const owner = await createUser();
    for (let i = 0; i < 3; i++) await createPet(owner.id, { renewedAt: daysAgo(65, now) });
    const plan = await planDailyWork(siteEnv, now);
    expect(plan.messages).toBeGreaterThanOrEqual(1);
  });
});

describe("idempotency: a message delivered twice sends nothing twice", () => {
  it("reminders: the same message twice makes one mail", async () => {
    const now = new Date();
    const owner = await createUser();
    const pet = await createPet(owner.id, { renewedAt: daysAgo(62, now) });
    const message: JobMessage = { kind: "reminders", petIds: [pet.id] };
    const first = await drain([message, message], { env: siteEnv, now });
    expect(await mailsTo(owner.email)).toHaveLength(1);
    // Sent by the job itself: no outbox row, no 'deliveries' message (docs/decisions/0052).
    expect(first.processed.filter((m) => m.kind === "deliveries")).toHaveLength(0);
    expect(await activityDb.$count(mailDeliveries, like(mailDeliveries.key, `lembrete:${pet.id}:%`))).toBe(0);
  });

  it("a sent mail keeps its key, not its body, and its key still stops a late duplicate", async () => {
    const now = new Date();
    const owner = await createUser();
    const pet = await createPet(owner.id, { renewedAt: daysAgo(61, now) });
    const message: JobMessage = { kind: "reminders", petIds: [pet.id] };
    const key = like(mailDeliveries.key, `lembrete:${pet.id}:%`);
    await drain(await leftInOutbox(message, now), { env: siteEnv, now });
    expect(await mailsTo(owner.email)).toHaveLength(1);
    const [sent] = await activityDb.select().from(mailDeliveries).where(key);
    expect(sent!.sentAt).not.toBeNull();
    expect(sent!.message).toBe("");
    // The same work planned again the next hour finds the key and writes no second mail.
    await drain([message], { env: siteEnv, now: new Date(now.getTime() + 60 * 60 * 1000) });
    expect(await activityDb.select().from(mailDeliveries).where(key)).toHaveLength(1);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it("digests: the same message twice makes one mail and advances the search once", async () => {
    const owner = await createUser();
    const q = word();
    const search = await confirmedSearch(`q=${q}`, `duas-vezes-${q}@exemplo.com.br`);
    await createPet(owner.id, { name: `Bidu ${q}` });
    const newest = await newestPetId(db);
    const message: JobMessage = { kind: "digests", searchIds: [search.id], newestPetId: newest };
    await drain([message], { env: siteEnv });
    await drain([message], { env: siteEnv });
    expect(await mailsTo(search.email)).toHaveLength(1);
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.lastPetId).toBe(newest);
  });

  it("deliveries: two at once of the same keys send each mail once (the claim)", async () => {
    const now = new Date();
    const owner = await createUser();
    const pet = await createPet(owner.id, { renewedAt: daysAgo(63, now) });
    const deliveries = await leftInOutbox({ kind: "reminders", petIds: [pet.id] }, now);
    expect(deliveries).toHaveLength(1);
    // One call, not two the stand-in would answer alike: the claim keeps the second away.
    const provider = fakeProvider(() => Response.json({ data: [{ id: "1" }] }));
    await Promise.all([
      consumeOnce(deliveries, { env: providerEnv, now, fetcher: provider.fetcher }),
      consumeOnce(deliveries, { env: providerEnv, now, fetcher: provider.fetcher }),
    ]);
    expect(provider.calls).toHaveLength(1);
    expect(provider.calls[0]!.url).toBe("https://mail.example/emails/batch");
    expect(provider.calls[0]!.idempotencyKey).toMatch(/^entrega\/[0-9a-f]{64}$/);
  });
});

describe("retries, backoff and the dead-letter queue", () => {
  it("a provider that is down: the message is retried with a growing delay and the mail stays pending", async () => {
    const now = new Date();
    const owner = await createUser();
    const pet = await createPet(owner.id, { renewedAt: daysAgo(64, now) });
    const sink = { sent: await leftInOutbox({ kind: "reminders", petIds: [pet.id] }, now) };
    const provider = fakeProvider(() => new Response("fora do ar", { status: 503 }));
    const firstTry = await consumeOnce(sink.sent, { env: providerEnv, now, fetcher: provider.fetcher, attempts: 1 });
    expect(firstTry.retryMessages).toHaveLength(1);
    expect(firstTry.delays).toEqual([30]);
    const fourthTry = await consumeOnce(sink.sent, { env: providerEnv, now, fetcher: provider.fetcher, attempts: 4 });
    expect(fourthTry.delays).toEqual([240]);
    // Rate-limited: the provider's Retry-After wins.
    const busy = fakeProvider(() => new Response("devagar", { status: 429, headers: { "Retry-After": "120" } }));
    const limited = await consumeOnce(sink.sent, { env: providerEnv, now, fetcher: busy.fetcher, attempts: 2 });
    expect(limited.delays).toEqual([120]);
    const [row] = await activityDb
      .select()
      .from(mailDeliveries)
      .where(like(mailDeliveries.key, `lembrete:${pet.id}:%`));
    expect(row).toMatchObject({ sentAt: null, failedAt: null, leaseUntil: null, attempts: 3 });

    // Back up: the retry sends it, with the same idempotency key as every try before.
    const up = fakeProvider(() => Response.json({ data: [{ id: "1" }] }));
    const retried = await consumeOnce(sink.sent, { env: providerEnv, now, fetcher: up.fetcher, attempts: 5 });
    expect(retried.explicitAcks).toHaveLength(1);
    expect(up.calls[0]!.idempotencyKey).toBe(provider.calls[0]!.idempotencyKey);
    expect((up.calls[0]!.body as { to: string[] }[])[0]!.to).toEqual([owner.email]);
    const [sent] = await activityDb
      .select()
      .from(mailDeliveries)
      .where(like(mailDeliveries.key, `lembrete:${pet.id}:%`));
    expect(sent!.sentAt).not.toBeNull();
  });

  it("one malformed address refuses a batch: the others are sent one by one, that one never again", async () => {
    const now = new Date();
    const owner = await createUser();
    const other = await createUser();
    const good = await createPet(owner.id, { renewedAt: daysAgo(66, now) });
    const bad = await createPet(other.id, { renewedAt: daysAgo(66, now) });
    const sink = { sent: await leftInOutbox({ kind: "reminders", petIds: [good.id, bad.id] }, now) };
    const provider = fakeProvider(({ body }) => {
      const list = Array.isArray(body) ? body : [body];
      return list.some((m) => m.to[0] === other.email) ? new Response("endereço inválido", { status: 422 }) : Response.json({ data: [] });
    });
    const result = await consumeOnce(sink.sent, { env: providerEnv, now, fetcher: provider.fetcher });
    expect(result.retryMessages).toHaveLength(0);
    expect(provider.calls).toHaveLength(3);
    const rows = await activityDb
      .select()
      .from(mailDeliveries)
      .where(inArray(mailDeliveries.recipient, [owner.email, other.email]));
    expect(rows.find((r) => r.recipient === owner.email)!.sentAt).not.toBeNull();
    expect(rows.find((r) => r.recipient === other.email)!.failedAt).not.toBeNull();
  });

  it("the dead-letter queue's messages are recorded and acknowledged; so is a body that is not ours", async () => {
    const body: JobMessage = { kind: "deliveries", keys: ["lembrete:999999:1"] };
    const dead = await consumeOnce([body], { queue: "patas-tarefas-falhas", attempts: 9 });
    expect(dead.explicitAcks).toHaveLength(1);
    const odd = await consumeOnce([{ kind: "desconhecido" }]);
    expect(odd.explicitAcks).toHaveLength(1);
    expect(odd.retryMessages).toHaveLength(0);
    const rows = await db.select().from(failedJobs);
    expect(rows.map((r) => [r.queue, JSON.parse(r.body).kind, r.attempts])).toEqual(
      expect.arrayContaining([
        ["patas-tarefas-falhas", "deliveries", 9],
        ["patas-tarefas", "desconhecido", 1],
      ]),
    );
  });

  it("backs off 30 s doubled per attempt, at most an hour, or as the provider asks", () => {
    expect([1, 2, 3, 8, 20].map((n) => retryDelaySeconds(n))).toEqual([30, 60, 120, 3600, 3600]);
    expect(retryDelaySeconds(1, 5)).toBe(5);
    expect(retryDelaySeconds(1, 100_000)).toBe(3600);
  });
});
