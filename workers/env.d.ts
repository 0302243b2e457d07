// The bindings, vars and required secrets of wrangler.toml (and workers/secret-names.env)
// are typed by `npm run types` in worker-configuration.d.ts, with the runtime's own types
// (docs/decisions/0034). Here only what wrangler cannot know: optional settings that a
// deployment may set as secrets, .dev.vars sets locally or the test servers pass.
interface WorkerSettings {
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

interface Env extends WorkerSettings {}

declare namespace Cloudflare {
  interface Env extends WorkerSettings {}
}

declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}
