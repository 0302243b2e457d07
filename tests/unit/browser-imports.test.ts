// Code that can run in the browser (components, forms, lib, routes; not `*.server.ts`,
// app/models or app/db) keeps heavy server libraries out of the app's JavaScript
// (docs/decisions/0042):
// - the columns' value lists come from app/db/values.ts, and only types from
//   app/db/schema.ts: a value import of the schema puts drizzle (8.4 KB gzip) in the bundle
//   of every form page that reaches it;
// - forms render the server's answer with app/components/form/form-fields.ts: Conform's
//   own client (9 KB) stays out of the app (its server half, `parseWithZod`, checks forms);
// - components take their choices and messages from app/forms/choices.ts, and only types
//   from the schemas beside it: a value import of a schema puts zod (23 KB) in the bundle.
//   (A route module imports its schema for its action, which never reaches the browser.)
// tests/e2e/page-weight.spec.ts checks the bundles themselves.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/app-sources";

const SERVER_ONLY = /\.server\.tsx?$|^app\/(models|db)\//;

function browserFiles() {
  return sourceFiles()
    .map((path) => [relative(process.cwd(), path), readFileSync(path, "utf8")] as const)
    .filter(([file]) => !SERVER_ONLY.test(file));
}

/** Whole value import statements (one or many lines) whose source matches `from`. */
function valueImports(files: (readonly [string, string])[], from: string) {
  const pattern = new RegExp(`^import\\s+(?!type\\b)[^;]*?from\\s+["'](?:${from})["']`, "gms");
  return files.flatMap(([file, text]) => [...text.matchAll(pattern)].map((m) => `${file}: ${m[0].replace(/\s+/g, " ")}`));
}

describe("browser code", () => {
  it("imports only types from ~/db/schema", () => {
    expect(valueImports(browserFiles(), String.raw`(?:~\/|(?:\.\.?\/)+)db\/schema`)).toEqual([]);
  });

  it("imports nothing but types from Conform's client", () => {
    expect(valueImports(browserFiles(), "@conform-to/react")).toEqual([]);
  });

  it("takes only types from the forms' schemas in components", () => {
    const components = browserFiles().filter(([file]) => file.startsWith("app/components/"));
    expect(
      valueImports(components, String.raw`(?:~\/|(?:\.\.?\/)+)forms\/(?!choices["'])[^"']+|zod(?:\/[^"']*)?|@conform-to\/zod(?:\/[^"']*)?`),
    ).toEqual([]);
  });
});
