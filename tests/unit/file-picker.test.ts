// One file picker for every photo field (docs/decisions/0033, "One form style"): the label,
// the hint with the accepted types and size, the same styled native input and the current
// image where there is one, all from app/components/form/file-picker.tsx. A form that
// renders its own `type="file"` would bring back a second look.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/app-sources";

const PICKER = "app/components/form/file-picker.tsx";
const FILE_INPUT = /type=\{?\s*["'`]file["'`]|type:\s*["'`]file["'`]/;

describe("photo fields", () => {
  it("render their file input only through the file picker", () => {
    const others = sourceFiles()
      .map((path) => relative(process.cwd(), path))
      .filter((file) => file !== PICKER && FILE_INPUT.test(readFileSync(file, "utf8")));
    expect(others).toEqual([]);
  });

  it("the file picker renders one", () => {
    expect(readFileSync(PICKER, "utf8")).toMatch(FILE_INPUT);
  });
});
