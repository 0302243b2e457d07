// 'Avise-me' saved searches, the daily digest and the one-click
// unsubscribe (docs/decisions/0026).
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { savedSearches, users } from "~/db/schema";
import { criteriaForPetsPage, describeCriteria, MAX_SAVED_SEARCHES, normaliseCriteria, UNCONFIRMED_TTL_MS } from "~/lib/saved-search";
import { newestPetId, saveSearch } from "~/models/saved-searches.server";
import * as cancelRoute from "~/routes/alertas.cancelar";
import * as confirmRoute from "~/routes/alertas.confirmar";
import * as newRoute from "~/routes/alertas.novo";
import * as dashboardRoute from "~/routes/dashboard.alertas";
import { listOutbox, type OutboxEntry } from "~/platform/mail.server";
import { RATE_LIMITS } from "~/platform/rate-limit.server";
import { acceptOneClickUnsubscribe, isCrossOriginWrite } from "~/platform/security.server";
import { activityDb, createPet, createUser, db } from "./fixtures";
import { planStaleMail } from "~/services/daily-jobs.server";
import { DIGESTS_PER_MESSAGE } from "~/services/job-messages";
import { drain, recordingSink, runDailyWork, siteEnv } from "./task-queue-harness";
import { type Actor, contextFor, invoke, postForm, routeAt } from "./route-harness";

const novo = routeAt(newRoute, "/alertas/novo");
const confirmar = routeAt(confirmRoute, "/alertas/confirmar/:token");
const cancelar = routeAt(cancelRoute, "/alertas/cancelar/:token");
const dashboard = routeAt(dashboardRoute, "/dashboard/alertas");

let serial = 0;
const nextIp = () => `203.0.113.${++serial}`;
const uniqueEmail = (tag: string) => `${tag}-${++serial}-${crypto.randomUUID().slice(0, 6)}@exemplo.com.br`;
/** A made-up word, so that each test's pets and searches never meet another test's. */
const word = () =>
  `palavra${crypto
    .randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 8)}`;

async function personal(verified: boolean): Promise<Actor> {
  const user = await createUser("personal");
  if (verified) await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return { ...user, accountType: "personal" };
}

function save(query: string, fields: Record<string, string>, actor: Actor | null = null, ip = nextIp()) {
  const request = postForm(`/alertas/novo?${query}`, fields, { "CF-Connecting-IP": ip });
  return contextFor(actor).then((call) => invoke(novo, "action", request, {}, call));
}

async function rowsFor(email: string) {
  return db.select().from(savedSearches).where(eq(savedSearches.email, email));
}

async function mailsTo(email: string): Promise<OutboxEntry[]> {
  return (await listOutbox(env.KV, 1000)).filter((m) => m.to === email);
}

/** The daily plan and its queue's work, as the cron and the consumer run them (docs/decisions/0037). */
async function runDigest(now = new Date()) {
  return runDailyWork(now);
}

