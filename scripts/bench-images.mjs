// Image bytes benchmark (card-size images, docs/decisions/0018): `npm run bench:images`.
//
// Builds the app, serves it with `wrangler dev` on a fresh local database
// (.wrangler/bench-images, never the dev one), signs in as a seed account and posts 24
// phone photos of 3–4 MB through the real /cadastrar-pet form as a browser without
// JavaScript does (multipart, one photo per ad). Then it measures /pets' first page as a
// phone downloads it (scripts/page-image-bytes.mjs explains the model): before (every card
// loading its original, as the markup without srcset did) and after (the card copy). The
// photos are generated deterministically (colour fields, texture and grain, 4000×3000,
// baseline JPEG like a phone's) and kept in .wrangler/bench-photos, never committed.
// Writes docs/benchmarks/images.md; `--json` prints the figures as JSON for other benches.
//
// Run it alone, with nothing else running: it builds and serves the app.
//   npm run bench:images -- --no-write --json
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import { migrateLocal, run, wranglerEnv } from "./lib.mjs";
import { measurePageImages } from "./page-image-bytes.mjs";

const PORT = 8821;
const BASE = `http://127.0.0.1:${PORT}`;
const PERSIST = ".wrangler/bench-images";
const PHOTOS = ".wrangler/bench-photos/v4";
const REPORT = "docs/benchmarks/images.md";
const COUNT = 24;
const WIDTH = 4000;
const HEIGHT = 3000;
const WRITE = !process.argv.includes("--no-write");
const JSON_OUT = process.argv.includes("--json");
const BUILD = !process.argv.includes("--no-build");

const started = performance.now();
const log = (message) => console.error(`[bench:images ${((performance.now() - started) / 1000).toFixed(1).padStart(6)}s] ${message}`);

// ---------------------------------------------------------------- photos (deterministic)

/**
 * A 12 MP photo-like picture: colour fields that vary with the seed, texture with periods
 * of 50–140 px (detail that survives reduction to card size, like fur or grass, unlike
 * the grain, which averages away) and grain. Sums of sines are split with
 * sin(a + b) = sin a·cos b + cos a·sin b into per-row and per-column tables.
 */
function picture(seed) {
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  let n = (2463534242 ^ (seed * 2654435761)) >>> 0;
  const fx = 0.6 + (seed % 7) * 0.15;
  const fy = 0.8 + (seed % 5) * 0.2;
  const table = (length, f) => {
    const sin = new Float64Array(length);
    const cos = new Float64Array(length);
    for (let i = 0; i < length; i++) {
      sin[i] = Math.sin(f(i));
      cos[i] = Math.cos(f(i));
    }
    return { sin, cos };
  };
  // Red: sin(6·fx·u + 3·v + seed); green: cos(5·fy·v + 2·u); blue: sin(4·(u + v) + seed/3);
  // texture: sin(0.13x + seed)·cos(0.11y) + 0.6·sin(0.045x + 0.09y).
  const rx = table(WIDTH, (x) => (6 * fx * x) / WIDTH + seed);
  const ry = table(HEIGHT, (y) => (3 * y) / HEIGHT);
  const gx = table(WIDTH, (x) => (2 * x) / WIDTH);
  const gy = table(HEIGHT, (y) => (5 * fy * y) / HEIGHT);
  const bx = table(WIDTH, (x) => (4 * x) / WIDTH + seed / 3);
  const by = table(HEIGHT, (y) => (4 * y) / HEIGHT);
  const tx = table(WIDTH, (x) => 0.13 * x + seed);
  const ty = table(HEIGHT, (y) => 0.11 * y);
  const dx = table(WIDTH, (x) => 0.045 * x);
  const dy = table(HEIGHT, (y) => 0.09 * y);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 4;
      const texture = 20 * (tx.sin[x] * ty.cos[y] + 0.6 * (dx.sin[x] * dy.cos[y] + dx.cos[x] * dy.sin[y]));
      const base = [
        120 + 80 * (rx.sin[x] * ry.cos[y] + rx.cos[x] * ry.sin[y]) + texture,
        110 + 70 * (gy.cos[y] * gx.cos[x] - gy.sin[y] * gx.sin[x]) + texture,
        90 + 60 * (bx.sin[x] * by.cos[y] + bx.cos[x] * by.sin[y]) + texture,
      ];
      for (let c = 0; c < 3; c++) {
        n ^= n << 13;
        n ^= n >>> 17;
        n ^= n << 5;
        n >>>= 0;
        data[i + c] = base[c] + ((n & 0xff) / 255 - 0.5) * 18;
      }
      data[i + 3] = 255;
    }
  }
  return { data, width: WIDTH, height: HEIGHT };
}

