import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8788);
const GOOGLE_PORT = Number(process.env.E2E_GOOGLE_PORT ?? 8799);
const baseURL = `http://localhost:${PORT}`;
// Debian's headless Chromium build when installed (what `npm test` installs), else the
// desktop package (docs/decisions/0003).
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

// End-to-end tests drive Debian's Chromium (no browser download) against the built app
// served by `wrangler dev` on a fresh local database (.wrangler/e2e).
//
// THE RULE (docs/decisions/0003-how-tests-run.md):
// - Every test runs with JavaScript disabled (project sem-js): every flow must work as
//   plain HTML, as many of our visitors browse.
// - Only tests tagged `@js` (`test("...", { tag: "@js" }, ...)`) run again with it
//   enabled (project com-js): those whose behaviour changes with JavaScript — forms that
//   render the server's answer without a reload, hearts sent in the background, the share
//   sheet, photos limited/downscaled in the browser, client-side navigation and other
//   hydration-dependent behaviour. A test that only makes sense with
//   JavaScript is tagged `@js` and skips itself in sem-js.
// - Tests start signed in through the `login` fixture (tests/e2e/support/fixtures.ts);
//   only the account specs (auth-*.spec.ts) sign up and sign in through the forms.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three on two cores: a test waits on the server and the browser more than it computes,
  // so a third overlaps the waits (9.5 → 8.9 min; docs/decisions/0003).
  workers: 3,
  // One retry everywhere (`.ci/run` sets no CI variable): a test that passes only on its
  // retry is listed as flaky in the report and counted as passed; it still deserves a look.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "off",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "sem-js", use: { javaScriptEnabled: false } },
    { name: "com-js", use: { javaScriptEnabled: true }, grep: /@js/ },
  ],
  webServer: [
    {
      // Also starts Google's stand-in on GOOGLE_PORT (scripts/google-stand-in.mjs).
      command: `node scripts/e2e-server.mjs --port ${PORT} --google-port ${GOOGLE_PORT}`,
      url: `${baseURL}/favicon.svg`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
