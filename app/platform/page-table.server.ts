// The route table as the Worker sees it, for the page policy each route declares in its
// handle (app/lib/page-policy.ts; docs/decisions/0019, "Where the policy lives"). The
// Worker hands over the server build's routes; a path is matched as React Router matches
// it (`matchRoutes`), so the cache knows exactly the pages the app has, with no list of
// its own to keep in step.
import { generatePath, matchPath, matchRoutes, type Params, type RouteObject } from "react-router";
import { type DetailKind, type PageCachePolicy, policyOf } from "~/lib/page-policy";

/** A route as the server build lists it (`build.routes`): flat, by parent id. */
export interface ServerRouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { handle?: unknown };
}

export type ServerRoutes = Record<string, ServerRouteEntry | undefined>;

/** A cacheable page: its leaf route's pattern ("/pet/:id"), the path's params and its policy. */
export interface CachedPageRoute {
  pattern: string;
  params: Params;
  cache: PageCachePolicy;
}

/** A route whose policy says cacheable, with its full pattern ("/pet/:id"). */
interface CachedRoute {
  id: string;
  pattern: string;
  cache: PageCachePolicy;
}

let routes: ServerRoutes | null = null;
let tree: RouteObject[] = [];
let cachedRoutes: CachedRoute[] = [];
// The cacheable routes by their pattern's first segment ("*" when it is dynamic), so most
// paths (images, forms, dashboards) are turned away without a match.
let cachedRoutesByFirstSegment = new Map<string, CachedRoute[]>();

// matchRoutes ranks the whole table on every call (about 1.4 ms for ours, where a hit is
// served in a few): it runs only for a path a cacheable route writes, once per path while
// the answer is kept (a bounded number of them).
const MEMO_ENTRIES = 256;
const memo = new Map<string, CachedPageRoute | null>();

function treeOf(all: ServerRouteEntry[], parentId: string | undefined): RouteObject[] {
  return all
    .filter((route) => route.parentId === parentId)
    .map(
      ({ id, path, index, caseSensitive, module }): RouteObject =>
        index
          ? { id, path, index: true, caseSensitive, handle: module.handle }
          : { id, path, caseSensitive, handle: module.handle, children: treeOf(all, id) },
    );
}

const joinPath = (parent: string, path: string | undefined) => `/${[parent, path ?? ""].join("/").split("/").filter(Boolean).join("/")}`;
const firstSegment = (path: string) => path.split("/")[1] ?? "";

function cachedRoutesOf(routeTree: RouteObject[], parent = "/"): CachedRoute[] {
  return routeTree.flatMap((route) => {
    const pattern = joinPath(parent, route.path);
    const cache = policyOf(route.handle).cache;
    return [...(cache ? [{ id: route.id!, pattern, cache }] : []), ...cachedRoutesOf(route.children ?? [], pattern)];
  });
}

/** Takes the app's route table (the Worker: the server build's; tests: the same, from app/routes.ts). */
export function setRouteTable(serverRoutes: ServerRoutes): void {
  if (serverRoutes === routes) return;
  routes = serverRoutes;
  tree = treeOf(
    Object.values(serverRoutes).filter((route): route is ServerRouteEntry => route !== undefined),
    undefined,
  );
  cachedRoutes = cachedRoutesOf(tree);
  cachedRoutesByFirstSegment = new Map();
  for (const route of cachedRoutes) {
    const first = firstSegment(route.pattern);
    const key = first.startsWith(":") ? "*" : first;
    cachedRoutesByFirstSegment.set(key, [...(cachedRoutesByFirstSegment.get(key) ?? []), route]);
  }
  memo.clear();
}

/** The path's params when the route writes exactly this path; null otherwise. */
function writtenBy({ pattern, cache }: CachedRoute, pathname: string): Params | null {
  const match = matchPath({ path: pattern, caseSensitive: true, end: true }, pathname);
  if (!match) return null;
  // Every dynamic segment has a declared shape; a path outside it renders every time.
  for (const [name, value] of Object.entries(match.params)) {
    if (!cache.segments?.[name]?.test(value ?? "")) return null;
  }
  // Only the path as the route writes it: /PETS, /pets/ and /pet/%31 render every time.
  return generatePath(pattern, match.params) === pathname ? match.params : null;
}

function findCachedPage(pathname: string, route: CachedRoute, params: Params): CachedPageRoute | null {
  // And the app routes the path there (a static route ranks above a dynamic one).
  const matches = matchRoutes(tree, pathname);
  const leaf = matches?.[matches.length - 1];
  return leaf?.route.id === route.id ? { pattern: route.pattern, params, cache: route.cache } : null;
}

/** The page at this path when its route declares it cacheable; null for every other path. */
export function cachedPageAt(pathname: string): CachedPageRoute | null {
  if (memo.has(pathname)) return memo.get(pathname)!;
  const candidates = [...(cachedRoutesByFirstSegment.get(firstSegment(pathname)) ?? []), ...(cachedRoutesByFirstSegment.get("*") ?? [])];
  for (const route of candidates) {
    const params = writtenBy(route, pathname);
    if (!params) continue;
    const page = findCachedPage(pathname, route, params);
    if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
    memo.set(pathname, page);
    return page;
  }
  return null;
}

/**
 * The paths (with their purged query strings) of the cacheable pages that show an item:
 * its own page, and the pages that list its kind, as their routes declare.
 */
export function pathsShowing(kind: DetailKind, id: number): string[] {
  const own = cachedRoutes.filter(({ cache }) => cache.item === kind);
  const listings = cachedRoutes.filter(({ cache }) => cache.lists?.includes(kind));
  return [...own, ...listings].flatMap(({ pattern, cache }) => {
    const path = cache.item === kind ? generatePath(pattern, { id: String(id) }) : pattern;
    return (cache.purges ?? [""]).map((query) => `${path}${query}`);
  });
}
