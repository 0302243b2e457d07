import type { Locator, Page } from "@playwright/test";
import { waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// A search starts with results on a 360×740 phone (docs/decisions/0033, "One line of
// search, the rest behind 'Filtros'"): the query and the city on one line, every other
// filter in a closed 'Filtros' <details>, and the first result card within the first
// screen. Without JavaScript and with it (@js). Measured with today's cards, whatever
// their height: only the top of the first one counts.
const PHONE = { width: 360, height: 740 };

interface Listing {
  path: string;
  /** The line's text field for words, when the page searches words. */
  query?: string;
  /** The line's submit button. */
  submit: string;
  /** Sends a filter from inside the open 'Filtros'. */
  applyFilter: (filters: Locator, javaScriptEnabled: boolean) => Promise<void>;
  /** Where that lands: the filter, with the query and the city kept. */
  landsOn: RegExp;
}

/** Picks a distance and applies it with the panel's own button. */
function distance(km: string) {
  return async (filters: Locator) => {
    await filters.getByLabel("Distância").selectOption(km);
    await filters.getByRole("button", { name: "Aplicar" }).click();
  };
}

const LISTINGS: Listing[] = [
  {
    path: "/buscar-pets?q=caramelo&cidade=S%C3%A3o+Paulo",
    query: "Estou procurando...",
    submit: "Buscar",
    // With JavaScript a ticked box applies at once (docs/decisions/0042).
    applyFilter: async (filters, javaScriptEnabled) => {
      await filters.getByLabel("Cachorro").check();
      if (!javaScriptEnabled) await filters.getByRole("button", { name: "Aplicar" }).click();
    },
    landsOn: /\/buscar-pets\?.*q=caramelo.*cidade=S.*filter=Cachorro/,
  },
  {
    path: "/pets?cidade=S%C3%A3o+Paulo",
    submit: "Filtrar",
    applyFilter: async (filters) => {
      await filters.getByRole("group", { name: "Espécie" }).getByLabel("Gato").check();
      await filters.getByRole("button", { name: "Aplicar" }).click();
    },
    landsOn: /\/pets\?cidade=S.*filter=Gato/,
  },
  {
    path: "/ongs?q=patinhas&cidade=S%C3%A3o+Paulo",
    query: "Buscar ONGs e voluntários...",
    submit: "Buscar",
    applyFilter: distance("25"),
    landsOn: /\/ongs\?q=patinhas&cidade=S.*&raio=25$/,
  },
  {
    path: "/produtos?cidade=S%C3%A3o+Paulo",
    query: "Buscar produtos e serviços...",
    submit: "Buscar",
    applyFilter: distance("10"),
    landsOn: /\/produtos\?q=&cidade=S.*&raio=10$/,
  },
  {
    path: "/clinicas?cidade=S%C3%A3o+Paulo",
    query: "Buscar clínicas...",
    submit: "Buscar",
    applyFilter: distance("50"),
    landsOn: /\/clinicas\?q=&cidade=S.*&raio=50$/,
  },
  {
    path: "/eventos",
    submit: "Filtrar",
    applyFilter: distance("25"),
    landsOn: /\/eventos\?cidade=&raio=25$/,
  },
];

/** The page's 'Filtros' panel: a <details> whose summary starts with 'Filtros'. */
function filtersPanel(page: Page): Locator {
  return page
    .getByRole("main")
    .locator("details")
    .filter({ has: page.locator("summary", { hasText: /^Filtros( \(\d+\))?$/ }) });
}

test.describe("a search starts with results on a phone", () => {
  test.use({ viewport: PHONE });

  for (const listing of LISTINGS) {
    test(`${listing.path}: one line of search, 'Filtros' closed, the first card on the first screen`, { tag: "@js" }, async ({
      page,
      javaScriptEnabled,
    }) => {
      await page.goto(listing.path);
      await waitForHydration(page, javaScriptEnabled);
      const main = page.getByRole("main");

      const firstCard = main.locator("article").first();
      const card = await firstCard.boundingBox();
      expect(card, "a result card").not.toBeNull();
      expect(card!.y, `the first card starts at ${Math.round(card!.y)} px`).toBeLessThan(PHONE.height);
      // A line of chips scrolls inside itself, never the page.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, "nothing scrolls sideways").toBeLessThanOrEqual(PHONE.width);

      // The query (where the page has one), the city and the button on one line.
      const line: Locator[] = [];
      if (listing.query) line.push(main.getByPlaceholder(listing.query));
      line.push(main.getByLabel("Cidade", { exact: true }), main.getByRole("button", { name: listing.submit }));
      const tops: number[] = [];
      for (const control of line) {
        await expect(control).toBeVisible();
        const box = (await control.boundingBox())!;
        expect(box.height, `${control} is a 44 px target`).toBeGreaterThanOrEqual(44);
        expect(box.x + box.width, `${control} fits the screen`).toBeLessThanOrEqual(PHONE.width);
        tops.push(box.y);
      }
      expect(Math.max(...tops) - Math.min(...tops), `one line: tops ${tops.map(Math.round).join(", ")}`).toBeLessThanOrEqual(4);
      // 16 px text, so a phone does not zoom into the field.
      for (const field of line.slice(0, -1)) {
        const size = await field.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
        expect(size, `${field} font size`).toBeGreaterThanOrEqual(16);
      }

      // Everything else sits in 'Filtros', closed.
      const filters = filtersPanel(page);
      await expect(filters).toHaveCount(1);
      expect(await filters.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);

      // Opened, a filter in it is sent with the query and the city.
      await filters.locator("summary").click();
      await listing.applyFilter(filters, javaScriptEnabled);
      await expect(page).toHaveURL(listing.landsOn);
      await expect(page.getByRole("main").locator("article").first()).toBeVisible();
    });
  }
});
