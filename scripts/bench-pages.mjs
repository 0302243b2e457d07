// `npm run bench:pages`: how the built app does on a cheap phone and under load, written to
// docs/benchmarks/pages.md (issue 13; the figures are committed, nothing here is a test).
//
// 1. Builds, migrates and seeds a fresh local database under .wrangler/bench-pages and
//    serves the app with wrangler on 127.0.0.1 (loopback only), edge cache on as in
//    production (docs/decisions/0019).
// 2. Bytes: the HTML and the JavaScript each page makes a phone download, gzip-compressed
//    here (level 6), for a first visit without cookies and for a visitor with a cookie
//    (who gets the app: docs/decisions/0020); image bytes from Lighthouse's network log.
// 3. Lighthouse (the npm package) on Debian's Chromium, mobile defaults (simulated slow 4G,
//    4× CPU slowdown, Moto G Power viewport), median of --runs runs per page.
// 4. Load with autocannon: 200 connections for 30 s mixing home, search, a pet page and
//    sign-in; then / and /pet/1 alone at 100 connections, from the cache (no cookie) and
//    rendered (with a cookie, which bypasses the cache).
//
// Options: --runs N (Lighthouse runs per page, default 3), --no-build, --port N,
// --quick (1 Lighthouse run, 10 s load runs), --skip-lighthouse: for trying things, not for
// the committed file.
import { spawn } from "node:child_process";
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { argValue, ensureDevVars, migrateLocal, run, wranglerEnv } from "./lib.mjs";

const argv = process.argv;
const quick = argv.includes("--quick");
const runs = Number(argValue("--runs") ?? (quick ? 1 : 3));
const port = Number(argValue("--port") ?? 8791);
const origin = `http://127.0.0.1:${port}`;
const persist = ".wrangler/bench-pages";
const loadSeconds = quick ? 10 : 30;
const soloSeconds = quick ? 10 : 15;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// What the issue measured before this work (same machine kind, npm start, Lighthouse 13).
const BEFORE = {
  lighthouse: { "/": [90, 97], "/buscar-pets": [95, 95], "/pet/1": [98, 96] },
  homeRps: 27,
  petRps: 89,
  homeJsKb: 138,
};
const TARGETS = { performance: 95, accessibility: 100, jsKb: 110, p99Ms: 500, rpsFactor: 10 };

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const fmt = (n, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok) => (ok ? "**met**" : "**missed**");
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

async function waitForServer(url, tries = 120) {
  for (let i = 0; i < tries; i++) {
    try {
      const response = await fetch(url, { headers: { Cookie: "bench=1" } });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`o servidor não respondeu em ${url}`);
}

function startServer() {
  const child = spawn(
    "wrangler",
    [
      "dev",
      "--config",
      "build/server/wrangler.json",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      persist,
      "--log-level",
      "error",
      "--show-interactive-dev-session=false",
      // Every load-run request comes from 127.0.0.1: per-IP ceilings would turn the
      // sign-in part of the mix into 429s that say nothing about speed.
      "--var",
      "RATE_LIMIT_IP_MULTIPLIER:1000",
    ],
    { stdio: ["ignore", "inherit", "inherit"], env: wranglerEnv, detached: true },
  );
  return child;
}

/** The first id linked from a listing page, e.g. /produto/7 from /produtos. */
async function firstId(listing, prefix) {
  const html = await (await fetch(`${origin}${listing}`, { headers: { Cookie: "bench=1" } })).text();
  const match = new RegExp(`href="/${prefix}/(\\d+)"`).exec(html);
  return match ? `/${prefix}/${match[1]}` : null;
}

/** HTML and JavaScript a phone downloads for one page (gzip level 6 for each file). */
async function pageBytes(path, cookie) {
  const headers = cookie ? { Cookie: cookie } : {};
  const html = await (await fetch(`${origin}${path}`, { headers })).text();
  const sources = new Set();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) sources.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"|<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) {
    sources.add(m[1] ?? m[2]);
  }
  // Modules import others: follow static imports so nothing the page runs is missed.
  const seen = new Map();
  const queue = [...sources].map((s) => new URL(s, origin).href);
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    const text = await (await fetch(url)).text();
    seen.set(url, gzipSync(text).length);
    for (const m of text.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) queue.push(new URL(m[1], url).href);
  }
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
  const jsFiles = [...seen.values()].reduce((a, b) => a + b, 0);
  return {
    htmlGzip: gzipSync(html).length,
    jsGzip: jsFiles + (inline ? gzipSync(inline).length : 0),
    jsFiles: seen.size,
    inlineBytes: Buffer.byteLength(inline),
  };
}

