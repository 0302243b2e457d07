/**
 * Cards per page of a listing or search: 12, so that a page's photos on a phone sit within
 * what Chromium lazy-loads ahead with JavaScript on; without JavaScript it fetches every
 * photo of the page (docs/decisions/0043, "No extra bytes without JavaScript").
 */
export const PAGE_SIZE = 12;
/**
 * The deepest page a listing or search serves: OFFSET reads every row it skips, so a
 * page number must not make D1 scan the table; past 100 pages (1,200 items) people
 * narrow with the search and filters (docs/decisions/0012).
 */
export const MAX_PAGE = 100;

/** Reads ?page= as a whole number in 1..MAX_PAGE (1 when missing or malformed). */
export function pageFromUrl(url: URL): number {
  return parsePage(url.searchParams.get("page"));
}

export function parsePage(value: string | null): number {
  if (!value || !/^\d+$/.test(value.trim())) return 1;
  return Math.min(Math.max(Number(value.trim()), 1), MAX_PAGE);
}

/** How many pages a total fills, at least 1 and at most MAX_PAGE. */
export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.min(Math.max(1, Math.ceil(total / pageSize)), MAX_PAGE);
}

/**
 * Loads `page`; a page past the last one (an old link, a hand-made URL) answers the last
 * page instead, at the cost of a second round-trip only for such URLs.
 */
export async function loadPageWithin<T extends object>(
  page: number,
  load: (page: number) => Promise<T>,
  countOf: (result: T) => number,
  pageSize = PAGE_SIZE,
): Promise<T & { page: number }> {
  const first = await load(page);
  const last = pageCount(countOf(first), pageSize);
  if (page <= last) return { ...first, page };
  return { ...(await load(last)), page: last };
}

/** The same URL on another page, keeping every other parameter. */
export function hrefForPage(url: URL, page: number): string {
  const params = new URLSearchParams(url.search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/** Page numbers to show: first, last, and two around the current one, with gaps as null. */
export function visiblePages(current: number, total: number): (number | null)[] {
  const pages = new Set([1, total, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const page of sorted) {
    const previous = result[result.length - 1];
    if (typeof previous === "number" && page - previous > 1) result.push(null);
    result.push(page);
  }
  return result;
}
