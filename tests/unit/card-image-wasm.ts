// Stands in for app/services/card-image-wasm.server.ts in Node unit tests: the same .wasm
// files, compiled from disk (the Worker build imports them as modules instead).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const compile = (path: string) => new WebAssembly.Module(readFileSync(require.resolve(path)));

export const mozjpegDecoder = compile("@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm");
export const pngCodec = compile("@jsquash/png/codec/pkg/squoosh_png_bg.wasm");
export const webpDecoder = compile("@jsquash/webp/codec/dec/webp_dec.wasm");
export const webpEncoderSimd = compile("@jsquash/webp/codec/enc/webp_enc_simd.wasm");
/** Only the tests encode JPEGs (to make phone-like photos). */
export const mozjpegEncoder = compile("@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm");
