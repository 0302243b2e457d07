// Each browser behaviour is written once (docs/decisions/0042, "One source per
// behaviour"): a module of app/browser/ that attaches to markup by its data attributes.
// The light pages' script (app/browser/light.ts) installs every one; a component that
// renders a behaviour's markup installs the same module, and no other file carries the
// behaviour's own code.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/app-sources";

const BEHAVIOURS = [
  {
    module: "share",
    markup: /data-share-url=/,
    // The share sheet, and copying the link.
    code: [/navigator\.share\b/, /clipboard\.writeText/],
  },
  {
    module: "hearts",
    markup: /data-heart=/,
    // A heart sent in the background asks for data instead of a redirect.
    code: [/\.set\(\s*["']resposta["']/],
  },
  {
    module: "city-suggestions",
    markup: /data-city-suggestions=/,
    // Asking /municipios as one types.
    code: [/fetch\([^)]*\?q=/],
  },
  {
    module: "submit-on-change",
    markup: null,
    code: [/\.requestSubmit\(/],
  },
  {
    module: "toasts",
    markup: null,
    // A toast raised in the browser: built, or kept in a store of its own.
    code: [/createElement\(\s*["']div["']\)/, /createBrowserStore|useSyncExternalStore/],
  },
] as const;

function appFiles() {
  return sourceFiles().map((path) => [relative(process.cwd(), path), readFileSync(path, "utf8")] as const);
}

const importsModule = (text: string, module: string) => new RegExp(`from\\s+["'](?:~/browser/|\\./)${module}["']`).test(text);

describe("browser behaviours", () => {
  it("are installed by the light pages' script", () => {
    const light = readFileSync("app/browser/light.ts", "utf8");
    const installers = BEHAVIOURS.filter(({ module }) => /export function install/.test(readFileSync(`app/browser/${module}.ts`, "utf8")));
    expect(installers.filter(({ module }) => !importsModule(light, module)).map(({ module }) => module)).toEqual([]);
  });

  it("are installed by every component that renders their markup", () => {
    const missing = appFiles().flatMap(([file, text]) =>
      BEHAVIOURS.filter(({ module, markup }) => markup?.test(text) && !file.startsWith("app/routes/") && !importsModule(text, module)).map(
        ({ module }) => `${file} renders the markup of app/browser/${module}.ts without installing it`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it("have their code in their own module only", () => {
    const copies = appFiles().flatMap(([file, text]) =>
      BEHAVIOURS.filter(({ module, code }) => file !== `app/browser/${module}.ts` && code.some((pattern) => pattern.test(text))).map(
        ({ module }) => `${file} repeats app/browser/${module}.ts`,
      ),
    );
    expect(copies).toEqual([]);
  });
});