async function lighthouseRuns(url) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      const lhr = result.lhr;
      const requests = lhr.audits["network-requests"]?.details?.items ?? [];
      results.push({
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        fcp: lhr.audits["first-contentful-paint"].numericValue,
        tbt: lhr.audits["total-blocking-time"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        imageBytes: requests.filter((r) => r.resourceType === "Image").reduce((a, r) => a + (r.transferSize ?? 0), 0),
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual")
          .map((a) => a.id),
      });
    } finally {
      await chrome.kill();
    }
  }
  const byScore = [...results].sort((a, b) => a.performance - b.performance);
  const mid = byScore[Math.floor((byScore.length - 1) / 2)];
  return { ...mid, accessibility: Math.min(...results.map((r) => r.accessibility)), scores: results.map((r) => r.performance) };
}

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ ...options, url: origin }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function loadRow(name, result) {
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    codes: Object.fromEntries(
      Object.entries(result)
        .filter(([key, value]) => /^\dxx$/.test(key) && value > 0)
        .map(([key, value]) => [key, value]),
    ),
  };
}

// ---------------------------------------------------------------------------------------

ensureDevVars();
if (!argv.includes("--no-build")) await run("react-router", ["build"]);
rmSync(persist, { recursive: true, force: true });
await migrateLocal(persist);
await run("node", ["scripts/seed.mjs", "--persist-to", persist]);
const server = startServer();
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stop);
process.on("SIGINT", () => process.exit(130));

