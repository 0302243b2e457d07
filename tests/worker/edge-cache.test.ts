// The edge cache for cookie-less visitors (docs/decisions/0019-edge-cache.md), run in
// workerd with the real Cache API, D1 and KV. The page render is the pet loader's data
// written as HTML (the React build is not loaded in worker tests); the HTTP path through
// workers/app.ts is covered by tests/e2e/edge-cache.spec.ts.
import { pendingViews } from "~/services/view-counter.server";
import { countCachedPageView } from "~/services/views.server";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getCloudflare } from "~/context.server";
import { pets, products } from "~/db/schema";
import {
  cacheKeyFor,
  EDGE_CACHE_STATUS,
  forgetPage,
  fromPageCache,
  isCacheableRequest,
  keyParamsOf,
  openPageCache,
  STALE_SECONDS,
  toStoredResponse,
} from "~/platform/edge-cache.server";
import { makeContext } from "./context";
import { createClinic, createEvent, createOrganization, createPet, createProduct, createUser, db } from "./fixtures";
import { setRouteTable } from "~/platform/page-table.server";
import { contextFor, invoke, pathFor, postForm, routeEntries, serverRoutes } from "./route-harness";

// The routes' page policies, as workers/app.ts hands them over from the build.
setRouteTable(serverRoutes());

// The exact count: D1's plus what the pet's counter holds (docs/decisions/0051).
const viewsOf = async (id: number) =>
  (await db.select({ views: pets.views }).from(pets).where(eq(pets.id, id)))[0]!.views + (await pendingViews(env, "pet", id));
const nameOf = async (id: number) => (await db.select({ name: pets.name }).from(pets).where(eq(pets.id, id)))[0]!.name;

let renders = 0;

