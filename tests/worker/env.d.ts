/// <reference types="@cloudflare/vitest-plugin/types" />
import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    // The Worker's own bindings come from worker-configuration.d.ts (wrangler types);
    // vitest.worker.config.ts adds the migrations the tests apply.
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      TEST_ACTIVITY_MIGRATIONS: D1Migration[];
    }
  }
}
