import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

// Pure helpers, in Node: no bindings, no DOM.
export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // The codecs' .wasm files, compiled from disk (docs/decisions/0018-card-images.md).
    alias: [{ find: /^~\/services\/card-image-wasm\.server$/, replacement: resolve("tests/unit/card-image-wasm.ts") }],
  },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
