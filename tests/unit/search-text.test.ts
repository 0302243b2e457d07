import { describe, expect, it } from "vitest";
import { searchTerms } from "~/lib/pet-search";
import { cleanSearchText, likeContainsPattern, truncateChars, utf8Length } from "~/lib/search-text";

describe("search text bounds (docs/decisions/0012)", () => {
  it("keeps LIKE patterns within D1's 50 bytes, never cutting a character or an escape", () => {
    expect(likeContainsPattern("coleira")).toBe("%coleira%");
    expect(likeContainsPattern("a".repeat(60))).toBe(`%${"a".repeat(48)}%`);
    const accents = likeContainsPattern("ção".repeat(20));
    expect(utf8Length(accents)).toBeLessThanOrEqual(50);
    expect(accents).toMatch(/^%(ção)+(ç|çã)?%$/u);
    const emoji = likeContainsPattern("🐶".repeat(20));
    expect(emoji).toBe(`%${"🐶".repeat(12)}%`);
    expect(likeContainsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    const escapes = likeContainsPattern("%".repeat(40));
    expect(escapes).toBe(`%${"\\%".repeat(24)}%`);
    expect(likeContainsPattern("a".repeat(47) + "%")).toBe(`%${"a".repeat(47)}%`);
  });

  it("cleans q: NFC, no control characters, single spaces, 100 code points", () => {
    expect(cleanSearchText(null)).toBe("");
    expect(cleanSearchText("  vira \n\t lata\u0000 ")).toBe("vira lata");
    expect(cleanSearchText("Sa\u0303o")).toBe("São");
    const long = cleanSearchText("🐶".repeat(150));
    expect(Array.from(long)).toHaveLength(100);
    expect(long).toBe("🐶".repeat(100));
    expect(truncateChars("ab🐶c", 3)).toBe("ab🐶");
  });

  it("keeps the first 8 words of a pet search", () => {
    const q = Array.from({ length: 25 }, (_, i) => `p${i}`).join(" ");
    expect(searchTerms(q).short).toEqual(["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"]);
    expect(searchTerms('"Thor" NEAR(a b) OR x* -y').phrases).toEqual(["Thor", "NEAR"]);
  });
});
