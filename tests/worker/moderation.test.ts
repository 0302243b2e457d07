// Reports and moderation (docs/decisions/0035): anyone reports; three
// different confirmed accounts within seven days hold an item (visitors never do); a held,
// removed or suspended item leaves every public read; admins decide, each decision logged
// with its reason in an append-only log; a suspended account is signed out and refused.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sightings } from "~/db/activity-schema";
import { clinics, events, moderationLog, organizations, pets, products, profiles, reports, users } from "~/db/schema";
import { HOLD_REPORTS, REPORT_THANKS } from "~/lib/moderation";
import { getHomePage } from "~/models/home.server";
import { listClinicsPage, listEventsPage, listOrganizationsPage, listPetsPage, listProductsPage } from "~/models/listings.server";
import { searchPets } from "~/models/pet-search.server";
import { getPetCardsByIds } from "~/models/pets.server";
import { parsePetSearch } from "~/lib/pet-search";
import { getCurrentUser } from "~/platform/auth.server";
import { listOutbox } from "~/platform/mail.server";
import { hashPassword } from "~/platform/password.server";
import { RATE_LIMITS } from "~/platform/rate-limit.server";
import { getSession } from "~/platform/session.server";
import { registerAccount, signInWithGoogle } from "~/services/accounts.server";
import { makeContext } from "./context";
import { activityDb, createClinic, createEvent, createOrganization, createPet, createProduct, createUser, db } from "./fixtures";
import {
  type Actor,
  contextFor,
  describeDiff,
  diffStores,
  fullSnapshot,
  invoke,
  isUnchanged,
  type Outcome,
  postForm,
  routeEntries,
  storedImage,
} from "./route-harness";

const route = (id: string) => {
  const found = routeEntries().find((r) => r.id === id);
  if (!found) throw new Error(`rota ${id} ausente`);
  return found;
};

let ipSerial = 0;
/** A new client address per request: limits per client never mix tests. */
const nextIp = () => `203.2.${(++ipSerial >> 8) & 255}.${ipSerial & 255}`;

const HOUR = 60 * 60 * 1000;

/**
 * An account with its own mailbox; a confirmed one was confirmed `confirmedHoursAgo` hours
 * ago (two days unless said: old enough for its reports to count, docs/decisions/0035).
 */
async function account({
  confirmed = true,
  admin = false,
  type = "personal" as Actor["accountType"],
  confirmedHoursAgo = 48,
} = {}): Promise<Actor> {
  const user = await createUser(type);
  await db
    .update(users)
    .set({ emailVerified: confirmed, emailVerifiedAt: confirmed ? new Date(Date.now() - confirmedHoursAgo * HOUR) : null, isAdmin: admin })
    .where(eq(users.id, user.id));
  return { ...user, accountType: type };
}

async function report(
  kind: string,
  id: number | string,
  { as = null, ip = nextIp(), fields = { reason: "golpe" } }: { as?: Actor | null; ip?: string; fields?: Record<string, string> } = {},
) {
  const request = postForm(`/denunciar/${kind}/${id}`, fields, { "CF-Connecting-IP": ip });
  const call = await contextFor(as);
  return invoke(route("denunciar"), "action", request, { tipo: kind, id: String(id) }, call);
}

async function petPage(id: number, as: Actor | null = null): Promise<Outcome> {
  const call = await contextFor(as);
  return invoke(route("pet"), "loader", new Request(`http://localhost/pet/${id}`), { id: String(id) }, call);
}

const reportsOf = (kind: string, id: number | string) =>
  db
    .select()
    .from(reports)
    .where(and(eq(reports.itemKind, kind as "pet"), eq(reports.itemId, String(id))));

const petState = async (id: number) => (await db.select({ m: pets.moderation }).from(pets).where(eq(pets.id, id)))[0]?.m ?? null;

async function mailsTo(address: string) {
  return (await listOutbox(env.KV, 1000)).filter((m) => m.to === address);
}

async function decide(admin: Actor, kind: string, id: number | string, intent: string, reason = "Golpe confirmado pela equipe.") {
  const call = await contextFor(admin);
  const request = postForm(`/moderacao/${kind}/${id}`, { intent, reason }, { "CF-Connecting-IP": nextIp() });
  return { outcome: await invoke(route("moderacao.item"), "action", request, { tipo: kind, id: String(id) }, call), call };
}

