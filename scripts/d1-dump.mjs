// A copy of one D1 database as one SQL file that `wrangler d1 execute BINDING --file`
// restores into a fresh, empty database: what `npm run backup` writes for each database
// (docs/decisions/0050) and `npm run db:snapshot` commits for the upgrade test
// (docs/decisions/0039).
//
// `wrangler d1 export` alone cannot make it: it refuses a database with a virtual table
// (our FTS5 search index, migrations/0003), locally and on Cloudflare. So the schema is
// read from sqlite_schema, the rows come from `wrangler d1 export --no-schema --table …`
// of every real table, and the search index is created after the rows and rebuilt from
// them. The export writes one INSERT per row, which `wrangler d1 execute --local` takes
// minutes to run for our ~100,000 rows (the IBGE neighbours); consecutive rows of a table
// are merged into multi-row INSERTs under D1's 100 KB statement limit (seconds).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { wranglerEnv } from "./lib.mjs";

/** Always the project's config: never a build's redirected one (docs/decisions/0039). */
export const WRANGLER_CONFIG = fileURLToPath(new URL("../wrangler.toml", import.meta.url));

// D1 rejects a statement longer than 100 KB; merged INSERTs stay under this many bytes.
const STATEMENT_BYTES = 90_000;
// The tables SQLite's full-text modules keep beside a virtual table named V (V_data, …).
const SHADOW_SUFFIXES = ["data", "idx", "content", "docsize", "config", "segments", "segdir", "stat"];

/** Runs wrangler and returns its stdout; rejects with its output on a non-zero exit. */
export function wranglerOutput(args, { cwd } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("wrangler", args, { env: wranglerEnv, cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolvePromise(stdout);
      else
        reject(
          new Error(
            `wrangler ${args.slice(0, 3).join(" ")} terminou com código ${code}\n${`${stdout}\n${stderr}`.trim().split("\n").slice(-25).join("\n")}`,
          ),
        );
    });
  });
}

/** Runs wrangler with the terminal attached (wrangler's own prompts reach the admin). */
function wranglerAttached(args) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("wrangler", args, { env: wranglerEnv, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`wrangler ${args.slice(0, 3).join(" ")} terminou com código ${code}`)),
    );
  });
}

/** The rows of one `wrangler d1 execute --json --command` query. */
export async function queryD1(sql, target, binding = "DB") {
  const out = await wranglerOutput(["d1", "execute", binding, ...target, "--json", "--command", sql]);
  const parsed = JSON.parse(out.slice(out.indexOf("[")));
  return parsed?.[0]?.results ?? [];
}

/**
 * Where a copy is read from: `{ remote, env, persistTo }` → wrangler's arguments. Locally
 * the default is `npm start`'s state (.wrangler/state).
 */
