// One-off backfill: the card-size copy of every image in R2 that lacks one
// (docs/decisions/0018-card-images.md). Serves workers/image-derivatives.ts with
// `wrangler dev` on a loopback port and calls it until the bucket has been walked;
// running it again does nothing new (idempotent).
//
//   npm run images:derivatives                     # local R2 of `npm start` (.wrangler/state)
//   npm run images:derivatives -- --persist-to .wrangler/e2e
//   npm run images:derivatives -- --remote         # the real bucket (after `wrangler login`)
import { argValue, serveOneOffWorker } from "./lib.mjs";

const remote = process.argv.includes("--remote");
const persist = argValue("--persist-to") ?? ".wrangler/state";
const port = Number(argValue("--port") ?? 8822);
const { base, stop } = await serveOneOffWorker(["--config", "wrangler.derivatives.toml"], { port, remote, persist });

try {
  const totals = { created: 0, existing: 0, skipped: {} };
  let next = "";
  let calls = 0;
  do {
    const response = await fetch(`${base}/?depois=${encodeURIComponent(next)}`, { method: "POST" });
    if (!response.ok) throw new Error(`o worker respondeu ${response.status}: ${await response.text()}`);
    const page = await response.json();
    totals.created += page.created;
    totals.existing += page.existing;
    for (const [reason, count] of Object.entries(page.skipped)) totals.skipped[reason] = (totals.skipped[reason] ?? 0) + count;
    next = page.next;
    calls++;
    if (calls % 10 === 0) console.error(`… ${totals.created} criadas até ${next}`);
  } while (next);
  const skipped =
    Object.entries(totals.skipped)
      .map(([reason, count]) => `${count} (${reason})`)
      .join(", ") || "nenhuma";
  console.log(
    `Cópias de card ${remote ? "no bucket real" : `em ${persist}`}: ${totals.created} criada(s), ` +
      `${totals.existing} já existia(m), sem cópia: ${skipped}.`,
  );
} finally {
  stop();
}
