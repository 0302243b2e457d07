// 'Vi este pet' (docs/decisions/0024-sightings.md): reports without an account, the
// owner's mail, the public and the owner's timelines, hiding, the limits.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sightings } from "~/db/activity-schema";
import { pets, users } from "~/db/schema";
import { brasiliaNow } from "~/lib/format";
import { hideSightingForOwner, listPublicSightings, listSightingsForOwner, sightingsSummaryForOwner } from "~/models/sightings.server";
import { listOutbox } from "~/platform/mail.server";
import { RATE_LIMITS } from "~/platform/rate-limit.server";
import { getSession } from "~/platform/session.server";
import { checkSeenAt, earliestSeenAt, sightingMail } from "~/services/sightings.server";
import { OWNER_MAILS_PER_AD, SUMMARY_DELAY_SECONDS } from "~/services/ad-inbox.server";
import type { JobMessage } from "~/services/job-messages";
import { drain, siteEnv } from "./task-queue-harness";
import { activityDb, createPet, createUser, db } from "./fixtures";
import {
  type Actor,
  contextFor,
  diffStores,
  fullSnapshot,
  invoke,
  isUnchanged,
  type Outcome,
  pngFile,
  postForm,
  routeEntries,
} from "./route-harness";

const route = (id: string) => {
  const found = routeEntries().find((r) => r.id === id);
  if (!found) throw new Error(`rota ${id} ausente`);
  return found;
};

let ipSerial = 0;
/** A new client address per request unless one is given: limits per client never mix tests. */
const nextIp = () => `203.0.${(++ipSerial >> 8) & 255}.${ipSerial & 255}`;

const minutesAgo = (minutes: number) => brasiliaNow(new Date(Date.now() - minutes * 60_000));

function validFields(extra: Record<string, string | File | File[]> = {}) {
  return {
    place: "Praça da Sé, perto da banca",
    seenAt: minutesAgo(30),
    notes: "Estava assustado, com coleira azul.",
    contact: "(11) 91234-5678",
    ...extra,
  };
}

async function owner() {
  return { ...(await createUser("personal")), accountType: "personal" as const };
}

async function report(
  petId: number,
  fields: Record<string, string | File | (string | File)[]>,
  { as = null, ip = nextIp(), bindings }: { as?: Actor | null; ip?: string; bindings?: Partial<Env> } = {},
) {
  const request = postForm(`/pet/${petId}/avistamentos`, fields, { "CF-Connecting-IP": ip });
  const call = await contextFor(as, { bindings });
  const outcome = await invoke(route("pet.avistamentos"), "action", request, { id: String(petId) }, call);
  return { outcome, call };
}

type Reply = { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };
const replyOf = (outcome: Outcome) => outcome.data as Reply;

async function petPage(petId: number, as: Actor | null) {
  const call = await contextFor(as);
  const outcome = await invoke(route("pet"), "loader", new Request(`http://localhost/pet/${petId}`), { id: String(petId) }, call);
  return outcome.data as { sightings: { view: string; items: Record<string, unknown>[] } };
}

async function mailsTo(address: string) {
  return (await listOutbox(env.KV, 1000)).filter((m) => m.to === address);
}

const sightingsOf = (petId: number) => activityDb.select().from(sightings).where(eq(sightings.petId, petId));

