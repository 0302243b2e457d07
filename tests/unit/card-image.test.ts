// The card-size copy (docs/decisions/0018-card-images.md), made by the same code and the
// same jSquash WebAssembly as in the Worker; here in Node, where the .wasm files load from
// disk (the Workers test pool cannot load them; the built Worker is covered end to end).
import encodeJpeg, { init as initJpegEncode } from "@jsquash/jpeg/encode";
import encodePng, { init as initPngEncode } from "@jsquash/png/encode";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeJpeg } from "~/services/card-image-codecs.server";
import { CARD_MAX_BYTES, makeCardImage, readImageSize, type CardImageResult } from "~/services/card-image.server";
import { decodeJpegReduced, readJpegInfo } from "~/services/jpeg-reduced.server";
import { photoPixels as picture } from "../support/photo-pixels";
import { mozjpegEncoder, pngCodec } from "./card-image-wasm";

beforeAll(async () => {
  await (initJpegEncode as unknown as (module: WebAssembly.Module) => Promise<void>)(mozjpegEncoder);
  await initPngEncode(pngCodec);
});


async function jpeg(width: number, height: number, options: Record<string, unknown> = {}) {
  return new Uint8Array(await encodeJpeg(picture(width, height), { quality: 90, progressive: false, ...options }));
}

/** Puts an EXIF APP1 segment with this orientation right after the JPEG's SOI. */
function withOrientation(bytes: Uint8Array, orientation: number) {
  // "Exif\0\0", big-endian TIFF header, IFD0 with one entry: 0x0112 SHORT 1 = orientation.
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const segment = [0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 255, ...payload];
  const out = new Uint8Array(bytes.length + segment.length);
  out.set(bytes.subarray(0, 2));
  out.set(segment, 2);
  out.set(bytes.subarray(2), 2 + segment.length);
  return out;
}

/** The size in a lossy WebP's VP8 frame header (what browsers read first). */
function webpSize(bytes: Uint8Array) {
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  expect(text(0, 4)).toBe("RIFF");
  expect(text(8, 16)).toBe("WEBPVP8 ");
  // Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
  expect([...bytes.subarray(23, 26)]).toEqual([0x9d, 0x01, 0x2a]);
  return { width: (bytes[26]! | (bytes[27]! << 8)) & 0x3fff, height: (bytes[28]! | (bytes[29]! << 8)) & 0x3fff };
}

function card(result: Awaited<ReturnType<typeof makeCardImage>>): CardImageResult {
  expect(typeof result, `sem cópia: ${String(result)}`).toBe("object");
  const made = result as CardImageResult;
  expect(made.bytes.byteLength).toBeLessThanOrEqual(CARD_MAX_BYTES);
  expect(webpSize(made.bytes)).toEqual({ width: made.width, height: made.height });
  return made;
}

describe("card-size copies", () => {
  it("a 12 MP phone JPEG of 3–4 MB becomes a WebP 480 px wide, at most 60 KB", async () => {
    const bytes = await jpeg(4000, 3000);
    expect(bytes.byteLength).toBeGreaterThan(3_000_000);
    expect(bytes.byteLength).toBeLessThan(5 * 1024 * 1024);
    const made = card(await makeCardImage(bytes, "jpg"));
    expect([made.width, made.height]).toEqual([480, 360]);
  }, 120_000);

  it("mid-size JPEGs (reduced by 2 and by 4), a big PNG and a WebP get their copy too", async () => {
    expect(card(await makeCardImage(await jpeg(2400, 1800), "jpg"))).toMatchObject({ width: 480, height: 360 });
    expect(card(await makeCardImage(await jpeg(1200, 900), "jpg"))).toMatchObject({ width: 480, height: 360 });
    const png = new Uint8Array(await encodePng(picture(1600, 1200, 8)));
    expect(png.byteLength).toBeGreaterThan(1_000_000);
    expect(card(await makeCardImage(png, "png"))).toMatchObject({ width: 480, height: 360 });
    const webp = (await makeCardImage(await jpeg(800, 600), "jpg")) as CardImageResult;
    expect(card(await makeCardImage(webp.bytes, "webp"))).toMatchObject({ width: 480, height: 360 });
  }, 120_000);

  it("turns the copy as the EXIF orientation says (a phone held upright)", async () => {
    const bytes = withOrientation(await jpeg(2000, 1500), 6);
    expect(readJpegInfo(bytes)?.orientation).toBe(6);
    expect(card(await makeCardImage(bytes, "jpg"))).toMatchObject({ width: 480, height: 640 });
  }, 60_000);

  it("never enlarges a small photo; a small progressive JPEG is decoded whole", async () => {
    expect(card(await makeCardImage(await jpeg(320, 240), "jpg"))).toMatchObject({ width: 320, height: 240 });
    const progressive = await jpeg(1200, 900, { progressive: true });
    expect(readJpegInfo(progressive)?.sequential).toBe(false);
    expect(card(await makeCardImage(progressive, "jpg"))).toMatchObject({ width: 480, height: 360 });
  }, 60_000);

  it("says why there is no copy: a big progressive JPEG, broken bytes, GIF/AVIF", async () => {
    expect(await makeCardImage(await jpeg(2400, 1800, { progressive: true }), "jpg")).toBe("size");
    const broken = new Uint8Array(4096);
    broken.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    for (let i = 10; i < broken.length; i++) broken[i] = (i * 7919) & 0xff;
    expect(await makeCardImage(broken, "jpg")).toBe("decode");
    // Cut short: shown like a browser shows a partial download, or refused; never thrown.
    const cut = (await jpeg(1600, 1200)).subarray(0, 20_000);
    await expect(makeCardImage(cut, "jpg")).resolves.toBeDefined();
    expect(await makeCardImage(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]), "gif")).toBe("type");
    expect(await makeCardImage(new Uint8Array(16), "avif")).toBe("type");
  }, 60_000);

  it("reads sizes from headers", async () => {
    expect(readImageSize(await jpeg(640, 480), "jpg")).toEqual({ width: 640, height: 480 });
    expect(readImageSize(new Uint8Array(await encodePng(picture(33, 17))), "png")).toEqual({ width: 33, height: 17 });
    expect(readImageSize(new Uint8Array([1, 2, 3]), "png")).toBeNull();
  });
});

describe("reduced JPEG decoding", () => {
  it("matches the full decode, box-averaged, within rounding and chroma subsampling", async () => {
    const bytes = await jpeg(1280, 960);
    const full = await decodeJpeg(bytes);
    for (const n of [1, 2, 4] as const) {
      const reduced = decodeJpegReduced(bytes, n);
      const f = 8 / n;
      expect([reduced.width, reduced.height]).toEqual([(1280 * n) / 8, (960 * n) / 8]);
      let error = 0;
      let count = 0;
      for (let y = 0; y < reduced.height; y += 3) {
        for (let x = 0; x < reduced.width; x += 3) {
          for (let c = 0; c < 3; c++) {
            let sum = 0;
            for (let yy = 0; yy < f; yy++) for (let xx = 0; xx < f; xx++) sum += full.data[((y * f + yy) * full.width + x * f + xx) * 4 + c]!;
            error += Math.abs(sum / (f * f) - reduced.data[(y * reduced.width + x) * 4 + c]!);
            count++;
          }
        }
      }
      expect(error / count, `n=${n}`).toBeLessThan(3);
    }
  }, 60_000);

  it("refuses what it does not read instead of guessing", async () => {
    expect(() => decodeJpegReduced(new Uint8Array([1, 2, 3]), 1)).toThrow();
    expect(() => decodeJpegReduced(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 1)).toThrow();
  });
});
