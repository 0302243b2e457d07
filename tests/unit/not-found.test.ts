// One way to say "not found" (docs/decisions/0034, Not found): a loader or action
// throws `notFound()` (or `gone()`) from app/lib/not-found.ts and the route's ErrorBoundary
// renders the spec's text. This fails on a 404 or 410 written any other way in app/, so a
// new route cannot go back to returning `data({ … null }, { status: 404 })` and rendering
// a not-found branch of its own.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { APP, sourceFiles } from "../support/app-sources";

const STATUS = /status:\s*(404|410)\b/g;

// Where a 404 is not a page's answer, with why.
const ALLOWED: Record<string, string> = {
  "app/lib/not-found.ts": "the one mechanism itself",
  "app/platform/images.server.ts": "the image files' own Response, with no page around it",
  "app/routes/dev.mercado-pago.payment.tsx": "the local sandbox answers as Mercado Pago's API does",
  "app/routes/ong.dashboard._index.tsx": "a refused gallery button or form keeps the page, as every form reply",
  "app/routes/dashboard.alertas.tsx": "a refused 'Excluir' keeps the list, as every form reply",
};

describe("not found", () => {
  it("is thrown with notFound() or gone(), never written as a status by hand", () => {
    const offenders = sourceFiles()
      .map((file) => relative(process.cwd(), file))
      .filter((file) => !(file in ALLOWED))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, index) => (line.match(STATUS) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });

  it("leaves no route rendering a not-found branch of its own", () => {
    const offenders = sourceFiles(join(APP, "routes"))
      .filter((file) => /return <(Pet|Detail)NotFound\b/.test(readFileSync(file, "utf8")))
      .map((file) => relative(process.cwd(), file));
    expect(offenders).toEqual([]);
  });
});
