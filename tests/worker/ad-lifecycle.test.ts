// Honest lifecycle and counters (docs/decisions/0023). Closing as
// 'Reencontrado!'/'Adotado!', the counters, the search without closed or expired ads,
// the home's "casos resolvidos", the 60-day reminder, the 90-day expiry, renewal and the
// 30-day banner window.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getCloudflare } from "~/context.server";
import { pets } from "~/db/schema";
import { adState, CLOSED_VISIBLE_DAYS, closingFor, daysBefore, publicPageState, REMINDER_SUBJECT } from "~/lib/ad-lifecycle";
import { parsePetSearch } from "~/lib/pet-search";
import { getCounts } from "~/models/counters.server";
import { getHomePage } from "~/models/home.server";
import { listPetsPage } from "~/models/listings.server";
import { searchPets } from "~/models/pet-search.server";
import { updatePetForOwner } from "~/models/pets.server";
import { action as closeAction, loader as closeLoader } from "~/routes/pet.encerrar";
import { loader as petLoader } from "~/routes/pet";
import { loader as posterLoader } from "~/routes/pet.cartaz";
import { action as renewAction } from "~/routes/pet.renovar";
import { loader as whatsappLoader } from "~/routes/pet.whatsapp";
import { listOutbox } from "~/platform/mail.server";
import { formRequest, makeContext, signedInContext } from "./context";
import { createPet, createUser, db } from "./fixtures";
import { runDailyWork } from "./task-queue-harness";

type Ctx = Parameters<typeof getCloudflare>[0];
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number, now = new Date()) => new Date(now.getTime() - days * DAY);

/** A loader/action's result: thrown Responses (redirects) are returned, data() unwrapped. */
async function call(fn: (args: never) => unknown, args: object) {
  let result: unknown;
  try {
    result = await fn(args as never);
  } catch (thrown) {
    result = thrown;
  }
  await waitOnExecutionContext(getCloudflare((args as { context: Ctx }).context).ctx);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), data: null };
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (wrapped && wrapped.type === "DataWithResponseInit") {
    return { status: wrapped.init?.status ?? 200, location: null, data: wrapped.data as Record<string, unknown> };
  }
  return { status: 200, location: null, data: result as Record<string, unknown> };
}

function close(petId: number, context: Ctx, closedAs: string | null, query = "") {
  const fields: Record<string, string> = closedAs === null ? {} : { closedAs };
  return call(closeAction, { params: { id: String(petId) }, context, request: formRequest(`/pet/${petId}/encerrar${query}`, fields) });
}

function renew(petId: number, context: Ctx) {
  return call(renewAction, { params: { id: String(petId) }, context, request: formRequest(`/pet/${petId}/renovar`, {}) });
}

const row = async (id: number) => (await db.select().from(pets).where(eq(pets.id, id)))[0]!;

/** The daily plan and its queue's work, as the cron and the consumer run them (docs/decisions/0037). */
async function runJob(now: Date) {
  const { plan } = await runDailyWork(now);
  return { reminded: plan.reminders, expired: plan.expiries };
}

const mailsTo = async (email: string) => (await listOutbox(env.KV, 1000)).filter((m) => m.to === email);

