// The card-size copy of an uploaded photo (docs/decisions/0018-card-images.md): at most
// 480 px wide, WebP, at most 60 KB, made in the Worker with jSquash's WebAssembly codecs.
// Memory is the constraint (128 MB per isolate): a big JPEG is decoded already reduced
// (jpeg-reduced.server.ts); anything else is decoded whole only when it is small enough.
import { decodeJpegReduced, readJpegInfo, type RgbaImage } from "./jpeg-reduced.server";
import type { ImageType } from "~/lib/image-type";

export const CARD_MAX_WIDTH = 480;
const CARD_MAX_HEIGHT = 960;
export const CARD_MAX_BYTES = 60 * 1024;
/** Lowered in turn until the WebP fits in CARD_MAX_BYTES. */
const WEBP_QUALITIES = [75, 60, 45, 30, 15];
/**
 * Largest picture decoded whole (RGBA: 4 bytes a pixel, held twice while the codec hands it
 * over): 4 MP is ~16 MB, ~40 MB at the peak. Bigger baseline JPEGs take the reduced path.
 */
export const MAX_FULL_DECODE_PIXELS = 4_000_000;

export type CardImageSkip = "type" | "size" | "decode" | "bytes";

export interface CardImageResult {
  bytes: Uint8Array;
  width: number;
  height: number;
  quality: number;
}

// The codecs run in their own WebAssembly instances; the Worker build and the test pool
// load the .wasm files as compiled modules (imported, never fetched).
type Codecs = typeof import("./card-image-codecs.server");
let codecs: Promise<Codecs> | undefined;
function loadCodecs(): Promise<Codecs> {
  codecs ??= import("./card-image-codecs.server");
  return codecs;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** Width and height from the file's header (JPEG, PNG, WebP), or null. */
export function readImageSize(bytes: Uint8Array, type: ImageType["extension"]): ImageSize | null {
  const le16 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8);
  const le24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
  const be32 = (at: number) => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
  if (type === "jpg") {
    const info = readJpegInfo(bytes);
    return info ? { width: info.width, height: info.height } : null;
  }
  if (type === "png") {
    if (bytes.length < 24) return null;
    return { width: be32(16), height: be32(20) };
  }
  if (type === "webp") {
    if (bytes.length < 30) return null;
    const chunk = String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!);
    if (chunk === "VP8 ") return { width: le16(26) & 0x3fff, height: le16(28) & 0x3fff };
    if (chunk === "VP8L") {
      return {
        width: 1 + (((bytes[22]! & 0x3f) << 8) | bytes[21]!),
        height: 1 + (((bytes[24]! & 0x0f) << 10) | (bytes[23]! << 2) | ((bytes[22]! & 0xc0) >> 6)),
      };
    }
    if (chunk === "VP8X") return { width: 1 + le24(24), height: 1 + le24(27) };
  }
  return null;
}

/** The size that fits CARD_MAX_WIDTH × CARD_MAX_HEIGHT, never larger than the original. */
export function cardSize(width: number, height: number): ImageSize {
  const scale = Math.min(1, CARD_MAX_WIDTH / width, CARD_MAX_HEIGHT / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Box-filter reduction (each result pixel is the mean of the area it covers). */
export function resizeArea(source: RgbaImage, width: number, height: number): RgbaImage {
  const { width: sw, height: sh, data } = source;
  if (width === sw && height === sh) return source;
  const sx = sw / width;
  const sy = sh / height;
  // For every result column, the source columns it covers and how much of each.
  const spans: { from: number; weights: number[] }[] = [];
  for (let x = 0; x < width; x++) {
    const start = x * sx;
    const end = Math.min(sw, (x + 1) * sx);
    const from = Math.floor(start);
    const weights: number[] = [];
    for (let s = from; s < end; s++) weights.push(Math.min(end, s + 1) - Math.max(start, s));
    spans.push({ from, weights });
  }
  const sums = new Float32Array(width * height * 4);
  const row = new Float32Array(width * 4);
  for (let y = 0; y < sh; y++) {
    row.fill(0);
    const line = y * sw * 4;
    for (let x = 0; x < width; x++) {
      const { from, weights } = spans[x]!;
      let r = 0, g = 0, b = 0, a = 0;
      for (let k = 0; k < weights.length; k++) {
        const w = weights[k]!;
        const p = line + (from + k) * 4;
        r += data[p]! * w;
        g += data[p + 1]! * w;
        b += data[p + 2]! * w;
        a += data[p + 3]! * w;
      }
      row[x * 4] = r;
      row[x * 4 + 1] = g;
      row[x * 4 + 2] = b;
      row[x * 4 + 3] = a;
    }
    // Source row y covers [y, y + 1); result row j covers [j·sy, (j + 1)·sy).
    const first = Math.floor(y / sy);
    for (let j = first; j < height && j * sy < y + 1; j++) {
      const overlap = Math.min(y + 1, (j + 1) * sy) - Math.max(y, j * sy);
      if (overlap <= 0) continue;
      const out = j * width * 4;
      for (let i = 0; i < width * 4; i++) sums[out + i] = sums[out + i]! + row[i]! * overlap;
    }
  }
  const result = new Uint8ClampedArray(width * height * 4);
  const area = sx * sy;
  for (let i = 0; i < result.length; i++) result[i] = sums[i]! / area + 0.5;
  return { data: result, width, height };
}

/** Turns the pixels as the EXIF orientation (1–8) says the photo is meant to be seen. */
export function applyOrientation(image: RgbaImage, orientation: number): RgbaImage {
  if (orientation <= 1 || orientation > 8) return image;
  const { width: w, height: h, data } = image;
  const swap = orientation >= 5;
  const ow = swap ? h : w;
  const oh = swap ? w : h;
  const out = new Uint8ClampedArray(ow * oh * 4);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      let sx: number;
      let sy: number;
      switch (orientation) {
        case 2: sx = w - 1 - x; sy = y; break;
        case 3: sx = w - 1 - x; sy = h - 1 - y; break;
        case 4: sx = x; sy = h - 1 - y; break;
        case 5: sx = y; sy = x; break;
        case 6: sx = y; sy = h - 1 - x; break;
        case 7: sx = w - 1 - y; sy = h - 1 - x; break;
        default: sx = w - 1 - y; sy = x; break;
      }
      const from = (sy * w + sx) * 4;
      const to = (y * ow + x) * 4;
      out[to] = data[from]!;
      out[to + 1] = data[from + 1]!;
      out[to + 2] = data[from + 2]!;
      out[to + 3] = data[from + 3]!;
    }
  }
  return { data: out, width: ow, height: oh };
}