/** A confirmed saved search straight in D1, seen up to the newest pet. */
async function confirmedSearch(criteria: string, email = uniqueEmail("alerta")) {
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

beforeEach(async () => {
  // Each test's digest handles only its own saved searches.
  await db.delete(savedSearches);
});

describe("criteria", () => {
  it("are normalised through the search's parser: paging, order and view are dropped", () => {
    expect(normaliseCriteria("?order=relevantes&view=lista&filter=Gato&q=%20preto%20&page=3&depois=9&filter=Gato&x=1")).toBe(
      "q=preto&filter=Gato",
    );
    expect(normaliseCriteria("filter=Pequeno&filter=perdido")).toBe(normaliseCriteria("filter=perdido&filter=Pequeno"));
    expect(describeCriteria("q=preto&filter=perdido&filter=Gato")).toBe("“preto” · Perdido · Gato");
    expect(describeCriteria("")).toBe("Todos os pets");
    // One status control (docs/decisions/0033 §11): a status is the category, whether it came
    // as a category or as an old link's filter; several stay filters, never a contradiction.
    expect(normaliseCriteria("category=perdido")).toBe("filter=perdido");
    expect(normaliseCriteria("category=perdido&filter=adocao")).toBe("filter=perdido&filter=adocao");
    expect(describeCriteria("filter=encontrado&filter=avistado")).toBe("Encontrado ou Avistado");
    // /pets?status=… (every status, 'Avistado' too) with the shared filters.
    expect(criteriaForPetsPage("perdido")).toBe("filter=perdido");
    expect(criteriaForPetsPage(null)).toBe("");
    expect(criteriaForPetsPage("avistado", {}, ["Gato"])).toBe("filter=avistado&filter=Gato");
  });
});

describe("saving a search", () => {
  it("saves at once for a signed-in user with a verified e-mail, and the same criteria twice is one row", async () => {
    const user = await personal(true);
    const first = await save("filter=perdido&filter=Gato&order=relevantes", {}, user);
    expect(first.status).toBe(303);
    expect(first.location).toBe("/buscar-pets?filter=perdido&filter=Gato");
    const again = await save("filter=Gato&filter=perdido&view=lista", {}, user);
    expect(again.status).toBe(303);
    const rows = await rowsFor(user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, criteria: "filter=perdido&filter=Gato", lastPetId: await newestPetId(db) });
    expect(rows[0]!.confirmedAt).not.toBeNull();
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it("keeps a visitor's search unconfirmed and mails a link whose page only shows a button; the POST confirms", async () => {
    const email = uniqueEmail("visitante");
    const q = word();
    const saved = await save(`q=${q}`, { email: `  ${email.toUpperCase()} ` });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`/buscar-pets?q=${q}`);
    const [row] = await rowsFor(email);
    expect(row?.confirmedAt).toBeNull();
    const [mail] = await mailsTo(email);
    expect(mail?.text).toContain(`/alertas/confirmar/${row!.token}`);

    // GET (a mail scanner) changes nothing.
    const page = await invoke(
      confirmar,
      "loader",
      new Request(`http://localhost/alertas/confirmar/${row!.token}`),
      { token: row!.token },
      await contextFor(null),
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: "pending" });
    expect((await rowsFor(email))[0]!.confirmedAt).toBeNull();

    const confirmed = await invoke(
      confirmar,
      "action",
      postForm(`/alertas/confirmar/${row!.token}`, {}),
      { token: row!.token },
      await contextFor(null),
    );
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toBe(`/buscar-pets?q=${q}`);
    expect((await rowsFor(email))[0]!.confirmedAt).not.toBeNull();
  });

  it("mails a signed-in user whose e-mail is not verified a confirmation link too", async () => {
    const user = await personal(false);
    expect((await save("filter=adocao", {}, user)).status).toBe(303);
    const [row] = await rowsFor(user.email);
    expect(row).toMatchObject({ userId: user.id, confirmedAt: null });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("answers bad input with 400 and Portuguese messages, writing nothing", async () => {
    const before = await db.$count(savedSearches);
    const cases: Record<string, string>[] = [{}, { email: "" }, { email: "nao-e-email" }, { email: "x".repeat(300) }];
    for (const fields of cases) {
      const outcome = await save("filter=perdido", fields);
      expect(outcome.status).toBe(400);
      const result = (outcome.data as { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }).result;
      expect(
        Object.values(result.error ?? {})
          .flat()
          .join(" "),
      ).toMatch(/e-mail/);
      // What was typed comes back to the form.
      if (fields.email) expect(result.initialValue).toEqual(fields);
    }
    const malformed = await contextFor(null).then((call) =>
      invoke(
        novo,
        "action",
        new Request("http://localhost/alertas/novo", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }),
        {},
        call,
      ),
    );
    expect(malformed.status).toBe(400);
    expect(await db.$count(savedSearches)).toBe(before);
  });

  it("ignores a filled honeypot with the answer a person gets", async () => {
    const email = uniqueEmail("robo");
    const outcome = await save("filter=perdido", { email, website: "http://spam.example" });
    expect(outcome.status).toBe(303);
    expect(await rowsFor(email)).toHaveLength(0);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("limits saves per client, and confirmation mails per e-mail, writing nothing when refused", async () => {
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.savedSearchesPerIp.limit; i++) {
      expect((await save(`q=${word()}`, { email: uniqueEmail("muitos") }, null, ip)).status).toBe(303);
    }
    const email = uniqueEmail("limite-ip");
    const refused = await save("filter=perdido", { email }, null, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await rowsFor(email)).toHaveLength(0);

    const target = uniqueEmail("alvo");
    for (let i = 0; i < RATE_LIMITS.savedSearchConfirmationsPerEmail.limit; i++) {
      expect((await save(`q=${word()}`, { email: target })).status).toBe(303);
    }
    const flood = await save(`q=${word()}`, { email: target });
    expect(flood.status).toBe(429);
    expect(await rowsFor(target)).toHaveLength(RATE_LIMITS.savedSearchConfirmationsPerEmail.limit);
    expect(await mailsTo(target)).toHaveLength(RATE_LIMITS.savedSearchConfirmationsPerEmail.limit);
  });

  // The abuse docs/decisions/0031 closed: vitima+1@, vitima+2@… each passed the
  // per-address limit, and each got a mail quoting the requester's text.
  it("counts the mailbox, not the address as typed: plus-tags, and Gmail's dots, share one limit", async () => {
    const name = `vitima${++serial}${crypto
      .randomUUID()
      .replace(/[^a-z]/g, "")
      .slice(0, 6)}`;
    const spelled = [`${name}+1@gmail.com`, `${name}+2@gmail.com`, `${name.split("").join(".")}+3@googlemail.com`];
    expect(spelled).toHaveLength(RATE_LIMITS.savedSearchConfirmationsPerEmail.limit);
    for (const email of spelled) expect((await save(`q=${word()}`, { email })).status).toBe(303);
    for (const email of [`${name}@gmail.com`, `${name.toUpperCase()}+4@GMAIL.COM`, `${name}+5@googlemail.com`]) {
      const flood = await save(`q=${word()}`, { email });
      expect(flood.status, email).toBe(429);
      expect(await rowsFor(email.toLowerCase())).toHaveLength(0);
    }
    const mailed = (await listOutbox(env.KV, 1000)).filter((m) => m.to.includes(name) || m.to.replace(/\./g, "").includes(name));
    expect(mailed).toHaveLength(RATE_LIMITS.savedSearchConfirmationsPerEmail.limit);

    // Elsewhere a dot is part of the name: another person's mailbox is not limited.
    const dotted = `maria.${name}`;
    for (let i = 1; i <= RATE_LIMITS.savedSearchConfirmationsPerEmail.limit; i++) {
      expect((await save(`q=${word()}`, { email: `${dotted}+${i}@exemplo.com.br` })).status).toBe(303);
    }
    expect((await save(`q=${word()}`, { email: `${dotted}@exemplo.com.br` })).status).toBe(429);
    expect((await save(`q=${word()}`, { email: `maria${name}@exemplo.com.br` })).status).toBe(303);
  });

  it("mails an unconfirmed address no text the requester typed: the search by its filters only", async () => {
    const email = uniqueEmail("vitima");
    const typed = "Ganhe R$500 PIX acesse www.golpe.example";
    const query = `q=${encodeURIComponent(typed)}&location=${encodeURIComponent("São Paulo")}&filter=perdido&filter=Gato`;
    expect((await save(query, { email })).status).toBe(303);
    const [mail] = await mailsTo(email);
    for (const body of [mail!.text, mail!.html!]) {
      for (const piece of ["Ganhe", "R$500", "PIX", "acesse", "golpe"]) expect(body).not.toContain(piece);
      // The city named from our table (docs/decisions/0032).
      expect(body).toContain("São Paulo - SP · Perdido · Gato · com as palavras buscadas");
    }
    expect(mail!.subject).toBe("Confirme seu alerta de pets na Patas Conectadas");
    // The page the link opens does not show it either while the alert waits.
    const [row] = await rowsFor(email);
    const page = await invoke(
      confirmar,
      "loader",
      new Request(`http://localhost/alertas/confirmar/${row!.token}`),
      { token: row!.token },
      await contextFor(null),
    );
    expect(page.data).toMatchObject({ state: "pending", description: "São Paulo - SP · Perdido · Gato · com as palavras buscadas" });

    // One word, and no filter at all.
    const other = uniqueEmail("vitima");
    expect((await save("q=golpista", { email: other })).status).toBe(303);
    const [single] = await mailsTo(other);
    expect(single!.text).toContain("quando aparecer um pet assim: pets com a palavra buscada.");
    expect(single!.text).not.toContain("golpista");
  });

  it(`refuses an account's ${MAX_SAVED_SEARCHES + 1}th alert with a Portuguese message`, async () => {
    const user = await personal(true);
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) {
      await saveSearch(db, { userId: user.id, email: user.email, criteria: `q=${word()}`, confirmed: true, lastPetId: 0, now: new Date() });
    }
    const outcome = await save(`q=${word()}`, {}, user);
    expect(outcome.status).toBe(400);
    expect(JSON.stringify(outcome.data)).toContain(`Você já tem ${MAX_SAVED_SEARCHES} alertas`);
    expect(await rowsFor(user.email)).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it("ignores an unconfirmed search after a week: its link no longer confirms", async () => {
    const email = uniqueEmail("atrasado");
    expect((await save("filter=perdido", { email })).status).toBe(303);
    const [row] = await rowsFor(email);
    await db
      .update(savedSearches)
      .set({ createdAt: new Date(Date.now() - UNCONFIRMED_TTL_MS - 1000) })
      .where(eq(savedSearches.id, row!.id));
    const outcome = await invoke(
      confirmar,
      "action",
      postForm(`/alertas/confirmar/${row!.token}`, {}),
      { token: row!.token },
      await contextFor(null),
    );
    expect(outcome.status).toBe(404);
    expect((await rowsFor(email))[0]!.confirmedAt).toBeNull();
    // The next digest run deletes it.
    await runDigest();
    expect(await rowsFor(email)).toHaveLength(0);
  });
});

describe("the daily digest", () => {
  it("mails only the new listed pets that match, with List-Unsubscribe headers, then advances lastPetId", async () => {
    const owner = await createUser();
    const q = word();
    await createPet(owner.id, { name: `Antigo ${q}`, type: "gato" });
    const search = await confirmedSearch(`q=${q}&filter=Gato`);
    const waiting = await saveSearch(db, {
      userId: null,
      email: uniqueEmail("pendente"),
      criteria: `q=${q}`,
      confirmed: false,
      lastPetId: 0,
      now: new Date(),
    });
    const match = await createPet(owner.id, { name: `Mingau ${q}`, type: "gato", location: "Centro, Recife - PE" });
    await createPet(owner.id, { name: `Rex ${q}`, type: "cachorro" }); // another species
    await createPet(owner.id, { name: "Mimi", type: "gato" }); // no word
    await createPet(owner.id, { name: `Fechado ${q}`, type: "gato", listed: false }); // closed ad

    const report = await runDigest();
    expect(report.plan.digests).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo(search.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Novos pets para a sua busca");
    expect(mail.text).toContain(`Mingau ${q}`);
    expect(mail.text).toContain(`https://patas.example/pet/${match.id}`);
    expect(mail.text).not.toMatch(/Antigo|Rex|Mimi|Fechado/);
    const unsubscribe = `https://patas.example/alertas/cancelar/${search.token}`;
    expect(mail.text).toContain(unsubscribe);
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    // Only confirmed searches are mailed.
    expect(waiting.ok && (await mailsTo(waiting.search.email))).toHaveLength(0);

    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.lastPetId).toBe(await newestPetId(db));
    expect(row!.lastDigestAt).not.toBeNull();

    // Nothing new since: no mail.
    await runDigest();
    expect(await mailsTo(search.email)).toHaveLength(1);
  });

  it("sends no mail when nothing new matches, but still moves past the pets it looked at", async () => {
    const owner = await createUser();
    const search = await confirmedSearch(`q=${word()}`);
    await createPet(owner.id, { name: "Outro nome" });
    await runDigest();
    expect(await mailsTo(search.email)).toHaveLength(0);
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.lastPetId).toBe(await newestPetId(db));
    expect(row!.lastDigestAt).toBeNull();
  });

  it("lists at most 10 pets, with a link to see them all", async () => {
    const owner = await createUser();
    const q = word();
    const search = await confirmedSearch(`q=${q}`);
    for (let i = 0; i < 12; i++) await createPet(owner.id, { name: `Filhote ${i} ${q}` });
    await runDigest();
    const [mail] = await mailsTo(search.email);
    expect(mail!.text.match(/\/pet\/\d+/g)).toHaveLength(10);
    expect(mail!.text).toContain("Apareceram mais de 10 pets novos");
    expect(mail!.text).toContain(`Ver todos: https://patas.example/buscar-pets?q=${q}`);
  });

  it("has no cap: every due search is mailed in the one run, across several queue messages", async () => {
    const owner = await createUser();
    const q = word();
    const searches = [];
    for (let i = 0; i < DIGESTS_PER_MESSAGE + 5; i++) searches.push(await confirmedSearch(`q=${q}`, uniqueEmail(`todos${i}`)));
    await createPet(owner.id, { name: `Novo ${q}` });
    const { plan, processed } = await runDigest();
    expect(plan.digests).toBeGreaterThanOrEqual(searches.length);
    // DIGESTS_PER_MESSAGE searches a message: at least two digest messages, then their deliveries.
    expect(processed.filter((m) => m.kind === "digests").length).toBeGreaterThanOrEqual(2);
    for (const search of searches) expect(await mailsTo(search.email)).toHaveLength(1);
  }, 40_000);

  it("a provider outage delays the digest, never loses it, never sends it twice", async () => {
    const owner = await createUser();
    const q = word();
    const search = await confirmedSearch(`q=${q}`);
    await createPet(owner.id, { name: `Falha ${q}` });
    const now = new Date();
    const failing = { ...siteEnv, MAIL_API_KEY: "chave", MAIL_API_URL: "https://mail.invalid/emails" } as Env;
    const calls: string[] = [];
    // A provider that is down: every call answers 503.
    const down = (async (url: string | URL | Request) => {
      calls.push(String(url));
      return new Response("indisponível", { status: 503 });
    }) as typeof fetch;
    const { results } = await runDailyWork(now, { env: failing, fetcher: down });
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((url) => url === "https://mail.invalid/emails/batch")).toBe(true);
    // The delivery was retried later, with a delay; the search already moved on.
    expect(results.some((r) => r.retryMessages.length > 0 && r.delays.every((d) => (d ?? 0) >= 30))).toBe(true);
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.lastPetId).toBe(await newestPetId(db));
    expect(await mailsTo(search.email)).toHaveLength(0);

    // Later, with the provider back (the local outbox), the half-hourly sweep sends it once.
    const later = new Date(now.getTime() + 20 * 60 * 1000);
    const { sent, sink } = recordingSink();
    await planStaleMail(activityDb, sink, later);
    expect(sent.length).toBeGreaterThan(0);
    await drain(sent, { env: siteEnv, now: later });
    await drain(sent, { env: siteEnv, now: later });
    expect(await mailsTo(search.email)).toHaveLength(1);
    // And the next day's run finds nothing new for it.
    await runDigest(new Date(now.getTime() + 24 * 60 * 60 * 1000));
    expect(await mailsTo(search.email)).toHaveLength(1);
  }, 20_000);
});

