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

/** Local secrets live in .dev.vars (git-ignored); create it with a random secret once. */
export function ensureDevVars() {
  const path = ".dev.vars";
  const current = existsSync(path) ? readFileSync(path, "utf8") : "";
  if (/^SESSION_SECRET=/m.test(current)) return;
  const secret = randomBytes(32).toString("base64url");
  const line = `SESSION_SECRET=${secret}\n`;
  writeFileSync(path, current + (current && !current.endsWith("\n") ? "\n" : "") + line);
  console.log("» .dev.vars criado com um SESSION_SECRET local aleatório.");
}

/** The value of `--name value` in argv, if present. */
export function argValue(name, argv = process.argv) {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}

/** Applies the migrations to the local D1 kept in `persist`. */
export function migrateLocal(persist) {
  return run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist, "--config", "wrangler.toml"]);
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