describe("reporting a sighting", () => {
  it("a visitor's report is saved with its photo, and the owner is mailed at once", async () => {
    const o = await owner();
    const pet = await createPet(o.id, { name: "Paçoca", missingSince: brasiliaNow().slice(0, 10) });
    const fields = validFields({ photo: pngFile("vi.png") });
    const { outcome, call } = await report(pet.id, fields);
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe(`/pet/${pet.id}#avistamentos`);
    expect(getSession(call.context).get("toasts")?.[0]?.title).toBe("Obrigado por avisar!");

    const [row] = await sightingsOf(pet.id);
    expect(row).toMatchObject({
      place: fields.place,
      seenAt: fields.seenAt,
      notes: fields.notes,
      contact: fields.contact,
      reporterUserId: null,
      hiddenAt: null,
    });
    expect(row!.imageUrl).toMatch(/^\/imagens\/avistamentos\/[0-9a-f-]{36}\.png$/);
    expect(await env.IMAGES.head(row!.imageUrl!.replace(/^\/imagens\//, ""))).not.toBeNull();

    const [mail] = await mailsTo(o.email);
    expect(mail?.subject).toBe("Alguém viu Paçoca!");
    for (const part of [fields.place, fields.notes, fields.contact, `http://localhost/pet/${pet.id}`]) {
      expect(mail!.text).toContain(part);
    }
    expect(mail!.text).toContain(" às ");
  });

  it("a signed-in reporter is recorded; contact, notes and photo are optional", async () => {
    const o = await owner();
    const reporter = await owner();
    const pet = await createPet(o.id);
    const { outcome } = await report(pet.id, { place: "Rua Augusta, 100", seenAt: minutesAgo(5) }, { as: reporter });
    expect(outcome.status).toBe(303);
    const [row] = await sightingsOf(pet.id);
    expect(row).toMatchObject({ reporterUserId: reporter.id, contact: null, notes: null, imageUrl: null });
    const [mail] = await mailsTo(o.email);
    expect(mail?.text).toContain("Contato de quem viu: não informado");
  });

  it("bad input: 400, Portuguese messages, what was typed kept, nothing written", async () => {
    const o = await owner();
    const pet = await createPet(o.id, { missingSince: "2026-01-10" });
    const cases: [Record<string, string | File | (string | File)[]>, string, string][] = [
      [validFields({ place: "" }), "place", "Por favor, informe onde você viu o pet."],
      [validFields({ seenAt: "ontem" }), "seenAt", "Informe a data e a hora em que você viu o pet."],
      [validFields({ seenAt: "2026-02-30T10:00" }), "seenAt", "Informe uma data e hora válidas."],
      [validFields({ seenAt: brasiliaNow(new Date(Date.now() + 3 * 3600_000)) }), "seenAt", "A data e a hora não podem estar no futuro."],
      [validFields({ seenAt: "2026-01-08T10:00" }), "seenAt", "Informe uma data a partir de 09/01/2026."],
      [validFields({ contact: "me liga" }), "contact", "Informe um WhatsApp com DDD, por exemplo (11) 98765-4321, ou um e-mail válido."],
      [validFields({ contact: "fulano@" }), "contact", "Informe um WhatsApp com DDD, por exemplo (11) 98765-4321, ou um e-mail válido."],
      [validFields({ notes: "a".repeat(1001) }), "notes", "Use no máximo 1000 caracteres."],
      [
        validFields({ photo: new File(["não é imagem"], "foto.jpg", { type: "image/jpeg" }) }),
        "photo",
        'O arquivo "foto.jpg" não é uma imagem aceita (JPEG, PNG, WebP, GIF ou AVIF).',
      ],
      [validFields({ photo: [pngFile("a.png"), pngFile("b.png")] }), "photo", "Envie no máximo uma foto."],
    ];
    for (const [fields, field, message] of cases) {
      const before = await fullSnapshot();
      const { outcome } = await report(pet.id, fields);
      const diff = diffStores(before, await fullSnapshot());
      expect(outcome.status, field).toBe(400);
      expect(replyOf(outcome).result.error?.[field], field).toEqual([message]);
      // The other fields come back as typed.
      if (field !== "place") expect(replyOf(outcome).result.initialValue?.place).toBe(fields.place);
      expect(isUnchanged(diff), `${field}: nada escrito`).toBe(true);
    }
    expect(await sightingsOf(pet.id)).toEqual([]);
    expect(await mailsTo(o.email)).toEqual([]);
    // A full snapshot of every table per case: several seconds on a loaded 2-core machine.
  }, 20_000);

  it("a time in the ad's range is accepted: the day before it went missing, or a month before an ad without a date", () => {
    const posted = new Date("2026-03-15T15:00:00Z");
    expect(earliestSeenAt({ missingSince: "2026-03-10", createdAt: posted })).toBe("2026-03-09T00:00");
    expect(earliestSeenAt({ missingSince: null, createdAt: posted })).toBe("2026-02-12T00:00");
    const now = new Date("2026-03-20T12:00:00Z").getTime();
    expect(checkSeenAt("2026-03-09T00:00", { missingSince: "2026-03-10", createdAt: posted }, now)).toBeNull();
    // 09:05 in Brasília is 12:05 UTC: within the clock's slack; 09:30 is not.
    expect(checkSeenAt("2026-03-20T09:05", { missingSince: "2026-03-10", createdAt: posted }, now)).toBeNull();
    expect(checkSeenAt("2026-03-20T09:30", { missingSince: "2026-03-10", createdAt: posted }, now)).not.toBeNull();
  });

  it("a filled honeypot gets the same answer, and nothing is saved or mailed", async () => {
    const o = await owner();
    const pet = await createPet(o.id);
    const before = await fullSnapshot();
    const { outcome } = await report(pet.id, validFields({ website: "http://spam.example", photo: pngFile() }));
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe(`/pet/${pet.id}#avistamentos`);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
    expect(await mailsTo(o.email)).toEqual([]);
  });

  it("only lost, open pets take sightings; an unknown pet is a 404", async () => {
    const o = await owner();
    const found = await createPet(o.id, { status: "encontrado" });
    const closed = await createPet(o.id, { closedAs: "reencontrado", closedAt: new Date() });
    for (const pet of [found, closed]) {
      const before = await fullSnapshot();
      const { outcome } = await report(pet.id, validFields({ photo: pngFile() }));
      expect(outcome.status).toBe(409);
      expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
    }
    expect((await report(999_999_999, validFields())).outcome.status).toBe(404);
  });
});

/** Seconds until midnight in Brasília (UTC−3 all year), when a day's limits start over. */
function secondsToBrasiliaMidnight(now = Date.now()) {
  const day = 24 * 3600_000;
  return Math.ceil((day - ((now - 3 * 3600_000) % day)) / 1000);
}

const PET_CLIENT_MESSAGE = "Muitos avisos sobre este pet já foram enviados desta conexão hoje. Tente de novo amanhã.";
const PET_MESSAGE = "Este pet já recebeu muitos avisos hoje. Tente de novo amanhã.";

describe("rate limits", () => {
  it("per client: past the limit, 429 with the real wait, what was typed kept, nothing written", async () => {
    const o = await owner();
    const ip = "198.18.0.1";
    for (let i = 0; i < RATE_LIMITS.sightingsPerIp.limit; i++) {
      // Different pets: the limit counts the client, not the pet.
      const pet = await createPet(o.id);
      expect((await report(pet.id, validFields(), { ip })).outcome.status).toBe(303);
    }
    const pet = await createPet(o.id);
    const before = await fullSnapshot();
    const { outcome } = await report(pet.id, validFields({ photo: pngFile() }), { ip });
    expect(outcome.status).toBe(429);
    const wait = Number(outcome.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    // The hourly window: the message says how many minutes are left (not "alguns").
    const minutes = Math.ceil(wait / 60);
    const inWords = minutes === 60 ? "1 hora" : minutes === 1 ? "1 minuto" : `${minutes} minutos`;
    expect(replyOf(outcome).result.error?.[""]).toEqual([`Muitos avisos foram enviados desta conexão. Tente de novo em ${inWords}.`]);
    expect(replyOf(outcome).result.initialValue?.place).toBe(validFields().place);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
    // Another client still gets through.
    expect((await report(pet.id, validFields(), { ip: "198.18.0.2" })).outcome.status).toBe(303);
  });

  // The abuse docs/decisions/0030 closed: 30 reports from two addresses filled the
  // pet's day, and the next real reporter got 'Aguarde alguns minutos' for 24 hours.
  it("two addresses cannot silence a lost pet: a reporter from a new address still gets through", async () => {
    const o = await owner();
    const pet = await createPet(o.id, { name: "Pipoca" });
    for (let i = 0; i < 30; i++) await report(pet.id, validFields(), { ip: i % 2 ? "198.18.1.1" : "2804:14c:65a1:4321::7" });
    const real = await report(pet.id, validFields({ place: "Rua da Consolação, 50" }), { ip: "198.18.1.2" });
    expect(real.outcome.status).toBe(303);
    expect((await sightingsOf(pet.id)).some((s) => s.place === "Rua da Consolação, 50")).toBe(true);
  });

  // A Brazilian home gets a /56 (256 /64s) and providers hand out /48s: 12 /64s of one
  // /48 sent 60 sightings, filled the pet's day, and a witness from elsewhere got 429.
  it("12 /64s of one /48 cannot stop a witness from another network", async () => {
    const o = await owner();
    const pet = await createPet(o.id, { name: "Pipoca" });
    for (let home = 1; home <= 12; home++) {
      for (let i = 1; i <= 5; i++) await report(pet.id, validFields(), { ip: `2804:14c:65a1:${home.toString(16)}00::${i}` });
    }
    const real = await report(pet.id, validFields({ place: "Rua da Consolação, 50" }), { ip: "2804:7f0:9a00:1::1" });
    expect(real.outcome.status).toBe(303);
    expect((await sightingsOf(pet.id)).some((s) => s.place === "Rua da Consolação, 50")).toBe(true);
    // The whole /48 had one reporter's day.
    expect(await sightingsOf(pet.id)).toHaveLength(5 + 1);
  });

  it("per reporter and pet: past a day's worth, 429 saying 'amanhã' (Brasília's midnight), nothing written", async () => {
    const o = await owner();
    const pet = await createPet(o.id);
    // Another address of the same /64 is the same reporter (docs/decisions/0011).
    const addresses = ["2804:14c:65a1:9999::1", "2804:14c:65a1:9999::2"];
    for (let i = 0; i < RATE_LIMITS.sightingsPerPetPerNetwork.limit; i++) {
      expect((await report(pet.id, validFields(), { ip: addresses[i % 2] })).outcome.status).toBe(303);
    }
    const before = await fullSnapshot();
    const { outcome } = await report(pet.id, validFields(), { ip: addresses[0] });
    expect(outcome.status).toBe(429);
    expect(replyOf(outcome).result.error?.[""]).toEqual([PET_CLIENT_MESSAGE]);
    const wait = Number(outcome.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(Math.abs(wait - secondsToBrasiliaMidnight())).toBeLessThanOrEqual(5);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
    // The same reporter may still tell about another pet, and others about this one.
    expect((await report((await createPet(o.id)).id, validFields(), { ip: addresses[0] })).outcome.status).toBe(303);
    expect((await report(pet.id, validFields())).outcome.status).toBe(303);
  });

  it("per pet: a shared ceiling that two reporters cannot reach; past it, 429 saying 'amanhã', nothing written", async () => {
    expect(RATE_LIMITS.sightingsPerPet.limit).toBeGreaterThan(2 * RATE_LIMITS.sightingsPerPetPerNetwork.limit);
    const o = await owner();
    const pet = await createPet(o.id);
    // Each report from a new network: the open part, then the reserved one.
    const ceiling = RATE_LIMITS.sightingsPerPet.limit + RATE_LIMITS.sightingsReservedPerPet.limit;
    for (let i = 0; i < ceiling; i++) {
      expect((await report(pet.id, validFields())).outcome.status).toBe(303);
    }
    const before = await fullSnapshot();
    const { outcome } = await report(pet.id, validFields());
    expect(outcome.status).toBe(429);
    expect(replyOf(outcome).result.error?.[""]).toEqual([PET_MESSAGE]);
    expect(Math.abs(Number(outcome.headers.get("Retry-After")) - secondsToBrasiliaMidnight())).toBeLessThanOrEqual(5);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
    expect(await sightingsOf(pet.id)).toHaveLength(ceiling);
    // Another pet is not affected.
    const other = await createPet(o.id);
    expect((await report(other.id, validFields())).outcome.status).toBe(303);
  });
});

describe("the pet's reserved part, the owner's mails and notice (docs/decisions/0030)", () => {
  const PET_RESERVED_MESSAGE =
    "Este pet já recebeu muitos avisos hoje, e desta conexão já chegou um. Se você tem conta com e-mail confirmado, entre nela e envie de novo; senão, tente amanhã.";

  async function confirmedAccount() {
    const user = await owner();
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    return user;
  }

  const ownerNotices = async (petId: number, as: Actor | null) =>
    ((await petPage(petId, as)) as unknown as { limitNotices: string[] }).limitNotices;

  it("the open part full: networks new to the pet and confirmed accounts still get through, one each per network; the owner is told", async () => {
    const o = await owner();
    const pet = await createPet(o.id);
    expect(await ownerNotices(pet.id, o)).toEqual([]);
    const perNetwork = RATE_LIMITS.sightingsPerPetPerNetwork.limit;
    // Each network a /48 of its own, its reports from different /64s. Network 0 sends one
    // report early; others fill the open part, a network's day each.
    const home = (n: number, sub = 1) => `2804:a${n.toString(16).padStart(3, "0")}:1:${sub.toString(16)}::1`;
    expect((await report(pet.id, validFields(), { ip: home(0) })).outcome.status).toBe(303);
    for (let i = 1; i < RATE_LIMITS.sightingsPerPet.limit; i++) {
      const ip = home(1 + Math.floor(i / perNetwork), 1 + (i % perNetwork));
      expect((await report(pet.id, validFields(), { ip })).outcome.status).toBe(303);
    }

    // The owner sees that the day's limit was reached; nobody else does.
    const [notice] = await ownerNotices(pet.id, o);
    expect(notice).toContain("O limite diário de avistamentos deste anúncio foi atingido hoje.");
    expect(notice).toContain(`mais ${RATE_LIMITS.sightingsReservedPerPet.limit} avisos`);
    expect(await ownerNotices(pet.id, null)).toEqual([]);

    // A network that already sent (another /64 of it) gets the reserved part only with a
    // confirmed account.
    const again = await report(pet.id, validFields(), { ip: home(0, 9) });
    expect(again.outcome.status).toBe(429);
    expect(replyOf(again.outcome).result.error?.[""]).toEqual([PET_RESERVED_MESSAGE]);
    expect((await report(pet.id, validFields(), { ip: home(0, 9), as: await owner() })).outcome.status).toBe(429);
    const account = await confirmedAccount();
    expect((await report(pet.id, validFields(), { ip: home(0, 9), as: account })).outcome.status).toBe(303);
    // One from the reserve per network and day, account or not.
    const twice = await report(pet.id, validFields(), { ip: home(0, 10), as: await confirmedAccount() });
    expect(twice.outcome.status).toBe(429);
    expect(replyOf(twice.outcome).result.error?.[""]).toEqual([PET_MESSAGE]);

    // A network new to the pet gets through once, whichever of its /64s it uses.
    expect((await report(pet.id, validFields(), { ip: "2804:beef:1:1::1" })).outcome.status).toBe(303);
    expect((await report(pet.id, validFields(), { ip: "2804:beef:1:2::1" })).outcome.status).toBe(429);

    // The rest of the reserve, one new network each; then nobody.
    for (let i = 2; i < RATE_LIMITS.sightingsReservedPerPet.limit; i++) {
      expect((await report(pet.id, validFields())).outcome.status).toBe(303);
    }
    const late = await confirmedAccount();
    const before = await fullSnapshot();
    const full = await report(pet.id, validFields(), { as: late });
    expect(full.outcome.status).toBe(429);
    expect(replyOf(full.outcome).result.error?.[""]).toEqual([PET_MESSAGE]);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
    expect(await sightingsOf(pet.id)).toHaveLength(RATE_LIMITS.sightingsPerPet.limit + RATE_LIMITS.sightingsReservedPerPet.limit);
    const [last] = await ownerNotices(pet.id, o);
    expect(last).toContain("Ninguém mais consegue avisar até a meia-noite");
  }, 60_000);

  it("a parallel burst from new networks gets exactly the open and the reserved parts through (docs/decisions/0038)", async () => {
    const o = await owner();
    const pet = await createPet(o.id);
    const ceiling = RATE_LIMITS.sightingsPerPet.limit + RATE_LIMITS.sightingsReservedPerPet.limit;
    const outcomes = await Promise.all(Array.from({ length: ceiling + 20 }, () => report(pet.id, validFields())));
    expect(outcomes.filter((r) => r.outcome.status === 303)).toHaveLength(ceiling);
    expect(outcomes.filter((r) => r.outcome.status === 429)).toHaveLength(20);
    expect(await sightingsOf(pet.id)).toHaveLength(ceiling);
  }, 60_000);

  it("a burst mails the owner the first 3 at once, then one summary of the day from the task queue", async () => {
    const o = await confirmedAccount();
    const pet = await createPet(o.id, { name: "Pipoca" });
    const queued: { body: JobMessage; delaySeconds?: number }[] = [];
    const JOBS = {
      send: async (body: JobMessage, options?: QueueSendOptions) => void queued.push({ body, delaySeconds: options?.delaySeconds }),
    } as unknown as Queue;
    for (let i = 0; i < 10; i++) expect((await report(pet.id, validFields(), { bindings: { JOBS } })).outcome.status).toBe(303);
    expect((await mailsTo(o.email)).map((m) => m.subject)).toEqual(Array(OWNER_MAILS_PER_AD.limit).fill("Alguém viu Pipoca!"));
    // One summary for the day, an hour after the first report without a mail.
    expect(queued).toEqual([
      {
        body: { kind: "inbox-summary", inbox: "sightings", petId: pet.id, day: brasiliaNow().slice(0, 10) },
        delaySeconds: SUMMARY_DELAY_SECONDS,
      },
    ]);

    await drain([queued[0]!.body], { env: siteEnv });
    // Delivered twice, it mails once.
    await drain([queued[0]!.body], { env: siteEnv });
    const mails = await mailsTo(o.email);
    expect(mails).toHaveLength(OWNER_MAILS_PER_AD.limit + 1);
    const summary = mails.find((m) => m.subject !== "Alguém viu Pipoca!")!;
    expect(summary.subject).toBe("7 novos avistamentos de Pipoca hoje");
    expect(summary.text).toContain("chegaram mais 7 avistamentos de Pipoca hoje");
    expect(summary.text).toContain(`https://patas.example/pet/${pet.id}#avistamentos`);
  }, 30_000);
});

describe("who sees what", () => {
  it("the public timeline has place and time only; the owner's has notes, photo and contact", async () => {
    const o = await owner();
    const stranger = await owner();
    const pet = await createPet(o.id);
    const contact = "vizinha.silva@exemplo.com.br";
    await report(pet.id, validFields({ contact, notes: "Ligue para 11 99999-0000", photo: pngFile() }));
    await report(pet.id, validFields({ place: "Av. Paulista, 1000", seenAt: minutesAgo(2), contact: "(11) 97777-6666" }));

    for (const viewer of [null, stranger]) {
      const page = await petPage(pet.id, viewer);
      expect(page.sightings.view).toBe("public");
      // Newest first.
      expect(page.sightings.items.map((s) => s.place)).toEqual(["Av. Paulista, 1000", "Praça da Sé, perto da banca"]);
      for (const item of page.sightings.items) expect(Object.keys(item).sort()).toEqual(["id", "place", "seenAt"]);
      const serialized = JSON.stringify(page);
      for (const secret of [contact, "97777-6666", "99999-0000", "avistamentos/"]) expect(serialized).not.toContain(secret);
    }
    const mine = await petPage(pet.id, o);
    expect(mine.sightings.view).toBe("owner");
    expect(mine.sightings.items.map((s) => s.contact)).toEqual(["(11) 97777-6666", contact]);
    expect(mine.sightings.items[1]).toMatchObject({
      notes: "Ligue para 11 99999-0000",
      imageUrl: expect.stringMatching(/^\/imagens\/avistamentos\//),
    });
    // The owner's query itself refuses anyone else.
    expect(await listSightingsForOwner(db, activityDb, pet.id, stranger.id)).toEqual([]);
  });

  it("Meus Pets lists each lost pet's sightings: count and the newest few", async () => {
    const o = await owner();
    const pet = await createPet(o.id);
    for (let i = 0; i < 4; i++) await report(pet.id, validFields({ place: `Lugar ${i}`, seenAt: minutesAgo(60 - i) }));
    const summary = await sightingsSummaryForOwner(db, activityDb, o.id);
    expect(summary.get(pet.id)?.count).toBe(4);
    expect(summary.get(pet.id)?.latest.map((s) => s.place)).toEqual(["Lugar 3", "Lugar 2", "Lugar 1"]);
    const call = await contextFor(o);
    const outcome = await invoke(route("dashboard.pets"), "loader", new Request("http://localhost/dashboard/pets"), {}, call);
    const data = outcome.data as { sightings: Record<number, { count: number }> };
    expect(data.sightings[pet.id]?.count).toBe(4);
    expect(JSON.stringify(data)).not.toContain("91234-5678");
    expect((await sightingsSummaryForOwner(db, activityDb, (await owner()).id)).size).toBe(0);
  });
});

describe("hiding a sighting", () => {
  async function petWithSighting() {
    const o = await owner();
    const pet = await createPet(o.id);
    await report(pet.id, validFields());
    const [row] = await sightingsOf(pet.id);
    return { o, pet, sightingId: row!.id };
  }
  async function hide(petId: number, sightingId: number, as: Actor | null) {
    const call = await contextFor(as);
    const request = postForm(`/pet/${petId}/avistamentos/${sightingId}/ocultar`, {});
    return invoke(route("pet.avistamentos.ocultar"), "action", request, { id: String(petId), sightingId: String(sightingId) }, call);
  }
  const hiddenAt = async (id: number) =>
    (await activityDb.select({ h: sightings.hiddenAt }).from(sightings).where(eq(sightings.id, id)))[0]?.h ?? null;

  it("only the owner hides; then it is gone for everyone", async () => {
    const { o, pet, sightingId } = await petWithSighting();
    const stranger = await owner();

    const anonymous = await hide(pet.id, sightingId, null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/entrar\?redirectTo=/);
    expect((await hide(pet.id, sightingId, stranger)).status).toBe(404);
    expect(await hiddenAt(sightingId)).toBeNull();

    const done = await hide(pet.id, sightingId, o);
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/pet/${pet.id}#avistamentos`);
    expect(await hiddenAt(sightingId)).not.toBeNull();
    for (const viewer of [null, stranger, o]) expect((await petPage(pet.id, viewer)).sightings.items).toEqual([]);
    expect((await sightingsSummaryForOwner(db, activityDb, o.id)).size).toBe(0);
    // Hiding again: nothing left to hide.
    expect((await hide(pet.id, sightingId, o)).status).toBe(404);
  });

  it("the query itself checks the owner and the pet", async () => {
    const { o, pet, sightingId } = await petWithSighting();
    const stranger = await owner();
    const strangersPet = await createPet(stranger.id);
    expect(await hideSightingForOwner(db, activityDb, { id: sightingId, petId: pet.id, ownerId: stranger.id })).toBe(false);
    // The stranger's own pet id does not open another pet's sighting either.
    expect(await hideSightingForOwner(db, activityDb, { id: sightingId, petId: strangersPet.id, ownerId: stranger.id })).toBe(false);
    expect(await listPublicSightings(activityDb, pet.id)).toHaveLength(1);
    expect(await hideSightingForOwner(db, activityDb, { id: sightingId, petId: pet.id, ownerId: o.id })).toBe(true);
    expect(await listPublicSightings(activityDb, pet.id)).toHaveLength(0);
  });

  it("a pet that is no longer the owner's cannot have its sightings hidden by the former owner", async () => {
    const { o, pet, sightingId } = await petWithSighting();
    const next = await owner();
    await db.update(pets).set({ userId: next.id }).where(eq(pets.id, pet.id));
    expect(await hideSightingForOwner(db, activityDb, { id: sightingId, petId: pet.id, ownerId: o.id })).toBe(false);
  });
});

describe("deleting the pet", () => {
  it("removes its sightings and their photos from R2", async () => {
    const o = await owner();
    const pet = await createPet(o.id);
    await report(pet.id, validFields({ photo: pngFile() }));
    const [row] = await sightingsOf(pet.id);
    const key = row!.imageUrl!.replace(/^\/imagens\//, "");
    expect(await env.IMAGES.head(key)).not.toBeNull();
    const call = await contextFor(o);
    const outcome = await invoke(route("pet.excluir"), "action", postForm(`/pet/${pet.id}/excluir`, {}), { id: String(pet.id) }, call);
    expect(outcome.status).toBe(303);
    expect(await sightingsOf(pet.id)).toEqual([]);
    expect(await env.IMAGES.head(key)).toBeNull();
  });
});

describe("the owner's mail", () => {
  it("escapes what the reporter typed in the HTML", () => {
    const mail = sightingMail(
      { title: "Bolinha", ownerEmail: "dono@exemplo.com.br" },
      { place: "<script>x</script>", seenAt: "2026-11-20T14:30", notes: "a & b", contact: undefined, hasPhoto: true },
      "http://localhost/pet/1",
    );
    expect(mail.subject).toBe("Alguém viu Bolinha!");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.text).toContain("Quando: sex., 20 de novembro de 2026 às 14:30");
    expect(mail.text).toContain("Quem viu enviou uma foto");
  });
});
