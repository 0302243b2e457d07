import { describe, expect, it } from "vitest";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "~/platform/password.server";

describe("password hashing (PBKDF2-SHA256 in WebCrypto)", () => {
  it("hashes with a per-user salt and verifies", async () => {
    const a = await hashPassword("Patas@2026");
    const b = await hashPassword("Patas@2026");
    expect(a).not.toBe(b);
    expect(a.startsWith(`pbkdf2-sha256$${PBKDF2_ITERATIONS}$`)).toBe(true);
    expect(await verifyPassword("Patas@2026", a)).toBe(true);
    expect(await verifyPassword("patas@2026", a)).toBe(false);
  });

  it("refuses malformed or over-expensive stored hashes", async () => {
    expect(await verifyPassword("x", "md5$abc")).toBe(false);
    expect(await verifyPassword("x", "pbkdf2-sha256$999999999$AAAA$AAAA")).toBe(false);
  });
});