describe("Denunciar", () => {
  it("a visitor reports a pet: stored with the reason and details, then the thanks; again from the same client stores nothing", async () => {
    const owner = await account();
    const pet = await createPet(owner.id, { name: "Thor" });
    const ip = nextIp();
    const first = await report("pet", pet.id, { ip, fields: { reason: "golpe", details: "Pediu Pix adiantado." } });
    expect(first.status).toBe(303);
    expect(first.location).toBe(`/denunciar/pet/${pet.id}?enviado=1`);
    const again = await report("pet", pet.id, { ip, fields: { reason: "spam" } });
    expect(again.status).toBe(303);
    const rows = await reportsOf("pet", pet.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: "golpe", details: "Pediu Pix adiantado.", reporterUserId: null, reporterConfirmed: false });
    expect(rows[0]!.reporterKey).toMatch(/^visitante:[0-9a-f]{32}$/);

    const thanks = await invoke(
      route("denunciar"),
      "loader",
      new Request(`http://localhost/denunciar/pet/${pet.id}?enviado=1`),
      { tipo: "pet", id: String(pet.id) },
      await contextFor(null),
    );
    expect(thanks.status).toBe(200);
    expect(thanks.data).toMatchObject({ state: "sent", back: `/pet/${pet.id}` });
    expect(REPORT_THANKS).toBe("Obrigado. Nossa equipe vai analisar.");
    // The owner's page never names who reported, nor how many did.
    const page = JSON.stringify((await petPage(pet.id, owner)).data);
    expect(page).not.toContain("golpe");
  });

  it("refuses a missing reason and over-long details (keeping what was typed), the owner's own item, and a filled honeypot stores nothing", async () => {
    const owner = await account();
    const pet = await createPet(owner.id);
    const missing = await report("pet", pet.id, { fields: { details: "Sem motivo" } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.data)).toContain("Escolha o motivo da denúncia.");
    expect(JSON.stringify(missing.data)).toContain("Sem motivo");
    const long = await report("pet", pet.id, { fields: { reason: "outro", details: "x".repeat(1001) } });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.data)).toContain("no máximo 1.000 caracteres");
    const own = await report("pet", pet.id, { as: owner });
    expect(own.status).toBe(403);
    const bot = await report("pet", pet.id, { fields: { reason: "spam", website: "http://spam.example" } });
    expect(bot.status).toBe(303);
    expect(await reportsOf("pet", pet.id)).toHaveLength(0);
  });

  it("every kind people publish can be reported; a sighting only by its pet's owner; unknown or hidden items are 404", async () => {
    const owner = await account({ type: "company" });
    const ngo = await account({ type: "ngo" });
    const reporter = await account();
    const product = await createProduct(owner.id);
    const clinic = await createClinic(owner.id);
    const org = await createOrganization(ngo.id);
    const event = await createEvent(org.id);
    const [ngoProfile] = await db.select({ publicId: profiles.publicId }).from(profiles).where(eq(profiles.id, ngo.id));
    for (const [kind, id] of [
      ["produto", product.id],
      ["clinica", clinic.id],
      ["ong", org.id],
      ["evento", event.id],
      ["perfil", ngoProfile!.publicId!],
    ] as const) {
      expect((await report(kind, id, { as: reporter })).status, kind).toBe(303);
    }
    const petOwner = await account();
    const pet = await createPet(petOwner.id, { status: "perdido" });
    const [sighting] = await activityDb.insert(sightings).values({ petId: pet.id, place: "Praça", seenAt: "2026-11-20T10:00" }).returning();
    expect((await report("avistamento", sighting!.id, { as: reporter })).status).toBe(404);
    expect((await report("avistamento", sighting!.id)).status).toBe(404);
    expect(
      (await report("avistamento", sighting!.id, { as: petOwner, fields: { reason: "golpe", details: "Pediu dinheiro." } })).status,
    ).toBe(303);
    expect((await report("pet", 999_999_999)).status).toBe(404);
    expect((await report("nada", 1)).status).toBe(404);
    await db.update(products).set({ moderation: "removed" }).where(eq(products.id, product.id));
    expect((await report("produto", product.id, { as: await account() })).status).toBe(404);
  });

  it("is rate-limited per reporter (an account's eleventh report in an hour is 429, nothing stored)", async () => {
    const owner = await account();
    const reporter = await account({ confirmed: false });
    const limit = RATE_LIMITS.reportsPerReporter.limit;
    for (let i = 0; i < limit; i++) {
      const pet = await createPet(owner.id);
      expect((await report("pet", pet.id, { as: reporter })).status).toBe(303);
    }
    const pet = await createPet(owner.id);
    const refused = await report("pet", pet.id, { as: reporter });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await reportsOf("pet", pet.id)).toHaveLength(0);
  });
});

