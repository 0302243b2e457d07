// `npm test`: installs what the tests need (Debian's Chromium and Java when missing), then runs
// every suite: unit (Node), worker (workerd with real local D1/KV/R2), upgrade (a populated
// database migrated, backed up and restored) and end-to-end (Playwright, JavaScript
// disabled and enabled). Ends with one line of totals.
import { execFileSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { ensureDevVars, run } from "./lib.mjs";

const REPORTS = ".test-reports";
// Debian's Chromium in the build made for automation (Playwright's own default headless
// browser): the same engine as the `chromium` package, without the desktop browser's
// work, so the CPU-bound e2e run takes ~40 % less (docs/decisions/0003). The `chromium`
// package is the fallback where the headless build cannot be installed.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const DESKTOP_CHROMIUM = "/usr/bin/chromium";

function apt(args) {
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? "apt-get" : "sudo", asRoot ? args : ["apt-get", ...args], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** The browser the end-to-end tests drive: CHROMIUM_PATH, else Debian's, installed if missing. */
function ensureChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  console.log("» Instalando o Chromium do Debian (chromium-headless-shell) para os testes end-to-end...");
  try {
    apt(["update"]);
    apt(["install", "-y", "--no-install-recommends", "chromium-headless-shell"]);
    return HEADLESS_SHELL;
  } catch {
    if (existsSync(DESKTOP_CHROMIUM)) return DESKTOP_CHROMIUM;
    console.log("» Sem chromium-headless-shell; instalando o pacote chromium...");
    apt(["install", "-y", "--no-install-recommends", "chromium"]);
    return DESKTOP_CHROMIUM;
  }
}

/**
 * Java for the Nu Html Checker (vnu, the `vnu-jar` package) that checks every public page in
 * the e2e suite (docs/decisions/0041): Debian's headless runtime, installed if missing. The
 * package's own download of a Java runtime is not run (its install script is denied).
 */
function ensureJava() {
  try {
    execFileSync("java", ["-version"], { stdio: "ignore" });
    return;
  } catch {
    // Not installed (or not on PATH): install it below.
  }
  console.log("» Instalando o Java do Debian (default-jre-headless) para o verificador de HTML...");
  apt(["update"]);
  apt(["install", "-y", "--no-install-recommends", "default-jre-headless"]);
}

function vitestCounts(file) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

// Lines some tests leave in their JSON report (task.meta.resumo): the counts of the
// authorization matrix and the bad-input sweep (docs/decisions/0013).
function testSummaries(files) {
  const lines = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    try {
      for (const result of JSON.parse(readFileSync(file, "utf8")).testResults ?? []) {
        for (const test of result.assertionResults ?? []) {
          if (typeof test.meta?.resumo === "string") lines.push(test.meta.resumo);
        }
      }
    } catch {
      // A report that cannot be read already counts as a failure above.
    }
  }
  return lines;
}

function playwrightCounts(file) {
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    // Passed only on the retry (playwright.config.ts): named by the report, counted here.
    flaky: stats.flaky ?? 0,
  };
}

async function suite(name, runSuite, count, { quiet = false } = {}) {
  if (!quiet) console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  let error = null;
  try {
    await runSuite();
  } catch (e) {
    error = e;
  }
  let counts;
  try {
    counts = count();
  } catch {
    counts = { passed: 0, failed: 1, skipped: 0 };
  }
  if (error && counts.failed === 0) counts.failed = 1;
  return { name, ...counts, seconds: Math.round((Date.now() - started) / 1000) };
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const chromium = ensureChromium();
ensureJava();
ensureDevVars();

// CI must stay well under 15 minutes (docs/decisions/0003): every suite prints its time.
const startedAt = Date.now();
const results = [];
console.log("\n━━ typecheck ━━");
try {
  await run("react-router", ["typegen"]);
  await run("tsc", ["--noEmit"]);
  console.log("Tipos OK.");
} catch {
  results.push({ name: "typecheck", passed: 0, failed: 1, skipped: 0 });
}
results.push(
  await suite(
    "unit",
    () => run("vitest", ["run", "--config", "vitest.unit.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/unit.json`]),
    () => vitestCounts(`${REPORTS}/unit.json`),
  ),
);
// The end-to-end build runs beside the worker suite, which leaves part of the CPU idle
// (docs/decisions/0003); its output is kept apart so the suite's log stays readable.
console.log("\n» Gerando o build para os testes end-to-end (em paralelo)...");
const build = run("react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] }).then(
  () => null,
  (error) => error,
);
// The upgrade test (docs/decisions/0039) serves the build too: a populated database at an
// older migration, migrated as the admin does, then backed up and restored. It runs as soon
// as the build is there, beside the worker suite (both wait more than they compute); its
// output goes to a file, printed after the worker suite's.
const UPGRADE_LOG = `${REPORTS}/upgrade.log`;
const upgrade = build.then(async (buildError) => {
  if (buildError) {
    console.log("\n» O build em paralelo falhou; gerando de novo...");
    await run("react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] });
  }
  const log = openSync(UPGRADE_LOG, "w");
  try {
    return await suite(
      "upgrade",
      () =>
        run("vitest", ["run", "--config", "vitest.upgrade.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/upgrade.json`], {
          stdio: ["ignore", log, log],
        }),
      () => vitestCounts(`${REPORTS}/upgrade.json`),
      { quiet: true },
    );
  } finally {
    closeSync(log);
  }
});
results.push(
  await suite(
    "worker",
    () => run("vitest", ["run", "--config", "vitest.worker.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/worker.json`]),
    () => vitestCounts(`${REPORTS}/worker.json`),
  ),
);
const upgraded = await upgrade;
console.log("\n━━ upgrade (ao lado da suíte worker) ━━");
if (existsSync(UPGRADE_LOG)) console.log(readFileSync(UPGRADE_LOG, "utf8"));
results.push(upgraded);
results.push(
  await suite(
    "e2e",
    () =>
      run("playwright", ["test"], {
        env: {
          ...process.env,
          CHROMIUM_PATH: chromium,
          PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e.json`,
          WRANGLER_SEND_METRICS: "false",
          CLOUDFLARE_CF_FETCH_ENABLED: "false",
        },
      }),
    () => playwrightCounts(`${REPORTS}/e2e.json`),
  ),
);

console.log("\n━━ Resumo ━━");
for (const line of testSummaries([`${REPORTS}/unit.json`, `${REPORTS}/worker.json`, `${REPORTS}/upgrade.json`])) console.log(line);
for (const r of results) {
  const time = r.seconds === undefined ? "" : ` (${r.seconds} s)`;
  const flaky = r.flaky ? ` (${r.flaky} flaky: passed on the retry)` : "";
  console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${flaky}${time}`);
}
console.log(`Tempo total: ${Math.round((Date.now() - startedAt) / 1000)} s`);
const total = results.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
