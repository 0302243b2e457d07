import { waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { createCookie, redirect, type RouterContextProvider } from "react-router";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { getCloudflare } from "~/context.server";
import { organizations, pets, products } from "~/db/schema";
import { emptyFavorites, type Favorites } from "~/lib/favorites";
import {
  dropMissingFavorites,
  type FavoritesOwner,
  mergeFavorites,
  readFavorites,
  setFavorite,
  VISITOR_FAVORITES_TTL_SECONDS,
} from "~/models/favorites.server";
import * as favoritesPageRoute from "~/routes/dashboard.favoritos";
import { action as favoriteAction } from "~/routes/favoritos";
import { loader as visitorListLoader } from "~/routes/meus-favoritos";
import { changeFavorite, favoritesMiddleware, favoritesOwner, loadFavorites } from "~/services/favorites.server";
import { RATE_LIMITED_MESSAGE, RATE_LIMITS } from "~/platform/rate-limit.server";
import { startUserSession, takeToasts } from "~/platform/session.server";
import { formRequest, makeContext, signedInContext } from "./context";
import { throughLayouts } from "./route-harness";

// Behind the dashboard's guard, as React Router runs it (docs/decisions/0034).
const { loader: favoritesPageLoader } = throughLayouts(favoritesPageRoute);
import { createClinic, createEvent, createOrganization, createPet, createProduct, createUser, db } from "./fixtures";

const userOwner = (id: string): FavoritesOwner => ({ type: "user", id });
const visitorOwner = (id = crypto.randomUUID()): FavoritesOwner => ({ type: "visitor", id });
const userKey = (id: string) => `favoritos:usuario:${id}`;
const visitorKey = (id: string) => `favoritos:visitante:${id}`;
const stored = (key: string) => env.KV.get<Favorites>(key, "json");
const favs = (lists: Partial<Favorites>): Favorites => ({ ...emptyFavorites(), ...lists });

/** env.KV, counting the writes that reach it. */
function countingKv() {
  const writes: string[] = [];
  const kv = {
    get: (...args: Parameters<KVNamespace["get"]>) => (env.KV.get as (...a: unknown[]) => unknown)(...args),
    put: (key: string, ...rest: unknown[]) => {
      writes.push(`put ${key}`);
      return (env.KV.put as (...a: unknown[]) => Promise<void>)(key, ...rest);
    },
    delete: (key: string) => {
      writes.push(`delete ${key}`);
      return env.KV.delete(key);
    },
  } as unknown as KVNamespace;
  return { kv, writes };
}

async function expirationOf(key: string) {
  const { keys } = await env.KV.list({ prefix: key });
  return keys.find((k) => k.name === key)?.expiration;
}

/** changeFavorite when it is not refused (these tests stay under the limits). */
async function heart(...args: Parameters<typeof changeFavorite>) {
  const change = await changeFavorite(...args);
  if (!change.ok) throw new Error("heart refused: rate-limited");
  return change;
}

const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
const getRequest = (path: string, cookie?: string) => new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });

describe("favourites store (KV)", () => {
  it("reads empty lists for an owner with nothing stored", async () => {
    expect(await readFavorites(env.KV, userOwner(`ninguem-${crypto.randomUUID()}`))).toEqual(emptyFavorites());
  });

  it("sets and clears idempotently, most recent first, one kind at a time", async () => {
    const owner = userOwner(`u-${crypto.randomUUID()}`);
    await setFavorite(env.KV, owner, "pets", 1, true);
    await setFavorite(env.KV, owner, "pets", 2, true);
    await setFavorite(env.KV, owner, "products", 9, true);
    const again = await setFavorite(env.KV, owner, "pets", 1, true);
    expect(again.pets).toEqual([1, 2]);
    expect(await stored(userKey(owner.id))).toEqual(favs({ pets: [1, 2], products: [9] }));

    await setFavorite(env.KV, owner, "pets", 2, false);
    const off = await setFavorite(env.KV, owner, "pets", 2, false);
    expect(off).toEqual(favs({ pets: [1], products: [9] }));
    expect(await stored(userKey(owner.id))).toEqual(favs({ pets: [1], products: [9] }));
  });

  it("writes nothing when the list does not change", async () => {
    const owner = userOwner(`u-${crypto.randomUUID()}`);
    const { kv, writes } = countingKv();
    await setFavorite(kv, owner, "pets", 5, true);
    expect(writes).toEqual([`put ${userKey(owner.id)}`]);
    await setFavorite(kv, owner, "pets", 5, true); // already the first one
    await setFavorite(kv, owner, "products", 5, false); // not there
    expect(writes).toHaveLength(1);
  });

  it("deletes the key when the last favourite goes", async () => {
    const owner = userOwner(`u-${crypto.randomUUID()}`);
    await setFavorite(env.KV, owner, "organizations", 3, true);
    expect(await env.KV.get(userKey(owner.id))).not.toBeNull();
    const result = await setFavorite(env.KV, owner, "organizations", 3, false);
    expect(result).toEqual(emptyFavorites());
    expect(await env.KV.get(userKey(owner.id))).toBeNull();
  });

  it("gives a visitor's list a TTL and an account's none", async () => {
    const visitor = visitorOwner();
    const user = userOwner(`u-${crypto.randomUUID()}`);
    const now = Math.floor(Date.now() / 1000);
    await setFavorite(env.KV, visitor, "pets", 1, true);
    await setFavorite(env.KV, user, "pets", 1, true);
    const expiration = await expirationOf(visitorKey(visitor.id));
    expect(expiration).toBeGreaterThanOrEqual(now + VISITOR_FAVORITES_TTL_SECONDS - 60);
    expect(expiration).toBeLessThanOrEqual(now + VISITOR_FAVORITES_TTL_SECONDS + 60);
    expect(await expirationOf(userKey(user.id))).toBeUndefined();
  });

  it("moves a visitor's list into an account: union, visitor's first, no duplicates, visitor key removed", async () => {
    const visitor = visitorOwner();
    const user = userOwner(`u-${crypto.randomUUID()}`);
    await setFavorite(env.KV, user, "pets", 3, true);
    await setFavorite(env.KV, user, "pets", 2, true); // account: [2, 3]
    await setFavorite(env.KV, user, "products", 7, true);
    await setFavorite(env.KV, visitor, "pets", 1, true);
    await setFavorite(env.KV, visitor, "pets", 2, true); // visitor: [2, 1]
    await setFavorite(env.KV, visitor, "organizations", 4, true);

    await mergeFavorites(env.KV, visitor, user);
    expect(await stored(userKey(user.id))).toEqual(favs({ pets: [2, 1, 3], products: [7], organizations: [4] }));
    expect(await env.KV.get(visitorKey(visitor.id))).toBeNull();
    // The account's list never expires.
    expect(await expirationOf(userKey(user.id))).toBeUndefined();
  });

  it("merges into an account that had nothing, and does nothing for an empty visitor", async () => {
    const visitor = visitorOwner();
    const user = userOwner(`u-${crypto.randomUUID()}`);
    await setFavorite(env.KV, visitor, "events", 8, true);
    await mergeFavorites(env.KV, visitor, user);
    expect(await stored(userKey(user.id))).toEqual(favs({ events: [8] }));

    const { kv, writes } = countingKv();
    await mergeFavorites(kv, visitorOwner(), user);
    expect(writes).toEqual([]);
    expect(await stored(userKey(user.id))).toEqual(favs({ events: [8] }));
  });

  it("drops missing ids after re-reading, keeping the rest and favourites added meanwhile", async () => {
    const owner = userOwner(`u-${crypto.randomUUID()}`);
    await setFavorite(env.KV, owner, "pets", 1, true);
    await setFavorite(env.KV, owner, "pets", 2, true);
    await setFavorite(env.KV, owner, "products", 5, true);
    // Added after the page read the list (which saw [2, 1] and found 2 missing).
    await setFavorite(env.KV, owner, "pets", 3, true);
    await dropMissingFavorites(env.KV, owner, "pets", [2]);
    expect(await stored(userKey(owner.id))).toEqual(favs({ pets: [3, 1], products: [5] }));

    const { kv, writes } = countingKv();
    await dropMissingFavorites(kv, owner, "pets", []);
    expect(writes).toEqual([]);

    await dropMissingFavorites(env.KV, owner, "pets", [3, 1]);
    await dropMissingFavorites(env.KV, owner, "products", [5]);
    expect(await env.KV.get(userKey(owner.id))).toBeNull();
  });

  it("reads a damaged value defensively", async () => {
    const owner = userOwner(`u-${crypto.randomUUID()}`);
    await env.KV.put(userKey(owner.id), JSON.stringify({ pets: [1, "x", -2, 1], extra: [1] }));
    expect(await readFavorites(env.KV, owner)).toEqual(favs({ pets: [1] }));
  });
});