describe("the hold", () => {
  it(`${HOLD_REPORTS} different confirmed accounts hold an item; visitors and unconfirmed accounts never count`, async () => {
    const owner = await account();
    const pet = await createPet(owner.id, { name: "Golpe do Pix", status: "perdido" });
    // Many visitors (each from another client) and unconfirmed accounts: queued, never held.
    for (let i = 0; i < 5; i++) await report("pet", pet.id);
    for (let i = 0; i < 3; i++) await report("pet", pet.id, { as: await account({ confirmed: false }) });
    const confirmed = [await account(), await account(), await account()];
    await report("pet", pet.id, { as: confirmed[0] });
    // The same confirmed account again counts once.
    await report("pet", pet.id, { as: confirmed[0] });
    await report("pet", pet.id, { as: confirmed[1] });
    expect(await petState(pet.id)).toBeNull();
    expect(await reportsOf("pet", pet.id)).toHaveLength(10);
    expect(await mailsTo(owner.email)).toHaveLength(0);

    await report("pet", pet.id, { as: confirmed[2] });
    expect(await petState(pet.id)).toBe("held");
    // Out of every public read at once.
    const public404 = await petPage(pet.id);
    expect(public404.status).toBe(404);
    expect(public404.thrown).toBe(true);
    expect(public404.data).toEqual({ moderation: "held", kind: "anúncio", error: "Este anúncio está em análise." });
    const search = await searchPets(db, parsePetSearch(new URL("http://localhost/buscar-pets?q=Golpe+do+Pix")), 24);
    expect(search.items.map((p) => p.id)).not.toContain(pet.id);
    const listed = await listPetsPage(db, 1, { status: "perdido" });
    expect(listed.items.map((p) => p.id)).not.toContain(pet.id);
    const home = await getHomePage(db, "2026-01-01T00:00");
    expect(home.lostPets.items.map((p) => p.id)).not.toContain(pet.id);
    expect(await getPetCardsByIds(db, [pet.id])).toEqual([]);
    // The owner still sees it, with the banner.
    const own = await petPage(pet.id, owner);
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ banner: "Este anúncio está em análise." });
    // One mail to the owner, naming no reporter.
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Seu anúncio está em análise");
    for (const who of confirmed) expect(mails[0]!.text).not.toContain(who.email);
    // A fourth confirmed report changes nothing more (no second mail).
    await report("pet", pet.id, { as: await account() });
    expect(await mailsTo(owner.email)).toHaveLength(1);
    const log = await db
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.itemId, String(pet.id)));
    expect(log.map((e) => e.action)).toEqual(["hold"]);
  });

  it("only reports of the last 7 days count", async () => {
    const owner = await account();
    const pet = await createPet(owner.id);
    const old = [await account(), await account()];
    for (const who of old) await report("pet", pet.id, { as: who });
    await db
      .update(reports)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(reports.itemId, String(pet.id)));
    await report("pet", pet.id, { as: await account() });
    expect(await petState(pet.id)).toBeNull();
    await report("pet", pet.id, { as: await account() });
    expect(await petState(pet.id)).toBeNull();
    await report("pet", pet.id, { as: await account() });
    expect(await petState(pet.id)).toBe("held");
  });

  it("one report per reporter per item: the unique index refuses a second row", async () => {
    const owner = await account();
    const reporter = await account();
    const pet = await createPet(owner.id);
    await report("pet", pet.id, { as: reporter, fields: { reason: "golpe" } });
    await report("pet", pet.id, { as: reporter, fields: { reason: "falso" } });
    expect((await reportsOf("pet", pet.id)).map((r) => r.reason)).toEqual(["golpe"]);
    await expect(
      db.insert(reports).values({ itemKind: "pet", itemId: String(pet.id), reporterKey: `usuario:${reporter.id}`, reason: "spam" }),
    ).rejects.toThrow();
  });
});

