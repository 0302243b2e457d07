import { describe, expect, it } from "vitest";
import { applyCachePolicy, cacheControlFor, carriesIdentityCookie, PRIVATE_NO_STORE } from "~/platform/cache-policy.server";
import { SESSION_COOKIE_NAME, VISITOR_COOKIE_NAME } from "~/platform/cookie-names.server";

// docs/decisions/0012-input-bounds-views-and-caching-headers.md
const get = (path: string, cookie?: string) => new Request(`https://patas.example${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const html = (headers: Record<string, string> = {}) =>
  new Response("<p>oi</p>", { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });
const image = () =>
  new Response("x", { headers: { "Content-Type": "image/webp", "Cache-Control": "public, max-age=31536000, immutable" } });

describe("cookie names", () => {
  it("use the __Host- prefix", () => {
    expect(SESSION_COOKIE_NAME).toBe("__Host-session");
    expect(VISITOR_COOKIE_NAME).toBe("__Host-visitante");
  });
});

describe("cache policy for personal answers", () => {
  it("recognises the session and visitor cookies among others, and nothing else", () => {
    expect(carriesIdentityCookie(get("/", "a=1; __Host-session=abc"))).toBe(true);
    expect(carriesIdentityCookie(get("/", "__Host-visitante=xyz"))).toBe(true);
    expect(carriesIdentityCookie(get("/", "tema=escuro; x__Host-session=1"))).toBe(false);
    expect(carriesIdentityCookie(get("/", "outro=__Host-session"))).toBe(false);
    expect(carriesIdentityCookie(get("/"))).toBe(false);
  });

  it("makes HTML and .data answers to a signed-in or visitor request private, no-store", () => {
    expect(cacheControlFor(get("/", "__Host-session=abc"), html())).toBe(PRIVATE_NO_STORE);
    const single = new Response("[]", { headers: { "Content-Type": "text/x-script" } });
    expect(cacheControlFor(get("/pet/1.data", "__Host-visitante=xyz"), single)).toBe(PRIVATE_NO_STORE);
    const redirect = new Response(null, { status: 302, headers: { Location: "/dashboard/favoritos" } });
    expect(cacheControlFor(get("/favoritos", "__Host-session=abc"), redirect)).toBe(PRIVATE_NO_STORE);
  });

  it("makes any answer that sets a cookie private, no-store, even for a cookie-less request", () => {
    expect(cacheControlFor(get("/contato"), html({ "Set-Cookie": "__Host-session=abc; Path=/; Secure" }))).toBe(PRIVATE_NO_STORE);
    const withCookie = image();
    withCookie.headers.append("Set-Cookie", "__Host-session=abc; Path=/; Secure");
    expect(cacheControlFor(get("/imagens/pets/a.webp"), withCookie)).toBe(PRIVATE_NO_STORE);
  });

  it("keeps images' immutable caching and cookie-less public pages as they are", () => {
    expect(cacheControlFor(get("/imagens/pets/a.webp", "__Host-session=abc"), image())).toBeNull();
    const notModified = new Response(null, { status: 304, headers: { "Cache-Control": "public, max-age=31536000, immutable" } });
    expect(cacheControlFor(get("/imagens/pets/a.webp", "__Host-session=abc"), notModified)).toBeNull();
    expect(cacheControlFor(get("/"), html())).toBeNull();
    expect(cacheControlFor(get("/", "__session=antigo"), html())).toBeNull();
  });

  it("sets the header on the response", () => {
    const response = applyCachePolicy(get("/", "__Host-session=abc"), html({ "Cache-Control": "public, max-age=60" }));
    expect(response.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    expect(applyCachePolicy(get("/"), html()).headers.get("Cache-Control")).toBeNull();
  });
});