describe("closing an ad", () => {
  it("the owner closes a lost pet as 'Reencontrado!': closed, out of the search, counters move", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, { status: "perdido" });
    const before = await getCounts(db);

    const result = await close(pet.id, await signedInContext(owner), "reencontrado", "?voltar=%2Fdashboard%2Fpets");

    expect(result).toMatchObject({ status: 303, location: "/dashboard/pets" });
    const after = await row(pet.id);
    expect(after).toMatchObject({ closedAs: "reencontrado", listed: false });
    expect(after.closedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const counts = await getCounts(db);
    expect(counts["pets:reencontrado"]).toBe(before["pets:reencontrado"] + 1);
    expect(counts["pets:adotado"]).toBe(before["pets:adotado"]);
    expect(counts["pets:listed:perdido"]).toBe(before["pets:listed:perdido"] - 1);
    // The ad is kept (its status too): only its lifecycle changed.
    expect(counts["pets:perdido"]).toBe(before["pets:perdido"]);
  });

  it("an adoption ad closes only as 'Adotado!', the others only as 'Reencontrado!' (400, nothing written)", async () => {
    const owner = await createUser();
    const context = await signedInContext(owner);
    const adoption = await createPet(owner.id, { status: "adocao" });
    const found = await createPet(owner.id, { status: "encontrado" });
    const sighted = await createPet(owner.id, { status: "avistado" });
    expect([closingFor("adocao"), closingFor("perdido"), closingFor("encontrado"), closingFor("avistado")]).toEqual([
      "adotado",
      "reencontrado",
      "reencontrado",
      "reencontrado",
    ]);
    const before = await getCounts(db);

    const wrongAdoption = await close(adoption.id, context, "reencontrado");
    expect(wrongAdoption.status).toBe(400);
    expect(wrongAdoption.data).toMatchObject({ error: "Um anúncio de adoção só pode ser encerrado como Adotado!", typed: "reencontrado" });
    const wrongFound = await close(found.id, context, "adotado");
    expect(wrongFound.status).toBe(400);
    expect(wrongFound.data).toMatchObject({ error: "Este anúncio só pode ser encerrado como Reencontrado!" });
    for (const bad of [null, "", "perdido", "x".repeat(5000)]) {
      const result = await close(found.id, context, bad);
      expect(result.status, String(bad).slice(0, 20)).toBe(400);
      expect(result.data!.error).toBe("Escolha como o caso terminou: Reencontrado! ou Adotado!");
    }
    expect(await getCounts(db)).toEqual(before);
    for (const id of [adoption.id, found.id]) expect(await row(id)).toMatchObject({ closedAs: null, listed: true });

    expect((await close(adoption.id, context, "adotado")).status).toBe(303);
    expect((await close(sighted.id, context, "reencontrado")).status).toBe(303);
    const counts = await getCounts(db);
    expect(counts["pets:adotado"]).toBe(before["pets:adotado"] + 1);
    expect(counts["pets:reencontrado"]).toBe(before["pets:reencontrado"] + 1);
    expect(counts["pets:listed:adocao"]).toBe(before["pets:listed:adocao"] - 1);
    expect(counts["pets:listed:avistado"]).toBe(before["pets:listed:avistado"] - 1);
  });

  it("another user gets 404 and a visitor is sent to sign in: nothing is written", async () => {
    const owner = await createUser();
    const other = await createUser();
    const pet = await createPet(owner.id, { status: "perdido" });
    const before = await getCounts(db);

    const stranger = await close(pet.id, await signedInContext(other), "reencontrado");
    expect(stranger.status).toBe(404);
    const strangerPage = await call(closeLoader, {
      params: { id: String(pet.id) },
      context: await signedInContext(other),
      request: new Request(`http://localhost/pet/${pet.id}/encerrar`),
    });
    expect(strangerPage.status).toBe(404);
    const visitor = await close(pet.id, (await makeContext()).context, "reencontrado");
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/entrar\?redirectTo=/);

    expect(await row(pet.id)).toMatchObject({ closedAs: null, closedAt: null, listed: true });
    expect(await getCounts(db)).toEqual(before);
  });

  it("closing twice answers 409 and changes nothing more", async () => {
    const owner = await createUser();
    const context = await signedInContext(owner);
    const pet = await createPet(owner.id, { status: "perdido" });
    expect((await close(pet.id, context, "reencontrado")).status).toBe(303);
    const first = await row(pet.id);
    const before = await getCounts(db);
    const again = await close(pet.id, await signedInContext(owner), "reencontrado");
    expect(again.status).toBe(409);
    expect(await row(pet.id)).toEqual(first);
    expect(await getCounts(db)).toEqual(before);
  });
});