/** The smallest reduction (8/n) whose result is still at least as wide as the card. */
function jpegReduction(storedWidth: number, storedHeight: number, orientation: number): 1 | 2 | 4 | null {
  const shown = orientation >= 5 ? { width: storedHeight, height: storedWidth } : { width: storedWidth, height: storedHeight };
  const target = cardSize(shown.width, shown.height);
  const need = orientation >= 5 ? target.height : target.width;
  for (const n of [1, 2, 4] as const) {
    if (Math.floor((storedWidth * n) / 8) >= need) return n;
  }
  return null;
}

async function decodeForCard(bytes: Uint8Array, type: ImageType["extension"]): Promise<{ image: RgbaImage; orientation: number } | CardImageSkip> {
  if (type === "jpg") {
    const info = readJpegInfo(bytes);
    if (!info) return "decode";
    const n = info.sequential && (info.components === 1 || info.components === 3)
      ? jpegReduction(info.width, info.height, info.orientation)
      : null;
    if (n) return { image: decodeJpegReduced(bytes, n), orientation: info.orientation };
    if (info.width * info.height > MAX_FULL_DECODE_PIXELS) return "size";
    const { decodeJpeg } = await loadCodecs();
    return { image: await decodeJpeg(bytes), orientation: info.orientation };
  }
  if (type !== "png" && type !== "webp") return "type";
  const size = readImageSize(bytes, type);
  if (!size) return "decode";
  if (size.width * size.height > MAX_FULL_DECODE_PIXELS) return "size";
  const { decodePng, decodeWebp } = await loadCodecs();
  return { image: await (type === "png" ? decodePng(bytes) : decodeWebp(bytes)), orientation: 1 };
}

/**
 * Makes the card-size WebP of an accepted upload, or says why not: a type we do not
 * shrink (GIF, AVIF), a picture too big to decode in a Worker, bytes that do not decode,
 * or no quality that fits in 60 KB. Callers keep and serve the original then.
 */
export async function makeCardImage(bytes: Uint8Array, type: ImageType["extension"]): Promise<CardImageResult | CardImageSkip> {
  let decoded: Awaited<ReturnType<typeof decodeForCard>>;
  try {
    decoded = await decodeForCard(bytes, type);
  } catch {
    return "decode";
  }
  if (typeof decoded === "string") return decoded;
  const { image, orientation } = decoded;
  const swap = orientation >= 5;
  const shown = cardSize(swap ? image.height : image.width, swap ? image.width : image.height);
  const reduced = resizeArea(image, swap ? shown.height : shown.width, swap ? shown.width : shown.height);
  const card = applyOrientation(reduced, orientation);
  const { encodeWebp } = await loadCodecs();
  for (const quality of WEBP_QUALITIES) {
    const webp = await encodeWebp(card, quality);
    if (webp.byteLength <= CARD_MAX_BYTES) return { bytes: webp, width: card.width, height: card.height, quality };
  }
  return "bytes";
}
