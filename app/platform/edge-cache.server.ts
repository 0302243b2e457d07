// Public pages for first-time visitors come from the Workers Cache API for a short time,
// so a lost-pet link shared in a WhatsApp group renders once, not once per person
// (docs/decisions/0019-edge-cache.md). Only cookie-less GETs of public pages are served
// from it; anyone with a cookie (signed in, visitor hearts, flash messages) gets a fresh,
// private render. The stored copy is the app's answer before the security headers: each
// hit gets a new CSP nonce, written into the HTML here. A phone that sends `Save-Data: on`
// gets its own copies, kept apart (docs/decisions/0043-save-data.md).
import type { RouterContextProvider } from "react-router";
import { getCloudflare } from "~/context.server";
import type { DetailKind } from "~/lib/page-policy";
import { cachedPageAt, pathsShowing } from "./page-table.server";
import { wantsLessData } from "./save-data.server";
import { createNonce } from "./security.server";

/** Seconds a stored page is served as is; then it is served stale while it renders again. */
export const DEFAULT_FRESH_SECONDS = 60;
/** Seconds after the fresh window during which a stale copy may still answer. */
export const STALE_SECONDS = 600;

const CACHED_AT = "X-Edge-Cached-At";
const RENDER_NONCE = "X-Edge-Nonce";
export const EDGE_CACHE_STATUS = "X-Edge-Cache";

// Which pages are public (the same for every cookie-less visitor), the query parameters
// their loaders read and the items they show: each route declares it in its handle
// (app/lib/page-policy.ts), read here through the route table (page-table.server.ts;
// docs/decisions/0019, "Where the policy lives"). Forms with per-request tokens and
// dashboards declare no cache. Only the declared parameters make the cache key and reach
// the render, so ?utm_source=, ?ref=, ?fbclid= and the like share one copy that a write
// can purge (docs/decisions/0019, "Variants").

/** The query parameters that are part of a public page's key; null for other paths. */
export function keyParamsOf(pathname: string): string[] | null {
  const page = cachedPageAt(pathname);
  return page ? Object.keys(page.cache.params) : null;
}

// Keeps hostile URLs (10,000 parameters, say) out of the cache.
const MAX_CACHED_URL_LENGTH = 512;

/** The item a public detail path shows, for counting a view on a cache hit. */
function detailOf(pathname: string): { kind: DetailKind; id: number } | null {
  const page = cachedPageAt(pathname);
  if (!page?.cache.item) return null;
  return { kind: page.cache.item, id: Number(page.params.id) };
}

/** Header through which e2e tests turn the cache on for their own requests only. */
export const TEST_FRESH_SECONDS_HEADER = "X-Teste-Cache-Segundos";

/**
 * The seconds pages stay fresh; 0 turns the cache off. The e2e server runs with it off
 * (its tests share URLs across parallel workers) and EDGE_CACHE_TEST_HEADER=1, so the
 * edge-cache spec can turn it on per request with TEST_FRESH_SECONDS_HEADER.
 */
export function freshSeconds(env: { EDGE_CACHE_SECONDS?: string; EDGE_CACHE_TEST_HEADER?: string }, request?: Request): number {
  const fromTest = env.EDGE_CACHE_TEST_HEADER === "1" ? request?.headers.get(TEST_FRESH_SECONDS_HEADER) : null;
  const raw = fromTest ?? env.EDGE_CACHE_SECONDS;
  if (raw === undefined || raw === null || raw === "") return DEFAULT_FRESH_SECONDS;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? Math.min(value, 3600) : DEFAULT_FRESH_SECONDS;
}

/** Whether this request may be answered from (and stored in) the shared cache. */
export function isCacheableRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  // Any cookie at all: the visitor may be someone, or about to see a flash message.
  if (request.headers.has("Cookie") || request.headers.has("Authorization")) return false;
  if (request.url.length > MAX_CACHED_URL_LENGTH) return false;
  return cachedPageAt(new URL(request.url).pathname) !== null;
}

/** Whether the app's answer is the same for everyone and may be stored. */
export function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200) return false;
  if (response.headers.has("Set-Cookie")) return false;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return false;
  return !/\b(?:private|no-store)\b/.test(response.headers.get("Cache-Control") ?? "");
}

/**
 * The cache key: the path and the parameters the page reads, in its declared order (no
 * headers, no fragment), always as a GET. Other URLs keep their query as it is.
 */
export function cacheKeyFor(url: string): Request {
  const key = new URL(url);
  key.hash = "";
  const page = cachedPageAt(key.pathname);
  if (page) {
    const kept = new URLSearchParams();
    for (const [name, rule] of Object.entries(page.cache.params)) {
      const values = rule === "all" ? key.searchParams.getAll(name) : [key.searchParams.get(name)];
      for (const value of values) {
        const shown = value === null ? null : typeof rule === "function" ? rule(value) : value;
        if (shown !== null) kept.append(name, shown);
      }
    }
    key.search = kept.toString();
  }
  return new Request(key.toString(), { method: "GET" });
}

