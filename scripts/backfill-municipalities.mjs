// One-off backfill: the IBGE municipality of every pet, product, organization, clinic and
// event typed before the IBGE codes, and of their sightings (docs/decisions/0032, Backfill).
// Serves workers/places-backfill.ts with `wrangler dev` on a loopback port, on the app's
// own D1 binding (wrangler.toml), and calls it until every table was walked. Running it
// again changes nothing new (idempotent); rows it cannot resolve keep their text and are
// listed at the end, to be fixed by hand or by their owners.
//
//   npm run places:backfill                          # local D1 of `npm start` (.wrangler/state)
//   npm run places:backfill -- --persist-to .wrangler/e2e
//   npm run places:backfill -- --remote              # the real database (after `wrangler login`)
import { argValue, serveOneOffWorker } from "./lib.mjs";

const remote = process.argv.includes("--remote");
const persist = argValue("--persist-to") ?? ".wrangler/state";
const port = Number(argValue("--port") ?? 8823);
const { base, stop } = await serveOneOffWorker(
  ["workers/places-backfill.ts", "--config", "wrangler.toml", "--name", "patas-municipios-backfill"],
  { port, remote, persist },
);

try {
  let resolved = 0;
  let sightings = 0;
  const unresolved = [];
  let query = "";
  do {
    const response = await fetch(`${base}/${query}`, { method: "POST" });
    if (!response.ok) throw new Error(`o worker respondeu ${response.status}: ${await response.text()}`);
    const page = await response.json();
    resolved += page.resolved;
    sightings += page.sightings;
    unresolved.push(...page.unresolved);
    query = page.next ? `?tabela=${page.next.table}&depois=${page.next.after}` : "";
    if (page.next) console.error(`… ${resolved} resolvida(s), em ${page.next.table} depois do id ${page.next.after}`);
  } while (query);
  console.log(
    `Municípios ${remote ? "no banco real" : `em ${persist}`}: ${resolved} linha(s) resolvida(s), ` +
      `${sightings} avistamento(s) com a cidade do pet, ${unresolved.length} sem município.`,
  );
  for (const row of unresolved) {
    const hint = row.candidates.length ? ` (mais de uma cidade: ${row.candidates.join(", ")})` : " (cidade não encontrada)";
    console.log(`  ${row.table} ${row.id}: "${row.location}"${hint}`);
  }
} finally {
  stop();
}