describe("a hold needs three different people", () => {
  /** The queue as the admins' page reads it: each item's number of open reports. */
  async function queued(kind: string, id: number) {
    const admin = await account({ admin: true });
    const queue = await invoke(route("moderacao"), "loader", new Request("http://localhost/moderacao"), {}, await contextFor(admin));
    return (
      (queue.data as { queue: { kind: string; id: string; count: number }[] }).queue.find((q) => q.kind === kind && q.id === String(id))
        ?.count ?? 0
    );
  }

  /** A password sign-up, as the form makes it, then its link followed two days ago; null when refused. */
  async function signUp(email: string): Promise<Actor | null> {
    const { context } = await makeContext();
    const request = postForm("/entrar", {}, { "CF-Connecting-IP": nextIp() });
    const created = await registerAccount(context, request, { name: "Pessoa", email, password: "senha-forte-1", accountType: "personal" });
    if (!created.ok) return null;
    await db
      .update(users)
      .set({ emailVerified: true, emailVerifiedAt: new Date(Date.now() - 48 * HOUR) })
      .where(eq(users.id, created.user.id));
    return { id: created.user.id, email: created.user.email, accountType: "personal" };
  }

  it("aliases of one mailbox are one person: atk+1@, atk+2@, atk+3@ (and Gmail's spellings) cannot hold an item", async () => {
    const owner = await account();
    const pet = await createPet(owner.id, { name: "Rex" });
    const reporters: Actor[] = [];
    for (const email of [
      "atk+1@exemplo.net",
      "atk+2@exemplo.net",
      "atk+3@exemplo.net",
      "fulano@gmail.com",
      "f.ulano@gmail.com",
      "fulano@googlemail.com",
    ]) {
      const who = await signUp(email);
      if (who) reporters.push(who);
    }
    // One account per mailbox: the later spellings were refused at sign-up.
    expect(reporters.map((r) => r.email)).toEqual(["atk+1@exemplo.net", "fulano@gmail.com"]);
    // Each reports from its own network: two people, however many addresses.
    for (const who of reporters) await report("pet", pet.id, { as: who });
    expect(await petState(pet.id)).toBeNull();
    // Rows from before the mailbox key (the migration leaves a later duplicate without one)
    // do not count either.
    const legacy = await account();
    await db.update(users).set({ email: "atk+9@exemplo.net", mailboxKey: null }).where(eq(users.id, legacy.id));
    await report("pet", pet.id, { as: legacy });
    expect(await petState(pet.id)).toBeNull();
    // Not counted, still in the queue.
    expect(await queued("pet", pet.id)).toBe(3);
  });

  it("an account confirmed less than 24 hours before it reports does not count", async () => {
    const owner = await account();
    const pet = await createPet(owner.id);
    for (let i = 0; i < 3; i++) await report("pet", pet.id, { as: await account({ confirmedHoursAgo: 23 }) });
    expect(await petState(pet.id)).toBeNull();
    expect(await queued("pet", pet.id)).toBe(3);
    await report("pet", pet.id, { as: await account({ confirmedHoursAgo: 25 }) });
    await report("pet", pet.id, { as: await account({ confirmedHoursAgo: 25 }) });
    expect(await petState(pet.id)).toBeNull();
    await report("pet", pet.id, { as: await account({ confirmedHoursAgo: 25 }) });
    expect(await petState(pet.id)).toBe("held");
  });

  it("three different people from one /48 do not hold; from two networks they do", async () => {
    const owner = await account();
    const pet = await createPet(owner.id);
    // Three /64s of one /48: one home or one provider's customer.
    for (const ip of ["2804:14c:1:10::1", "2804:14c:1:20::2", "2804:14c:1:ff00::3"])
      await report("pet", pet.id, { as: await account(), ip });
    expect(await petState(pet.id)).toBeNull();
    expect(await queued("pet", pet.id)).toBe(3);

    const other = await createPet(owner.id);
    await report("pet", other.id, { as: await account(), ip: "2804:14c:1:10::1" });
    await report("pet", other.id, { as: await account(), ip: "2804:14c:1:20::1" });
    expect(await petState(other.id)).toBeNull();
    await report("pet", other.id, { as: await account(), ip: "2804:14c:2::1" });
    expect(await petState(other.id)).toBe("held");
  });

  it("one statement decides: a report's row and the hold are one batch, the hold written once", async () => {
    const owner = await account();
    const pet = await createPet(owner.id);
    const people = [await account(), await account(), await account(), await account()];
    await report("pet", pet.id, { as: people[0] });
    await report("pet", pet.id, { as: people[1] });
    // Two third reports at once: one holds, the log has one entry and the owner one mail.
    await Promise.all([report("pet", pet.id, { as: people[2] }), report("pet", pet.id, { as: people[3] })]);
    expect(await petState(pet.id)).toBe("held");
    const log = await db
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.itemId, String(pet.id)));
    expect(log.map((e) => e.action)).toEqual(["hold"]);
    expect((await mailsTo(owner.email)).map((m) => m.subject)).toEqual(["Seu anúncio está em análise"]);
  });
});