describe("favourites owner (visitor cookie or account)", () => {
  it("gives a first-time visitor a signed cookie, and reads the same list when it comes back", async () => {
    const first = await makeContext();
    expect(await favoritesOwner(first.context, getRequest("/"))).toBeNull();
    expect(await loadFavorites(first.context, getRequest("/"))).toEqual(emptyFavorites());

    const { favorites, setCookie } = await heart(first.context, getRequest("/"), "pets", 11, true);
    expect(favorites.pets).toEqual([11]);
    expect(setCookie).toMatch(/^__Host-visitante=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // __Host- (docs/decisions/0012): Path=/ and no Domain.
    expect(setCookie).toMatch(/Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(setCookie).toMatch(new RegExp(`Max-Age=${VISITOR_FAVORITES_TTL_SECONDS}`));
    const cookie = cookieOf(setCookie!);

    const second = await makeContext();
    const owner = await favoritesOwner(second.context, getRequest("/", cookie));
    expect(owner).toMatchObject({ type: "visitor" });
    expect(owner!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await stored(visitorKey(owner!.id))).toEqual(favs({ pets: [11] }));
    expect(await loadFavorites(second.context, getRequest("/", cookie))).toEqual(favs({ pets: [11] }));

    // A known visitor keeps writing to the same list; the cookie is renewed with the same id.
    const next = await heart(second.context, getRequest("/", cookie), "products", 4, true);
    expect(cookieOf(next.setCookie!)).toBe(cookie);
    expect(next.setCookie).toMatch(new RegExp(`Max-Age=${VISITOR_FAVORITES_TTL_SECONDS}`));
    expect(await stored(visitorKey(owner!.id))).toEqual(favs({ pets: [11], products: [4] }));
  });

  it("does not make a visitor out of a removal by someone with no favourites", async () => {
    const { context } = await makeContext();
    const { favorites, setCookie } = await heart(context, getRequest("/"), "pets", 12, false);
    expect(setCookie).toBeNull();
    expect(favorites).toEqual(emptyFavorites());
  });

  it("ignores a forged or tampered visitor cookie", async () => {
    const { context } = await makeContext();
    expect(await favoritesOwner(context, getRequest("/", "__Host-visitante=qualquer-coisa"))).toBeNull();
    // Signed with the right secret but not a visitor id.
    const odd = await createCookie("__Host-visitante", { secrets: [env.SESSION_SECRET], secure: true, path: "/" }).serialize(
      "../usuario:admin",
    );
    expect(await favoritesOwner(context, getRequest("/", cookieOf(odd)))).toBeNull();
    // Signed with another secret.
    const foreign = await createCookie("__Host-visitante", { secrets: ["outro-segredo"], secure: true, path: "/" }).serialize(
      crypto.randomUUID(),
    );
    expect(await favoritesOwner(context, getRequest("/", cookieOf(foreign)))).toBeNull();
  });

  it("uses a signed-in user's own list, with no visitor cookie", async () => {
    const user = await createUser();
    await setFavorite(env.KV, userOwner(user.id), "pets", 1, true);
    const context = await signedInContext(user);
    expect(await favoritesOwner(context, getRequest("/"))).toEqual({ type: "user", id: user.id });
    const { favorites, setCookie } = await heart(context, getRequest("/"), "pets", 2, true);
    expect(setCookie).toBeNull();
    expect(favorites.pets).toEqual([2, 1]);
    expect(await stored(userKey(user.id))).toEqual(favs({ pets: [2, 1] }));
    expect(await loadFavorites(context, getRequest("/"))).toEqual(favs({ pets: [2, 1] }));
  });

  it("prefers the account over a visitor cookie still in the browser", async () => {
    const visitor = await makeContext();
    const { setCookie } = await heart(visitor.context, getRequest("/"), "pets", 30, true);
    const user = await createUser();
    const context = await signedInContext(user);
    await heart(context, getRequest("/", cookieOf(setCookie!)), "pets", 31, true);
    expect(await stored(userKey(user.id))).toEqual(favs({ pets: [31] }));
  });
});

async function runMiddleware(
  cookie: string | null,
  context: RouterContextProvider,
  route: () => Response | Promise<Response> = () => new Response(null),
) {
  const request = getRequest("/entrar", cookie ?? undefined);
  return (await favoritesMiddleware(
    { request, context, params: {}, unstable_pattern: "/entrar", url: new URL(request.url) } as never,
    async () => route(),
  )) as Response;
}

describe("favourites merge at sign-in (middleware)", () => {
  it("moves the visitor's favourites into the account and clears the visitor cookie", async () => {
    const visitor = await makeContext();
    const first = await heart(visitor.context, getRequest("/"), "pets", 1, true);
    const cookie = cookieOf(first.setCookie!);
    await heart(visitor.context, getRequest("/", cookie), "pets", 2, true);
    await heart(visitor.context, getRequest("/", cookie), "organizations", 6, true);
    const visitorId = (await favoritesOwner(visitor.context, getRequest("/", cookie)))!.id;

    const user = await createUser();
    await setFavorite(env.KV, userOwner(user.id), "pets", 2, true);
    await setFavorite(env.KV, userOwner(user.id), "pets", 3, true); // account: [3, 2]

    const { context } = await makeContext();
    const response = await runMiddleware(cookie, context, () => {
      startUserSession(context, { id: user.id, accountType: "personal" });
      return new Response(null, { status: 302, headers: { Location: "/dashboard" } });
    });
    expect(response.status).toBe(302);
    const setCookie = response.headers.get("Set-Cookie");
    expect(setCookie).toMatch(/^__Host-visitante=;/);
    expect(setCookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await stored(userKey(user.id))).toEqual(favs({ pets: [2, 1, 3], organizations: [6] }));
    expect(await env.KV.get(visitorKey(visitorId))).toBeNull();
  });

  it("works on the redirect a sign-in action returns", async () => {
    const visitor = await makeContext();
    const { setCookie } = await heart(visitor.context, getRequest("/"), "products", 12, true);
    const user = await createUser();
    const { context } = await makeContext();
    const response = await runMiddleware(cookieOf(setCookie!), context, () => {
      startUserSession(context, { id: user.id, accountType: "personal" });
      return redirect("/dashboard");
    });
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__Host-visitante=;/);
    expect(await stored(userKey(user.id))).toEqual(favs({ products: [12] }));
  });

  it("does nothing when nobody signed in during the request", async () => {
    const visitor = await makeContext();
    const { setCookie } = await heart(visitor.context, getRequest("/"), "pets", 40, true);
    const cookie = cookieOf(setCookie!);
    const visitorId = (await favoritesOwner(visitor.context, getRequest("/", cookie)))!.id;

    // Plain visitor request.
    const anonymous = await makeContext();
    let response = await runMiddleware(cookie, anonymous.context);
    expect(response.headers.get("Set-Cookie")).toBeNull();

    // Already signed in before this request (the session did not start now).
    const user = await createUser();
    const context = await signedInContext(user);
    response = await runMiddleware(cookie, context);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await env.KV.get(userKey(user.id))).toBeNull();
    expect(await stored(visitorKey(visitorId))).toEqual(favs({ pets: [40] }));
  });

  it("leaves the response alone at sign-in without a visitor cookie", async () => {
    const user = await createUser();
    await setFavorite(env.KV, userOwner(user.id), "pets", 50, true);
    const { context } = await makeContext();
    const response = await runMiddleware(null, context, () => {
      startUserSession(context, { id: user.id, accountType: "personal" });
      return new Response("ok");
    });
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await stored(userKey(user.id))).toEqual(favs({ pets: [50] }));
  });
});