async function photos() {
  mkdirSync(PHOTOS, { recursive: true });
  const files = [];
  for (let i = 1; i <= COUNT; i++) {
    const path = `${PHOTOS}/IMG_${String(i).padStart(4, "0")}.jpg`;
    if (!existsSync(path)) {
      log(`gerando ${path}`);
      const { data, width, height } = picture(i);
      // Baseline, full-resolution colour (4:4:4) at quality 90: 3–4 MB, like a phone's.
      const bytes = await sharp(Buffer.from(data.buffer), { raw: { width, height, channels: 4 } })
        .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
        .toBuffer();
      writeFileSync(path, bytes);
    }
    files.push(path);
  }
  return files;
}

// ---------------------------------------------------------------- the app

async function waitUntilUp(server) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`wrangler dev terminou com código ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/favicon.svg`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("wrangler dev não respondeu em 120 s");
}

const cookieOf = (response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function signIn() {
  const response = await fetch(`${BASE}/entrar`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "entrar", email: "maria@exemplo.com.br", password: "Patas@2026" }),
  });
  const cookie = cookieOf(response);
  if (response.status < 300 || response.status >= 400 || !cookie) throw new Error(`falha ao entrar: ${response.status}`);
  return cookie;
}

async function postPet(cookie, file, index) {
  const form = new FormData();
  const fields = {
    kind: "adocao",
    name: `Foto ${index + 1}`,
    type: "cachorro",
    breed: "SRD",
    age: "2 anos",
    gender: "Fêmea",
    size: "Médio",
    contactWhatsapp: "(11) 98765-4321",
    location: "Pinheiros, São Paulo - SP",
    temperament: "Dócil",
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("photos", new Blob([readFileSync(file)], { type: "image/jpeg" }), file.split("/").pop());
  const t0 = performance.now();
  const response = await fetch(`${BASE}/cadastrar-pet`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: BASE, Cookie: cookie },
    body: form,
  });
  const ms = performance.now() - t0;
  const location = response.headers.get("location") ?? "";
  if (response.status !== 303 || !/^\/pet\/\d+$/.test(location)) throw new Error(`cadastro ${index + 1}: ${response.status} ${location}`);
  return ms;
}

// ---------------------------------------------------------------- report

const kb = (n) => `${(n / 1024).toLocaleString("en-US", { maximumFractionDigits: 1 })} KB`;
const mb = (n) => `${(n / 1024 / 1024).toLocaleString("en-US", { maximumFractionDigits: 2 })} MB`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function markdown(result) {
  const { page, uploads, photoBytes, cards } = result;
  const t = page.totals;
  const uploaded = page.images.filter((i) => i.src.startsWith("/imagens/"));
  return `# Benchmark: card-size images on /pets

Generated by \`npm run bench:images\` (scripts/bench-images.mjs) on ${result.date}.
Machine: ${result.machine}. Built app under \`wrangler dev\` (local D1/KV/R2, fresh database
with the seed), Node ${process.versions.node}.

What it does: signs in as a seed account and posts ${COUNT} photos of ${WIDTH}×${HEIGHT}
(baseline JPEG, ${mb(Math.min(...photoBytes))}–${mb(Math.max(...photoBytes))} each, made
deterministically: colour fields, texture and grain) through the real \`/cadastrar-pet\` form as a
browser without JavaScript does (multipart, one photo per ad, no downscaling in the
browser). Then it fetches \`/pets\` without a cookie (first page: the ${COUNT} new ads) and
adds up what a phone downloads.

Model (scripts/page-image-bytes.mjs): a 360 CSS px wide phone at device pixel ratio 2 that
scrolls through the whole page (lazy images count). For each \`<img>\`, the slot width comes
from \`sizes\` at 360 px, and the candidate is the HTML standard's choice: the smallest
density ≥ 2, else the largest. Cards offer only their card copy (\`srcset="… 480w"\`), so
every browser takes it. **Before** is the same page as the markup without \`srcset\` loaded
it: every card's \`src\`, the original (what issue 13 measured). HTML is counted gzipped.

## /pets, first page

| | before (originals) | after (card copies) |
|---|--:|--:|
| HTML (gzip) | ${kb(page.html.gzipBefore)} | ${kb(page.html.gzip)} |
| images (${t.images}, of which ${uploaded.length} uploaded photos) | ${mb(t.before)} | ${kb(t.after)} |
| **page total** | **${mb(t.pageBefore)}** | **${kb(t.pageAfter)}** |

The page a phone downloads is ${(t.pageBefore / t.pageAfter).toFixed(0)}× smaller. Even with every copy at the
60 KB cap (a photo with more fine detail than these), the page would be at most
${mb(page.html.gzip + (t.after - cards.total) + cards.count * 60 * 1024)}, ${(t.pageBefore / (page.html.gzip + (t.after - cards.total) + cards.count * 60 * 1024)).toFixed(0)}× smaller than before.

## The card copies

- ${cards.count} copies: ${cards.widths.join(", ")} px wide, WebP, ${kb(cards.min)}–${kb(cards.max)}
  (median ${kb(cards.median)}); the limit is 480 px and 60 KB.
- Upload of one 3–4 MB photo through the form (request time on this shared machine; the
  copy is made after the response): median ${Math.round(median(uploads))} ms, max ${Math.round(Math.max(...uploads))} ms.
- The copies come from the Images binding (docs/decisions/0029): the Worker never decodes
  a picture. Here it runs in wrangler's local mode, backed by sharp, which **ignores the
  WebP quality** and is not Cloudflare's encoder: the widths and the page's structure hold
  everywhere, but the copies' bytes above are sharp's at its default quality, not
  production's. The 60 KB target is checked on real Cloudflare only (a deployed Worker:
  post a photo, fetch its \`.card.webp\`).

## Reuse

\`scripts/page-image-bytes.mjs\` exports \`measurePageImages(base, path)\` (the same model)
for the pages benchmark; \`npm run bench:images -- --json --no-write\` prints these figures
as JSON.
`;
}

