import { describe, expect, it } from "vitest";
import { qrCodePath } from "~/lib/qr";

describe("qrCodePath", () => {
  it("draws a square QR code with the three finder patterns", () => {
    const { size, path } = qrCodePath("https://patasconectadas.com.br/pet/42");
    expect(size).toBeGreaterThanOrEqual(21);
    expect((size - 17) % 4).toBe(0);
    // Top-left, top-right and bottom-left corners are dark.
    expect(path).toContain("M0 0h1v1h-1z");
    expect(path).toContain(`M${size - 1} 0h1v1h-1z`);
    expect(path).toContain(`M0 ${size - 1}h1v1h-1z`);
  });
});
