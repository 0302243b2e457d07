#!/usr/bin/env node
// `npm run backup`: a copy of every D1 database, one SQL file each, in one folder
// (docs/decisions/0039, 0050).
//
//   npm run backup                                  local D1 (.wrangler/state) → backups/…-local/
//   npm run backup -- --remote                      production (needs `npx wrangler login`)
//   npm run backup -- --remote --env staging        staging
//   npm run backup -- --output caminho/pasta        another folder
//   npm run backup -- --persist-to .wrangler/e2e    another local state
//
// The folder holds BINDING.sql for each database (DB.sql, ACTIVITY_DB.sql). Restore each
// into a fresh, empty database with `npx wrangler d1 execute BINDING --file PASTA/BINDING.sql`
// (README, "Cópias e restauração"). D1's Time Travel is the first way back; these files
// are the copy kept outside Cloudflare.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { dumpDatabase } from "./d1-dump.mjs";
import { DATABASES } from "./lib.mjs";

function usage(message) {
  if (message) console.error(`backup: ${message}`);
  console.error("Uso: npm run backup -- [--remote] [--env NOME] [--output PASTA] [--persist-to DIR] [--yes]");
  process.exit(2);
}

const target = {};
let output;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i];
  const value = () => {
    const next = argv[++i];
    if (!next || next.startsWith("--")) usage(`${arg} requer um valor`);
    return next;
  };
  if (arg === "--remote") target.remote = true;
  else if (arg === "--local") target.remote = false;
  else if (arg === "--env" || arg === "-e") target.env = value();
  else if (arg === "--output" || arg === "-o") output = value();
  else if (arg === "--persist-to") target.persistTo = value();
  else if (arg === "--yes" || arg === "-y") target.yes = true;
  else usage(`argumento desconhecido: ${arg}`);
}
if (target.remote && target.persistTo) usage("--remote e --persist-to não combinam");

const stamp = new Date().toISOString().replace(/:/g, "-").replace(/\..*/, "Z");
const source = `${target.remote ? "remote" : "local"}${target.env ? `-${target.env}` : ""}`;
output ??= `backups/${stamp}-${source}`;
// A copy never overwrites another.
if (existsSync(output)) usage(`${output} já existe`);

try {
  // One database after the other: on Cloudflare each pauses while it exports.
  for (const { binding } of DATABASES) {
    const file = join(output, `${binding}.sql`);
    console.log(
      `backup: copiando o D1 ${binding} ${target.remote ? "remoto" : "local"}${target.env ? ` (${target.env})` : ""} para ${file}...`,
    );
    const { tables, migrations } = await dumpDatabase({ output: file, target, binding });
    console.log(`backup: ${binding} pronto, ${tables.length} tabelas; migração mais nova: ${migrations.at(-1) ?? "nenhuma"}.`);
  }
  console.log("backup: para restaurar, cada arquivo num banco novo e vazio (--local, ou --remote [--env NOME]):");
  for (const { binding } of DATABASES) console.log(`  npx wrangler d1 execute ${binding} --file ${join(output, `${binding}.sql`)}`);
} catch (error) {
  console.error(`backup: ${error instanceof Error ? error.message : String(error)}`);
  if (target.remote) console.error("backup: banco remoto: rode `npx wrangler login` antes.");
  process.exit(1);
}
