import { describe, expect, it } from "vitest";
import { hrefForPage, loadPageWithin, MAX_PAGE, PAGE_SIZE, pageCount, pageFromUrl, visiblePages } from "~/lib/pagination";

describe("pagination helpers", () => {
  it("reads the page number defensively", () => {
    expect(pageFromUrl(new URL("http://x/pets?page=3"))).toBe(3);
    expect(pageFromUrl(new URL("http://x/pets?page=-1"))).toBe(1);
    expect(pageFromUrl(new URL("http://x/pets?page=abc"))).toBe(1);
    expect(pageFromUrl(new URL("http://x/pets"))).toBe(1);
  });

  it("clamps the page to 1..MAX_PAGE so OFFSET never scans a table (docs/decisions/0012)", () => {
    const page = (value: string) => pageFromUrl(new URL(`http://x/pets?page=${value}`));
    expect(page("1000000000")).toBe(MAX_PAGE);
    expect(page("1e99")).toBe(1);
    expect(page("9".repeat(400))).toBe(MAX_PAGE);
    expect(page("0")).toBe(1);
    expect(page("1.5")).toBe(1);
    expect(page("0x10")).toBe(1);
    expect(page("7&page=9")).toBe(7);
    expect(pageCount(10_000 * 24)).toBe(MAX_PAGE);
  });

  it("serves the last page for a page past it", async () => {
    const calls: number[] = [];
    const load = async (page: number) => {
      calls.push(page);
      return { total: PAGE_SIZE + 6, rows: page };
    };
    expect(await loadPageWithin(2, load, (r) => r.total)).toEqual({ total: PAGE_SIZE + 6, rows: 2, page: 2 });
    expect(await loadPageWithin(9, load, (r) => r.total)).toEqual({ total: PAGE_SIZE + 6, rows: 2, page: 2 });
    expect(calls).toEqual([2, 9, 2]);
    const empty = await loadPageWithin(
      3,
      async () => ({ total: 0 }),
      (r) => r.total,
    );
    expect(empty.page).toBe(1);
  });

  it("counts pages of PAGE_SIZE", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(PAGE_SIZE)).toBe(1);
    expect(pageCount(PAGE_SIZE + 1)).toBe(2);
  });

  it("keeps the other parameters in page links", () => {
    const url = new URL("http://x/pets?status=perdido&page=2");
    expect(hrefForPage(url, 3)).toBe("/pets?status=perdido&page=3");
    expect(hrefForPage(url, 1)).toBe("/pets?status=perdido");
  });

  it("shows first, last and neighbours with gaps", () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(visiblePages(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
