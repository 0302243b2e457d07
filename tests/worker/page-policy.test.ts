// Page policy declared on the routes (app/lib/page-policy.ts; docs/decisions/0019, "Where
// the policy lives"): the edge cache keys a page by the query parameters its route
// declares, so a loader that reads one it does not declare would show every cookie-less
// visitor the page without it. Every route whose policy says cacheable is run here with
// its query's reads recorded.
import { describe, expect, it } from "vitest";
import { type PageCachePolicy, policyOf } from "~/lib/page-policy";
import { cachedPageAt, pathsShowing, setRouteTable } from "~/platform/page-table.server";
import { createClinic, createEvent, createOrganization, createPet, createProduct, createUser } from "./fixtures";
import { contextFor, invoke, pathFor, type RouteEntry, routeEntries, serverRoutes } from "./route-harness";

// The routes' page policies, as workers/app.ts hands them over from the build.
setRouteTable(serverRoutes());

/** A parameter no page declares: it tells the request's own query from URLs a loader builds. */
const MARKER = "nao_declarado";

// Values that open the branches of the loaders that read them; any other parameter gets "1".
const SAMPLE: Record<string, string> = {
  q: "thor",
  location: "Jundiaí",
  cidade: "jundiai-sp",
  raio: "10",
  category: "perdido",
  filter: "Gato",
  order: "relevantes",
  view: "lista",
  page: "2",
  depois: "5",
  status: "perdido",
  categoria: "alimentacao",
  quando: "passados",
  aba: "galeria",
};

const proto = URLSearchParams.prototype as unknown as Record<PropertyKey, (this: URLSearchParams, ...args: unknown[]) => unknown>;
const BY_NAME = ["get", "getAll", "has"] as const;
const EVERY_PARAM = ["entries", "keys", "values", "forEach", Symbol.iterator] as const;

/**
 * Runs `run` and answers the names of the query parameters it read from the request's
 * query (or a copy of it): by name (`get`, `getAll`, `has`), or all of them by going
 * through the whole query (each one present is then read).
 */
async function paramsReadBy(run: () => Promise<unknown>): Promise<Set<string>> {
  const read = new Set<string>();
  const originals = new Map([...BY_NAME, ...EVERY_PARAM].map((method) => [method, proto[method]!]));
  const has = originals.get("has")!;
  const ours = (params: URLSearchParams) => has.call(params, MARKER) === true;
  for (const method of BY_NAME) {
    proto[method] = function (this: URLSearchParams, ...args: unknown[]) {
      if (ours(this)) read.add(String(args[0]));
      return originals.get(method)!.apply(this, args);
    };
  }
  for (const method of EVERY_PARAM) {
    proto[method] = function (this: URLSearchParams, ...args: unknown[]) {
      if (ours(this)) for (const name of originals.get("keys")!.call(this) as Iterable<string>) read.add(name);
      return originals.get(method)!.apply(this, args);
    };
  }
  try {
    await run();
  } finally {
    for (const [method, original] of originals) proto[method] = original;
  }
  return read;
}

/** The queries a cacheable page is asked with: none, all it declares, and each alone. */
function queriesFor(cache: PageCachePolicy): URLSearchParams[] {
  const declared = Object.keys(cache.params);
  const query = (names: string[]) => new URLSearchParams([...names.map((n) => [n, SAMPLE[n] ?? "1"]), [MARKER, "1"]]);
  return [query([]), query(declared), ...declared.map((name) => query([name]))];
}

const cacheable = (entry: RouteEntry) => policyOf(entry.module.handle).cache;

