/// <reference types="@cloudflare/vitest-plugin/types" />
import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      KV: KVNamespace;
      IMAGES: R2Bucket;
      IMAGE_TRANSFORMS: ImagesBinding;
      JOBS: Queue;
      SESSION_SECRET: string;
      APP_NAME: string;
      CONTACT_EMAIL: string;
      SITE_URL: string;
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