describe("unsubscribing", () => {
  it("the page's GET shows a button and changes nothing; the RFC 8058 POST removes the search", async () => {
    const search = await confirmedSearch(`q=${word()}`);
    const path = `/alertas/cancelar/${search.token}`;
    const page = await invoke(cancelar, "loader", new Request(`http://localhost${path}`), { token: search.token }, await contextFor(null));
    expect(page.status).toBe(200);
    expect(await db.$count(savedSearches, eq(savedSearches.id, search.id))).toBe(1);

    const oneClick = new Request(`http://localhost${path}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const outcome = await invoke(cancelar, "action", oneClick, { token: search.token }, await contextFor(null));
    expect(outcome.status).toBe(200);
    expect(await db.$count(savedSearches, eq(savedSearches.id, search.id))).toBe(0);

    // Again, or any unknown token: 404, never 500.
    const again = await invoke(cancelar, "action", postForm(path, {}), { token: search.token }, await contextFor(null));
    expect(again.status).toBe(404);
    for (const token of ["x", "T".repeat(43), "../../etc"]) {
      const get = await invoke(cancelar, "loader", new Request("http://localhost/alertas/cancelar/x"), { token }, await contextFor(null));
      expect(get.status).toBe(404);
      const post = await invoke(cancelar, "action", postForm("/alertas/cancelar/x", {}), { token }, await contextFor(null));
      expect(post.status).toBe(404);
    }
  });

  it("lets a mail provider's POST from another origin through, without its cookies; nothing else", () => {
    const token = "A".repeat(43);
    const foreign = new Request(`https://patas.example/alertas/cancelar/${token}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { Origin: "https://mail.example", Cookie: "__Host-session=abc", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(isCrossOriginWrite(foreign)).toBe(true);
    const accepted = acceptOneClickUnsubscribe(foreign);
    expect(isCrossOriginWrite(accepted)).toBe(false);
    expect(accepted.headers.get("Cookie")).toBeNull();
    expect(accepted.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    // Any other route, or the page's own same-origin button, is left as it is.
    for (const path of ["/alertas/novo", `/alertas/confirmar/${token}`, "/alertas/cancelar/curto", `/alertas/cancelar/${token}/x`]) {
      const other = new Request(`https://patas.example${path}`, { method: "POST", headers: { Origin: "https://mail.example" } });
      expect(isCrossOriginWrite(acceptOneClickUnsubscribe(other))).toBe(true);
    }
    const own = new Request(`https://patas.example/alertas/cancelar/${token}`, {
      method: "POST",
      headers: { Origin: "https://patas.example", Cookie: "a=b" },
    });
    expect(acceptOneClickUnsubscribe(own)).toBe(own);
  });
});

describe("Meus Alertas", () => {
  it("lists the account's searches and deletes only the owner's", async () => {
    const owner = await personal(true);
    const other = await personal(true);
    const q = word();
    await save(`q=${q}&filter=perdido`, {}, owner);
    const [row] = await rowsFor(owner.email);
    const list = await invoke(dashboard, "loader", new Request("http://localhost/dashboard/alertas"), {}, await contextFor(owner));
    expect(list.status).toBe(200);
    expect((list.data as { alerts: { id: number; description: string; searchPath: string }[] }).alerts).toEqual([
      expect.objectContaining({ id: row!.id, description: `“${q}” · Perdido`, searchPath: `/buscar-pets?q=${q}&filter=perdido` }),
    ]);

    const stranger = await invoke(
      dashboard,
      "action",
      postForm("/dashboard/alertas", { id: String(row!.id) }),
      {},
      await contextFor(other),
    );
    expect(stranger.status).toBe(404);
    expect(await rowsFor(owner.email)).toHaveLength(1);
    const bad = await invoke(dashboard, "action", postForm("/dashboard/alertas", { id: "abc" }), {}, await contextFor(owner));
    expect(bad.status).toBe(400);

    const deleted = await invoke(dashboard, "action", postForm("/dashboard/alertas", { id: String(row!.id) }), {}, await contextFor(owner));
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/dashboard/alertas");
    expect(await rowsFor(owner.email)).toHaveLength(0);
  });
});
