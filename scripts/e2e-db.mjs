// The database the end-to-end tests run on: made fresh in .wrangler/e2e, migrated and
// seeded. scripts/e2e-server.mjs makes it before serving, unless `npm test` has already
// made it in this run, beside the worker suite (E2E_DB_READY=1; docs/decisions/0003).
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { migrateLocal, run } from "./lib.mjs";

export const E2E_PERSIST = ".wrangler/e2e";

export async function makeE2eDatabase() {
  rmSync(E2E_PERSIST, { recursive: true, force: true });
  await migrateLocal(E2E_PERSIST);
  await run("node", ["scripts/seed.mjs", "--persist-to", E2E_PERSIST]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await makeE2eDatabase();
