// The edge cache for cookie-less visitors (docs/decisions/0019-edge-cache.md), run in
// workerd with the real Cache API, D1 and KV. The page render is the pet loader's data
// written as HTML (the React build is not loaded in worker tests); the HTTP path through
// workers/app.ts is covered by tests/e2e/edge-cache.spec.ts.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getCloudflare } from "~/context.server";
import { pets } from "~/db/schema";
import {
  cacheKeyFor,
  EDGE_CACHE_STATUS,
  forgetPage,
  fromPageCache,
  isCacheableRequest,
  openPageCache,
  STALE_SECONDS,
  toStoredResponse,
} from "~/services/edge-cache.server";
import { makeContext } from "./context";
import { createPet, createUser, db } from "./fixtures";

const viewsOf = async (id: number) => (await db.select({ views: pets.views }).from(pets).where(eq(pets.id, id)))[0]!.views;
const nameOf = async (id: number) => (await db.select({ name: pets.name }).from(pets).where(eq(pets.id, id)))[0]!.name;

let renders = 0;

/** The app's render, reduced to what these tests look at: the pet's name and a nonce. */
async function renderPet(request: Request, nonce: string): Promise<Response> {
  renders++;
  const id = Number(new URL(request.url).pathname.split("/").pop());
  const html = `<!doctype html><h1>${await nameOf(id)}</h1><script nonce="${nonce}">1</script><link rel="modulepreload" nonce="${nonce}" href="/a.js">`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function visit(path: string, headers: Record<string, string> = {}) {
  return new Request(`https://patas.example${path}`, {
    headers: { "CF-Connecting-IP": "200.100.50.25", "User-Agent": "Mozilla/5.0 (Linux; Android 10)", ...headers },
  });
}

async function serve(
  request: Request,
  envOverrides: Partial<Env> = {},
  nonce: string = crypto.randomUUID(),
  render = renderPet,
) {
  const ctx = createExecutionContext();
  const response =
    (await fromPageCache({ request, env: { ...env, ...envOverrides }, ctx, nonce, render })) ??
    (await render(request, nonce));
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.headers.get(EDGE_CACHE_STATUS), body, nonce };
}

afterEach(async () => {
  renders = 0;
  const cache = await openPageCache();
  for (const id of [...Array(50).keys(), 999998, 999999]) await cache.delete(cacheKeyFor(`https://patas.example/pet/${id}`));
});