describe("page policy declared on the routes", () => {
  it("every cacheable page's loader reads only the query parameters its route declares", async () => {
    const user = await createUser();
    const company = await createUser("company");
    const organization = await createOrganization((await createUser("ngo")).id);
    const ids = {
      pet: (await createPet(user.id)).id,
      product: (await createProduct(company.id)).id,
      clinic: (await createClinic(company.id)).id,
      organization: organization.id,
      event: (await createEvent(organization.id)).id,
    };
    const checked: string[] = [];
    for (const entry of routeEntries()) {
      const cache = cacheable(entry);
      if (!cache) continue;
      // Real items and a real city, so that loaders get past their 404.
      const params = { id: cache.item ? String(ids[cache.item]) : undefined, uf: "sp", cidade: "jundiai" };
      const path = pathFor(entry.pattern, params);
      expect(cachedPageAt(path), `${path}: a rota declara cache, a tabela de rotas deve achá-la`).not.toBeNull();
      checked.push(entry.id);
      // A page without a loader (the static pages) reads nothing.
      if (!entry.module.loader) continue;
      for (const query of queriesFor(cache)) {
        const request = new Request(`http://localhost${path}?${query}`);
        const read = await paramsReadBy(async () => invoke(entry, "loader", request, params, await contextFor(null)));
        const undeclared = [...read].filter((name) => !(name in cache.params));
        expect(undeclared, `${path}?${query} lê parâmetros que a política da rota não declara`).toEqual([]);
      }
    }
    // Home, seven listings, four static pages, five kinds of detail page, two city pages.
    expect(checked.sort()).toEqual(
      [
        ...["home", "pets", "buscar-pets", "produtos", "clinicas", "ongs", "ver-ongs", "eventos"],
        ...["quem-somos", "links-uteis", "termos", "privacidade"],
        ...["pet", "produto", "clinica", "ong", "evento"],
        ...["pets-perdidos.cidade", "adocao.cidade"],
      ].sort(),
    );
  });

  it("finds a page's policy only at the path its route writes", () => {
    const cached = [
      "/",
      "/pets",
      "/buscar-pets",
      "/produtos",
      "/clinicas",
      "/ongs",
      "/ver-ongs",
      "/eventos",
      "/quem-somos",
      "/links-uteis",
      "/termos",
      "/privacidade",
      "/pet/1",
      "/produto/123456789",
      "/clinica/2",
      "/ong/3",
      "/evento/4",
      "/pets-perdidos/sp/jundiai",
      "/adocao/rj/sao-joao-de-meriti",
    ];
    for (const path of cached) expect(cachedPageAt(path), path).not.toBeNull();
    const rendered = [
      "/pets/",
      "/PETS",
      "/Pet/1",
      "/pet/abc",
      "/pet/1234567890",
      "/pet/%31",
      "/pet/1/edit",
      "/ong/dashboard",
      "/adocao/SP/jundiai",
      "/adocao/sp/S%C3%A3o-Paulo",
      "/perfil/fulano",
      "/contato",
      "/entrar",
      "/dashboard",
      "/nao-existe",
    ];
    for (const path of rendered) expect(cachedPageAt(path), path).toBeNull();
    expect(cachedPageAt("/ong/3")).toMatchObject({ pattern: "/ong/:id", params: { id: "3" }, cache: { item: "organization" } });
  });

  it("a write to an item purges its own page and the first pages of the listings of its kind", () => {
    const sorted = (paths: string[]) => [...paths].sort();
    expect(sorted(pathsShowing("pet", 7))).toEqual(
      sorted([
        "/pet/7",
        "/",
        "/pets",
        "/pets?status=perdido",
        "/pets?status=encontrado",
        "/pets?status=avistado",
        "/pets?status=adocao",
        "/buscar-pets",
      ]),
    );
    expect(sorted(pathsShowing("product", 7))).toEqual(sorted(["/produto/7", "/", "/produtos"]));
    expect(sorted(pathsShowing("clinic", 7))).toEqual(sorted(["/clinica/7", "/", "/clinicas"]));
    expect(sorted(pathsShowing("organization", 7))).toEqual(sorted(["/ong/7", "/ong/7?aba=galeria", "/", "/ongs", "/ver-ongs"]));
    expect(sorted(pathsShowing("event", 7))).toEqual(sorted(["/evento/7", "/", "/eventos"]));
  });
});