export function targetArgs({ remote = false, env, persistTo } = {}, config = WRANGLER_CONFIG) {
  const args = remote ? ["--remote"] : ["--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
  if (env) args.push("--env", env);
  return [...args, "--config", config];
}

/**
 * Merges consecutive one-row INSERTs of the same table and columns, as `wrangler d1
 * export` writes them (one statement per line), into multi-row INSERTs.
 */
export function mergeInserts(lines) {
  const out = [];
  let prefix = null;
  let rows = [];
  let bytes = 0;
  const flush = () => {
    if (prefix !== null) out.push(`${prefix}${rows.join(",")};`);
    prefix = null;
    rows = [];
    bytes = 0;
  };
  for (const line of lines) {
    const at = line.startsWith('INSERT INTO "') && line.endsWith(");") ? line.indexOf(") VALUES(") : -1;
    if (at < 0) {
      flush();
      if (line.trim()) out.push(line);
      continue;
    }
    const head = line.slice(0, at + ") VALUES".length);
    const row = line.slice(at + ") VALUES".length, -1);
    const size = Buffer.byteLength(row) + 1;
    if (head !== prefix || bytes + size > STATEMENT_BYTES - Buffer.byteLength(head)) {
      flush();
      prefix = head;
    }
    rows.push(row);
    bytes += size;
  }
  flush();
  return out;
}

/** What of sqlite_schema a copy recreates, in order, and the tables whose rows it carries. */
export function planSchema(schemaRows) {
  const internal = (name) => name.startsWith("sqlite_") || name.startsWith("_cf_");
  const virtual = schemaRows.filter((r) => r.type === "table" && /^CREATE VIRTUAL TABLE/i.test(r.sql));
  const shadow = new Set(virtual.flatMap((v) => SHADOW_SUFFIXES.map((suffix) => `${v.name}_${suffix}`)));
  const skipped = (name) => internal(name) || shadow.has(name);
  const tables = schemaRows.filter((r) => r.type === "table" && !virtual.includes(r) && !skipped(r.name));
  const rebuilds = virtual.map((v) => {
    // An index over another table's rows (content='pets') is rebuilt from them; one that
    // keeps its own text would lose it, so it is refused rather than copied empty.
    const content = /content\s*=\s*['"]?(\w+)/i.exec(v.sql)?.[1];
    if (!content || !tables.some((t) => t.name === content)) {
      throw new Error(`a tabela virtual ${v.name} não indexa outra tabela (content=…): não sei copiá-la`);
    }
    return `INSERT INTO "${v.name}"("${v.name}") VALUES('rebuild');`;
  });
  const after = (type) => schemaRows.filter((r) => r.type === type && !skipped(r.tbl_name));
  return {
    tables: tables.map((t) => t.name),
    // The AUTOINCREMENT counters, so the id of a deleted pet is never given to a new one
    // (reports and favourites may still name it).
    sequence: schemaRows.some((r) => r.name === "sqlite_sequence"),
    before: tables.map((t) => `${t.sql};`),
    after: [
      ...virtual.map((v) => `${v.sql};`),
      ...rebuilds,
      ...after("index").map((r) => `${r.sql};`),
      ...after("view").map((r) => `${r.sql};`),
      ...after("trigger").map((r) => `${r.sql};`),
    ],
  };
}

/** The names in d1_migrations, from the export's INSERT lines. */
function appliedMigrations(lines) {
  return lines
    .filter((line) => line.startsWith('INSERT INTO "d1_migrations"'))
    .map((line) => /VALUES\(\d+,'([^']+)'/.exec(line)?.[1])
    .filter(Boolean)
    .sort();
}

/**
 * Writes the copy of the D1 database `binding` of `target` (`{ remote, env, persistTo, yes }`)
 * to `output`. Returns the tables copied and the migrations the copy has applied.
 */
export async function dumpDatabase({ output, target = {}, title, binding = "DB" }) {
  const started = new Date();
  const schemaRows = await queryD1(
    "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid",
    targetArgs(target),
    binding,
  );
  const plan = planSchema(schemaRows);
  if (!plan.tables.length) throw new Error("o banco não tem tabelas (as migrações foram aplicadas?)");

  const work = mkdtempSync(join(tmpdir(), "patas-d1-dump-"));
  try {
    let config = WRANGLER_CONFIG;
    if (!target.remote && target.persistTo) {
      // `wrangler d1 export --local` has no --persist-to: it reads the .wrangler/state
      // beside its config file. A copy of the config beside a link to the state does it.
      mkdirSync(join(work, ".wrangler"));
      symlinkSync(resolve(target.persistTo), join(work, ".wrangler", "state"), "dir");
      config = join(work, "wrangler.toml");
      writeFileSync(config, readFileSync(WRANGLER_CONFIG));
    }
    const exportTarget = targetArgs({ ...target, persistTo: undefined }, config);
    const rowsFile = join(work, "rows.sql");
    const exported = plan.sequence ? [...plan.tables, "sqlite_sequence"] : plan.tables;
    const args = [
      "d1",
      "export",
      binding,
      ...exportTarget,
      "--no-schema",
      "--output",
      rowsFile,
      ...exported.flatMap((t) => ["--table", t]),
    ];
    if (target.yes) args.push("--skip-confirmation");
    // On Cloudflare the export asks first (the database pauses while it runs): the
    // admin answers wrangler's own question.
    if (target.remote) await wranglerAttached(args);
    else await wranglerOutput(args);
    const lines = readFileSync(rowsFile, "utf8")
      .split("\n")
      .filter((line) => !line.startsWith("PRAGMA "));
    // The export lists sqlite_sequence last; as in D1's own full export, the counters the
    // restored rows just set are replaced by the copied ones.
    const sequenceAt = lines.findIndex((line) => line.startsWith('INSERT INTO "sqlite_sequence"'));
    if (sequenceAt >= 0) lines.splice(sequenceAt, 0, "DELETE FROM sqlite_sequence;");
    const migrations = appliedMigrations(lines);
    const source = `${target.remote ? "remoto" : "local"}${target.env ? `, ambiente ${target.env}` : ""}`;
    const header = [
      `-- ${title ?? `Patas Conectadas: cópia do banco D1 ${binding}`} (${source}), ${started.toISOString()}.`,
      `-- Migração mais nova aplicada: ${migrations.at(-1) ?? "nenhuma"}.`,
      `-- Restaurar num banco novo e vazio: npx wrangler d1 execute ${binding} --file ESTE_ARQUIVO (veja o README e docs/decisions/0039).`,
      // Rows go in before their foreign keys are checked, at the end of the import.
      "PRAGMA defer_foreign_keys=TRUE;",
    ];
    const sql = [...header, ...plan.before, ...mergeInserts(lines), ...plan.after].join("\n");
    mkdirSync(dirname(resolve(output)), { recursive: true });
    writeFileSync(output, `${sql}\n`);
    return { tables: plan.tables, migrations };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
