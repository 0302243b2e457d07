#!/usr/bin/env node
// Grants or revokes the admin role (docs/decisions/0035). The role is never given through
// the web: only whoever can run wrangler against the database can make an admin.
//
//   npm run admin -- grant maria@exemplo.com.br             (local D1)
//   npm run admin -- revoke maria@exemplo.com.br
//   npm run admin -- grant maria@exemplo.com.br --remote    (production; needs `npx wrangler login`)
//   npm run admin -- grant maria@exemplo.com.br --persist-to .wrangler/e2e
//
// One wrangler call: an UPDATE … RETURNING, so an unknown e-mail is told apart from a
// change, and nothing else is touched.
import { spawnSync } from "node:child_process";

function usage(message) {
  if (message) console.error(`admin: ${message}`);
  console.error("Uso: npm run admin -- grant|revoke EMAIL [--remote | --persist-to DIR]");
  process.exit(2);
}

const argv = process.argv.slice(2);
const positional = [];
const target = [];
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i];
  if (arg === "--remote") target.push("--remote");
  else if (arg === "--persist-to") {
    const dir = argv[++i];
    if (!dir) usage("--persist-to requer um diretório");
    target.push("--persist-to", dir);
  } else if (arg.startsWith("--persist-to=")) target.push("--persist-to", arg.slice("--persist-to=".length));
  else if (arg.startsWith("-")) usage(`opção desconhecida: ${arg}`);
  else positional.push(arg);
}
const [command, rawEmail, ...extra] = positional;
if (command !== "grant" && command !== "revoke") usage(command ? `comando desconhecido: ${command}` : "");
if (!rawEmail || extra.length) usage("informe um e-mail");
const email = rawEmail.trim().toLowerCase();
// The same shape the sign-up accepts; anything else cannot be an account's e-mail (and
// never reaches the SQL below).
if (!/^[^\s@'"\\;]+@[^\s@'"\\;]+\.[^\s@'"\\;]+$/.test(email) || email.length > 254) usage(`e-mail inválido: ${rawEmail}`);
const remote = target.includes("--remote");
if (remote && target.includes("--persist-to")) usage("--remote e --persist-to não combinam");
if (!remote) target.push("--local");

const value = command === "grant" ? 1 : 0;
const sql = `UPDATE users SET is_admin = ${value}, updated_at = unixepoch() * 1000 WHERE email = '${email}' RETURNING email, is_admin`;
const result = spawnSync("npx", ["wrangler", "d1", "execute", "DB", ...target, "--json", "--command", sql], {
  env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  encoding: "utf8",
  maxBuffer: 16 * 1024 * 1024,
  shell: process.platform === "win32",
});
if (result.error) throw result.error;
if (result.status !== 0) {
  console.error(
    `admin: o wrangler falhou (${remote ? "banco remoto: rode `npx wrangler login`?" : "as migrações foram aplicadas? rode `npm run db:migrate`"}).`,
  );
  const output = `${result.stdout ?? ""}\n${result.stderr ?? ""}`.trim();
  if (output) console.error(output.split("\n").slice(-20).join("\n"));
  process.exit(1);
}
let rows;
try {
  const out = result.stdout;
  rows = JSON.parse(out.slice(out.indexOf("[")))?.[0]?.results;
} catch {
  console.error("admin: resposta inesperada do wrangler.");
  process.exit(1);
}
const where = remote ? "no banco remoto" : "no banco local";
if (!Array.isArray(rows) || rows.length === 0) {
  console.error(`admin: nenhuma conta com o e-mail ${email} ${where}. Nada mudou.`);
  process.exit(1);
}
console.log(
  command === "grant"
    ? `admin: ${email} agora é administrador ${where} (a moderação fica em /moderacao).`
    : `admin: ${email} deixou de ser administrador ${where}.`,
);