describe("the search and listings without closed or expired ads", () => {
  it("/buscar-pets leaves them out by default and shows them with 'Mostrar casos encerrados'", async () => {
    const owner = await createUser();
    const word = "Quindim";
    const open = await createPet(owner.id, { name: `${word} aberto`, status: "perdido" });
    const closed = await createPet(owner.id, {
      name: `${word} encerrado`,
      status: "perdido",
      closedAs: "reencontrado",
      closedAt: new Date(),
      listed: false,
    });
    const expired = await createPet(owner.id, { name: `${word} expirado`, status: "adocao", listed: false });
    const search = (query: string) => searchPets(db, parsePetSearch(new URL(`http://localhost/buscar-pets?${query}`)), 24);

    const byDefault = await search(`q=${word}`);
    expect(byDefault.items.map((p) => p.id)).toEqual([open.id]);
    expect(byDefault.matching).toBe(1);
    // With a filter (the count is the page's statement) and without text (a filter index).
    expect((await search(`q=${word}&filter=perdido`)).items.map((p) => p.id)).toEqual([open.id]);

    const all = await search(`q=${word}&encerrados=1`);
    expect(all.items.map((p) => p.id)).toEqual([expired.id, closed.id, open.id]);
    expect(all.matching).toBe(3);
    expect(all.items.find((p) => p.id === closed.id)!.closedAs).toBe("reencontrado");
    expect(parsePetSearch(new URL("http://localhost/buscar-pets?encerrados=1")).includeClosed).toBe(true);
  });

  it("counts without text or filter come from the listed counters; /pets and the home sections follow", async () => {
    const owner = await createUser();
    const open = await createPet(owner.id, { status: "perdido" });
    const closed = await createPet(owner.id, { status: "perdido" });
    await close(closed.id, await signedInContext(owner), "reencontrado");
    const counts = await getCounts(db);
    const listed =
      counts["pets:listed:perdido"] + counts["pets:listed:encontrado"] + counts["pets:listed:adocao"] + counts["pets:listed:avistado"];
    expect(listed).toBe(counts.pets - (await db.$count(pets, eq(pets.listed, false))));

    const page = await searchPets(db, parsePetSearch(new URL("http://localhost/buscar-pets")), 24);
    expect(page.matching).toBe(listed);
    expect(page.total).toBe(listed);
    expect(page.items.map((p) => p.id)).toContain(open.id);
    expect(page.items.map((p) => p.id)).not.toContain(closed.id);
    const lost = await searchPets(db, parsePetSearch(new URL("http://localhost/buscar-pets?category=perdido")), 24);
    expect(lost.matching).toBe(counts["pets:listed:perdido"]);
    const everything = await searchPets(db, parsePetSearch(new URL("http://localhost/buscar-pets?encerrados=1")), 24);
    expect(everything.matching).toBe(counts.pets);
    expect(everything.items.map((p) => p.id)).toContain(closed.id);

    const listing = await listPetsPage(db, 1, { status: "perdido" });
    expect(listing.total).toBe(counts["pets:listed:perdido"]);
    expect(listing.items.map((p) => p.id)).not.toContain(closed.id);
    const listingAll = await listPetsPage(db, 1, { status: "perdido", includeClosed: true });
    expect(listingAll.total).toBe(counts["pets:perdido"]);
    expect(listingAll.items.map((p) => p.id)).toContain(closed.id);

    const home = await getHomePage(db, "2026-11-23T10:00");
    expect(home.lostPets.total).toBe(counts["pets:listed:perdido"]);
    expect(home.lostPets.items.map((p) => p.id)).not.toContain(closed.id);
    expect(home.latestPets.total).toBe(listed);
  });
});

describe("the home page's honest counters and 'Casos resolvidos'", () => {
  it("'Pets Encontrados' counts reunited pets, 'Pets Adotados' adopted ones; the strip shows the newest endings", async () => {
    const owner = await createUser();
    const before = (await getHomePage(db, "2026-11-23T10:00")).stats;
    // Up for adoption is not adopted: a new adoption ad moves nothing.
    await createPet(owner.id, { status: "adocao" });
    await createPet(owner.id, { status: "encontrado" });
    expect((await getHomePage(db, "2026-11-23T10:00")).stats).toEqual({ ...before, registered: before.registered + 2 });

    const now = new Date();
    const reunited = await createPet(owner.id, { name: "Final Feliz", status: "perdido", location: "Tijuca, Rio de Janeiro - RJ" });
    const adopted = await createPet(owner.id, { name: "Novo Lar", status: "adocao" });
    await close(reunited.id, await signedInContext(owner), "reencontrado");
    await close(adopted.id, await signedInContext(owner), "adotado");
    // Newest first (other tests of this file closed ads too): pin the two closing times.
    await db
      .update(pets)
      .set({ closedAt: new Date(now.getTime() + 1000) })
      .where(eq(pets.id, reunited.id));
    await db
      .update(pets)
      .set({ closedAt: new Date(now.getTime() + 2000) })
      .where(eq(pets.id, adopted.id));
    const old = await createPet(owner.id, {
      name: "Caso Antigo",
      status: "perdido",
      closedAs: "reencontrado",
      closedAt: daysBefore(now, CLOSED_VISIBLE_DAYS + 1),
      listed: false,
    });

    const home = await getHomePage(db, "2026-11-23T10:00", now);
    expect(home.stats).toEqual({ registered: before.registered + 5, found: before.found + 2, adopted: before.adopted + 1 });
    expect(home.resolvedCases).toHaveLength(4);
    expect(home.resolvedCases.slice(0, 2).map((c) => c.id)).toEqual([adopted.id, reunited.id]);
    expect(home.resolvedCases[1]).toMatchObject({ name: "Final Feliz", closedAs: "reencontrado", location: "Tijuca, Rio de Janeiro - RJ" });
    expect(home.resolvedCases.map((c) => c.id)).not.toContain(old.id);
  });
});

