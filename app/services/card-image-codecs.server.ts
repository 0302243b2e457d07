// jSquash's WebAssembly codecs, initialised with modules imported at build time (the
// Workers runtime cannot fetch or compile .wasm at run time). See
// docs/decisions/0018-card-images.md.
import decodeJpegWasm, { init as initJpegDecode } from "@jsquash/jpeg/decode";
import decodePngWasm, { init as initPngDecode } from "@jsquash/png/decode";
import decodeWebpWasm, { init as initWebpDecode } from "@jsquash/webp/decode";
import encodeWebpWasm, { init as initWebpEncode } from "@jsquash/webp/encode";
import { mozjpegDecoder, pngCodec, webpDecoder, webpEncoderSimd } from "~/services/card-image-wasm.server";
import type { RgbaImage } from "./jpeg-reduced.server";

// jSquash's glue builds ImageData objects; workerd has no ImageData.
if (!("ImageData" in globalThis)) {
  (globalThis as { ImageData?: unknown }).ImageData = class {
    constructor(
      public data: Uint8ClampedArray,
      public width: number,
      public height: number,
    ) {}
  };
}

// jSquash types `init` with Emscripten options only, but its code takes the module first.
type InitWithModule = (module: WebAssembly.Module) => Promise<unknown>;
const withModule = (init: unknown) => init as InitWithModule;

const plain = (image: { data: Uint8ClampedArray; width: number; height: number }): RgbaImage => ({
  data: image.data,
  width: image.width,
  height: image.height,
});

// A fresh decoder instance per picture: WebAssembly memory only grows, and a new instance
// lets the old one's memory be collected instead of staying at its high-water mark.
export async function decodeJpeg(bytes: Uint8Array): Promise<RgbaImage> {
  await withModule(initJpegDecode)(mozjpegDecoder);
  return plain(await decodeJpegWasm(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer));
}

export async function decodeWebp(bytes: Uint8Array): Promise<RgbaImage> {
  await withModule(initWebpDecode)(webpDecoder);
  return plain(await decodeWebpWasm(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer));
}

let pngReady: Promise<unknown> | undefined;
export async function decodePng(bytes: Uint8Array): Promise<RgbaImage> {
  pngReady ??= withModule(initPngDecode)(pngCodec);
  await pngReady;
  return plain(await decodePngWasm(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer));
}

let webpEncoderReady: Promise<unknown> | undefined;
export async function encodeWebp(image: RgbaImage, quality: number): Promise<Uint8Array> {
  webpEncoderReady ??= withModule(initWebpEncode)(webpEncoderSimd);
  await webpEncoderReady;
  const imageData = new ImageData(image.data as Uint8ClampedArray<ArrayBuffer>, image.width, image.height);
  return new Uint8Array(await encodeWebpWasm(imageData, { quality }));
}