describe("/favoritos action (the heart)", () => {
  async function post(fields: Record<string, string>, context?: RouterContextProvider, cookie?: string) {
    const ctx = context ?? (await makeContext()).context;
    const request = formRequest("/favoritos", fields);
    if (cookie) request.headers.set("Cookie", cookie);
    const result = await favoriteAction({ request, context: ctx, params: {} } as never);
    return { result, context: ctx };
  }
  type DataResult = { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };

  it("takes a card's fields from the action's query, the body winning (docs/decisions/0041)", async () => {
    const user = await createUser();
    const context = await signedInContext(user);
    const request = formRequest("/favoritos?tipo=pets&id=7&favorito=1&voltar=/pets%23pet-7", {});
    const result = await favoriteAction({ request, context, params: {} } as never);
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(303);
    expect((result as Response).headers.get("Location")).toBe("/pets#pet-7");
    expect(await stored(userKey(user.id))).toEqual(favs({ pets: [7] }));
    // The body wins over the query: a removal sent in the body removes.
    const removal = formRequest("/favoritos?tipo=pets&id=7&favorito=1", { favorito: "0" });
    await favoriteAction({ request: removal, context: await signedInContext(user), params: {} } as never);
    expect(await env.KV.get(userKey(user.id))).toBeNull();
  });

  it("refuses invalid input with 400 and stores nothing", async () => {
    const user = await createUser();
    const context = await signedInContext(user);
    const invalid: Record<string, string>[] = [
      { tipo: "usuarios", id: "1", favorito: "1" },
      { tipo: "pets", id: "0", favorito: "1" },
      { tipo: "pets", id: "abc", favorito: "1" },
      { tipo: "pets", id: "1", favorito: "talvez" },
      { tipo: "pets", id: "1.5", favorito: "1" },
      { tipo: "pets", id: "1", favorito: "1", resposta: "html" },
    ];
    for (const fields of invalid) {
      const { result } = await post(fields, context);
      const { data, init } = result as unknown as DataResult;
      expect(init?.status, JSON.stringify(fields)).toBe(400);
      expect(data).toEqual({ ok: false, message: "Não foi possível atualizar seus favoritos." });
    }
    expect(await env.KV.get(userKey(user.id))).toBeNull();
  });

  it("without JavaScript: saves, flashes a toast and redirects 303 to the page it came from", async () => {
    const user = await createUser();
    const context = await signedInContext(user);
    const { result } = await post({ tipo: "pets", id: "21", favorito: "1", voltar: "/pets?pagina=2" }, context);
    const response = result as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/pets?pagina=2");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(takeToasts(context)).toEqual([{ type: "success", title: "Adicionado aos favoritos" }]);
    expect(await stored(userKey(user.id))).toEqual(favs({ pets: [21] }));

    const again = await signedInContext(user);
    const { result: removed } = await post({ tipo: "pets", id: "21", favorito: "0", voltar: "/pet/21" }, again);
    expect((removed as Response).headers.get("Location")).toBe("/pet/21");
    expect(takeToasts(again)).toEqual([{ type: "success", title: "Removido dos favoritos" }]);
    expect(await env.KV.get(userKey(user.id))).toBeNull();
  });

  it("never redirects off the site", async () => {
    const user = await createUser();
    for (const voltar of ["https://evil.example/x", "//evil.example", "/\\evil.example", "javascript:alert(1)", ""]) {
      const { result } = await post({ tipo: "pets", id: "22", favorito: "1", voltar }, await signedInContext(user));
      expect((result as Response).status).toBe(303);
      expect((result as Response).headers.get("Location"), voltar).toBe("/");
    }
    const { result } = await post({ tipo: "pets", id: "22", favorito: "1" }, await signedInContext(user));
    expect((result as Response).headers.get("Location")).toBe("/");
  });

  it("with JavaScript: answers JSON data, and a first-time visitor gets the cookie", async () => {
    const { result, context: first } = await post({ tipo: "products", id: "33", favorito: "1", resposta: "dados" });
    const { data, init } = result as unknown as DataResult;
    expect(data).toEqual({ ok: true, favorito: true });
    // The enhanced button shows its own state: no toast is queued.
    expect(takeToasts(first)).toEqual([]);
    expect(init?.status ?? 200).toBe(200);
    const setCookie = new Headers(init?.headers).get("Set-Cookie");
    expect(setCookie).toMatch(/^__Host-visitante=/);

    const cookie = cookieOf(setCookie!);
    const { context } = await makeContext();
    expect(await loadFavorites(context, getRequest("/", cookie))).toEqual(favs({ products: [33] }));

    const { result: off } = await post({ tipo: "products", id: "33", favorito: "0", resposta: "dados" }, undefined, cookie);
    const offData = off as unknown as DataResult;
    expect(offData.data).toEqual({ ok: true, favorito: false });
    expect(cookieOf(new Headers(offData.init?.headers).get("Set-Cookie")!)).toBe(cookie);
    expect(await loadFavorites(context, getRequest("/", cookie))).toEqual(emptyFavorites());
  });

  it("a visitor without JavaScript gets the cookie on the redirect", async () => {
    const { result } = await post({ tipo: "organizations", id: "5", favorito: "1", voltar: "/ongs" });
    const response = result as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/ongs");
    const cookie = cookieOf(response.headers.get("Set-Cookie")!);
    const { context } = await makeContext();
    expect(await loadFavorites(context, getRequest("/", cookie))).toEqual(favs({ organizations: [5] }));
  });
});