describe("the daily job: reminders at 60 days, expiry at 90", () => {
  it("mails one 'Seu anúncio ainda está ativo?' with renew and close links, once", async () => {
    const now = new Date();
    const owner = await createUser();
    const stale = await createPet(owner.id, { name: "Velhinho", renewedAt: daysAgo(61, now) });
    const fresh = await createPet(owner.id, { name: "Recente", renewedAt: daysAgo(59, now) });
    const closed = await createPet(owner.id, {
      renewedAt: daysAgo(70, now),
      closedAs: "reencontrado",
      closedAt: daysAgo(1, now),
      listed: false,
    });

    const first = await runJob(now);
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(REMINDER_SUBJECT);
    expect(mails[0]!.subject).toBe("Seu anúncio ainda está ativo?");
    expect(mails[0]!.text).toContain(`https://patas.example/pet/${stale.id}/renovar`);
    expect(mails[0]!.text).toContain(`https://patas.example/pet/${stale.id}/encerrar`);
    expect(mails[0]!.html).toContain(`href="https://patas.example/pet/${stale.id}/renovar"`);
    expect((await row(stale.id)).remindedAt!.getTime()).toBe(now.getTime());
    expect((await row(fresh.id)).remindedAt).toBeNull();
    expect((await row(closed.id)).remindedAt).toBeNull();

    // A second run (the same day or the next) sends nothing more.
    await runJob(now);
    await runJob(new Date(now.getTime() + DAY));
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect(await row(stale.id)).toMatchObject({ listed: true });
  });

  it("takes an ad out of the search at 90 days (a week after its reminder), never deleting it", async () => {
    const now = new Date();
    const owner = await createUser();
    const due = await createPet(owner.id, { status: "perdido", renewedAt: daysAgo(91, now), remindedAt: daysAgo(31, now) });
    // Already old when the lifecycle began: reminded first, out of the search a week later.
    const backlog = await createPet(owner.id, { status: "perdido", renewedAt: daysAgo(200, now) });
    const before = await getCounts(db);

    const result = await runJob(now);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await row(due.id)).toMatchObject({ listed: false, closedAs: null });
    expect(await row(backlog.id)).toMatchObject({ listed: true });
    expect((await row(backlog.id)).remindedAt!.getTime()).toBe(now.getTime());
    const counts = await getCounts(db);
    expect(counts["pets:listed:perdido"]).toBe(before["pets:listed:perdido"] - 1);
    expect(counts.pets).toBe(before.pets);

    await runJob(new Date(now.getTime() + 8 * DAY));
    expect(await row(backlog.id)).toMatchObject({ listed: false });

    // The owner sees it as out of the search, with the day it left.
    const state = adState(await row(due.id), now);
    expect(state.kind).toBe("expired");
    expect(state.kind === "expired" && state.since.getTime()).toBe(daysAgo(1, now).getTime());
  });
});