/** A copy of the app's answer that the cache keeps for the fresh and stale windows. */
export function toStoredResponse(response: Response, nonce: string, fresh: number, now = Date.now()) {
  const stored = new Response(response.body, response);
  stored.headers.set("Cache-Control", `public, max-age=${fresh + STALE_SECONDS}`);
  stored.headers.set(CACHED_AT, String(now));
  stored.headers.set(RENDER_NONCE, nonce);
  return stored;
}

export type CachedPage = { response: Response; stale: boolean };

// The isolate's own copies of the hottest pages, in front of the Cache API (which is a
// network hop away from the isolate in production and a local service in development):
// a burst of visitors for one shared link is then answered from memory. Bounded in count
// and size; a purge clears this isolate's copy, other isolates keep theirs at most
// MEMORY_SECONDS (docs/decisions/0019-edge-cache.md).
const MEMORY_SECONDS = 10;
const MEMORY_ENTRIES = 64;
const MEMORY_ENTRY_BYTES = 256 * 1024;
type MemoryPage = { body: ArrayBuffer; status: number; headers: [string, string][]; storedAt: number; cachedAt: number };
const memory = new Map<string, MemoryPage>();

function remember(url: string, page: MemoryPage) {
  if (page.body.byteLength > MEMORY_ENTRY_BYTES) return;
  memory.delete(url);
  memory.set(url, page);
  while (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value!);
}

function fromMemory(url: string, now: number): MemoryPage | null {
  const page = memory.get(url);
  if (!page) return null;
  if (now - page.storedAt > MEMORY_SECONDS * 1000) {
    memory.delete(url);
    return null;
  }
  return page;
}

/** The isolate's memory holds both variants of a page, told apart by this prefix. */
const memoryKeyFor = (key: string, lessData: boolean) => (lessData ? `economia ${key}` : key);

/** Reads a stored page; `stale` when its fresh window is over (it should render again). */
export async function readCachedPage(cache: Cache, request: Request, fresh: number, now = Date.now()) {
  const key = cacheKeyFor(request.url).url;
  const inMemory = memoryKeyFor(key, wantsLessData(request));
  let page = fromMemory(inMemory, now);
  if (!page) {
    const hit = await cache.match(key);
    if (!hit) return null;
    page = {
      body: await hit.arrayBuffer(),
      status: hit.status,
      headers: [...hit.headers],
      storedAt: now,
      cachedAt: Number(hit.headers.get(CACHED_AT)),
    };
    if (Number.isFinite(page.cachedAt) && (now - page.cachedAt) / 1000 <= fresh) remember(inMemory, page);
  }
  const age = Number.isFinite(page.cachedAt) ? (now - page.cachedAt) / 1000 : Infinity;
  if (age > fresh + STALE_SECONDS) return null;
  const response = new Response(page.body.slice(0), { status: page.status, headers: page.headers });
  return { response, stale: age > fresh } satisfies CachedPage;
}

/**
 * Turns a stored page into an answer for one visitor: the nonce it was rendered with is
 * replaced by this response's nonce (in the HTML; the CSP header is set afterwards by
 * withSecurityHeaders), and the bookkeeping headers are dropped.
 */
export function toVisitorResponse(cached: Response, nonce: string, status: "HIT" | "STALE"): Response {
  const oldNonce = cached.headers.get(RENDER_NONCE);
  const headers = new Headers(cached.headers);
  headers.delete(CACHED_AT);
  headers.delete(RENDER_NONCE);
  headers.delete("Cache-Control");
  headers.delete("Age");
  headers.set(EDGE_CACHE_STATUS, status);
  const response = new Response(cached.body, { status: cached.status, headers });
  if (!oldNonce) return response;
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        if (element.getAttribute("nonce") === oldNonce) element.setAttribute("nonce", nonce);
      },
    })
    .transform(response);
}

/**
 * The URLs whose stored pages show a changed item: its own page (every variant: keys keep
 * only the parameters a page reads) and the first pages of the listings of its kind, as
 * the routes declare them; purged after the write, so a new, edited, closed or deleted
 * item shows there at once, not after the cache's window (docs/decisions/0019). Deeper
 * pages and city filters age out.
 */
export function pagesShowing(kind: DetailKind, id: number, origin: string): string[] {
  return pathsShowing(kind, id).map((path) => `${origin}${path}`);
}

/**
 * Forgets the stored copies of an item's page in this location (the Cache API is per
 * data centre; other locations age out within the fresh window). Never fails the write.
 */
