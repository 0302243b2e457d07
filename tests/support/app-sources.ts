// Every TypeScript source under app/, for the unit tests that hold the house's rules
// (docs/decisions/0034): each reads the files as text and lists what breaks its rule.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const APP = join(process.cwd(), "app");

/** Absolute paths of the .ts and .tsx files below `dir` (app/ by default). */
export function sourceFiles(dir: string = APP): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}
