// Mail markup lives in app/mail's templates only (docs/decisions/0011): services pass
// data (names, addresses, counts), and app/platform only carries the finished message.
// This fails on an HTML tag written in a service or an adapter, or on escaping by hand
// there, which is how a mail was built before the templates.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { APP, sourceFiles } from "../support/app-sources";

const TAG = /<\/?(?:p|a|ul|ol|li|strong|em|b|i|br|hr|blockquote|div|span|h[1-6]|table|tr|td|img)(?=[\s>/])/;
const HAND_ESCAPING = /\bescapeHtml\b|from\s+["']~\/lib\/html["']/;

describe("mail markup", () => {
  it("is written in app/mail only: no service or adapter builds HTML", () => {
    const offenders = [...sourceFiles(join(APP, "services")), ...sourceFiles(join(APP, "platform"))].flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          TAG.test(line) || HAND_ESCAPING.test(line) ? [`${relative(process.cwd(), file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
