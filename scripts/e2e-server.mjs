// The server Playwright tests run against: the built app under `wrangler dev`, on a
// database made fresh for every run (.wrangler/e2e), migrated and seeded.
import { existsSync, rmSync } from "node:fs";
import { argValue, ensureDevVars, migrateLocal, run, serveBuilt } from "./lib.mjs";

const port = argValue("--port") ?? "8788";
const persist = ".wrangler/e2e";

ensureDevVars();
if (!existsSync("build/server/wrangler.json")) await run("react-router", ["build"]);
rmSync(persist, { recursive: true, force: true });
await migrateLocal(persist);
await run("node", ["scripts/seed.mjs", "--persist-to", persist]);
await serveBuilt(port, persist, ["--log-level", "warn"]);
