#!/usr/bin/env node
// Seeds the LOCAL D1 database with sample pt-BR content (accounts, pets, products,
// organizations, clinics, events). Runs once: if the sample account already exists it
// says so and changes nothing. Meant for a freshly migrated database.
//
//   npm run db:seed
//   node scripts/seed.mjs --persist-to .wrangler/e2e
//
// Two wrangler calls: one check, then one SQL file (executed as a single batch, so a
// failure leaves the database untouched). Content: scripts/seed/data.mjs; images:
// public/seed/. Every account's password is "Patas@2026".
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSeedSql } from "./seed/build.mjs";
import { MARKER_EMAIL, SEED_PASSWORD, USERS } from "./seed/data.mjs";

const started = Date.now();

function usage(message) {
  console.error(`db:seed: ${message}\nUso: node scripts/seed.mjs [--persist-to <dir>]`);
  process.exit(2);
}

const extraArgs = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i];
  if (arg === "--persist-to") {
    const dir = argv[++i];
    if (!dir) usage("--persist-to requer um diretório");
    extraArgs.push("--persist-to", dir);
  } else if (arg.startsWith("--persist-to=")) {
    extraArgs.push("--persist-to", arg.slice("--persist-to=".length));
  } else {
    usage(`argumento desconhecido: ${arg}`);
  }
}

const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

function wrangler(args) {
  const result = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", ...args, ...extraArgs], {
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === "win32",
  });
  if (result.error) throw result.error;
  return result;
}

function fail(message, result) {
  console.error(`db:seed: ${message}`);
  if (result) {
    const output = `${result.stdout ?? ""}\n${result.stderr ?? ""}`.trim();
    if (output) console.error(output.split("\n").slice(-30).join("\n"));
  }
  process.exit(1);
}

function alreadySeeded() {
  const sql = `SELECT count(*) AS n FROM users WHERE email = '${MARKER_EMAIL}'`;
  const result = wrangler(["--json", "--command", sql]);
  if (result.status !== 0) {
    fail("não foi possível consultar o banco local (as migrações foram aplicadas? rode `npm run db:migrate`)", result);
  }
  const out = result.stdout;
  let parsed;
  try {
    parsed = JSON.parse(out.slice(out.indexOf("[")));
  } catch {
    fail("resposta inesperada do wrangler", result);
  }
  const n = parsed?.[0]?.results?.[0]?.n;
  if (typeof n !== "number") fail("resposta inesperada do wrangler", result);
  return n > 0;
}

try {
  const target = extraArgs.length ? ` (${extraArgs.join(" ")})` : "";
  console.log(`db:seed: verificando o banco D1 local${target}...`);
  if (alreadySeeded()) {
    console.log(`db:seed: dados de exemplo já aplicados (${MARKER_EMAIL} existe); nada a fazer.`);
    process.exit(0);
  }

  console.log("db:seed: gerando SQL (hash das senhas)...");
  const sql = buildSeedSql(Date.now());
  const dir = mkdtempSync(join(tmpdir(), "patas-seed-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, sql);
  const statements = sql.split("\n").filter((line) => line.startsWith("INSERT")).length;

  console.log(`db:seed: executando ${statements} comandos no D1 local...`);
  let result;
  try {
    result = wrangler(["--file", file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (result.status !== 0) fail("falha ao executar o SQL de exemplo (nenhuma alteração aplicada)", result);

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`db:seed: pronto em ${seconds}s. Contas de exemplo (senha ${SEED_PASSWORD}):`);
  for (const type of ["personal", "company", "ngo"]) {
    const first = USERS.find((u) => u.type === type);
    console.log(`  ${type.padEnd(8)} ${first.email}`);
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
