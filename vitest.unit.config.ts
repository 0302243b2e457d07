import { defineConfig } from "vitest/config";

// Pure helpers, in Node: no bindings, no DOM.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
