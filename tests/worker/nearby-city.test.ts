// 'Perto de você' (docs/decisions/0032): the home page offers the pet search
// around the city Cloudflare places the request in (request.cf), as a link; the shared
// cached copy of the home page never carries one visitor's city.
import { countCachedPageView } from "~/services/views.server";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "~/context.server";
import { NEARBY_CITY_ID, nearbyCityHtml } from "~/lib/nearby-city";
import { loader as home } from "~/routes/home";
import { cacheKeyFor, EDGE_CACHE_STATUS, fromPageCache, openPageCache } from "~/platform/edge-cache.server";
import { nearbyCityOf, requestPlace, withNearbyCity } from "~/platform/nearby-city.server";
import { setRouteTable } from "~/platform/page-table.server";
import { makeContext } from "./context";
import { db } from "./fixtures";
import { serverRoutes } from "./route-harness";

// The routes' page policies, as workers/app.ts hands them over from the build.
setRouteTable(serverRoutes());

type Cf = { city?: string; regionCode?: string; country?: string };

function visit(path: string, cf?: Cf, headers: Record<string, string> = {}) {
  return new Request(`https://patas.example${path}`, {
    headers: { "CF-Connecting-IP": "200.100.50.25", ...headers },
    ...(cf ? { cf } : {}),
  } as RequestInit);
}

const JUNDIAI = { city: "Jundiaí", regionCode: "SP", country: "BR" };
const CAMPINAS = { city: "Campinas", regionCode: "SP", country: "BR" };

async function homeData(request: Request) {
  const { context } = await makeContext();
  return (await home({ request, context, params: {} } as never)) as Awaited<ReturnType<typeof home>>;
}

let renders = 0;

/** The app's render of the home page reduced to its 'Perto de você' element, from the real loader. */
async function renderHome(request: Request, nonce: string): Promise<Response> {
  renders++;
  const { nearby } = await homeData(request);
  const html = `<!doctype html><h1>Início</h1><p id="${NEARBY_CITY_ID}">${nearby ? nearbyCityHtml(nearby) : ""}</p><script nonce="${nonce}">1</script>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/** As workers/app.ts: the cached answer, then this visitor's link written in. */
async function serve(request: Request) {
  const ctx = createExecutionContext();
  const cached = await fromPageCache({ request, env, ctx, nonce: crypto.randomUUID(), render: renderHome, countView: countCachedPageView });
  const response = cached ? await withNearbyCity(cached, request, createDatabase(env.DB)) : await renderHome(request, "n");
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.headers.get(EDGE_CACHE_STATUS), body, cacheControl: response.headers.get("Cache-Control") };
}

afterEach(async () => {
  renders = 0;
  await (await openPageCache()).delete(cacheKeyFor("https://patas.example/"));
});

describe("where the request comes from", () => {
  it("reads city and UF only for Brazil, and only when both are there", () => {
    expect(requestPlace(visit("/", JUNDIAI))).toEqual({ city: "Jundiaí", uf: "SP" });
    expect(requestPlace(visit("/"))).toBeNull();
    expect(requestPlace(visit("/", { ...JUNDIAI, country: "PT" }))).toBeNull();
    expect(requestPlace(visit("/", { country: "BR", regionCode: "SP" }))).toBeNull();
    expect(requestPlace(visit("/", { country: "BR", city: "Jundiaí", regionCode: "São Paulo" }))).toBeNull();
  });

  it("resolves it to a municipality and links to the search around it", async () => {
    expect(await nearbyCityOf(db, visit("/", JUNDIAI))).toEqual({
      label: "Jundiaí - SP",
      href: "/buscar-pets?cidade=jundiai-sp&raio=25",
    });
    // Cloudflare's spelling without accents resolves the same.
    expect((await nearbyCityOf(db, visit("/", { city: "Sao Jose dos Campos", regionCode: "SP", country: "BR" })))?.label).toBe(
      "São José dos Campos - SP",
    );
    expect(await nearbyCityOf(db, visit("/", { city: "Atlantis", regionCode: "SP", country: "BR" }))).toBeNull();
    // A city of that name in another UF is not this one.
    expect(await nearbyCityOf(db, visit("/", { city: "Jundiaí", regionCode: "RJ", country: "BR" }))).toBeNull();
  });

  it("the home loader offers it when the request is located, nothing otherwise (as locally)", async () => {
    expect((await homeData(visit("/", JUNDIAI))).nearby?.label).toBe("Jundiaí - SP");
    expect((await homeData(visit("/"))).nearby).toBeNull();
  });

  it("the link's markup escapes what it writes", () => {
    expect(nearbyCityHtml({ label: 'A <b> & "c"', href: "/buscar-pets?cidade=a-sp&raio=25" })).toBe(
      '<a href="/buscar-pets?cidade=a-sp&amp;raio=25" class="font-semibold text-brand-700 underline">Pets perto de você: A &lt;b&gt; &amp; &quot;c&quot;</a>',
    );
  });
});

describe("the cached home page", () => {
  it("each visitor gets their own city; the shared copy carries none", async () => {
    const first = await serve(visit("/", JUNDIAI));
    expect(first.status).toBe("MISS");
    expect(first.body).toContain("Pets perto de você: Jundiaí - SP");
    expect(first.body).toContain('href="/buscar-pets?cidade=jundiai-sp&amp;raio=25"');
    // The answer naming a city is private downstream.
    expect(first.cacheControl).toBe("private, max-age=0");

    const stored = await (await openPageCache()).match(cacheKeyFor("https://patas.example/"));
    const storedBody = await stored!.text();
    expect(storedBody).toContain(`<p id="${NEARBY_CITY_ID}"></p>`);
    expect(storedBody).not.toContain("Jundiaí");

    const second = await serve(visit("/", CAMPINAS));
    expect(second.status).toBe("HIT");
    expect(second.body).toContain("Pets perto de você: Campinas - SP");
    expect(second.body).not.toContain("Jundiaí");

    const unlocated = await serve(visit("/"));
    expect(unlocated.status).toBe("HIT");
    expect(unlocated.body).toContain(`<p id="${NEARBY_CITY_ID}"></p>`);
    expect(unlocated.body).not.toContain("Pets perto de você");
    expect(renders).toBe(1);
  });

  it("a visitor with a cookie gets a fresh render with their own link; other pages are left alone", async () => {
    const withCookie = await serve(visit("/", JUNDIAI, { Cookie: "x=1" }));
    expect(withCookie.status).toBeNull();
    expect(withCookie.body).toContain("Pets perto de você: Jundiaí - SP");
    const page = new Response(`<p id="${NEARBY_CITY_ID}"></p>`, { headers: { "Content-Type": "text/html" } });
    const other = await withNearbyCity(page, visit("/produtos", JUNDIAI), db);
    expect(await other.text()).toBe(`<p id="${NEARBY_CITY_ID}"></p>`);
  });
});
