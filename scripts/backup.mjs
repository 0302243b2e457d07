#!/usr/bin/env node
// `npm run backup`: a copy of the D1 database as one SQL file (docs/decisions/0039).
//
//   npm run backup                                  local D1 (.wrangler/state) → backups/…-local.sql
//   npm run backup -- --remote                      production (needs `npx wrangler login`)
//   npm run backup -- --remote --env staging        staging
//   npm run backup -- --output caminho/arquivo.sql  another file
//   npm run backup -- --persist-to .wrangler/e2e    another local state
//
// Restore into a fresh, empty database with `npx wrangler d1 execute DB --file ARQUIVO`
// (README, "Cópias e restauração"). D1's Time Travel is the first way back; this file is
// the copy kept outside Cloudflare.
import { existsSync } from "node:fs";
import { dumpDatabase } from "./d1-dump.mjs";

function usage(message) {
  if (message) console.error(`backup: ${message}`);
  console.error("Uso: npm run backup -- [--remote] [--env NOME] [--output ARQUIVO] [--persist-to DIR] [--yes]");
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
output ??= `backups/${stamp}-${source}.sql`;
// A copy never overwrites another.
if (existsSync(output)) usage(`${output} já existe`);

try {
  console.log(`backup: copiando o D1 ${target.remote ? "remoto" : "local"}${target.env ? ` (${target.env})` : ""} para ${output}...`);
  const { tables, migrations } = await dumpDatabase({ output, target });
  console.log(`backup: pronto, ${tables.length} tabelas; migração mais nova: ${migrations.at(-1) ?? "nenhuma"}.`);
  console.log(
    `backup: para restaurar num banco novo e vazio: npx wrangler d1 execute DB --file ${output} (--local, ou --remote [--env NOME])`,
  );
} catch (error) {
  console.error(`backup: ${error instanceof Error ? error.message : String(error)}`);
  if (target.remote) console.error("backup: banco remoto: rode `npx wrangler login` antes.");
  process.exit(1);
}
