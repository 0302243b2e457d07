#!/usr/bin/env node
// `npm run db:snapshot`: makes the populated database the upgrade test starts from
// (tests/upgrade/, docs/decisions/0039) and writes it, gzipped, to
// tests/upgrade/snapshot.sql.gz. A fresh local D1 gets the migrations (all of them, or up
// to `--until NNNN`), the sample data (scripts/seed.mjs) and thousands of generated rows
// (scripts/seed/bulk.mjs), and is copied the way `npm run backup` copies one. Commit the
// file; the test applies every migration newer than the ones it lists in d1_migrations.
//
//   npm run db:snapshot
//   npm run db:snapshot -- --until 0015
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { dumpDatabase, targetArgs, WRANGLER_CONFIG, wranglerOutput } from "./d1-dump.mjs";
import { run } from "./lib.mjs";
import { buildBulkSql } from "./seed/bulk.mjs";

const OUTPUT = "tests/upgrade/snapshot.sql.gz";

const argv = process.argv.slice(2);
let until;
if (argv[0] === "--until" && /^\d{4}$/.test(argv[1] ?? "") && argv.length === 2) until = argv[1];
else if (argv.length) {
  console.error("Uso: npm run db:snapshot [-- --until NNNN]");
  process.exit(2);
}

const started = Date.now();
const work = mkdtempSync(join(tmpdir(), "patas-snapshot-"));
const persist = join(work, "state");
try {
  // The migrations up to --until, beside a copy of the config that points at them.
  const migrations = readdirSync("migrations")
    .filter((name) => /^\d{4}_.*\.sql$/.test(name))
    .sort()
    .filter((name) => !until || name.slice(0, 4) <= until);
  if (!migrations.length) throw new Error(`nenhuma migração até ${until}`);
  mkdirSync(join(work, "migrations"));
  for (const name of migrations) copyFileSync(join("migrations", name), join(work, "migrations", name));
  writeFileSync(join(work, "wrangler.toml"), readFileSync(WRANGLER_CONFIG));

  console.log(`» Migrações até ${migrations.at(-1)} num D1 local novo...`);
  await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist, "--config", join(work, "wrangler.toml")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  console.log("» Dados de exemplo...");
  await run("node", ["scripts/seed.mjs", "--persist-to", persist]);
  console.log("» Linhas geradas (milhares de contas, pets, avistamentos, buscas salvas...)...");
  const bulk = join(work, "bulk.sql");
  writeFileSync(bulk, buildBulkSql(Date.now()));
  await wranglerOutput(["d1", "execute", "DB", ...targetArgs({ persistTo: persist }), "--file", bulk]);

  console.log(`» Cópia (como npm run backup) para ${OUTPUT}...`);
  const sqlFile = join(work, "snapshot.sql");
  const { tables, migrations: applied } = await dumpDatabase({
    output: sqlFile,
    target: { persistTo: persist },
    title: "Patas Conectadas: banco populado do teste de atualização, feito por `npm run db:snapshot`",
  });
  mkdirSync("tests/upgrade", { recursive: true });
  writeFileSync(OUTPUT, gzipSync(readFileSync(sqlFile), { level: 9 }));
  const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
  console.log(
    `» Pronto em ${Math.round((Date.now() - started) / 1000)} s: ${tables.length} tabelas, migração mais nova ${applied.at(-1)}, ` +
      `${kb(statSync(sqlFile).size)} de SQL, ${kb(statSync(OUTPUT).size)} comprimido.`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
