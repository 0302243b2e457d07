// The house's first rule (issue 22; docs/decisions/0034): app/platform holds the adapters
// to Cloudflare and to outside services; the product's own workflows live in app/services
// and may use the platform, never the other way round.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const PLATFORM = join(process.cwd(), "app/platform");
const FORBIDDEN = /from\s+["'](?:~\/(?:services|routes|components)\/|\.\.\/(?:services|routes|components)\/)/;

describe("app/platform", () => {
  it("imports nothing from app/services, app/routes or app/components", () => {
    const offenders = readdirSync(PLATFORM)
      .filter((name) => /\.tsx?$/.test(name))
      .flatMap((name) =>
        readFileSync(join(PLATFORM, name), "utf8")
          .split("\n")
          .filter((line) => FORBIDDEN.test(line))
          .map((line) => `${name}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
