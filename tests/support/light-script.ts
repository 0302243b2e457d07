// The light pages' script as the build makes it (vite.light-script.ts): the same entry and
// build options, in memory. For the unit tests that check what a light page downloads.
import { basename } from "node:path";
import { build, type Rolldown } from "vite";
import { LIGHT_SCRIPT_ENTRY, lightScriptBuild } from "../../vite.light-script.js";

export async function buildLightScript(): Promise<{ file: string; source: string }> {
  const result = await build({
    configFile: false,
    logLevel: "silent",
    resolve: { tsconfigPaths: true },
    build: { ...lightScriptBuild("build/client"), write: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((item) => item.type === "chunk");
  if (chunks.length !== 1 || !chunks[0]!.isEntry) throw new Error(`${LIGHT_SCRIPT_ENTRY}: one file expected, got ${chunks.length}.`);
  return { file: basename(chunks[0]!.fileName), source: chunks[0]!.code };
}