describe("hidden items leave every public read", () => {
  it("products, clinics, organizations (with their events) and events: out of the listings and the home, their pages 404 for the public", async () => {
    const company = await account({ type: "company" });
    const ngo = await account({ type: "ngo" });
    const product = await createProduct(company.id, { title: "Ração escondida" });
    const clinic = await createClinic(company.id, { name: "Clínica escondida" });
    const org = await createOrganization(ngo.id, { name: "ONG escondida" });
    const event = await createEvent(org.id, { title: "Feira escondida", date: "2099-02-01T10:00" });
    await db.update(products).set({ moderation: "held" }).where(eq(products.id, product.id));
    await db.update(clinics).set({ moderation: "removed" }).where(eq(clinics.id, clinic.id));
    await db.update(organizations).set({ moderation: "removed" }).where(eq(organizations.id, org.id));

    expect((await listProductsPage(db, 1)).items.map((p) => p.id)).not.toContain(product.id);
    expect((await listClinicsPage(db, 1)).items.map((c) => c.id)).not.toContain(clinic.id);
    expect((await listOrganizationsPage(db, 1)).items.map((o) => o.id)).not.toContain(org.id);
    // The event of a removed organization goes with it.
    const upcoming = await listEventsPage(db, 1, { from: "2026-01-01T00:00", when: "proximos" });
    expect(upcoming.items.map((e) => e.id)).not.toContain(event.id);
    const home = await getHomePage(db, "2026-01-01T00:00");
    expect(home.products.items.map((p) => p.id)).not.toContain(product.id);
    expect(home.events.items.map((e) => e.id)).not.toContain(event.id);

    for (const [id, pattern, itemId] of [
      ["produto", "/produto/:id", product.id],
      ["clinica", "/clinica/:id", clinic.id],
      ["ong", "/ong/:id", org.id],
      ["evento", "/evento/:id", event.id],
    ] as const) {
      const outcome = await invoke(
        route(id),
        "loader",
        new Request(`http://localhost${pattern.replace(":id", String(itemId))}`),
        { id: String(itemId) },
        await contextFor(null),
      );
      expect(outcome.status, id).toBe(404);
    }
    // Its owner still sees the removed clinic, with the banner.
    const own = await invoke(
      route("clinica"),
      "loader",
      new Request(`http://localhost/clinica/${clinic.id}`),
      { id: String(clinic.id) },
      await contextFor(company),
    );
    expect(own.data).toMatchObject({ banner: "Este anúncio foi removido pela moderação." });
    // The event itself is public again once its organization is.
    await db.update(organizations).set({ moderation: null }).where(eq(organizations.id, org.id));
    const back = await listEventsPage(db, 1, { from: "2026-01-01T00:00", when: "proximos" });
    expect(back.items.map((e) => e.id)).toContain(event.id);
    await db.update(events).set({ moderation: "held" }).where(eq(events.id, event.id));
    const held = await listEventsPage(db, 1, { from: "2026-01-01T00:00", when: "proximos" });
    expect(held.items.map((e) => e.id)).not.toContain(event.id);
  });
});

