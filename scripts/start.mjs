// `npm start`: build, apply migrations to the local D1, seed it once, and serve the app
// with wrangler on the embedded default (local D1, KV and R2 under .wrangler/state).
import { existsSync, readFileSync } from "node:fs";
import { startGoogleStandIn } from "./google-stand-in.mjs";
import { ensureDevVars, migrateLocal, run, serveBuilt } from "./lib.mjs";

const port = process.env.PORT || "8787";
const persist = ".wrangler/state";

ensureDevVars();
console.log("» Gerando o build...");
await run("react-router", ["build"]);
console.log("» Aplicando migrações ao D1 local...");
await migrateLocal(persist);
console.log("» Dados de exemplo...");
await run("node", ["scripts/seed.mjs", "--persist-to", persist]);
// 'Entrar com Google' works on a fresh clone: against Google's local stand-in, unless
// .dev.vars holds the client of a real Google project (docs/decisions/0007).
const realGoogle = existsSync(".dev.vars") && /^GOOGLE_CLIENT_ID=./m.test(readFileSync(".dev.vars", "utf8"));
const google = realGoogle
  ? null
  : await startGoogleStandIn({ port: process.env.GOOGLE_STAND_IN_PORT || "8789", appOrigins: [`http://localhost:${port}`] });
console.log(`\n» Patas Conectadas rodando em http://localhost:${port}`);
if (google) console.log(`» Login com Google: dublê local do Google em ${google.issuer} (qualquer e-mail e nome)`);
console.log("");
// Every link in a mail, a payment or Google's redirect_uri is built from SITE_URL
// (docs/decisions/0011): this server's own address, whatever PORT says.
await serveBuilt(port, persist, ["--var", `SITE_URL:http://localhost:${port}`, ...(google?.wranglerVars ?? [])]).finally(() =>
  google?.close(),
);
