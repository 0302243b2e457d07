// No import circle in app/ (docs/decisions/0034): a module and what it imports
// must form a tree, so that either can change, or be tested, without the other. Type-only
// imports count too: a circle of types is still two modules that cannot move apart.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const APP = join(process.cwd(), "app");
const SPECIFIER = /(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe("imports in app/", () => {
  it("form no circle", () => {
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(APP)) {
      const text = readFileSync(file, "utf8");
      const targets = [...text.matchAll(SPECIFIER)]
        .map((match) => resolveImport(file, (match[1] ?? match[2])!))
        .filter((target): target is string => target !== null);
      graph.set(file, [...new Set(targets)]);
    }
    const named = cycles(graph).map((cycle) => cycle.map((file) => relative(APP, file)).join(" → "));
    expect(named).toEqual([]);
  });
});
