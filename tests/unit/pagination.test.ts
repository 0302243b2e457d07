import { describe, expect, it } from "vitest";
import { hrefForPage, pageCount, pageFromUrl, visiblePages } from "~/lib/pagination";

describe("pagination helpers", () => {
  it("reads the page number defensively", () => {
    expect(pageFromUrl(new URL("http://x/pets?page=3"))).toBe(3);
    expect(pageFromUrl(new URL("http://x/pets?page=-1"))).toBe(1);
    expect(pageFromUrl(new URL("http://x/pets?page=abc"))).toBe(1);
    expect(pageFromUrl(new URL("http://x/pets"))).toBe(1);
  });

  it("counts pages of 24", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
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