describe("the admin guard", () => {
  const moderationRoutes = () => routeEntries().filter((r) => r.pattern.startsWith("/moderacao"));

  it("every moderation route and action answers 404 to visitors and to personal, company and NGO accounts, and writes nothing", async () => {
    const owner = await account();
    const pet = await createPet(owner.id);
    await report("pet", pet.id);
    const roles: (Actor | null)[] = [null, await account(), await account({ type: "company" }), await account({ type: "ngo" })];
    const routes = moderationRoutes();
    expect(routes.map((r) => r.id).sort()).toEqual(["moderacao", "moderacao.item", "moderacao.registro"]);
    for (const r of routes) {
      const params = r.paramNames.length ? { tipo: "pet", id: String(pet.id) } : {};
      const path = r.pattern.replace(":tipo", "pet").replace(":id", String(pet.id));
      for (const who of roles) {
        const label = `${r.id} como ${who?.accountType ?? "visitante"}`;
        const loader = await invoke(r, "loader", new Request(`http://localhost${path}`), params, await contextFor(who));
        expect(loader.status, label).toBe(404);
        expect(loader.data, label).toEqual({ error: null });
        if (r.module.action) {
          const before = await fullSnapshot();
          const action = await invoke(
            r,
            "action",
            postForm(path, { intent: "remover", reason: "Tentativa" }),
            params,
            await contextFor(who),
          );
          expect(action.status, label).toBe(404);
          const diff = diffStores(before, await fullSnapshot());
          expect(isUnchanged(diff), `${label}: ${describeDiff(diff)}`).toBe(true);
        }
      }
    }
    expect(await petState(pet.id)).toBeNull();
    // An admin gets every page.
    const admin = await account({ admin: true });
    for (const r of routes) {
      const params = r.paramNames.length ? { tipo: "pet", id: String(pet.id) } : {};
      const path = r.pattern.replace(":tipo", "pet").replace(":id", String(pet.id));
      expect((await invoke(r, "loader", new Request(`http://localhost${path}`), params, await contextFor(admin))).status, r.id).toBe(200);
    }
  });
});

