// Shared by the start, seed and test scripts. They run under the project's Node 22
// (npm puts node_modules/.bin first on PATH).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export const wranglerEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** Runs a command, streaming its output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env: wranglerEnv, ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} terminou com ${signal ?? `código ${code}`}`));
    });
  });
}

/**
 * Local settings live in .dev.vars (git-ignored): a random session secret and the local
 * e-mail outbox and Mercado Pago sandbox. Missing keys are added; existing values are kept.
 */
export function ensureDevVars() {
  const path = ".dev.vars";
  let current = existsSync(path) ? readFileSync(path, "utf8") : "";
  const wanted = {
    SESSION_SECRET: () => randomBytes(32).toString("base64url"),
    DEV_OUTBOX: () => "1",
    // The local Mercado Pago sandbox (docs/decisions/0014).
    DEV_MERCADO_PAGO: () => "1",
  };
  const added = [];
  for (const [key, value] of Object.entries(wanted)) {
    if (new RegExp(`^${key}=`, "m").test(current)) continue;
    if (current && !current.endsWith("\n")) current += "\n";
    current += `${key}=${value()}\n`;
    added.push(key);
  }
  if (added.length === 0) return;
  writeFileSync(path, current);
  console.log(`» .dev.vars: ${added.join(", ")} adicionado(s) para o ambiente local.`);
}

/** The value of `--name value` in argv, if present. */
export function argValue(name, argv = process.argv) {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}

/**
 * The app's D1 databases, each with its own migrations folder (docs/decisions/0050). The
 * same list as `[[d1_databases]]` in wrangler.toml (tests/unit/databases.test.ts checks it):
 * every script that migrates, copies or restores goes through it.
 */
export const DATABASES = [
  { binding: "DB", migrations: "migrations" },
  { binding: "ACTIVITY_DB", migrations: "migrations-activity" },
];

/** Applies every database's migrations to the local D1 kept in `persist`. */
export async function migrateLocal(persist, config = "wrangler.toml") {
  // One SQLite file per database: both at once.
  await Promise.all(
    DATABASES.map(({ binding }) =>
      run("wrangler", ["d1", "migrations", "apply", binding, "--local", "--persist-to", persist, "--config", config]),
    ),
  );
}

/** Serves the built app with wrangler on the local D1/KV/R2 kept in `persist`. */
export function serveBuilt(port, persist, extraArgs = []) {
  return run("wrangler", [
    "dev",
    "--config",
    "build/server/wrangler.json",
    "--port",
    String(port),
    "--persist-to",
    persist,
    "--show-interactive-dev-session=false",
    ...extraArgs,
  ]);
}

/**
 * Serves a one-off worker (the backfills) with `wrangler dev` on a loopback port, locally
 * (`--persist-to DIR`) or with `--remote`, and waits until it answers (its GET is a 405).
 * Returns its address and a stop function; Ctrl-C stops it too.
 */
export async function serveOneOffWorker(devArgs, { port, remote, persist }) {
  const args = ["dev", ...devArgs, "--ip", "127.0.0.1", "--port", String(port), "--show-interactive-dev-session=false"];
  args.push(...(remote ? ["--remote"] : ["--persist-to", persist]));
  const server = spawn("wrangler", args, { stdio: ["ignore", "ignore", "inherit"], env: wranglerEnv });
  const stop = () => {
    if (server.exitCode === null) server.kill("SIGINT");
  };
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error(`wrangler dev terminou com código ${server.exitCode}`);
    try {
      if ((await fetch(base)).status === 405) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error("wrangler dev não respondeu em 60 s");
}
