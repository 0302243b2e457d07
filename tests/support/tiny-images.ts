// Small, real images for upload tests: the upload check asks the Images binding to read
// each file's header (docs/decisions/0029), so a signature followed by zeros is refused.
// Synchronous, for fixtures; each `seed` gives different bytes (a distinct file).

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

// A 2 × 2 baseline JPEG (written by sharp).
const JPEG_2X2 = fromBase64(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKABiz//2Q==",
);

/** A real 2 × 2 JPEG; the seed goes into a comment segment right after SOI. */
export function tinyJpeg(seed = 0): Uint8Array<ArrayBuffer> {
  const comment = [0xff, 0xfe, 0, 6, (seed >>> 24) & 255, (seed >>> 16) & 255, (seed >>> 8) & 255, seed & 255];
  const out = new Uint8Array(JPEG_2X2.length + comment.length);
  out.set(JPEG_2X2.subarray(0, 2));
  out.set(comment, 2);
  out.set(JPEG_2X2.subarray(2), 2 + comment.length);
  return out;
}

/** A real 1 × 1 GIF. */
export function tinyGif(): Uint8Array<ArrayBuffer> {
  return fromBase64("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==");
}

function crc32(bytes: Uint8Array) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: number[]) {
  const body = new Uint8Array([...type].map((c) => c.charCodeAt(0)).concat(data));
  const crc = crc32(body);
  const len = data.length;
  return [
    len >>> 24,
    (len >>> 16) & 255,
    (len >>> 8) & 255,
    len & 255,
    ...body,
    crc >>> 24,
    (crc >>> 16) & 255,
    (crc >>> 8) & 255,
    crc & 255,
  ];
}

/** A real 1 × 1 grey PNG (IHDR, one stored-deflate IDAT, IEND); the seed is the grey (0–255). */
export function tinyPng(seed = 0): Uint8Array<ArrayBuffer> {
  const raw = [0, seed & 255]; // filter byte 0, one grey pixel
  const a = (1 + raw[0]! + raw[1]!) % 65521;
  const b = (1 + raw[0]! + a) % 65521; // Adler-32 of the row
  const zlib = [0x78, 0x01, 0x01, 0x02, 0x00, 0xfd, 0xff, ...raw, b >>> 8, b & 255, a >>> 8, a & 255];
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]),
    ...chunk("IDAT", zlib),
    ...chunk("IEND", []),
  ]);
}