describe("edge cache for cookie-less visitors", () => {
  it("renders a pet page once and answers the next visitors from the cache", async () => {
    const pet = await createPet((await createUser()).id, { name: "Thor" });
    const first = await serve(visit(`/pet/${pet.id}`));
    const second = await serve(visit(`/pet/${pet.id}`, { "CF-Connecting-IP": "177.1.2.3" }));
    expect(first.status).toBe("MISS");
    expect(second.status).toBe("HIT");
    expect(second.body).toContain("<h1>Thor</h1>");
    expect(renders).toBe(1);
  });

  it("gives each hit its own CSP nonce in the HTML", async () => {
    const pet = await createPet((await createUser()).id);
    const first = await serve(visit(`/pet/${pet.id}`), {}, "primeiro-nonce");
    const hit = await serve(visit(`/pet/${pet.id}`), {}, "outro-nonce");
    expect(first.body).toContain('nonce="primeiro-nonce"');
    expect(hit.status).toBe("HIT");
    expect(hit.body).not.toContain("primeiro-nonce");
    expect(hit.body.match(/nonce="outro-nonce"/g)).toHaveLength(2);
  });

  it("never serves or stores a page for a request with a cookie", async () => {
    const pet = await createPet((await createUser()).id);
    await serve(visit(`/pet/${pet.id}`));
    const withCookie = await serve(visit(`/pet/${pet.id}`, { Cookie: "__Host-session=abc" }));
    expect(withCookie.status).toBeNull();
    expect(renders).toBe(2);
    expect(isCacheableRequest(visit("/pet/1", { Cookie: "qualquer=1" }))).toBe(false);
  });

  it("counts a view on a hit, once per visitor per day, as the loader does", async () => {
    const pet = await createPet((await createUser()).id);
    // The miss renders (the real loader would count it); the hits are counted here.
    await serve(visit(`/pet/${pet.id}`));
    expect(await viewsOf(pet.id)).toBe(0);
    await serve(visit(`/pet/${pet.id}`, { "CF-Connecting-IP": "177.1.2.3" }));
    await serve(visit(`/pet/${pet.id}`, { "CF-Connecting-IP": "177.1.2.3" }));
    await serve(visit(`/pet/${pet.id}`, { "CF-Connecting-IP": "189.9.8.7" }));
    expect(await viewsOf(pet.id)).toBe(2);
  });

  it("shows an edit at once after the write forgets the page", async () => {
    const pet = await createPet((await createUser()).id, { name: "Antes" });
    await serve(visit(`/pet/${pet.id}`));
    await db.update(pets).set({ name: "Depois" }).where(eq(pets.id, pet.id));
    expect((await serve(visit(`/pet/${pet.id}`))).body).toContain("Antes");

    const { context } = await makeContext();
    forgetPage(context, visit(`/pet/${pet.id}/edit`), "pet", pet.id);
    await waitOnExecutionContext(getCloudflare(context).ctx);
    const after = await serve(visit(`/pet/${pet.id}`));
    expect(after.status).toBe("MISS");
    expect(after.body).toContain("<h1>Depois</h1>");
  });

  it("serves a stale copy while one render refreshes it", async () => {
    const pet = await createPet((await createUser()).id, { name: "Velho" });
    const cache = await openPageCache();
    const old = Date.now() - 120_000;
    const stored = toStoredResponse(await renderPet(visit(`/pet/${pet.id}`), "n"), "n", 60, old);
    await cache.put(cacheKeyFor(`https://patas.example/pet/${pet.id}`), stored);
    await db.update(pets).set({ name: "Novo" }).where(eq(pets.id, pet.id));
    renders = 0;

    const stale = await serve(visit(`/pet/${pet.id}`));
    expect(stale.status).toBe("STALE");
    expect(stale.body).toContain("Velho");
    expect(renders).toBe(1);
    const fresh = await serve(visit(`/pet/${pet.id}`));
    expect(fresh.status).toBe("HIT");
    expect(fresh.body).toContain("Novo");
  });

  it("drops a copy older than the stale window", async () => {
    const pet = await createPet((await createUser()).id);
    const cache = await openPageCache();
    const tooOld = Date.now() - (60 + STALE_SECONDS + 5) * 1000;
    await cache.put(cacheKeyFor(`https://patas.example/pet/${pet.id}`), toStoredResponse(new Response("x", { headers: { "Content-Type": "text/html" } }), "n", 60, tooOld));
    expect((await serve(visit(`/pet/${pet.id}`))).status).toBe("MISS");
  });

  it("keeps private pages, writes, errors and the cache switch out", async () => {
    expect(isCacheableRequest(visit("/dashboard"))).toBe(false);
    expect(isCacheableRequest(visit("/entrar"))).toBe(false);
    expect(isCacheableRequest(new Request("https://patas.example/pets", { method: "POST" }))).toBe(false);
    expect(isCacheableRequest(visit(`/buscar-pets?q=${"a".repeat(600)}`))).toBe(false);
    expect(isCacheableRequest(visit("/buscar-pets?q=thor"))).toBe(true);
    // A 404 (or any answer but 200, or one that sets a cookie) is not stored.
    const notFound = async () => new Response("<h1>Pet não encontrado</h1>", { status: 404, headers: { "Content-Type": "text/html" } });
    await serve(visit("/pet/999999"), {}, "n", notFound);
    expect((await serve(visit("/pet/999999"), {}, "n", notFound)).status).toBe("MISS");
    const withCookie = async () =>
      new Response("<p>oi</p>", { headers: { "Content-Type": "text/html", "Set-Cookie": "__Host-visitante=1" } });
    await serve(visit("/pet/999998"), {}, "n", withCookie);
    expect((await serve(visit("/pet/999998"), {}, "n", withCookie)).status).toBe("MISS");
    // EDGE_CACHE_SECONDS=0 (the switch) renders every time, without the header.
    const pet = await createPet((await createUser()).id);
    await serve(visit(`/pet/${pet.id}`), { EDGE_CACHE_SECONDS: "0" });
    expect((await serve(visit(`/pet/${pet.id}`), { EDGE_CACHE_SECONDS: "0" })).status).toBeNull();
  });
});
