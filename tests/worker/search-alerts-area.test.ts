// 'Avise-me' saves the city and the radius (docs/decisions/0032): the city is
// stored in its canonical form, a name in several states (or none) is asked about, the
// mails name the municipality from our table, and the digest mails the new pets in the area.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { savedSearches, users } from "~/db/schema";
import { newestPetId, saveSearch } from "~/models/saved-searches.server";
import * as newRoute from "~/routes/alertas.novo";
import * as confirmRoute from "~/routes/alertas.confirmar";
import * as dashboardRoute from "~/routes/dashboard.alertas";
import { listOutbox } from "~/platform/mail.server";
import { createPet, createUser, db } from "./fixtures";
import { type Actor, contextFor, invoke, postForm, routeAt } from "./route-harness";
import { runDailyWork } from "./task-queue-harness";

const novo = routeAt(newRoute, "/alertas/novo");
const confirmar = routeAt(confirmRoute, "/alertas/confirmar/:token");
const dashboard = routeAt(dashboardRoute, "/dashboard/alertas");

const JUNDIAI = 3525904;
const VARZEA_PAULISTA = 3556503; // ~5 km from Jundiaí
const CAMPINAS = 3509502; // within 50 km of Jundiaí, not within 25
const SAO_PAULO = 3550308;
const RIO = 3304557;

let serial = 0;
const nextIp = () => `198.51.100.${++serial}`;
const uniqueEmail = (tag: string) => `${tag}-${++serial}-${crypto.randomUUID().slice(0, 6)}@exemplo.com.br`;

async function verified(): Promise<Actor> {
  const user = await createUser("personal");
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return { ...user, accountType: "personal" };
}

function save(query: string, fields: Record<string, string>, actor: Actor | null = null) {
  const request = postForm(`/alertas/novo?${query}`, fields, { "CF-Connecting-IP": nextIp() });
  return contextFor(actor).then((call) => invoke(novo, "action", request, {}, call));
}

const rowsFor = (email: string) => db.select().from(savedSearches).where(eq(savedSearches.email, email));
const mailsTo = async (email: string) => (await listOutbox(env.KV, 1000)).filter((m) => m.to === email);

/** The daily plan and its queue's work (docs/decisions/0037). */
const runDigest = () => runDailyWork(new Date());

/** A confirmed row straight in D1, as stored (old rows included), seen up to the newest pet. */
async function storedSearch(criteria: string, email = uniqueEmail("alerta")) {
  const saved = await saveSearch(db, { userId: null, email, criteria, confirmed: true, lastPetId: await newestPetId(db), now: new Date() });
  if (!saved.ok) throw new Error("limite");
  return saved.search;
}

beforeEach(async () => {
  await db.delete(savedSearches);
});