describe("/dashboard/favoritos loader", () => {
  async function load(context: RouterContextProvider, tipo?: string) {
    const path = `/dashboard/favoritos${tipo ? `/${tipo}` : ""}`;
    return favoritesPageLoader({
      request: getRequest(path),
      context,
      params: tipo ? { tipo } : {},
    } as never);
  }

  it("lists favourite pets from D1 in favourite order and drops deleted ones from KV", async () => {
    const user = await createUser();
    const owner = await createUser();
    const a = await createPet(owner.id, { name: "Amora" });
    const b = await createPet(owner.id, { name: "Bento" });
    const gone = await createPet(owner.id, { name: "Sumido" });
    await setFavorite(env.KV, userOwner(user.id), "pets", a.id, true);
    await setFavorite(env.KV, userOwner(user.id), "pets", gone.id, true);
    await setFavorite(env.KV, userOwner(user.id), "pets", b.id, true); // [b, gone, a]
    await setFavorite(env.KV, userOwner(user.id), "products", 999_999, true);
    await db.delete(pets).where(eq(pets.id, gone.id));

    const context = await signedInContext(user);
    const result = await load(context);
    expect(result.section).toBe("pets");
    expect(result.items.map((i) => [i.id, i.name, i.href])).toEqual([
      [b.id, "Bento", `/pet/${b.id}`],
      [a.id, "Amora", `/pet/${a.id}`],
    ]);
    await waitOnExecutionContext(getCloudflare(context).ctx);
    // Only the deleted pet goes; the other kinds are untouched.
    expect(await stored(userKey(user.id))).toEqual(favs({ pets: [b.id, a.id], products: [999_999] }));
  });

  it("lists products and ONGs under their sub-tabs", async () => {
    const user = await createUser();
    const seller = await createUser("company");
    const p1 = await createProduct(seller.id, { title: "Coleira", priceCents: 2500 });
    const p2 = await createProduct(seller.id, { title: "Ração" });
    const ngo = await createOrganization(seller.id, { name: "ONG Patinhas" });
    await setFavorite(env.KV, userOwner(user.id), "products", p2.id, true);
    await setFavorite(env.KV, userOwner(user.id), "products", p1.id, true);
    await setFavorite(env.KV, userOwner(user.id), "organizations", ngo.id, true);

    const products = await load(await signedInContext(user), "produtos");
    expect(products.section).toBe("produtos");
    expect(products.items.map((i) => [i.id, i.name, i.href])).toEqual([
      [p1.id, "Coleira", `/produto/${p1.id}`],
      [p2.id, "Ração", `/produto/${p2.id}`],
    ]);
    expect(products.items[0]!.price).toMatch(/^R\$\s25,00$/);

    const ongs = await load(await signedInContext(user), "ongs");
    expect(ongs.items.map((i) => [i.id, i.name, i.href])).toEqual([[ngo.id, "ONG Patinhas", `/ong/${ngo.id}`]]);
  });

  it("drops deleted products and organizations too", async () => {
    const user = await createUser();
    const seller = await createUser("company");
    const kept = await createProduct(seller.id);
    const sold = await createProduct(seller.id);
    const ngo = await createOrganization(seller.id);
    await setFavorite(env.KV, userOwner(user.id), "products", sold.id, true);
    await setFavorite(env.KV, userOwner(user.id), "products", kept.id, true);
    await setFavorite(env.KV, userOwner(user.id), "organizations", ngo.id, true);
    await db.delete(products).where(eq(products.id, sold.id));
    await db.delete(organizations).where(eq(organizations.id, ngo.id));

    let context = await signedInContext(user);
    expect((await load(context, "produtos")).items.map((i) => i.id)).toEqual([kept.id]);
    await waitOnExecutionContext(getCloudflare(context).ctx);
    context = await signedInContext(user);
    expect((await load(context, "ongs")).items).toEqual([]);
    await waitOnExecutionContext(getCloudflare(context).ctx);
    expect(await stored(userKey(user.id))).toEqual(favs({ products: [kept.id] }));
  });

  it("shows an empty list without touching KV", async () => {
    const user = await createUser();
    const context = await signedInContext(user);
    expect(await load(context)).toEqual({ section: "pets", items: [] });
    await waitOnExecutionContext(getCloudflare(context).ctx);
    expect(await env.KV.get(userKey(user.id))).toBeNull();
  });

  it("answers 404 for an unknown tab (and for /pets, which is the bare URL)", async () => {
    const user = await createUser();
    for (const tipo of ["eventos", "clinicas", "pets", "constructor", "__proto__"]) {
      const error = await load(await signedInContext(user), tipo).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error, tipo).toMatchObject({ init: { status: 404 } });
    }
  });

  it("sends a visitor to sign in and a company to its own dashboard", async () => {
    const { context } = await makeContext();
    const visitor = await load(context, "produtos").then(
      () => null,
      (thrown: unknown) => thrown as Response,
    );
    expect(visitor?.status).toBe(302);
    expect(visitor?.headers.get("Location")).toBe("/entrar?redirectTo=%2Fdashboard%2Ffavoritos%2Fprodutos");

    const company = await createUser("company");
    const redirected = await load(await signedInContext(company, "company")).then(
      () => null,
      (thrown: unknown) => thrown as Response,
    );
    expect(redirected?.headers.get("Location")).toBe("/empresa/dashboard");
  });
});

