// Guards as middleware and one error boundary (docs/decisions/0034): each dashboard and
// the moderation pages guard once, in their layout's middleware, and their child routes
// call no guard (they read `guardedAccount(context)`); the general boundary of app/root.tsx
// renders every thrown not-found, and at most two other route modules have a boundary of
// their own, each saying why in the comment above it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { APP, sourceFiles } from "../support/app-sources";

interface Entry {
  file: string;
  children?: Entry[];
}

const source = (file: string) => readFileSync(join(APP, file), "utf8");

// A layout is guarded when its middleware runs one of the area guards.
const GUARDED = /export const middleware[^;]*\b(personal|company|ngo)DashboardGuard\b|export const middleware[^;]*\bmoderationGuard\b/s;
// Calling a guard: requireUser(…), requireCompany(…), requireAdmin(…) and the like.
const GUARD_CALL = /\brequire[A-Z]\w*\s*\(/g;

function guardedLayouts(entries: Entry[]): Entry[] {
  return entries.flatMap((entry) => [
    ...(entry.children && GUARDED.test(source(entry.file)) ? [entry] : []),
    ...guardedLayouts(entry.children ?? []),
  ]);
}

const descendants = (entry: Entry): string[] => (entry.children ?? []).flatMap((child) => [child.file, ...descendants(child)]);

describe("guards", () => {
  const layouts = guardedLayouts(routes as Entry[]);

  it("run once in the layouts of the three dashboards and of the moderation pages", () => {
    expect(layouts.map((layout) => layout.file).sort()).toEqual([
      "routes/_moderacao.tsx",
      "routes/dashboard.tsx",
      "routes/empresa.dashboard.tsx",
      "routes/ong.dashboard.tsx",
    ]);
  });

  it("are not called again by a child route of a guarded layout", () => {
    const offenders = layouts.flatMap((layout) =>
      [...new Set(descendants(layout))].flatMap((file) =>
        source(file)
          .split("\n")
          .flatMap((line, i) => (line.match(GUARD_CALL) ? [`app/${file}:${i + 1}: ${line.trim()}`] : [])),
      ),
    );
    expect(offenders).toEqual([]);
  });

  // The layout's refusal that is not a redirect (moderation's 404) is thrown by
  // `guardedAccount`, after the root loader has run: a loader or action that never reads
  // it would answer a refused visitor's data request.
  it("are read by every loader and action of a child route of a guarded layout", () => {
    const HANDLER = /^export (?:async )?function (loader|action)\b[^{]*\{([\s\S]*?)^\}/gm;
    const unread = layouts.flatMap((layout) =>
      [...new Set(descendants(layout))].flatMap((file) =>
        [...source(file).matchAll(HANDLER)].flatMap(([, name, body]) =>
          /\b(guardedAccount|dashboardKind)\(context\)/.test(body ?? "") ? [] : [`app/${file}: ${name}`],
        ),
      ),
    );
    expect(unread).toEqual([]);
  });
});

describe("error boundaries", () => {
  // Where a route may keep a screen of its own, with why (the line above its export).
  const BOUNDARY = /^export (function|const) ErrorBoundary\b/m;

  it("are the root's general one and at most two more, each with a one-line reason", () => {
    const withBoundary = sourceFiles()
      .filter((file) => BOUNDARY.test(readFileSync(file, "utf8")))
      .map((file) => file.slice(APP.length + 1));
    expect(withBoundary).toContain("root.tsx");
    expect(withBoundary.length).toBeLessThanOrEqual(3);
    const unexplained = withBoundary.filter((file) => {
      const lines = source(file).split("\n");
      const at = lines.findIndex((line) => BOUNDARY.test(line));
      return !/^\/\/ \S/.test(lines[at - 1] ?? "");
    });
    expect(unexplained).toEqual([]);
  });
});
