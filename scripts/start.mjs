// `npm start`: build, apply migrations to the local D1, seed it once, and serve the app
// with wrangler on the embedded default (local D1, KV and R2 under .wrangler/state).
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
console.log(`\n» Patas Conectadas rodando em http://localhost:${port}\n`);
await serveBuilt(port, persist);
