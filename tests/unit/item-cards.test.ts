// One card for every list (docs/decisions/0041, "One card for every list"): a list's card
// is an `ItemCard`, whose `.item-card` stylesheet makes it a compact row on phones. A card
// built by hand beside it (its own photo, heading and lines) drifts from the others.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/app-sources";

const CARDS = "app/components/cards/";

function appFiles() {
  return sourceFiles().map((path) => [relative(process.cwd(), path), readFileSync(path, "utf8")] as const);
}

describe("list cards", () => {
  it("put every card photo in an ItemCard", () => {
    const handBuilt = appFiles()
      .filter(([file, text]) => file !== `${CARDS}card-photo.tsx` && /from\s+["']~\/components\/cards\/card-photo["']/.test(text))
      .filter(([, text]) => !/<ItemCard\b/.test(text))
      .map(([file]) => `${file} renders CardPhoto outside an ItemCard`);
    expect(handBuilt).toEqual([]);
  });

  it("leave the item-card class to ItemCard", () => {
    const handBuilt = appFiles()
      .filter(([file]) => file !== `${CARDS}item-card.tsx`)
      .filter(([, text]) => /className=\{?["'`][^"'`]*(?<![\w-])item-card(?![\w-])/.test(text))
      .map(([file]) => `${file} writes the item-card class by hand`);
    expect(handBuilt).toEqual([]);
  });
});
