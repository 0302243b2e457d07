import { describe, expect, it } from "vitest";
import { sniffImageType } from "~/lib/image-type";

const bytes = (...parts: (number[] | string)[]) => {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === "string") out.push(...[...part].map((c) => c.charCodeAt(0)));
    else out.push(...part);
  }
  while (out.length < 32) out.push(0);
  return new Uint8Array(out);
};

describe("sniffImageType", () => {
  it("recognises the five accepted formats by their bytes", () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))?.mime).toBe("image/jpeg");
    expect(sniffImageType(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))?.mime).toBe("image/png");
    expect(sniffImageType(bytes("GIF89a"))?.mime).toBe("image/gif");
    expect(sniffImageType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))?.mime).toBe("image/webp");
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], "ftyp", "avif", [0, 0, 0, 0], "mif1"))?.extension).toBe("avif");
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], "ftyp", "mif1", [0, 0, 0, 0], "avif"))?.extension).toBe("avif");
  });

  it("refuses text, SVG, HEIC-only and short files", () => {
    expect(sniffImageType(bytes("Isto não é uma imagem, é um texto."))).toBeNull();
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageType(bytes([0, 0, 0, 0x18], "ftyp", "heic", [0, 0, 0, 0], "mif1"))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});