describe("/meus-favoritos loader (visitors and other accounts)", () => {
  async function load(context: RouterContextProvider, tipo?: string, cookie?: string) {
    return visitorListLoader({
      request: getRequest(`/meus-favoritos${tipo ? `/${tipo}` : ""}`, cookie),
      context,
      params: tipo ? { tipo } : {},
    } as never);
  }

  it("shows a visitor's hearts, events and clinics included, by their cookie", async () => {
    const org = await createOrganization((await createUser("ngo")).id);
    const event = await createEvent(org.id, { title: "Feira de adoção" });
    const clinic = await createClinic((await createUser("company")).id, { name: "Clínica Boa" });
    const visitor = await makeContext();
    const first = await heart(visitor.context, getRequest("/"), "events", event.id, true);
    const cookie = cookieOf(first.setCookie!);
    await heart(visitor.context, getRequest("/", cookie), "clinics", clinic.id, true);

    const events = await load((await makeContext()).context, "eventos", cookie);
    expect(events.items.map((i) => [i.name, i.href])).toEqual([["Feira de adoção", `/evento/${event.id}`]]);
    const clinics = await load((await makeContext()).context, "clinicas", cookie);
    expect(clinics.items.map((i) => [i.name, i.href])).toEqual([["Clínica Boa", `/clinica/${clinic.id}`]]);
    expect(clinics.signedIn).toBe(false);
    // Someone who never favourited anything sees the empty lists.
    expect((await load((await makeContext()).context)).items).toEqual([]);
  });

  it("sends personal accounts to their dashboard and 404s unknown tabs", async () => {
    const context = await signedInContext(await createUser());
    await expect(load(context, "produtos")).rejects.toSatisfy(
      (r: Response) => r.status === 302 && r.headers.get("Location") === "/dashboard/favoritos/produtos",
    );
    await expect(load(context, "pets")).rejects.toSatisfy((r: { init?: ResponseInit }) => r.init?.status === 404);
    await expect(load(context, "outra")).rejects.toSatisfy((r: { init?: ResponseInit }) => r.init?.status === 404);
  });

  it("lists a company account's own hearts", async () => {
    const company = await createUser("company");
    const pet = await createPet((await createUser()).id, { name: "Paçoca" });
    await setFavorite(env.KV, userOwner(company.id), "pets", pet.id, true);
    const result = await load(await signedInContext(company, "company"));
    expect(result.items.map((i) => i.name)).toEqual(["Paçoca"]);
    expect(result.signedIn).toBe(true);
  });
});

