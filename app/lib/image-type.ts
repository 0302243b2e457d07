// Uploads are judged by their bytes, never by the name or the browser's Content-Type:
// a text file renamed .jpg, or an SVG (which can carry scripts), is refused.

/** The types sniffImageType knows, for file inputs' `accept` (the server still checks bytes). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

export interface ImageType {
  mime: "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "image/avif";
  extension: "jpg" | "png" | "webp" | "gif" | "avif";
}

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: "image/jpeg", extension: "jpg" };
  }
  if (
    bytes[0] === 0x89 &&
    ascii(bytes, 1, 4) === "PNG" &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  ) {
    return { mime: "image/png", extension: "png" };
  }
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") {
    return { mime: "image/gif", extension: "gif" };
  }
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return { mime: "image/webp", extension: "webp" };
  }
  // ISO-BMFF: box size, 'ftyp', major brand, minor version, compatible brands.
  if (ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = Math.min(bytes.length, (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!);
    const brands = [ascii(bytes, 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(bytes, i, i + 4));
    if (brands.includes("avif") || brands.includes("avis")) return { mime: "image/avif", extension: "avif" };
  }
  return null;
}