describe("decisions", () => {
  it("Remover hides for good (photos stay in R2), closes the reports, mails the owner the reason and is logged; Restaurar undoes it", async () => {
    const admin = await account({ admin: true });
    const owner = await account();
    const photo = await storedImage("pets");
    const pet = await createPet(owner.id, { name: "Rex", mainImageUrl: photo });
    await report("pet", pet.id, { as: await account() });
    const queue = await invoke(route("moderacao"), "loader", new Request("http://localhost/moderacao"), {}, await contextFor(admin));
    const entry = (queue.data as { queue: { id: string; title: string; count: number; reports: { reason: string }[] }[] }).queue.find(
      (q) => q.id === String(pet.id),
    );
    expect(entry).toMatchObject({ title: "Rex", count: 1, reports: [{ reason: "Golpe ou fraude" }] });
    expect(JSON.stringify(queue.data)).not.toContain("usuario:");

    // 'Motivo' is required.
    const missing = await decide(admin, "pet", pet.id, "remover", "");
    expect(missing.outcome.status).toBe(400);
    expect(await petState(pet.id)).toBeNull();

    const removed = await decide(admin, "pet", pet.id, "remover", "Anúncio falso: pedia Pix.");
    expect(removed.outcome.status).toBe(303);
    expect(await petState(pet.id)).toBe("removed");
    expect((await reportsOf("pet", pet.id)).map((r) => r.resolution)).toEqual(["removed"]);
    expect(await env.IMAGES.head(photo.replace(/^\/imagens\//, ""))).not.toBeNull();
    const mail = (await mailsTo(owner.email)).find((m) => m.subject === "Seu anúncio foi removido");
    expect(mail?.text).toContain("Motivo: Anúncio falso: pedia Pix.");
    // Sent twice: refused, logged once.
    expect((await decide(admin, "pet", pet.id, "remover", "De novo")).outcome.status).toBe(409);

    const restored = await decide(admin, "pet", pet.id, "restaurar", "Era engano: o dono provou.");
    expect(restored.outcome.status).toBe(303);
    expect(await petState(pet.id)).toBeNull();
    expect((await petPage(pet.id)).status).toBe(200);
    const log = await db
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.itemId, String(pet.id)));
    expect(log.map((e) => [e.action, e.reason, e.subject, e.adminId])).toEqual([
      ["remove", "Anúncio falso: pedia Pix.", "Rex", admin.id],
      ["restore", "Era engano: o dono provou.", "Rex", admin.id],
    ]);
    // The register lists them, newest first.
    const register = await invoke(
      route("moderacao.registro"),
      "loader",
      new Request("http://localhost/moderacao/registro"),
      {},
      await contextFor(admin),
    );
    const entries = (register.data as { entries: { action: string; subject: string }[] }).entries;
    expect(entries.slice(0, 2).map((e) => e.action)).toEqual(["Restaurar", "Remover"]);
  });

  it("Manter dismisses the reports and puts a held item back, with one mail to the owner", async () => {
    const admin = await account({ admin: true });
    const owner = await account();
    const pet = await createPet(owner.id);
    for (let i = 0; i < HOLD_REPORTS; i++) await report("pet", pet.id, { as: await account() });
    expect(await petState(pet.id)).toBe("held");
    const kept = await decide(admin, "pet", pet.id, "manter", "Anúncio verdadeiro.");
    expect(kept.outcome.status).toBe(303);
    expect(await petState(pet.id)).toBeNull();
    expect((await reportsOf("pet", pet.id)).every((r) => r.resolution === "kept")).toBe(true);
    expect((await mailsTo(owner.email)).map((m) => m.subject)).toEqual(["Seu anúncio voltou ao ar", "Seu anúncio está em análise"]);
    // Nothing left to dismiss.
    expect((await decide(admin, "pet", pet.id, "manter", "De novo")).outcome.status).toBe(409);
  });

  it("the queue leaves out items deleted since they were reported", async () => {
    const admin = await account({ admin: true });
    const owner = await account();
    const kept = await createPet(owner.id, { name: "Continua" });
    const gone = await createPet(owner.id, { name: "Apagado" });
    for (const pet of [kept, gone]) await report("pet", pet.id);
    await db.delete(pets).where(eq(pets.id, gone.id));
    const queue = await invoke(route("moderacao"), "loader", new Request("http://localhost/moderacao"), {}, await contextFor(admin));
    const ids = (queue.data as { queue: { id: string }[] }).queue.map((q) => q.id);
    expect(ids).toContain(String(kept.id));
    expect(ids).not.toContain(String(gone.id));
  });

  it("a sighting (activity database): queued while visible, removed and restored there, logged on main; its sender's suspension hides it", async () => {
    const admin = await account({ admin: true });
    const petOwner = await account();
    const sender = await account();
    const pet = await createPet(petOwner.id, { status: "perdido" });
    const [sent, hidden] = await activityDb
      .insert(sightings)
      .values([
        { petId: pet.id, place: "Praça do golpe", seenAt: "2026-11-20T10:00", reporterUserId: sender.id },
        { petId: pet.id, place: "Rua oculta", seenAt: "2026-11-20T11:00" },
      ])
      .returning();
    for (const s of [sent!, hidden!]) expect((await report("avistamento", s.id, { as: petOwner })).status).toBe(303);
    // The pet's owner hid one since: out of the queue, while its reports stay.
    await activityDb.update(sightings).set({ hiddenAt: new Date() }).where(eq(sightings.id, hidden!.id));
    const queue = await invoke(route("moderacao"), "loader", new Request("http://localhost/moderacao"), {}, await contextFor(admin));
    const queued = (queue.data as { queue: { kind: string; id: string; title: string }[] }).queue.filter(
      (q) => q.kind === "sighting" && [sent!.id, hidden!.id].map(String).includes(q.id),
    );
    expect(queued.map((q) => [q.id, q.title])).toEqual([[String(sent!.id), "Praça do golpe"]]);

    const state = async () =>
      (await activityDb.select({ m: sightings.moderation }).from(sightings).where(eq(sightings.id, sent!.id)))[0]?.m;
    expect((await decide(admin, "avistamento", sent!.id, "remover")).outcome.status).toBe(303);
    expect(await state()).toBe("removed");
    expect((await reportsOf("sighting", sent!.id)).every((r) => r.resolution === "removed")).toBe(true);
    expect((await decide(admin, "avistamento", sent!.id, "remover")).outcome.status).toBe(409);
    const removedList = await invoke(route("moderacao"), "loader", new Request("http://localhost/moderacao"), {}, await contextFor(admin));
    expect(JSON.stringify(removedList.data)).toContain("Praça do golpe");
    expect((await decide(admin, "avistamento", sent!.id, "restaurar", "Era verdade.")).outcome.status).toBe(303);
    expect(await state()).toBeNull();
    const logged = await db
      .select({ action: moderationLog.action })
      .from(moderationLog)
      .where(and(eq(moderationLog.itemKind, "sighting"), eq(moderationLog.itemId, String(sent!.id))));
    expect(logged.map((l) => l.action)).toEqual(["remove", "restore"]);

    // Its sender suspended: the sighting too; reactivated: back.
    expect((await decide(admin, "avistamento", sent!.id, "suspender", "Golpes repetidos.")).outcome.status).toBe(303);
    expect(await state()).toBe("suspended");
    expect((await decide(admin, "avistamento", sent!.id, "reativar", "Conversamos.")).outcome.status).toBe(303);
    expect(await state()).toBeNull();
  });

  it("the log is append-only: an UPDATE or a DELETE is refused by the database", async () => {
    const [entry] = await db.select().from(moderationLog).limit(1);
    expect(entry).toBeDefined();
    await expect(db.update(moderationLog).set({ reason: "apagado" }).where(eq(moderationLog.id, entry!.id))).rejects.toThrow();
    await expect(db.delete(moderationLog).where(eq(moderationLog.id, entry!.id))).rejects.toThrow();
  });
});

describe("suspension", () => {
  it("Suspender conta ends the owner's open session, refuses sign-in, hides everything they published; Reativar brings back only that", async () => {
    const admin = await account({ admin: true });
    const owner = await account();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword("senha-forte-1") })
      .where(eq(users.id, owner.id));
    const pet = await createPet(owner.id, { name: "Luna" });
    const other = await createPet(owner.id, { name: "Removido antes" });
    await db.update(pets).set({ moderation: "removed" }).where(eq(pets.id, other.id));

    // The owner's session, opened before the suspension.
    const open = await contextFor(owner);
    const { outcome } = await decide(admin, "pet", pet.id, "suspender", "Golpes repetidos.");
    expect(outcome.status).toBe(303);
    expect(await getCurrentUser(open.context)).toBeNull();
    expect(getSession(open.context).get("userId")).toBeUndefined();
    expect(await petState(pet.id)).toBe("suspended");
    expect((await petPage(pet.id)).status).toBe(404);

    const signIn = await invoke(
      route("entrar"),
      "action",
      postForm("/entrar", { intent: "entrar", email: owner.email, password: "senha-forte-1" }, { "CF-Connecting-IP": nextIp() }),
      {},
      await contextFor(null),
    );
    expect(signIn.status).toBe(403);
    expect(JSON.stringify(signIn.data)).toContain(`Sua conta está suspensa. Fale conosco em ${env.CONTACT_EMAIL}.`);
    expect((await mailsTo(owner.email)).map((m) => m.subject)).toContain("Sua conta foi suspensa");

    const reactivated = await decide(admin, "pet", pet.id, "reativar", "Conversamos com a pessoa.");
    expect(reactivated.outcome.status).toBe(303);
    expect(await petState(pet.id)).toBeNull();
    expect(await petState(other.id)).toBe("removed");
    const back = await invoke(
      route("entrar"),
      "action",
      postForm("/entrar", { intent: "entrar", email: owner.email, password: "senha-forte-1" }, { "CF-Connecting-IP": nextIp() }),
      {},
      await contextFor(null),
    );
    expect(back.status).toBe(302);
    const actions = await db
      .select({ action: moderationLog.action, subject: moderationLog.subject })
      .from(moderationLog)
      .where(eq(moderationLog.itemKind, "profile"));
    expect(actions.slice(-2).map((a) => a.action)).toEqual(["suspend", "reactivate"]);
  });

  it("a suspended account cannot sign in with Google either, linked or found by its e-mail", async () => {
    const linked = await account();
    await db
      .update(users)
      .set({ googleSubject: `g-${linked.id}`, suspendedAt: new Date() })
      .where(eq(users.id, linked.id));
    const byEmail = await account();
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, byEmail.id));
    for (const profile of [
      { subject: `g-${linked.id}`, email: linked.email, emailVerified: true, name: "Ligada" },
      { subject: `g-novo-${byEmail.id}`, email: byEmail.email, emailVerified: true, name: "Pelo e-mail" },
    ]) {
      const call = await contextFor(null);
      expect(await signInWithGoogle(call.context, profile)).toEqual({ ok: false, reason: "suspended" });
      expect(getSession(call.context).get("userId")).toBeUndefined();
    }
    // The e-mail was not linked to Google either.
    const [row] = await db.select({ googleSubject: users.googleSubject }).from(users).where(eq(users.id, byEmail.id));
    expect(row?.googleSubject).toBeNull();
  });

  it("an admin cannot be suspended", async () => {
    const admin = await account({ admin: true });
    const otherAdmin = await account({ admin: true });
    const pet = await createPet(otherAdmin.id);
    const page = await invoke(
      route("moderacao.item"),
      "loader",
      new Request(`http://localhost/moderacao/pet/${pet.id}`),
      { tipo: "pet", id: String(pet.id) },
      await contextFor(admin),
    );
    expect((page.data as { actions: string[] }).actions).not.toContain("suspender");
    expect((await decide(admin, "pet", pet.id, "suspender", "Teste")).outcome.status).toBe(409);
    const [row] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, otherAdmin.id));
    expect(row?.suspendedAt).toBeNull();
  });
});
