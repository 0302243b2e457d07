// The compiled WebAssembly modules of jSquash's codecs (docs/decisions/0018-card-images.md).
// The Worker build (@cloudflare/vite-plugin) turns each `.wasm?module` import into a
// module uploaded with the Worker; the Workers runtime cannot compile .wasm bytes at run
// time. Worker tests swap this file for bindings (vitest.worker.config.ts).
import mozjpegDecoder from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?module";
import pngCodec from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import webpDecoder from "@jsquash/webp/codec/dec/webp_dec.wasm?module";
// jSquash picks its SIMD build of the encoder where WebAssembly SIMD exists, as in workerd.
import webpEncoderSimd from "@jsquash/webp/codec/enc/webp_enc_simd.wasm?module";

export { mozjpegDecoder, pngCodec, webpDecoder, webpEncoderSimd };
