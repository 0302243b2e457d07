// Comments say why, or cite the decision record that does (docs/decisions/0034, The
// toolchain keeps it so). A reader of the repository can open docs/decisions/NNNN; an
// issue's or a review finding's number points to nothing they have. This fails on a
// comment that cites one: "issue", "issues", "finding" or "findings" and a number.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOTS = ["app", "workers", "scripts", "tests", "lint"];
const CODE = /\.(?:tsx?|mts|m?js)$/;
const CITATION = new RegExp(["issue", "finding"].map((word) => `\\b${word}s? ?#?\\d`).join("|"), "i");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return [path];
  });
}

/** The text of every comment of a TypeScript or JavaScript file, JSX included. */
function comments(path: string, text: string): { line: number; text: string }[] {
  const kind = path.endsWith(".tsx") ? ts.ScriptKind.TSX : /\.m?js$/.test(path) ? ts.ScriptKind.JSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, { line: number; text: string }>();
  const add = (pos: number, end: number) => {
    if (!found.has(pos)) found.set(pos, { line: source.getLineAndCharacterOfPosition(pos).line + 1, text: text.slice(pos, end) });
  };
  const visit = (node: ts.Node) => {
    ts.forEachLeadingCommentRange(text, node.getFullStart(), add);
    ts.forEachTrailingCommentRange(text, node.getEnd(), add);
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found.values()];
}

/** Comments of the other files we write: CSS and GritQL blocks, `#` and `//` lines. */
function plainComments(text: string): { line: number; text: string }[] {
  const pattern = /\/\*[\s\S]*?\*\/|(?:^|\s)(?:\/\/|#)[^\n]*/g;
  return [...text.matchAll(pattern)].map((match) => ({ line: text.slice(0, match.index).split("\n").length, text: match[0] }));
}

describe("code comments", () => {
  it("cite docs/decisions/, never an issue's or a finding's number", () => {
    const offenders = ROOTS.flatMap((root) => files(join(process.cwd(), root)))
      .filter((path) => CITATION.test(readFileSync(path, "utf8")))
      .flatMap((path) => {
        const text = readFileSync(path, "utf8");
        const found = CODE.test(path) ? comments(path, text) : /\.(?:css|grit|env)$/.test(path) ? plainComments(text) : [];
        return found
          .filter((comment) => CITATION.test(comment.text))
          .map(
            (comment) =>
              `${relative(process.cwd(), path)}:${comment.line}: ${comment.text
                .split("\n")
                .find((l) => CITATION.test(l))!
                .trim()}`,
          );
      });
    expect(offenders).toEqual([]);
  });
});
