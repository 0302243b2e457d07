import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { lightScript } from "./vite.light-script.js";

/**
 * The parts of the authorization matrix and the bad-input sweep (`name.<n>.test.ts`) run
 * first: they are the longest files, but tiny, and without the timings of an earlier run
 * (a fresh clone, as on CI) vitest starts the largest files first and would leave them
 * for the end (docs/decisions/0003).
 */
class PartsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isPart = (file: TestSpecification) => /\.\d+\.test\.ts$/.test(file.moduleId);
    return [...sorted.filter(isPart), ...sorted.filter((file) => !isPart(file))];
  }
}

// Worker tests run inside workerd with real local D1, KV and R2, emptied before each file.
// The React Router build is not loaded here; models, services, loaders and actions are
// tested directly, whole HTTP flows by Playwright.
export default defineConfig(async () => {
  // One folder of migrations per database (docs/decisions/0050).
  const [migrations, activityMigrations] = await Promise.all([readD1Migrations("./migrations"), readD1Migrations("./migrations-activity")]);
  return {
    plugins: [
      cloudflareTest({
        main: "./workers/durable-objects.ts",
        miniflare: {
          // The Durable Objects (docs/decisions/0051): their classes come from `main`, a module
          // that exports them (the Worker's own entry imports the React Router build).
          durableObjects: {
            VIEW_COUNTERS: { className: "ViewCounter", useSQLite: true },
            RATE_COUNTERS: { className: "RateCounters", useSQLite: true },
          },
          compatibilityDate: "2026-10-01",
          compatibilityFlags: ["nodejs_compat"],
          d1Databases: ["DB", "ACTIVITY_DB"],
          kvNamespaces: ["KV"],
          r2Buckets: ["IMAGES"],
          // The task queue (docs/decisions/0037): tests drive its consumer with their own
          // batches; what the code sends goes to the real local queue.
          queueProducers: { JOBS: "patas-tarefas" },
          // Cloudflare Images in its local mode (sharp), as in `wrangler dev` (docs/decisions/0029).
          images: { binding: "IMAGE_TRANSFORMS" },
          bindings: {
            TEST_MIGRATIONS: migrations,
            TEST_ACTIVITY_MIGRATIONS: activityMigrations,
            SESSION_SECRET: "segredo-de-teste",
            APP_NAME: "Patas Conectadas",
            CONTACT_EMAIL: "contato@patasconectadas.com.br",
            // Every link that leaves a request is built from it (docs/decisions/0011); the
            // tests' requests are http://localhost, as formRequest and postForm make them.
            SITE_URL: "http://localhost",
          },
        },
      }),
      // `virtual:light-script`, which the root's loader reads (docs/decisions/0042).
      lightScript(),
    ],
    resolve: { tsconfigPaths: true },
    test: {
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["./tests/worker/setup.ts"],
      // The files of one vitest worker share its workerd and storage instead of starting a
      // workerd each (about 7 s a file); tests/worker/setup.ts empties D1, KV and R2 before
      // each file (238 → 121 s; docs/decisions/0003).
      isolate: false,
      // Three on two cores: each file starts its own workerd and migrates a fresh database,
      // time a third worker overlaps (250 → 231 s; docs/decisions/0003).
      maxWorkers: 3,
      // Every file has its own workerd and D1 on two shared cores, and the upgrade test runs
      // beside the suite: a test that answers in 1 s alone can take 6 s under that load, so
      // the budget per test is 20 s, not vitest's 5 s (docs/decisions/0003).
      testTimeout: 20_000,
      sequence: { sequencer: PartsFirst },
      // Off: with @cloudflare/vitest-plugin 1.4.0 (the one that runs the same workerd as
      // wrangler and the Vite plugin, docs/decisions/0003) workerd reads a cached module
      // before vitest has written it and the file fails ("no such file ... readAll").
      // The cache only speeds up a second run; CI starts from a fresh clone.
      fsModuleCache: false,
      // Dependencies bundled once per run (vite's optimizer): each file imports ~20 bundles
      // instead of ~430 modules of theirs, ~20 % less work per file (docs/decisions/0003).
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: [
              "react-router",
              "drizzle-orm",
              "drizzle-orm/batch",
              "drizzle-orm/d1",
              "drizzle-orm/sqlite-core",
              "zod",
              "@conform-to/zod/v4",
              "arctic",
              "remix-auth",
              "remix-auth-oauth2",
              "@brazilian-utils/brazilian-utils/is-valid-cnpj",
              "isbot",
              "qrcode-generator",
            ],
          },
        },
      },
    },
  };
});
