// Every D1 database is migrated, tested, copied and deployed the same way (docs/decisions/0050):
// the scripts' list (scripts/lib.mjs), wrangler.toml's production and staging bindings and
// the worker tests' bindings name the same databases with the same migrations folders.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { DATABASES } from "../../scripts/lib.mjs";

const wranglerToml = readFileSync("wrangler.toml", "utf8");

/** The `[[<table>]]` blocks of wrangler.toml, each as its binding and migrations folder. */
function d1Blocks(table: string) {
  const blocks = wranglerToml.split(/^(?=\[)/m).filter((block) => block.startsWith(`[[${table}]]`));
  return blocks.map((block) => ({
    binding: /^binding\s*=\s*"([^"]+)"/m.exec(block)?.[1],
    migrations: /^migrations_dir\s*=\s*"([^"]+)"/m.exec(block)?.[1],
  }));
}

describe("bancos D1", () => {
  test("a lista dos scripts é a de wrangler.toml, na produção e no staging", () => {
    expect(d1Blocks("d1_databases")).toEqual(DATABASES);
    expect(d1Blocks("env.staging.d1_databases")).toEqual(DATABASES);
  });

  test("cada banco tem sua pasta de migrações, e os testes do worker aplicam todas", () => {
    const workerConfig = readFileSync("vitest.worker.config.ts", "utf8");
    for (const { binding, migrations } of DATABASES) {
      expect(readdirSync(migrations).filter((name) => /^\d{4}_.*\.sql$/.test(name)).length, migrations).toBeGreaterThan(0);
      expect(workerConfig, binding).toContain(`"${binding}"`);
      expect(workerConfig, migrations).toContain(`readD1Migrations("./${migrations}")`);
    }
  });
});