export async function purgePages(urls: string[]): Promise<void> {
  for (const url of urls) {
    for (const lessData of [false, true]) memory.delete(memoryKeyFor(cacheKeyFor(url).url, lessData));
  }
  try {
    const caches = await Promise.all([openPageCache(false), openPageCache(true)]);
    await Promise.all(caches.flatMap((cache) => urls.map((url) => cache.delete(cacheKeyFor(url)))));
  } catch {
    // A purge that fails leaves a copy at most fresh + stale seconds old.
  }
}

/** The stored pages: the usual ones, or those rendered for `Save-Data: on`. */
export function openPageCache(lessData = false): Promise<Cache> {
  return caches.open(lessData ? "paginas-economia" : "paginas");
}

/**
 * After a write: forgets the stored pages of the changed item, without making the writer
 * wait. The writer has a cookie and already sees a fresh render; this is for everyone else.
 */
export function forgetPage(context: Readonly<RouterContextProvider>, request: Request, kind: DetailKind, id: number): void {
  const { ctx } = getCloudflare(context);
  ctx.waitUntil(purgePages(pagesShowing(kind, id, new URL(request.url).origin)));
}

// Pages this isolate is already rendering again after a stale hit (one render per URL).
const revalidating = new Set<string>();

type PageRequest = {
  request: Request;
  env: Env;
  ctx: ExecutionContext;
  nonce: string;
  /** The app's own render of a request with a given CSP nonce. */
  render: (request: Request, nonce: string) => Promise<Response>;
  /**
   * Counts the view of a detail page served from the cache (no loader runs for it): the
   * product's own rule, handed in by the Worker, since this adapter knows no product code.
   */
  countView: (env: Env, request: Request, item: { kind: DetailKind; id: number }) => Promise<void>;
};

/**
 * Renders the page and stores it when it came out the same for everyone. After a stale
 * hit (`evict`), an answer that may not be stored (404, 410, a redirect) deletes the copy:
 * the item is gone or moved. A 5xx keeps it, a failed render is no reason to forget.
 */
async function renderAndStore({ request, ctx, nonce, render }: PageRequest, fresh: number, evict = false) {
  const response = await render(request, nonce);
  const key = cacheKeyFor(request.url).url;
  const lessData = wantsLessData(request);
  if (!isCacheableResponse(response)) {
    if (evict && response.status < 500) ctx.waitUntil(purgePages([key]));
    return response;
  }
  const stored = toStoredResponse(response.clone(), nonce, fresh);
  ctx.waitUntil(
    (async () => {
      const body = await stored.arrayBuffer();
      const now = Date.now();
      const headers = [...stored.headers];
      remember(memoryKeyFor(key, lessData), {
        body,
        status: stored.status,
        headers,
        storedAt: now,
        cachedAt: Number(stored.headers.get(CACHED_AT)),
      });
      const cache = await openPageCache(lessData);
      await cache.put(key, new Response(body, { status: stored.status, headers }));
    })().catch(() => {}),
  );
  return response;
}

/**
 * Cookie-less GETs of public pages: the stored copy when there is one (its view counted
 * here, since no loader runs), else a render that is stored for the next visitor. A stale
 * copy still answers while one render refreshes it. Null when the request is not one of
 * these, or the cache is off; the caller then renders as usual.
 */
export async function fromPageCache(page: PageRequest): Promise<Response | null> {
  const { request, env, ctx, nonce } = page;
  const fresh = freshSeconds(env, request);
  if (fresh === 0 || !isCacheableRequest(request)) return null;
  // The page is rendered from its key, so the shared copy never carries one visitor's
  // tracking parameters, and it is exactly what that key stands for. Nor their location:
  // the keyed request has no `cf` ('Perto de você', docs/decisions/0032).
  const key = cacheKeyFor(request.url).url;
  const keyed = { ...page, request: new Request(key, { headers: request.headers }) };
  const cache = await openPageCache(wantsLessData(request));
  const cached = await readCachedPage(cache, keyed.request, fresh).catch(() => null);
  if (!cached) {
    const response = await renderAndStore(keyed, fresh);
    const marked = new Response(response.body, response);
    marked.headers.set(EDGE_CACHE_STATUS, "MISS");
    return marked;
  }
  const refreshing = memoryKeyFor(key, wantsLessData(request));
  if (cached.stale && !revalidating.has(refreshing)) {
    revalidating.add(refreshing);
    const again = { ...page, request: new Request(key, { headers: request.headers }), nonce: createNonce() };
    ctx.waitUntil(
      renderAndStore(again, fresh, true)
        .then((response) => response.body?.cancel())
        .catch(() => {})
        .finally(() => revalidating.delete(refreshing)),
    );
  }
  const item = detailOf(new URL(request.url).pathname);
  if (item) await page.countView(env, request, item);
  return toVisitorResponse(cached.response, nonce, cached.stale ? "STALE" : "HIT");
}