describe("saving a search with a city", () => {
  it("stores the city in its canonical form, with the radius, whatever the spelling", async () => {
    const user = await verified();
    const saved = await save("cidade=Jundia%C3%AD%2C+SP&raio=10&filter=perdido", {}, user);
    expect(saved.status).toBe(303);
    const [row] = await rowsFor(user.email);
    expect(row!.criteria).toBe("cidade=jundiai-sp&raio=10&filter=perdido");
    // The same search typed another way is the same row.
    expect((await save("filter=perdido&cidade=JUNDIAI&raio=10", {}, user)).status).toBe(303);
    expect(await rowsFor(user.email)).toHaveLength(1);

    const list = await invoke(dashboard, "loader", new Request("http://localhost/dashboard/alertas"), {}, await contextFor(user));
    expect((list.data as { alerts: { description: string }[] }).alerts[0]!.description).toBe("Jundiaí - SP e até 10 km · Perdido");
  });

  it("old links' location= is a city too", async () => {
    const user = await verified();
    expect((await save("location=S%C3%A3o+Paulo", {}, user)).status).toBe(303);
    expect((await rowsFor(user.email))[0]!.criteria).toBe("cidade=sao-paulo-sp");
  });

  it("a name in several states, or none, is asked about and nothing is saved", async () => {
    const user = await verified();
    const ambiguous = await save("cidade=Bom+Jesus&raio=25&filter=Gato", {}, user);
    expect(ambiguous.status).toBe(400);
    const unknown = await save("cidade=Cidade+Inventada", {}, user);
    expect(unknown.status).toBe(400);
    expect(await rowsFor(user.email)).toHaveLength(0);

    const page = await invoke(
      novo,
      "loader",
      new Request("http://localhost/alertas/novo?cidade=Bom+Jesus&raio=25&filter=Gato"),
      {},
      await contextFor(null),
    );
    expect(page.status).toBe(200);
    const data = page.data as { city: { state: string; candidates: { param: string }[] }; description: string; criteria: string };
    expect(data.city.state).toBe("ambiguous");
    expect(data.city.candidates.map((c) => c.param)).toContain("bom-jesus-rs");
    // The line and the way back describe the rest of the search; the notice asks which city.
    expect(data.criteria).toBe("filter=Gato");
  });

  it("the confirmation mail names the municipality from our table, never the typed text", async () => {
    const email = uniqueEmail("visitante");
    // Whatever surrounds the city's name is dropped: the row keeps the canonical city.
    expect((await save("cidade=jUnDiAi%2C+ganhe+R%24500+no+pix&raio=25", { email })).status).toBe(303);
    const [mail] = await mailsTo(email);
    expect(mail!.text).toContain("Jundiaí - SP e até 25 km");
    expect(mail!.text).not.toMatch(/jUnDiAi|jundiai-sp|ganhe|pix/i);
    expect((await rowsFor(email))[0]!.criteria).toBe("cidade=jundiai-sp&raio=25");
    const [row] = await rowsFor(email);
    const page = await invoke(
      confirmar,
      "loader",
      new Request(`http://localhost/alertas/confirmar/${row!.token}`),
      { token: row!.token },
      await contextFor(null),
    );
    expect(page.data).toMatchObject({ state: "pending", description: "Jundiaí - SP e até 25 km" });
  });
});

describe("the digest of a search with a city", () => {
  it("mails the new pets within the radius only", async () => {
    const owner = await createUser();
    const search = await storedSearch("cidade=jundiai-sp&raio=10");
    const here = await createPet(owner.id, { name: "Aqui", municipalityCode: JUNDIAI });
    const near = await createPet(owner.id, { name: "Vizinho", municipalityCode: VARZEA_PAULISTA });
    await createPet(owner.id, { name: "Longe", municipalityCode: CAMPINAS });
    await createPet(owner.id, { name: "Semcidade", municipalityCode: null });

    await runDigest();
    const [mail] = await mailsTo(search.email);
    expect(mail!.text).toContain("Jundiaí - SP e até 10 km");
    expect(mail!.text).toContain(`/pet/${here.id}`);
    expect(mail!.text).toContain(`/pet/${near.id}`);
    expect(mail!.text).not.toMatch(/Longe|Semcidade/);
    expect(mail!.text).toContain("https://patas.example/buscar-pets?cidade=jundiai-sp&raio=10");
  });

  it("a wider radius takes in more; 'Só na cidade' only the city", async () => {
    const owner = await createUser();
    const wide = await storedSearch("cidade=jundiai-sp&raio=50");
    const city = await storedSearch("cidade=jundiai-sp");
    await createPet(owner.id, { name: "Campineiro", municipalityCode: CAMPINAS });
    await createPet(owner.id, { name: "Jundiaiense", municipalityCode: JUNDIAI });
    await runDigest();
    expect((await mailsTo(wide.email))[0]!.text).toContain("Campineiro");
    const only = (await mailsTo(city.email))[0]!.text;
    expect(only).toContain("Jundiaiense");
    expect(only).not.toContain("Campineiro");
  });

  it("old rows with the four-city location= keep working, as that municipality", async () => {
    const owner = await createUser();
    const old = await storedSearch("location=S%C3%A3o+Paulo");
    await createPet(owner.id, { name: "Paulistano", municipalityCode: SAO_PAULO });
    await createPet(owner.id, { name: "Carioca", municipalityCode: RIO });
    await runDigest();
    const [mail] = await mailsTo(old.email);
    expect(mail!.text).toContain("Paulistano");
    expect(mail!.text).not.toContain("Carioca");
    expect(mail!.text).toContain("São Paulo - SP");
  });
});
