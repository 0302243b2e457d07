// The upgrade and restore test (docs/decisions/0039). CI's other suites migrate an empty
// database, where a migration that breaks on existing rows (a NOT NULL column without a
// default, a unique index over repeated values) still passes. Here a populated database
// at an older migration (tests/upgrade/snapshot.sql.gz, `npm run db:snapshot`) is
// imported into a fresh local D1, every newer migration is applied to every database with
// the admin's own `wrangler d1 migrations apply BINDING --local`, the half-hourly job moves
// the old sightings and mail into the activity database (docs/decisions/0050), and the
// built app answers its smoke requests under `wrangler dev`. Then every database is copied
// with `npm run backup`, restored into fresh D1s as the README says, and serves the same
// pages.
// Needs the build (`npm test` makes it first).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, test } from "vitest";

const SNAPSHOT = "tests/upgrade/snapshot.sql.gz";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
const work = mkdtempSync(join(tmpdir(), "patas-upgrade-"));
const upgradedState = join(work, "upgraded");
const restoredState = join(work, "restored");
const backupFolder = join(work, "backup");

/** Runs a command; resolves with its output, rejects with the end of it. */
function exec(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve(output);
      else
        reject(
          new Error(
            `${command} ${args.slice(0, 4).join(" ")} terminou com código ${code}:\n${output.trim().split("\n").slice(-30).join("\n")}`,
          ),
        );
    });
  });
}

/** What the admin runs against a local state (docs/decisions/0039: always the project's config). */
const wranglerD1 = (state: string, ...args: string[]) =>
  exec("wrangler", ["d1", ...args, "--local", "--persist-to", state, "--config", "wrangler.toml"]);

// ---- Reading the snapshot's rows (the statements `wrangler d1 export` and our merge write).

type Value = string | number | null;

/** Reads one SQL literal (a number, NULL, a string, or the export's replace(…) of one). */
function readValue(text: string, at: number): [Value, number] {
  if (text.startsWith("NULL", at)) return [null, at + 4];
  if (text[at] === "'") {
    let value = "";
    let i = at + 1;
    for (;;) {
      const quote = text.indexOf("'", i);
      value += text.slice(i, quote);
      if (text[quote + 1] === "'") {
        value += "'";
        i = quote + 2;
      } else return [value, quote + 1];
    }
  }
  if (text.startsWith("replace(", at)) {
    // replace('…\n…','\n',char(10)): the export's way of writing a newline.
    let [value, i] = readValue(text, at + "replace(".length);
    const [from, j] = readValue(text, i + 1);
    const code = /^,char\((\d+)\)\)/.exec(text.slice(j, j + 16));
    if (!code) throw new Error(`replace(…) inesperado em ${at}`);
    value = String(value)
      .split(String(from))
      .join(String.fromCharCode(Number(code[1])));
    return [value, j + code[0].length];
  }
  const number = /^-?[\d.e+]+/.exec(text.slice(at, at + 40));
  if (!number) throw new Error(`valor inesperado em ${at}: ${text.slice(at, at + 20)}`);
  return [Number(number[0]), at + number[0].length];
}

