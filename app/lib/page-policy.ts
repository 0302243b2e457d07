// What a page is, declared once on its route as `export const handle = pagePolicy({...})`:
// whether it goes out light (docs/decisions/0042), whether the edge cache may keep it for
// cookie-less visitors and under which key (docs/decisions/0019), and which writes purge
// it. The root reads the leaf's handle for the light page; the Worker reads it through
// the route table (app/platform/page-table.server.ts). Browser-safe: route modules import it.
import type { UIMatch } from "react-router";
import { readRadius } from "./place-names";

/** The items that have a public page of their own (`/pet/:id`, `/produto/:id`, …). */
export type DetailKind = "pet" | "product" | "clinic" | "organization" | "event";

/** Every kind, for a page that shows them all (the home page). */
export const DETAIL_KINDS: readonly DetailKind[] = ["pet", "product", "clinic", "organization", "event"];

/**
 * How a page's loader reads one query parameter: its first value (as `searchParams.get`),
 * every value (`getAll`), or a function that maps the first value to what the page shows
 * (null: the page ignores it).
 */
export type ParamRule = "first" | "all" | ((value: string) => string | null);

/** `?raio=` as the listings read it (readRadius): junk and "0" are one copy (docs/decisions/0032). */
export const radiusAsRead: ParamRule = (value) => String(readRadius(value));

export interface PageCachePolicy {
  /**
   * The query parameters the page's loader reads, in key order. Only these make the
   * cache key and reach the render, so ?utm_source=, ?fbclid= and the like share one
   * copy (docs/decisions/0019, "Variants"). A loader that reads a parameter not named
   * here fails tests/worker/page-policy.test.ts.
   */
  params: Record<string, ParamRule>;
  /** The shape each dynamic segment must have; other paths are rendered every time. */
  segments?: Record<string, RegExp>;
  /** The page is this item's own, found by its `:id`: a hit counts the item's view. */
  item?: DetailKind;
  /** Kinds of item the page lists (its first pages): a write to one of them purges it. */
  lists?: readonly DetailKind[];
  /** The query strings of the page a write purges ("" is the page without one). */
  purges?: readonly string[];
}

export interface PagePolicy {
  /** Rendered without the app's scripts, for everyone (docs/decisions/0042). */
  light?: boolean;
  /** The same for every cookie-less visitor: the edge cache may keep it. */
  cache?: PageCachePolicy;
}

/** A route's policy, typed where it is written: `export const handle = pagePolicy({...})`. */
export function pagePolicy(policy: PagePolicy): PagePolicy {
  return policy;
}

/** The policy a route's handle declares (none for a route without one). */
export function policyOf(handle: unknown): PagePolicy {
  return typeof handle === "object" && handle !== null ? (handle as PagePolicy) : {};
}

/** Whether this document goes out without the app's scripts: decided by its leaf route. */
export function isLightPage(matches: Pick<UIMatch, "handle">[]): boolean {
  return policyOf(matches[matches.length - 1]?.handle).light === true;
}

/** The `:id` of a detail page the cache keeps: up to 9 digits (other ids render every time). */
export const DETAIL_ID = /^\d{1,9}$/;

/** A city page's `:uf/:cidade` as its links write them (placeSlug; docs/decisions/0032). */
export const CITY_SEGMENTS: Record<string, RegExp> = { uf: /^[a-z]{2}$/, cidade: /^[a-z0-9-]{1,80}$/ };
