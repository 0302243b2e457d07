// `npm test`: installs what the tests need (Debian's Chromium and Java when missing), then runs
// every suite: unit (Node), worker (workerd with real local D1/KV/R2), upgrade (a populated
// database migrated, backed up and restored) and end-to-end (Playwright, JavaScript
// disabled and enabled). Ends with one line of totals.
import { execFileSync, spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { ensureDevVars, run, wranglerEnv } from "./lib.mjs";

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

const thousands = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".");

// Lines some tests leave in their JSON report: the counts of the authorization matrix and
// the bad-input sweep (docs/decisions/0013). A whole line in `task.meta.resumo`, or a share
// of one in `task.meta.parcela` ({ modelo, valores }) when its counts come from several
// tests and files (those suites run in parts, docs/decisions/0003): the shares with the
// same `modelo` are added up, and each `{name}` in it becomes the total of `valores.name`.
function testSummaries(files) {
  const lines = [];
  const totals = new Map();
  for (const file of files) {
    if (!existsSync(file)) continue;
    try {
      for (const result of JSON.parse(readFileSync(file, "utf8")).testResults ?? []) {
        for (const test of result.assertionResults ?? []) {
          if (typeof test.meta?.resumo === "string") lines.push(test.meta.resumo);
          const share = test.meta?.parcela;
          if (typeof share?.modelo !== "string") continue;
          if (!totals.has(share.modelo)) {
            totals.set(share.modelo, {});
            lines.push(share.modelo);
          }
          const sums = totals.get(share.modelo);
          for (const [name, value] of Object.entries(share.valores ?? {})) sums[name] = (sums[name] ?? 0) + Number(value);
        }
      }
    } catch {
      // A report that cannot be read already counts as a failure above.
    }
  }
  return lines.map((line) => (totals.has(line) ? line.replace(/\{(\w+)\}/g, (_, name) => thousands(totals.get(line)[name] ?? 0)) : line));
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

/** Runs a command beside a suite, keeping its output to print after the suite. */
function runAside(command, args) {
  return new Promise((resolve) => {
    const output = [];
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: wranglerEnv });
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => resolve({ ok: false, output: `${Buffer.concat(output)}${error}` }));
    child.on("close", (code) => resolve({ ok: code === 0, output: Buffer.concat(output).toString() }));
  });
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
// First, in seconds: the formatter and linter with the house's rules, and the Worker's
// generated types against wrangler.toml (`npm run lint`; docs/decisions/0034). A failure
// fails the run; the suites still run, so one push shows everything that broke.
let linted = false;
results.push(
  await suite(
    "lint",
    async () => {
      await run("npm", ["run", "--silent", "lint"]);
      linted = true;
    },
    () => ({ passed: linted ? 1 : 0, failed: linted ? 0 : 1, skipped: 0 }),
  ),
);
// tsc runs beside the unit and worker suites (on one core, mostly while vitest starts);
// its output waits for the end of the worker suite (docs/decisions/0003).
let typecheck;
try {
  await run("react-router", ["typegen"]);
  typecheck = runAside("tsc", ["--noEmit"]);
} catch (error) {
  typecheck = Promise.resolve({ ok: false, output: String(error) });
}
results.push(
  await suite(
    "unit",
    () =>
      run("vitest", [
        "run",
        "--config",
        "vitest.unit.config.ts",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${REPORTS}/unit.json`,
      ]),
    () => vitestCounts(`${REPORTS}/unit.json`),
  ),
);
// The end-to-end build runs beside the worker suite, which leaves part of the CPU idle
// (docs/decisions/0003); its output is kept apart so the suite's log stays readable.
console.log("\n» Gerando o build e o banco para os testes end-to-end (em paralelo)...");
const build = run("react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] }).then(
  () => null,
  (error) => error,
);
// So is the end-to-end database (migrated and seeded: ~30 s, one wrangler process per
// migration), which scripts/e2e-server.mjs would otherwise make while the e2e suite waits.
const e2eDatabase = runAside("node", ["scripts/e2e-db.mjs"]);
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
        run(
          "vitest",
          [
            "run",
            "--config",
            "vitest.upgrade.config.ts",
            "--reporter=default",
            "--reporter=json",
            `--outputFile.json=${REPORTS}/upgrade.json`,
          ],
          {
            stdio: ["ignore", log, log],
          },
        ),
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
    () =>
      run("vitest", [
        "run",
        "--config",
        "vitest.worker.config.ts",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${REPORTS}/worker.json`,
      ]),
    () => vitestCounts(`${REPORTS}/worker.json`),
  ),
);
console.log("\n━━ typecheck (ao lado das suítes unit e worker) ━━");
const types = await typecheck;
if (types.output.trim()) console.log(types.output.trimEnd());
if (types.ok) console.log("Tipos OK.");
else results.unshift({ name: "typecheck", passed: 0, failed: 1, skipped: 0 });
const upgraded = await upgrade;
console.log("\n━━ upgrade (ao lado da suíte worker) ━━");
if (existsSync(UPGRADE_LOG)) console.log(readFileSync(UPGRADE_LOG, "utf8"));
results.push(upgraded);
const database = await e2eDatabase;
if (!database.ok) console.log(`\n» O banco do e2e falhou em paralelo; o servidor o refaz:\n${database.output.trimEnd()}`);
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
          // scripts/e2e-server.mjs serves the database made above instead of making it again.
          E2E_DB_READY: database.ok ? "1" : "0",
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
