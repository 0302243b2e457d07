// The server Playwright tests run against: the built app under `wrangler dev`, on a
// database made fresh for every run (.wrangler/e2e), migrated and seeded.
import { existsSync } from "node:fs";
import { E2E_PERSIST as persist, makeE2eDatabase } from "./e2e-db.mjs";
import { startGoogleStandIn } from "./google-stand-in.mjs";
import { argValue, ensureDevVars, run, serveBuilt } from "./lib.mjs";

const port = argValue("--port") ?? "8788";
const googlePort = argValue("--google-port") ?? "8799";

ensureDevVars();
if (!existsSync("build/server/wrangler.json")) await run("react-router", ["build"]);
// `npm test` makes the database beside the worker suite and says so (docs/decisions/0003).
if (process.env.E2E_DB_READY !== "1") await makeE2eDatabase();
// Google sign-in against the local OpenID Connect provider (docs/decisions/0007).
const google = await startGoogleStandIn({ port: googlePort, appOrigins: [`http://localhost:${port}`] });
// Every test request comes from 127.0.0.1, so per-IP abuse limits are raised (per-account
// ones stay).
await serveBuilt(port, persist, [
  "--log-level",
  "warn",
  ...google.wranglerVars,
  "--var",
  "RATE_LIMIT_IP_MULTIPLIER:100",
  "--var",
  "DEV_OUTBOX:1",
  // Links in mails sent by the Cron Trigger point at this server.
  "--var",
  `SITE_URL:http://localhost:${port}`,
  // Premium payments go to the app's own Mercado Pago sandbox (docs/decisions/0014).
  "--var",
  "DEV_MERCADO_PAGO:1",
  // The login fixture (tests/e2e/support/fixtures.ts) opens sessions through /dev/sessao;
  // only this server turns it on (docs/decisions/0003).
  "--var",
  "E2E_SESSION_LOGIN:1",
  // Parallel tests share URLs, so the edge cache is off; tests/e2e/edge-cache.spec.ts turns
  // it on for its own requests with a header (docs/decisions/0019-edge-cache.md).
  "--var",
  "EDGE_CACHE_SECONDS:0",
  "--var",
  "EDGE_CACHE_TEST_HEADER:1",
]);
