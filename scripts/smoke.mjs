#!/usr/bin/env node
// `npm run smoke -- URL`: after a deploy, do the public pages answer? (docs/decisions/0039)
// The home page, the search, the page of a pet listed there, /pets, the sign-in page and
// the sitemap: each must answer 200 with what makes it that page. Only GETs, so it
// changes nothing; works against staging, production or a local server.
//
//   npm run smoke -- https://staging.patasconectadas.com.br
//   npm run smoke -- http://localhost:8787

const base = process.argv[2]?.replace(/\/+$/, "");
if (!base || !/^https?:\/\//.test(base) || process.argv.length > 3) {
  console.error("Uso: npm run smoke -- https://ENDEREÇO-DO-SITE");
  process.exit(2);
}

let failed = 0;
async function check(path, expectation, test) {
  const started = Date.now();
  try {
    const response = await fetch(`${base}${path}`, { redirect: "manual", headers: { "user-agent": "patas-smoke" } });
    const body = await response.text();
    const ms = Date.now() - started;
    const ok = response.status === 200 && test(body);
    if (!ok) failed++;
    console.log(
      `${ok ? "ok  " : "FALHOU"} ${response.status} ${String(ms).padStart(5)} ms  ${path}${ok ? "" : `  (esperado: 200 e ${expectation})`}`,
    );
    return body;
  } catch (error) {
    failed++;
    console.log(`FALHOU  ---         ${path}  (${error instanceof Error ? error.message : error})`);
    return "";
  }
}

const home = await check("/", "o título do site", (html) => html.includes("<title>Patas Conectadas"));
const search = await check("/buscar-pets", "a contagem de pets encontrados", (html) => /pets? encontrados?/.test(html));
const petPath = /href="(\/pet\/\d+)"/.exec(search)?.[1] ?? /href="(\/pet\/\d+)"/.exec(home)?.[1];
if (petPath) await check(petPath, "o nome do pet num título", (html) => /<h1[^>]*>[^<]+/.test(html));
else console.log("aviso   nenhum pet listado na busca: a página de um pet não foi conferida");
await check("/pets", "o título Todos os Pets", (html) => html.includes("Todos os Pets"));
await check("/entrar", "o formulário de entrar", (html) => html.includes('name="password"'));
await check("/sitemap.xml", "um sitemap", (xml) => xml.includes("<urlset"));

console.log(failed ? `\nsmoke: ${failed} verificação(ões) falharam em ${base}` : `\nsmoke: tudo certo em ${base}`);
process.exit(failed ? 1 : 0);