// docs/decisions/0012-input-bounds-views-and-caching-headers.md
describe("limits on anonymous hearts", () => {
  async function post(fields: Record<string, string>, ip: string, cookie?: string) {
    const { context } = await makeContext();
    const request = formRequest("/favoritos", fields);
    request.headers.set("CF-Connecting-IP", ip);
    if (cookie) request.headers.set("Cookie", cookie);
    return favoriteAction({ request, context, params: {} } as never);
  }
  type DataResult = { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };
  const visitorValues = async () => (await env.KV.list({ prefix: "favoritos:visitante:" })).keys.length;

  it("caps new visitor lists per address, then answers 429 and stores nothing", async () => {
    // The limit counts in clock-hour windows: a run that crossed an hour split the 61 posts
    // over two windows (seen once in CI at 11:00). A minute past the hour, they share one.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const ip = "198.51.100.7";
    for (let i = 0; i < RATE_LIMITS.newVisitorFavoritesPerIp.limit; i++) {
      const response = (await post({ tipo: "pets", id: String(i + 1), favorito: "1", voltar: "/pets" }, ip)) as Response;
      expect(response.status).toBe(303);
    }
    const before = await visitorValues();

    const refused = (await post({ tipo: "pets", id: "99", favorito: "1", resposta: "dados" }, ip)) as unknown as DataResult;
    expect(refused.init?.status).toBe(429);
    expect(refused.data).toEqual({ ok: false, message: RATE_LIMITED_MESSAGE });
    expect(new Headers(refused.init?.headers).get("Set-Cookie")).toBeNull();

    const page = (await post({ tipo: "pets", id: "99", favorito: "1", voltar: "/pet/99" }, ip)) as Response;
    expect(page.status).toBe(429);
    expect(page.headers.get("Set-Cookie")).toBeNull();
    const html = await page.text();
    // The heading says what happened, the text what to do: never said twice (docs/decisions/0033 §13).
    expect(html).toContain("<h1>Muitas tentativas</h1><p>Aguarde alguns minutos e tente novamente.</p>");
    expect(html).toContain('href="/pet/99"');
    expect(await visitorValues()).toBe(before);

    // Another address, and a visitor who already has a list, are not refused.
    expect(((await post({ tipo: "pets", id: "1", favorito: "1", voltar: "/" }, "203.0.113.9")) as Response).status).toBe(303);
    const first = await heart((await makeContext()).context, getRequest("/"), "pets", 7, true);
    const known = (await post({ tipo: "pets", id: "8", favorito: "1", voltar: "/" }, ip, cookieOf(first.setCookie!))) as Response;
    expect(known.status).toBe(303);
  });

  it("caps hearts per visitor", async () => {
    const first = await heart((await makeContext()).context, getRequest("/"), "pets", 1, true);
    const cookie = cookieOf(first.setCookie!);
    const visitorId = (await favoritesOwner((await makeContext()).context, getRequest("/", cookie)))!.id;
    // The heart that created the list counted as a new visitor; these count for the visitor.
    for (let i = 0; i < RATE_LIMITS.heartsPerVisitor.limit; i++) {
      const result = (await post(
        { tipo: "pets", id: String((i % 5) + 1), favorito: i % 2 ? "0" : "1", resposta: "dados" },
        "192.0.2.1",
        cookie,
      )) as unknown as DataResult;
      expect(result.init?.status ?? 200).toBe(200);
    }
    const listBefore = await stored(visitorKey(visitorId));
    const refused = (await post(
      { tipo: "pets", id: "77", favorito: "1", resposta: "dados" },
      "192.0.2.2",
      cookie,
    )) as unknown as DataResult;
    expect(refused.init?.status).toBe(429);
    expect(refused.data).toMatchObject({ ok: false, message: RATE_LIMITED_MESSAGE });
    expect(await stored(visitorKey(visitorId))).toEqual(listBefore);
  });

  it("does not limit signed-in accounts by these rules", async () => {
    const user = await createUser();
    const context = await signedInContext(user);
    const change = await changeFavorite(context, getRequest("/"), "pets", 5, true);
    expect(change.ok).toBe(true);
  });
});