/** The app's render, reduced to what these tests look at: the pet's name and a nonce. */
async function renderPet(request: Request, nonce: string): Promise<Response> {
  renders++;
  const id = Number(new URL(request.url).pathname.split("/").pop());
  const html = `<!doctype html><h1>${await nameOf(id)}</h1><script nonce="${nonce}">1</script><link rel="modulepreload" nonce="${nonce}" href="/a.js">`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function visit(path: string, headers: Record<string, string> = {}, origin = "https://patas.example") {
  return new Request(`${origin}${path}`, {
    headers: { "CF-Connecting-IP": "200.100.50.25", "User-Agent": "Mozilla/5.0 (Linux; Android 10)", ...headers },
  });
}

async function serve(request: Request, envOverrides: Partial<Env> = {}, nonce: string = crypto.randomUUID(), render = renderPet) {
  const ctx = createExecutionContext();
  const response =
    (await fromPageCache({ request, env: { ...env, ...envOverrides }, ctx, nonce, render, countView: countCachedPageView })) ??
    (await render(request, nonce));
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.headers.get(EDGE_CACHE_STATUS), code: response.status, body, nonce };
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

  it("keeps the pages rendered for Save-Data apart, and a write forgets both (docs/decisions/0043)", async () => {
    const pet = await createPet((await createUser()).id, { name: "Antes" });
    // The render tells the two apart as the app's does: by the request's header.
    const renderBoth = async (request: Request, nonce: string) => {
      const page = await renderPet(request, nonce);
      const lighter = request.headers.get("Save-Data") === "on" ? "<p>economia</p>" : "";
      return new Response((await page.text()) + lighter, page);
    };
    const saveData = { "Save-Data": "on" };
    const usual = await serve(visit(`/pet/${pet.id}`), {}, "n", renderBoth);
    const lighter = await serve(visit(`/pet/${pet.id}`, saveData), {}, "n", renderBoth);
    expect([usual.status, lighter.status]).toEqual(["MISS", "MISS"]);
    expect(lighter.body).toContain("economia");
    const usualHit = await serve(visit(`/pet/${pet.id}`), {}, "n", renderBoth);
    const lighterHit = await serve(visit(`/pet/${pet.id}`, saveData), {}, "n", renderBoth);
    expect([usualHit.status, lighterHit.status]).toEqual(["HIT", "HIT"]);
    expect(usualHit.body).not.toContain("economia");
    expect(lighterHit.body).toContain("economia");

    await db.update(pets).set({ name: "Depois" }).where(eq(pets.id, pet.id));
    const { context } = await makeContext();
    forgetPage(context, visit(`/pet/${pet.id}/edit`), "pet", pet.id);
    await waitOnExecutionContext(getCloudflare(context).ctx);
    for (const headers of [{}, saveData]) {
      const after = await serve(visit(`/pet/${pet.id}`, headers), {}, "n", renderBoth);
      expect(after.status).toBe("MISS");
      expect(after.body).toContain("<h1>Depois</h1>");
    }
  });

  it("a pet's write forgets the listings' first pages too: the home page, /pets and the search", async () => {
    const pet = await createPet((await createUser()).id, { name: "Listado" });
    let version = 1;
    const renderListing = async (_request: Request, nonce: string) =>
      new Response(`<!doctype html><p>v${version}</p><script nonce="${nonce}">1</script>`, {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    const listings = ["/", "/pets", "/pets?status=perdido", "/pets?status=adocao", "/buscar-pets"];
    for (const path of listings) await serve(visit(path), {}, crypto.randomUUID(), renderListing);
    for (const path of listings) expect((await serve(visit(path), {}, crypto.randomUUID(), renderListing)).status, path).toBe("HIT");
    version = 2;
    const { context } = await makeContext();
    forgetPage(context, visit(`/pet/${pet.id}/edit`), "pet", pet.id);
    await waitOnExecutionContext(getCloudflare(context).ctx);
    for (const path of listings) {
      const after = await serve(visit(path), {}, crypto.randomUUID(), renderListing);
      expect(after.status, path).toBe("MISS");
      expect(after.body, path).toContain("<p>v2</p>");
    }
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
    await cache.put(
      cacheKeyFor(`https://patas.example/pet/${pet.id}`),
      toStoredResponse(new Response("x", { headers: { "Content-Type": "text/html" } }), "n", 60, tooOld),
    );
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

// A page shared as /produto/17?ref=share or ?utm_source=whatsapp is the
// same page as /produto/17, so it is one copy, and a write or a revalidation that no longer
// renders it removes that copy (docs/decisions/0019-edge-cache.md, "Variants").
describe("variants of a page under other query strings", () => {
  const local = "http://localhost";
  const urls: string[] = [];
  afterEach(async () => {
    const cache = await openPageCache();
    for (const url of urls.splice(0)) await cache.delete(cacheKeyFor(url));
  });

  /** A detail page rendered from D1: the item's name, or 404 once it is gone. */
  async function renderDetail(request: Request, nonce: string): Promise<Response> {
    renders++;
    urls.push(request.url);
    const [, kind, id] = new URL(request.url).pathname.split("/");
    const table = kind === "produto" ? products : pets;
    const [row] = await db
      .select()
      .from(table)
      .where(eq(table.id, Number(id)));
    const name = row ? ("title" in row ? row.title : row.name) : null;
    if (!name) return new Response("<h1>Não encontrado</h1>", { status: 404, headers: { "Content-Type": "text/html" } });
    return new Response(`<!doctype html><h1>${name}</h1><script nonce="${nonce}">1</script>`, {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }

  it("keys a page by its path and only the query parameters the page reads", () => {
    const key = (path: string) => cacheKeyFor(`https://patas.example${path}`).url.replace("https://patas.example", "");
    expect(key("/produto/17?ref=share")).toBe("/produto/17");
    expect(key("/produto/17?utm_source=whatsapp&utm_medium=social&fbclid=IwAR0x&gclid=Cj0K&qualquer=1#fotos")).toBe("/produto/17");
    expect(key("/pet/17?aba=galeria")).toBe("/pet/17");
    // The NGO page reads ?aba=, and only "galeria" changes it.
    expect(key("/ong/3?aba=galeria&utm_source=x")).toBe("/ong/3?aba=galeria");
    expect(key("/ong/3?aba=sobre")).toBe("/ong/3");
    expect(key("/ong/3?aba=galeria&aba=sobre")).toBe("/ong/3?aba=galeria");
    // Listings keep what their loaders read, in one order, the first value of each
    // (as searchParams.get reads it) and every value of a repeated filter.
    expect(key("/pets?ref=share&page=2&status=perdido&status=adocao")).toBe("/pets?status=perdido&page=2");
    expect(key("/buscar-pets?utm_campaign=x&filter=Gato&q=thor&filter=perdido")).toBe("/buscar-pets?q=thor&filter=Gato&filter=perdido");
    expect(key("/produtos?fbclid=1&categoria=alimentacao")).toBe("/produtos?categoria=alimentacao");
    expect(key("/eventos?quando=passados&gclid=1")).toBe("/eventos?quando=passados");
    expect(key("/?utm_source=whatsapp")).toBe("/");
    expect(key("/quem-somos?ref=rodape")).toBe("/quem-somos");
  });

  it("renders the shared copy from that key: no visitor's tracking parameters end up in it", async () => {
    const pet = await createPet((await createUser()).id, { name: "Fumaça" });
    const seen: string[] = [];
    const render = (request: Request, nonce: string) => {
      seen.push(request.url);
      return renderDetail(request, nonce);
    };
    const first = await serve(visit(`/pet/${pet.id}?fbclid=IwAR-segredo&ref=share`), {}, "n1", render);
    const second = await serve(visit(`/pet/${pet.id}?utm_source=whatsapp`), {}, "n2", render);
    expect([first.status, second.status]).toEqual(["MISS", "HIT"]);
    expect(second.body).toContain("<h1>Fumaça</h1>");
    expect(seen).toEqual([`https://patas.example/pet/${pet.id}`]);
  });

  it("a delete purges every variant: each one answers 404 on the next request", async () => {
    const company = { ...(await createUser("company")), accountType: "company" as const };
    const product = await createProduct(company.id, { title: "Ração do Thor" });
    const variants = ["?ref=share", "?utm_source=whatsapp", "", "?fbclid=IwAR0x&gclid=Cj0K", "?qualquer=1"].map(
      (query) => `/produto/${product.id}${query}`,
    );
    // Two phones open the shared links: the page is in the cache.
    for (const path of variants.slice(0, 2)) {
      const answer = await serve(visit(path, {}, local), {}, "n", renderDetail);
      expect(answer.code).toBe(200);
    }
    expect((await serve(visit(variants[0]!, {}, local), {}, "n", renderDetail)).status).toBe("HIT");

    const route = routeEntries().find((r) => r.id === "empresa.dashboard.produtos.excluir")!;
    const call = await contextFor(company);
    const deleted = await invoke(
      route,
      "action",
      postForm(`/empresa/dashboard/produtos/${product.id}/excluir`, {}),
      { id: String(product.id) },
      call,
    );
    expect(deleted.status).toBe(303);

    for (const path of variants) {
      const answer = await serve(visit(path, {}, local), {}, "n", renderDetail);
      expect(answer.code, path).toBe(404);
    }
  });

  it("an edit shows at once under every query string", async () => {
    const pet = await createPet((await createUser()).id, { name: "Antes" });
    await serve(visit(`/pet/${pet.id}?utm_source=whatsapp`), {}, "n", renderDetail);
    await db.update(pets).set({ name: "Depois" }).where(eq(pets.id, pet.id));
    const { context } = await makeContext();
    forgetPage(context, visit(`/pet/${pet.id}/edit`), "pet", pet.id);
    await waitOnExecutionContext(getCloudflare(context).ctx);
    for (const query of ["?utm_source=whatsapp", "?ref=share", ""]) {
      const answer = await serve(visit(`/pet/${pet.id}${query}`), {}, "n", renderDetail);
      expect(answer.body, query).toContain("<h1>Depois</h1>");
    }
  });

  async function storeStale(path: string, html: string) {
    const cache = await openPageCache();
    const old = Date.now() - 120_000;
    const page = new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    await cache.put(cacheKeyFor(`https://patas.example${path}`), toStoredResponse(page, "n", 60, old));
    urls.push(`https://patas.example${path}`);
  }

  it("a revalidation that renders 404, 410 or a redirect deletes the stored copy", async () => {
    const answers: [number, Record<string, string>][] = [
      [404, { "Content-Type": "text/html" }],
      [410, { "Content-Type": "text/html" }],
      [301, { Location: "/pets" }],
    ];
    for (const [code, headers] of answers) {
      const pet = await createPet((await createUser()).id, { name: "Guardado" });
      await storeStale(`/pet/${pet.id}?ref=share`, "<h1>Guardado</h1>");
      const gone = async () => new Response(code >= 400 ? "<h1>Pet não encontrado</h1>" : null, { status: code, headers });
      const stale = await serve(visit(`/pet/${pet.id}?ref=share`), {}, "n", gone);
      expect(stale.status, String(code)).toBe("STALE");
      // The revalidation above rendered `code`: the copy is gone, for every variant.
      for (const query of ["?ref=share", ""]) {
        const next = await serve(visit(`/pet/${pet.id}${query}`), {}, "n", gone);
        expect([next.status, next.code], `${code} ${query}`).toEqual(["MISS", code]);
      }
    }
  });

  it("a revalidation that fails (5xx) keeps serving the stale copy until it ages out", async () => {
    const pet = await createPet((await createUser()).id);
    await storeStale(`/pet/${pet.id}`, "<h1>Guardado</h1>");
    const failing = async () => new Response("erro", { status: 503, headers: { "Content-Type": "text/html" } });
    await serve(visit(`/pet/${pet.id}`), {}, "n", failing);
    const again = await serve(visit(`/pet/${pet.id}`), {}, "n", failing);
    expect([again.status, again.code]).toEqual(["STALE", 200]);
  });

  it("every query parameter a cacheable page's loader reads is part of its key", async () => {
    // Real items, so that detail loaders get past their 404.
    const user = await createUser();
    const company = await createUser("company");
    const ngo = await createUser("ngo");
    const organization = await createOrganization(ngo.id);
    const ids: Record<string, number> = {
      pet: (await createPet(user.id)).id,
      produto: (await createProduct(company.id)).id,
      clinica: (await createClinic(company.id)).id,
      ong: organization.id,
      evento: (await createEvent(organization.id)).id,
    };
    // Every parameter any page reads, with values that open their branches.
    const query =
      "?q=thor&location=x&category=perdido&filter=Gato&order=relevantes&view=lista&page=2&depois=5&vistas=1" +
      "&encerrados=1&status=perdido&categoria=x&quando=passados&aba=galeria&cidade=jundiai-sp&raio=10&utm_source=x";
    const read = new Set<string>();
    const has = URLSearchParams.prototype.has;
    const record = (method: "get" | "getAll" | "has") => {
      const original = URLSearchParams.prototype[method] as (this: URLSearchParams, name: string) => unknown;
      return vi.spyOn(URLSearchParams.prototype, method).mockImplementation(function (this: URLSearchParams, name: string) {
        // Only reads of the request's own query (it carries the marker), not of URLs a
        // loader builds itself (/pets turns its status into search criteria).
        if (has.call(this, "utm_source")) read.add(name);
        return original.call(this, name);
      } as never);
    };
    const checked: string[] = [];
    for (const entry of routeEntries()) {
      if (entry.id === "root") continue;
      const kind = entry.pattern.split("/")[1]!;
      const path = pathFor(entry.pattern, { id: String(ids[kind] ?? 1) });
      if (entry.paramNames.some((p) => p !== "id") || !isCacheableRequest(visit(path))) continue;
      checked.push(path);
      // A page without a loader (the static pages) reads nothing.
      if (!entry.module.loader) continue;
      read.clear();
      const spies = [record("get"), record("getAll"), record("has")];
      try {
        await invoke(entry, "loader", visit(`${path}${query}`), { id: String(ids[kind]) }, await contextFor(null));
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
      const kept = keyParamsOf(path)!;
      for (const name of read) expect(kept, `${path} lê ?${name}=`).toContain(name);
    }
    // Home, seven listings, four static pages and five kinds of detail page.
    expect(checked).toHaveLength(17);
  });
});
