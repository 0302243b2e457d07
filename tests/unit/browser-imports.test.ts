// Code that can run in the browser (components, forms, lib, routes; not `*.server.ts`,
// app/models or app/db) takes the columns' value lists from app/db/values.ts, and only
// types from app/db/schema.ts: a value import of the schema puts drizzle (8.4 KB gzip) in
// the bundle of every form page that reaches it (issue 25; docs/decisions/0042).
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/app-sources";

const SERVER_ONLY = /\.server\.tsx?$|^app\/(models|db)\//;

describe("browser code", () => {
  it("imports only types from ~/db/schema", () => {
    const offenders = sourceFiles()
      .map((path) => [relative(process.cwd(), path), readFileSync(path, "utf8")] as const)
      .filter(([file]) => !SERVER_ONLY.test(file))
      .flatMap(([file, text]) =>
        // Whole import statements, one or many lines, by alias or relative path.
        [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+["'](?:~\/|(?:\.\.?\/)+)db\/schema["']/gms)].map((m) => `${file}: ${m[0].replace(/\s+/g, " ")}`),
      );
    expect(offenders).toEqual([]);
  });
});