describe("renewal", () => {
  it("'Renovar anúncio' restarts the clock, allows a new reminder and brings an expired ad back", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, { status: "adocao", renewedAt: daysAgo(100), remindedAt: daysAgo(40), listed: false });
    const before = await getCounts(db);
    const result = await renew(pet.id, await signedInContext(owner));
    expect(result).toMatchObject({ status: 303, location: `/pet/${pet.id}` });
    const after = await row(pet.id);
    expect(after).toMatchObject({ listed: true, remindedAt: null });
    expect(after.renewedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await getCounts(db))["pets:listed:adocao"]).toBe(before["pets:listed:adocao"] + 1);
  });

  it("another user and a closed ad are refused, writing nothing", async () => {
    const owner = await createUser();
    const other = await createUser();
    const pet = await createPet(owner.id, { renewedAt: daysAgo(70), remindedAt: daysAgo(10) });
    const closed = await createPet(owner.id, { closedAs: "reencontrado", closedAt: new Date(), listed: false, renewedAt: daysAgo(70) });
    expect((await renew(pet.id, await signedInContext(other))).status).toBe(404);
    expect((await renew(closed.id, await signedInContext(owner))).status).toBe(409);
    expect((await renew(pet.id, (await makeContext()).context)).status).toBe(302);
    expect((await row(pet.id)).renewedAt.getTime()).toBe(pet.renewedAt.getTime());
    expect(await row(pet.id)).toMatchObject({ remindedAt: pet.remindedAt, listed: true });
    expect(await row(closed.id)).toMatchObject({ listed: false, closedAs: "reencontrado" });
  });

  it("editing the ad renews it too, but never reopens a closed one", async () => {
    const owner = await createUser();
    const expired = await createPet(owner.id, { renewedAt: daysAgo(95), remindedAt: daysAgo(30), listed: false });
    const closed = await createPet(owner.id, { closedAs: "reencontrado", closedAt: new Date(), listed: false, renewedAt: daysAgo(95) });
    for (const pet of [expired, closed]) {
      expect(await updatePetForOwner(db, { id: pet.id, userId: owner.id }, { name: "Editado" }, { mainImageUrl: null })).toBe(true);
    }
    expect(await row(expired.id)).toMatchObject({ listed: true, remindedAt: null, name: "Editado" });
    expect((await row(expired.id)).renewedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await row(closed.id)).toMatchObject({ listed: false, closedAs: "reencontrado" });
  });
});

describe("the closed banner's 30 days", () => {
  it("a closed ad is public with its banner for 30 days, then 410 for the public and still the owner's", async () => {
    const now = new Date();
    expect(publicPageState({ closedAs: null, closedAt: null }, now)).toBe("open");
    expect(publicPageState({ closedAs: "adotado", closedAt: daysBefore(now, CLOSED_VISIBLE_DAYS - 1) }, now)).toBe("closed");
    expect(publicPageState({ closedAs: "adotado", closedAt: daysBefore(now, CLOSED_VISIBLE_DAYS + 1) }, now)).toBe("gone");

    const owner = await createUser();
    const recent = await createPet(owner.id, {
      closedAs: "reencontrado",
      closedAt: daysAgo(10),
      listed: false,
      contactWhatsapp: "(11) 98765-4321",
    });
    const old = await createPet(owner.id, { closedAs: "reencontrado", closedAt: daysAgo(31), listed: false });
    const page = (id: number, context: Ctx) =>
      call(petLoader, { params: { id: String(id) }, context, request: new Request(`http://localhost/pet/${id}`) });

    const shown = await page(recent.id, (await makeContext()).context);
    expect(shown.status).toBe(200);
    expect(shown.data!.pet).toMatchObject({ id: recent.id, closedAs: "reencontrado" });
    // No more calls once closed: 'Chamar no WhatsApp' is gone and its route answers 404.
    const whatsapp = await call(whatsappLoader, {
      params: { id: String(recent.id) },
      context: (await makeContext()).context,
      request: new Request(`http://localhost/pet/${recent.id}/whatsapp`, { headers: { "CF-Connecting-IP": "198.51.100.77" } }),
    });
    expect(whatsapp.status).toBe(404);
    const gone = await page(old.id, (await makeContext()).context);
    expect(gone.status).toBe(410);
    expect(gone.data!.pet).toBeNull();
    const ownerView = await page(old.id, await signedInContext(owner));
    expect(ownerView.status).toBe(200);
    expect(ownerView.data).toMatchObject({ isOwner: true, pet: { id: old.id } });

    // The printable poster of a closed case: only its owner still gets it.
    const poster = async (id: number, context: Ctx) =>
      call(posterLoader, { params: { id: String(id) }, context, request: new Request(`http://localhost/pet/${id}/cartaz`) });
    for (const closed of [recent, old]) {
      const refused = await poster(closed.id, (await makeContext()).context);
      expect(refused.status).toBe(410);
      expect(refused.data!.pet).toBeNull();
      expect((await poster(closed.id, await signedInContext(owner))).status).toBe(200);
    }
    const open = await createPet(owner.id, { status: "perdido" });
    expect((await poster(open.id, (await makeContext()).context)).status).toBe(200);
  });
});
