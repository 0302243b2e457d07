import { defineConfig } from "vitest/config";

// The upgrade and restore test (docs/decisions/0039), in Node: it drives wrangler (D1
// import, migrations, `npm run backup`) and the built app under `wrangler dev`. One file,
// its steps in order; needs `npm run build` first.
export default defineConfig({
  test: {
    include: ["tests/upgrade/**/*.test.ts"],
    environment: "node",
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
