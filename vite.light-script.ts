// The light pages' one script (docs/decisions/0042) as a Vite client entry of its own.
//
// `app/browser/light.ts` is built in an environment of its own ("light", a client), after
// React Router's client build and before the server's: one classic script with no imports
// (a light page loads no module, no framework), minified, its name the hash of its content
// (`/js/leve/{hash}.js`, [a-z0-9]), listed in that build's manifest. The server reads its
// address from `virtual:light-script` (app/lib/light-script.server.ts) and renders
// `<script src defer nonce>`; public/_headers gives the file a year's cache.
// In `vite dev` (and in the worker tests) the address is the source module itself, which
// Vite serves as a module.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { BuildEnvironmentOptions, Manifest, Plugin, ViteBuilder } from "vite";

export const LIGHT_SCRIPT_ENTRY = "app/browser/light.ts";
const ENVIRONMENT = "light";
const VIRTUAL_ID = "virtual:light-script";
const MANIFEST = ".vite/light-manifest.json";

/** The light environment's build: one file, in the client's output directory. */
export function lightScriptBuild(outDir: string): BuildEnvironmentOptions {
  return {
    outDir,
    // The client's files are there already.
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: MANIFEST,
    rolldownOptions: {
      input: { leve: LIGHT_SCRIPT_ENTRY },
      output: {
        // A classic script: a light page has no module (tests/e2e/light-visit.spec.ts).
        format: "iife",
        entryFileNames: "js/leve/[hash].js",
        hashCharacters: "base36",
      },
    },
  };
}

/** What `virtual:light-script` exports. */
export interface LightScript {
  /** The script's address. */
  src: string;
  /** Only in `vite dev`: the source as a module, with its imports. */
  module: boolean;
}

export function lightScript(): Plugin {
  let command: "build" | "serve" = "serve";
  let builder: ViteBuilder | undefined;
  let built: Promise<string> | undefined;

  // Builds the light environment once, reads the file's name from its manifest, then
  // removes the manifest, as React Router removes its own: the output directory is public.
  async function buildOnce(): Promise<string> {
    const environment = builder?.environments[ENVIRONMENT];
    if (!builder || !environment) throw new Error(`No "${ENVIRONMENT}" environment to build the light pages' script.`);
    await builder.build(environment);
    const path = join(environment.config.build.outDir, MANIFEST);
    const manifest = JSON.parse(readFileSync(path, "utf8")) as Manifest;
    rmSync(path);
    const entry = manifest[LIGHT_SCRIPT_ENTRY];
    if (!entry) throw new Error(`${LIGHT_SCRIPT_ENTRY} is not in ${MANIFEST}.`);
    return `${environment.config.base}${entry.file}`;
  }

  return {
    name: "patas:light-script",
    sharedDuringBuild: true,
    config(config, env) {
      command = env.command;
      if (env.command !== "build") return;
      const outDir = config.environments?.client?.build?.outDir ?? "build/client";
      return { environments: { [ENVIRONMENT]: { consumer: "client", build: lightScriptBuild(outDir) } } };
    },
    // React Router's buildApp builds the client, then the server; the server's import of
    // the virtual module builds this one in between (after React Router empties build/).
    buildApp: {
      order: "pre",
      async handler(appBuilder) {
        builder = appBuilder;
      },
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? `\0${VIRTUAL_ID}` : undefined;
    },
    async load(id) {
      if (id !== `\0${VIRTUAL_ID}`) return;
      const script: LightScript =
        command === "build" ? { src: await (built ??= buildOnce()), module: false } : { src: `/${LIGHT_SCRIPT_ENTRY}`, module: true };
      return `export const LIGHT_SCRIPT = ${JSON.stringify(script)};`;
    },
  };
}