// ---------------------------------------------------------------- main

const files = await photos();
const photoBytes = files.map((f) => readFileSync(f).byteLength);
if (photoBytes.some((n) => n < 3_000_000 || n > 4 * 1024 * 1024)) log("aviso: há fotos fora de 3–4 MB");
if (BUILD) {
  log("react-router build");
  await run("react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] });
}
rmSync(PERSIST, { recursive: true, force: true });
await migrateLocal(PERSIST);
await run("node", ["scripts/seed.mjs", "--persist-to", PERSIST], { stdio: ["ignore", "ignore", "inherit"] });
log(`wrangler dev em ${BASE}`);
const server = spawn(
  "wrangler",
  [
    "dev",
    "--config",
    "build/server/wrangler.json",
    "--ip",
    "127.0.0.1",
    "--port",
    String(PORT),
    "--persist-to",
    PERSIST,
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
    "--var",
    "RATE_LIMIT_IP_MULTIPLIER:100",
  ],
  { stdio: ["ignore", "ignore", "inherit"], env: wranglerEnv },
);
try {
  await waitUntilUp(server);
  const cookie = await signIn();
  const uploads = [];
  for (const [i, file] of files.entries()) {
    uploads.push(await postPet(cookie, file, i));
    log(`foto ${i + 1}/${COUNT}: ${Math.round(uploads.at(-1))} ms`);
  }
  // The copies are made after each response (waitUntil): wait until all are there.
  let page;
  let copies = [];
  for (let tries = 0; tries < 60; tries++) {
    page = await measurePageImages(BASE, "/pets");
    if (page.status !== 200) throw new Error(`/pets respondeu ${page.status}`);
    copies = page.images.filter((i) => i.chosen.endsWith(".card.webp"));
    const ready = await Promise.all(
      copies.map(async (c) => (await fetch(new URL(c.chosen, BASE))).headers.get("content-type") === "image/webp"),
    );
    if (copies.length === COUNT && ready.every(Boolean)) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const widths = [];
  for (const copy of copies) {
    const body = new Uint8Array(await (await fetch(new URL(copy.chosen, BASE))).arrayBuffer());
    widths.push((body[26] | (body[27] << 8)) & 0x3fff);
  }
  const sizes = copies.map((c) => c.after);
  const result = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 1024 ** 3)} GB RAM (shared)`,
    photoBytes,
    uploads,
    cards: {
      count: copies.length,
      widths: [...new Set(widths)],
      min: Math.min(...sizes),
      max: Math.max(...sizes),
      median: median(sizes),
      total: sizes.reduce((a, b) => a + b, 0),
    },
    page,
  };
  if (copies.length !== COUNT) throw new Error(`esperava ${COUNT} cópias de card em /pets, achei ${copies.length}`);
  if (WRITE) {
    mkdirSync("docs/benchmarks", { recursive: true });
    writeFileSync(REPORT, markdown(result));
    log(`relatório em ${REPORT}`);
  }
  if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
  else console.log(markdown(result));
} finally {
  if (server.exitCode === null) server.kill("SIGTERM");
}
