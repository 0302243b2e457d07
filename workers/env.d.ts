// Bindings and variables the Worker receives (wrangler.toml, .dev.vars, wrangler secrets).
interface Env {
  DB: D1Database;
  KV: KVNamespace;
  IMAGES: R2Bucket;
  // Cloudflare Images: makes the card-size copies (docs/decisions/0029). Local mode in
  // `wrangler dev` and the worker tests.
  IMAGE_TRANSFORMS: ImagesBinding;
  // The task queue (docs/decisions/0037): the daily planner's work, the matches of a new ad
  // and the mail deliveries. Its messages are JobMessage (app/services/job-messages.ts).
  JOBS: Queue;
  // The dead-letter queue's name, so the consumer knows its batches (staging has its own).
  JOBS_DEAD_LETTER_QUEUE?: string;
  APP_NAME: string;
  CONTACT_EMAIL: string;
  // The site's public address: every absolute link that leaves a request (mails, Mercado
  // Pago's preference, Google's redirect_uri) and the Cron Trigger's mails (docs/decisions/0011).
  SITE_URL?: string;
  // Signs the session cookie. A secret: `.dev.vars` locally, `wrangler secret put` in production.
  SESSION_SECRET: string;
  // Google sign-in (optional: without them the button explains it is unavailable).
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  // The OpenID Connect provider's addresses, named as in its discovery document; Google's
  // when unset. `npm start` and the e2e server point them at the local stand-in
  // (scripts/google-stand-in.mjs; docs/decisions/0007).
  GOOGLE_ISSUER?: string;
  GOOGLE_AUTHORIZATION_ENDPOINT?: string;
  GOOGLE_TOKEN_ENDPOINT?: string;
  GOOGLE_JWKS_URI?: string;
  // E-mail provider (Resend-compatible HTTP API); without a key mail goes to a KV outbox.
  MAIL_API_KEY?: string;
  MAIL_API_URL?: string;
  MAIL_FROM?: string;
  // "1" only in local development: enables the /dev/caixa-de-saida outbox page.
  DEV_OUTBOX?: string;
  // Mercado Pago Checkout Pro (docs/decisions/0014). Secrets: `wrangler secret put`.
  MERCADOPAGO_ACCESS_TOKEN?: string;
  MERCADOPAGO_WEBHOOK_SECRET?: string;
  // Overrides https://api.mercadopago.com (tests point it at a fake).
  MERCADOPAGO_API_URL?: string;
  // "1" only in local development: without an access token, payments go to the app's own
  // sandbox under /dev/mercado-pago/ (404 otherwise).
  DEV_MERCADO_PAGO?: string;
  // "1" only when scripts/e2e-server.mjs starts wrangler: enables /dev/sessao, the e2e
  // login fixture (docs/decisions/0003). Never in wrangler.toml or .dev.vars.
  E2E_SESSION_LOGIN?: string;
  // Seconds public pages stay in the edge cache for cookie-less visitors (default 60;
  // "0" turns it off, as the e2e server does). docs/decisions/0019-edge-cache.md.
  EDGE_CACHE_SECONDS?: string;
  // "1" only on the e2e server: a request header may turn the edge cache on for itself.
  EDGE_CACHE_TEST_HEADER?: string;
  // Raises per-IP abuse limits (the e2e server only: all tests come from 127.0.0.1).
  RATE_LIMIT_IP_MULTIPLIER?: string;
}

declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}
