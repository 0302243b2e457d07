// Bindings and variables the Worker receives (wrangler.toml, .dev.vars, wrangler secrets).
interface Env {
  DB: D1Database;
  KV: KVNamespace;
  IMAGES: R2Bucket;
  APP_NAME: string;
  CONTACT_EMAIL: string;
  // Signs the session cookie. A secret: `.dev.vars` locally, `wrangler secret put` in production.
  SESSION_SECRET: string;
}

declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}