/** The rows the snapshot inserts into `table`, as objects. */
function snapshotRows(sql: string, table: string): Record<string, Value>[] {
  const rows: Record<string, Value>[] = [];
  for (const line of sql.split("\n")) {
    if (!line.startsWith(`INSERT INTO "${table}" (`)) continue;
    const head = line.indexOf(") VALUES");
    const columns = line
      .slice(`INSERT INTO "${table}" (`.length, head)
      .split(",")
      .map((c) => c.replace(/"/g, ""));
    let at = head + ") VALUES".length;
    while (line[at] === "(") {
      const row: Record<string, Value> = {};
      at++;
      for (const [i, column] of columns.entries()) {
        const [value, next] = readValue(line, at);
        row[column] = value;
        at = next + (i < columns.length - 1 ? 1 : 0);
      }
      rows.push(row);
      at += 2; // "),"  or ");"
    }
  }
  return rows;
}

// ---- The built app under wrangler dev.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface App {
  base: string;
  child: ChildProcess;
}
const apps: App[] = [];
// Servers run in their own process group; none outlives an interrupted run.
process.once("exit", () => {
  for (const app of apps) {
    if (app.child.exitCode === null && app.child.pid) {
      try {
        process.kill(-app.child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
});

/**
 * `wrangler dev` of the build on a local state, as scripts/e2e-server.mjs serves it. A port
 * found free can be taken before wrangler binds it (the worker suite starts its own runtimes
 * beside this test): that start is tried again on other ports.
 */
async function serve(state: string): Promise<App> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await serveOnce(state);
    } catch (error) {
      if (attempt < 3 && String(error).includes("Address already in use")) continue;
      throw error;
    }
  }
}

async function serveOnce(state: string): Promise<App> {
  const [port, inspector] = [await freePort(), await freePort()];
  const child = spawn(
    "wrangler",
    [
      "dev",
      "--config",
      "build/server/wrangler.json",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspector),
      "--persist-to",
      state,
      "--show-interactive-dev-session=false",
      // /cdn-cgi/handler/scheduled runs the Cron Triggers' handler: the half-hourly job moves old rows.
      "--test-scheduled",
      "--log-level",
      "warn",
      "--var",
      "SESSION_SECRET:segredo-do-teste-de-atualizacao",
      // The e2e sign-in (docs/decisions/0003), for the dashboard below.
      "--var",
      "E2E_SESSION_LOGIN:1",
      // Pages compared across two servers come from the database, not the edge cache.
      "--var",
      "EDGE_CACHE_SECONDS:0",
    ],
    { env, detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const app = { base: `http://127.0.0.1:${port}`, child };
  apps.push(app);
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`wrangler dev terminou com código ${child.exitCode}:\n${stderr.slice(-3000)}`);
    try {
      if ((await fetch(`${app.base}/favicon.svg`)).ok) return app;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`wrangler dev não respondeu em 120 s:\n${stderr.slice(-3000)}`);
}

async function stop(app: App) {
  if (app.child.exitCode !== null || !app.child.pid) return;
  const exited = new Promise((resolve) => app.child.once("exit", resolve));
  process.kill(-app.child.pid, "SIGINT");
  const timer = setTimeout(() => app.child.exitCode === null && process.kill(-app.child.pid!, "SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

async function page(app: App, path: string, cookie?: string) {
  const response = await fetch(`${app.base}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

/** What must be the same on two servers: titles, headings, which pets are listed, counts. */
function keyContent(html: string) {
  const text = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!.replace(/<!-- -->/g, "").trim());
  return {
    title: text(/<title>([^<]*)<\/title>/g),
    headings: text(/<h1[^>]*>([^<]*)/g),
    pets: text(/href="\/pet\/(\d+)"/g),
    sightings: text(/data-testid="avistamento"[^>]*>\s*<p[^>]*>\s*<time dateTime="([^"]*)"/g),
    registered: text(/data-testid="stat-registered"[^>]*>([^<]*)</g),
    found: text(/>([\d.]+ pets?)(?:<!-- -->)?\s*entre/g),
  };
}

// ---- The steps, in order: each one uses what the one before made.

const snapshotSql = gunzipSync(readFileSync(SNAPSHOT)).toString("utf8");
const snapshotPets = snapshotRows(snapshotSql, "pets");
// Generated pets (ids above the sample data's) that the public sees in listings.
const publicPets = snapshotPets.filter((p) => Number(p.id) > 1000 && p.listed === 1 && p.moderation === null);
const snapshotSightings = snapshotRows(snapshotSql, "sightings");
// A public lost pet with visible sightings: its page lists them from the activity database.
const sightedPet = publicPets.find(
  (p) =>
    p.status === "perdido" &&
    p.closed_as === null &&
    snapshotSightings.some((s) => s.pet_id === p.id && s.hidden_at === null && s.moderation === null),
);

/** The rows of one query on one database of a local state. */
async function query(state: string, binding: string, sql: string): Promise<Record<string, Value>[]> {
  const out = await wranglerD1(state, "execute", binding, "--json", "--command", sql);
  return JSON.parse(out.slice(out.indexOf("[")))[0].results;
}
let upgraded: Promise<App>;
let restored: Promise<App>;
// Later steps check the upgraded database: none runs after the upgrade itself failed.
let upgradeDone = false;

afterAll(async () => {
  await Promise.all(apps.map(stop));
  rmSync(work, { recursive: true, force: true });
});

// Every wrangler start costs seconds of CPU, so what does not depend on each other
// overlaps: both servers start at once, beside the database work (a server opens its
// database at its first request, and none is sent before that database is written).
describe("atualização de um banco populado", () => {
  test("o snapshot recebe as migrações mais novas que as dele, com wrangler d1 migrations apply", async ({ task }) => {
    expect(existsSync("build/server/wrangler.json"), "rode `npm run build` antes (o npm test faz)").toBe(true);
    upgraded = serve(upgradedState);
    upgraded.catch(() => {});
    const restoredServer = serve(restoredState);
    restoredServer.catch(() => {});
    const applied = new Set(snapshotRows(snapshotSql, "d1_migrations").map((row) => String(row.name)));
    expect(applied.size, "o snapshot lista as migrações que já tem").toBeGreaterThan(0);
    const all = readdirSync("migrations")
      .filter((name) => /^\d{4}_.*\.sql$/.test(name))
      .sort();
    const newer = all.filter((name) => !applied.has(name));

    const snapshotFile = join(work, "snapshot.sql");
    writeFileSync(snapshotFile, snapshotSql);
    await wranglerD1(upgradedState, "execute", "DB", "--file", snapshotFile);
    // What the admin runs on release day, over rows that are already there: every database.
    await Promise.all([
      wranglerD1(upgradedState, "migrations", "apply", "DB"),
      wranglerD1(upgradedState, "migrations", "apply", "ACTIVITY_DB"),
    ]);
    // Migration 0021 read the instant alerts' columns from the stored criteria (docs/decisions/0046).
    const alerts = await wranglerD1(
      upgradedState,
      "execute",
      "DB",
      "--json",
      "--command",
      "SELECT DISTINCT criteria, alert_municipality_code AS code, alert_radius_km AS radius, alert_status AS status, alert_species AS species " +
        "FROM saved_searches WHERE criteria IN ('cidade=jundiai-sp&raio=25&filter=perdido', 'filter=perdido&filter=Cachorro') ORDER BY criteria",
    );
    expect(JSON.parse(alerts.slice(alerts.indexOf("[")))[0].results).toEqual([
      { criteria: "cidade=jundiai-sp&raio=25&filter=perdido", code: 3525904, radius: 25, status: "perdido", species: "" },
      { criteria: "filter=perdido&filter=Cachorro", code: null, radius: 0, status: "perdido", species: "cachorro" },
    ]);

    // Migration 0022 left the old sightings and mail in main as moved_…; the half-hourly
    // job copies them to the activity database, ids and keys kept, and drops the old tables.
    const app = await upgraded;
    const movedTables = "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'moved_%'";
    expect((await query(upgradedState, "DB", movedTables)).length, "0022 renomeia as tabelas").toBe(2);
    for (let run = 0; (await query(upgradedState, "DB", movedTables)).length > 0; run++) {
      expect(run, "o job de meia em meia hora esvazia as tabelas antigas").toBeLessThan(20);
      const scheduled = await fetch(`${app.base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/30 * * * *")}`);
      expect(scheduled.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const moved = await query(upgradedState, "ACTIVITY_DB", "SELECT id, pet_id FROM sightings ORDER BY id");
    expect(moved).toEqual(snapshotSightings.map((s) => ({ id: s.id, pet_id: s.pet_id })).sort((a, b) => Number(a.id) - Number(b.id)));

    // The copy (`npm run backup`): one file per database, each with its d1_migrations.
    await exec("node", ["scripts/backup.mjs", "--persist-to", upgradedState, "--output", backupFolder]);
    const copied = (binding: string) =>
      snapshotRows(readFileSync(join(backupFolder, `${binding}.sql`), "utf8"), "d1_migrations")
        .map((row) => String(row.name))
        .sort();
    expect(copied("DB")).toEqual(all);
    expect(copied("ACTIVITY_DB")).toEqual(
      readdirSync("migrations-activity")
        .filter((name) => /^\d{4}_.*\.sql$/.test(name))
        .sort(),
    );
    // Each copy is restored into a fresh database, as the README says, and served beside.
    restored = Promise.all([
      wranglerD1(restoredState, "execute", "DB", "--file", join(backupFolder, "DB.sql")),
      wranglerD1(restoredState, "execute", "ACTIVITY_DB", "--file", join(backupFolder, "ACTIVITY_DB.sql")),
      restoredServer,
    ]).then(([, , server]) => server);
    restored.catch(() => {});

    const newest = [...applied].sort().at(-1);
    upgradeDone = true;
    (task.meta as { resumo?: string }).resumo =
      `upgrade: snapshot em ${newest} com ${snapshotPets.length} pets; aplicadas sobre ele: ${newer.join(", ") || "nenhuma migração nova"}`;
  });

  test("o app responde sobre o banco atualizado: início, busca, um pet do snapshot, /pets, entrar e o painel", async () => {
    expect(upgradeDone, "a atualização (o passo anterior) falhou").toBe(true);
    const app = await upgraded;

    const counters = new Map(snapshotRows(snapshotSql, "counters").map((row) => [row.key, Number(row.value)]));
    const home = await page(app, "/");
    expect(home.status).toBe(200);
    expect(keyContent(home.html).registered).toEqual([counters.get("pets")!.toLocaleString("pt-BR")]);

    const search = await page(app, "/buscar-pets");
    expect(search.status).toBe(200);
    expect(keyContent(search.html).found[0]).toMatch(/^[\d.]+ pets$/);
    expect(keyContent(search.html).pets.length).toBeGreaterThan(0);
    // The full-text index (a virtual table the copy rebuilds) finds names.
    const thor = await page(app, "/buscar-pets?q=thor");
    expect(keyContent(thor.html).pets.length).toBeGreaterThan(0);

    // A generated pet, public and listed, by its id in the snapshot.
    const pet = publicPets[Math.floor(publicPets.length / 2)]!;
    const petPage = await page(app, `/pet/${pet.id}`);
    expect(petPage.status).toBe(200);
    expect(keyContent(petPage.html).headings).toContain(pet.name);

    const list = await page(app, "/pets");
    expect(list.status).toBe(200);
    expect(keyContent(list.html).pets.length).toBeGreaterThan(0);

    const signIn = await page(app, "/entrar");
    expect(signIn.status).toBe(200);
    expect(signIn.html).toContain('name="password"');

    // A sample account signs in through the e2e fixture's route and opens its dashboard.
    const maria = snapshotRows(snapshotSql, "profiles").find((p) => p.email === "maria@exemplo.com.br")!;
    const session = await fetch(`${app.base}/dev/sessao`, {
      method: "POST",
      headers: { origin: app.base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "entrar", email: "maria@exemplo.com.br" }),
    });
    expect(session.status).toBe(200);
    const { dashboard } = (await session.json()) as { dashboard: string };
    const cookie = session.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const panel = await page(app, dashboard, cookie);
    expect(panel.status).toBe(200);
    expect(panel.html).toContain(String(maria.name));
  });

  test("a cópia de npm run backup, restaurada num banco novo, serve as mesmas páginas", async () => {
    expect(upgradeDone, "a atualização (o primeiro passo) falhou").toBe(true);
    const [app, copy] = await Promise.all([upgraded, restored]);
    expect(sightedPet, "o snapshot tem um pet perdido com avistamentos").toBeDefined();
    const paths = [
      "/",
      "/buscar-pets",
      "/buscar-pets?q=thor",
      "/pets",
      `/pet/${publicPets[0]!.id}`,
      `/pet/${publicPets.at(-1)!.id}`,
      `/pet/${sightedPet!.id}`,
    ];
    for (const path of paths) {
      const [before, after] = await Promise.all([page(app, path), page(copy, path)]);
      expect(after.status, path).toBe(200);
      expect(keyContent(after.html), path).toEqual(keyContent(before.html));
      // The moved sightings show on their pet's page, from the activity database.
      if (path === `/pet/${sightedPet!.id}`) expect(keyContent(after.html).sightings.length, path).toBeGreaterThan(0);
    }
  });
});
