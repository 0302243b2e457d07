// Internal links and redirects are built with React Router's typed `href()` (issue 22;
// docs/decisions/0034), so a renamed route fails the typecheck instead of shipping a dead
// link. This fails on a template string that writes an internal path by hand
// (`/pet/${id}`, `${origin}/pet/${id}`); a query or a hash after `${href(…)}` is fine.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/app-sources";

// Paths that are not routes of the app: static files and a vendor's API.
const NOT_ROUTES = ["/placeholders/", "/v1/"];
const HAND_WRITTEN_PATH = /`(\/[a-z][^`]*?\$\{)/g;
// The same after the site's origin, in mails and share links: `${origin}/pet/${id}`.
const AFTER_ORIGIN = /\$\{[^}]*origin\}(\/[a-z][\w/-]*)/gi;

describe("internal links", () => {
  it("are built with href(), never a template string", () => {
    const offenders = sourceFiles().flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          [...line.matchAll(HAND_WRITTEN_PATH), ...line.matchAll(AFTER_ORIGIN)]
            .filter((match) => !NOT_ROUTES.some((prefix) => match[1]!.startsWith(prefix)))
            .map(() => `${relative(process.cwd(), file)}:${index + 1}: ${line.trim()}`),
        ),
    );
    expect(offenders).toEqual([]);
  });
});