try {
  await waitForServer(`${origin}/`);
  const loadAverageStart = os.loadavg();
  const pages = [
    "/",
    "/buscar-pets",
    "/pets",
    "/pet/1",
    await firstId("/produtos", "produto"),
    await firstId("/ver-ongs", "ong"),
    await firstId("/eventos", "evento"),
    await firstId("/clinicas", "clinica"),
    "/entrar",
  ].filter(Boolean);

  console.log("» Bytes por página...");
  const bytes = {};
  for (const path of pages) {
    bytes[path] = { first: await pageBytes(path, null), withCookie: await pageBytes(path, "bench=1") };
  }

  console.log(`» Lighthouse (${runs} execução(ões) por página)...`);
  const lh = {};
  for (const path of argv.includes("--skip-lighthouse") ? [] : pages) {
    // A first visit: no cookie, as a link opened from WhatsApp.
    lh[path] = await lighthouseRuns(`${origin}${path}`);
    console.log(`  ${path}: desempenho ${lh[path].scores.join("/")} acessibilidade ${lh[path].accessibility}`);
  }

  console.log(`» Carga: 200 conexões por ${loadSeconds} s...`);
  const mixed = loadRow(
    "mix: /, /buscar-pets?q=thor, /pet/1, /entrar",
    await load({
      connections: 200,
      duration: loadSeconds,
      requests: [
        { method: "GET", path: "/" },
        { method: "GET", path: "/buscar-pets?q=thor" },
        { method: "GET", path: "/pet/1" },
        { method: "GET", path: "/entrar" },
      ],
    }),
  );
  console.log("» Carga: / e /pet/1 sozinhos, 100 conexões...");
  const solo = [];
  for (const [path, label] of [
    ["/", "/"],
    ["/pet/1", "/pet/1"],
  ]) {
    solo.push({ path, cached: loadRow(`${label} without cookie (edge cache)`, await load({ connections: 100, duration: soloSeconds, path })) });
    solo.at(-1).rendered = loadRow(
      `${label} with a cookie (rendered every time)`,
      await load({ connections: 100, duration: soloSeconds, path, headers: { Cookie: "bench=1" } }),
    );
  }
  // The local server's own ceiling: a static file that never reaches our Worker code.
  const ceiling = loadRow("/favicon.svg (static file: the local server's ceiling)", await load({ connections: 100, duration: soloSeconds, path: "/favicon.svg" }));
  const loadAverageEnd = os.loadavg();

  // ---------------------------------------------------------------------------------------
  const chromiumVersion = execFileSync(CHROMIUM, ["--version"]).toString().trim();
  const cpu = os.cpus();
  const lines = [];
  const out = (line = "") => lines.push(line);
  out("# Pages benchmark");
  out();
  out(`Run on ${new Date().toISOString().slice(0, 10)}. Reproduce with \`npm run bench:pages\` (scripts/bench-pages.mjs); it rewrites this file.`);
  out();
  out(
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${chromiumVersion}, Lighthouse ${lighthouseVersion()}, autocannon ${autocannonVersion()}. The app is the production build under \`wrangler dev\` on 127.0.0.1 with a freshly seeded local D1/KV/R2; the load generator and Lighthouse share the 2 cores with the Worker. Load average ${loadAverageStart.map((n) => n.toFixed(1)).join(" / ")} at the start, ${loadAverageEnd.map((n) => n.toFixed(1)).join(" / ")} at the end.`,
  );
  out();
  out("## Lighthouse, mobile defaults (first visit, no cookie)");
  out();
  out(`Median of ${runs} run(s) by performance score; accessibility is the lowest of the runs. Targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}.`);
  out();
  out("| page | performance (runs) | accessibility | LCP | FCP | TBT | CLS | image bytes | before (perf / a11y) | verdict |");
  out("|---|--:|--:|--:|--:|--:|--:|--:|--:|---|");
  let lighthouseMet = true;
  for (const path of pages.filter((p) => lh[p])) {
    const r = lh[path];
    const ok = r.performance >= TARGETS.performance && r.accessibility >= TARGETS.accessibility;
    lighthouseMet &&= ok;
    const before = BEFORE.lighthouse[path] ? BEFORE.lighthouse[path].join(" / ") : "—";
    out(
      `| ${path} | ${r.performance} (${r.scores.join(", ")}) | ${r.accessibility} | ${fmt(r.lcp / 1000, 2)} s | ${fmt(r.fcp / 1000, 2)} s | ${fmt(r.tbt)} ms | ${fmt(r.cls, 3)} | ${kb(r.imageBytes)} | ${before} | ${verdict(ok)} |`,
    );
  }
  const failing = pages.filter((p) => lh[p]).flatMap((p) => lh[p].failing.map((id) => `${p}: ${id}`));
  out();
  out(failing.length ? `Audits under 0.9 in the median run: ${failing.join("; ")}.` : "No audit scored under 0.9 in the median runs.");
  out();
  out("## JavaScript and HTML bytes (gzip)");
  out();
  out(
    `What the page makes the phone download: every script it references and every module those import, each gzip-compressed (level 6), plus inline scripts. A first visit has no cookie; a visitor with any cookie (signed in, a heart) gets the app (docs/decisions/0020). Target: ≤ ${TARGETS.jsKb} KB of JavaScript on /, /buscar-pets and /pet/{id}, framework included (before: ${BEFORE.homeJsKb} KB on /).`,
  );
  out();
  out("| page | HTML | JS, first visit | JS, with a cookie (files) | verdict (first visit / with a cookie) |");
  out("|---|--:|--:|--:|---|");
  let jsMetFirst = true;
  let jsMetCookie = true;
  for (const path of pages) {
    const b = bytes[path];
    const budgeted = ["/", "/buscar-pets", "/pet/1"].includes(path);
    const okFirst = b.first.jsGzip <= TARGETS.jsKb * 1024;
    const okCookie = b.withCookie.jsGzip <= TARGETS.jsKb * 1024;
    if (budgeted) {
      jsMetFirst &&= okFirst;
      jsMetCookie &&= okCookie;
    }
    out(
      `| ${path} | ${kb(b.first.htmlGzip)} | ${kb(b.first.jsGzip)} | ${kb(b.withCookie.jsGzip)} (${b.withCookie.jsFiles}) | ${budgeted ? `${verdict(okFirst)} / ${verdict(okCookie)}` : "not budgeted"} |`,
    );
  }
  out();
  out("## Load (autocannon, loopback)");
  out();
  out(`Targets: 0 errors in the mixed run; / and /pet/1 for visitors without cookies ≥ ${TARGETS.rpsFactor}× the requests per second measured before this work (${BEFORE.homeRps} and ${BEFORE.petRps}), p99 ≤ ${TARGETS.p99Ms} ms at 100 connections.`);
  out();
  out("| run | connections | seconds | requests | req/s | p50 ms | p99 ms | errors | timeouts | non-2xx |");
  out("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
  const loadLine = (row, connections, seconds) =>
    out(`| ${row.name} | ${connections} | ${seconds} | ${fmt(row.requests)} | ${fmt(row.rps, 1)} | ${fmt(row.p50)} | ${fmt(row.p99)} | ${row.errors} | ${row.timeouts} | ${row.non2xx} |`);
  loadLine(mixed, 200, loadSeconds);
  for (const s of solo) {
    loadLine(s.cached, 100, soloSeconds);
    loadLine(s.rendered, 100, soloSeconds);
  }
  loadLine(ceiling, 100, soloSeconds);
  out();
  const mixedOk = mixed.errors === 0 && mixed.timeouts === 0;
  out(`- Mixed run without errors or timeouts: ${verdict(mixedOk)} (${mixed.errors} errors, ${mixed.timeouts} timeouts, ${mixed.non2xx} non-2xx).`);
  for (const s of solo) {
    const before = s.path === "/" ? BEFORE.homeRps : BEFORE.petRps;
    const factor = s.cached.rps / before;
    const ok = factor >= TARGETS.rpsFactor && s.cached.p99 <= TARGETS.p99Ms;
    out(
      `- ${s.path} without cookies: ${fmt(s.cached.rps, 1)} req/s = ${fmt(factor, 1)}× the ${before} req/s before (${fmt(s.cached.rps / s.rendered.rps, 1)}× a render on this run), p99 ${fmt(s.cached.p99)} ms: ${verdict(ok)}.`,
    );
  }
  out(
    `- The ceiling: on this machine \`wrangler dev\` serves a static file at ${fmt(ceiling.rps, 1)} req/s (p99 ${fmt(ceiling.p99)} ms) with the load generator on the same 2 cores; a cached page reaches ${fmt((Math.max(...solo.map((s) => s.cached.rps)) / ceiling.rps) * 100)}% of that. Where a target above is missed, it is past what this local server can answer at all; on Cloudflare a cache hit costs the same as the static file, and ${TARGETS.rpsFactor}× needs a machine (or the edge) where that ceiling is higher.`,
  );
  out();
  out("## Summary");
  out();
  out(`- Lighthouse performance ≥ ${TARGETS.performance} and accessibility ${TARGETS.accessibility} on every page: ${verdict(lighthouseMet)}.`);
  out(`- JavaScript ≤ ${TARGETS.jsKb} KB on /, /buscar-pets, /pet/{id}: first visit ${verdict(jsMetFirst)}; with a cookie ${verdict(jsMetCookie)}.`);
  out(`- Load: see above.`);
  out("- Card images: docs/benchmarks/images.md (`npm run bench:images`).");
  writeFileSync("docs/benchmarks/pages.md", `${lines.join("\n")}\n`);
  console.log("» docs/benchmarks/pages.md escrito.");
} finally {
  stop();
}
process.exit(0);

function lighthouseVersion() {
  return JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")).version;
}
function autocannonVersion() {
  return JSON.parse(readFileSync("node_modules/autocannon/package.json", "utf8")).version;
}
