import type { APIRequestContext } from "@playwright/test";
import { describeVisit, firstVisitBytes, kilobytes, SMALL_PHONE } from "./support/first-visit-bytes";
import { expect, test } from "./support/fixtures";

// Visitors without JavaScript download no more than 10% over those with it
// (docs/decisions/0043, "No extra bytes without JavaScript"). Chromium does not lazy-load
// images when scripting is off, so every <img> on a page is fetched: a page keeps few
// images up front and pages the rest. Each public page, a first visit (no cookie) at
// 360×740, once with JavaScript off and once on, everything fetched until the network is
// idle. One test runs both sides itself, so it runs in the default project only.
const LIMIT = 1.1;
// Pages measured at once: a few contexts of one browser, not to starve the local server.
const AT_ONCE = 4;

/** The first link of a page that matches, e.g. /produto/7 from /produtos. */
async function firstLink(request: APIRequestContext, page: string, pattern: RegExp) {
  const match = pattern.exec(await (await request.get(page)).text());
  expect(match, `a link matching ${pattern} on ${page}`).not.toBeNull();
  return match![1]!;
}

/** A poster's public profile, linked from the first pet page of /pets that shows one. */
async function profilePage(request: APIRequestContext) {
  const pets = (await (await request.get("/pets")).text()).matchAll(/href="(\/pet\/\d+)"/g);
  for (const [, pet] of pets) {
    const profile = /href="(\/perfil\/[^"]+)"/.exec(await (await request.get(pet!)).text())?.[1];
    if (profile) return profile;
  }
  return undefined;
}

test("no public page fetches more than 10% more bytes with JavaScript off than on", async ({ browser, baseURL, request }) => {
  test.setTimeout(90_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const cityPage = (kind: string) => new RegExp(`<loc>https?://[^/<]+(/${kind}/[^<]+)</loc>`).exec(sitemap)?.[1];
  const pet = await firstLink(request, "/pets", /href="(\/pet\/\d+)"/);
  // The public pages of app/routes.ts, with seeded ids taken from their listings.
  const pages = [
    "/",
    "/pets",
    "/buscar-pets",
    "/buscar-pets?q=cachorro",
    cityPage("pets-perdidos"),
    cityPage("adocao"),
    "/ongs",
    "/ver-ongs",
    "/produtos",
    "/clinicas",
    "/eventos",
    pet,
    await firstLink(request, "/eventos", /href="(\/evento\/\d+)"/),
    await firstLink(request, "/ongs", /href="(\/ong\/\d+)"/),
    await firstLink(request, "/produtos", /href="(\/produto\/\d+)"/),
    await firstLink(request, "/clinicas", /href="(\/clinica\/\d+)"/),
    await profilePage(request),
    "/quem-somos",
    "/links-uteis",
    "/termos",
    "/privacidade",
  ];
  expect(
    pages.filter((p) => !p),
    "a city page of each kind in the sitemap",
  ).toHaveLength(0);

  const measure = async (path: string) => {
    const [off, on] = await Promise.all(
      [false, true].map((javaScriptEnabled) => firstVisitBytes(browser, baseURL!, path, { phone: SMALL_PHONE, javaScriptEnabled })),
    );
    return { path, off: off!, on: on! };
  };
  const results: Awaited<ReturnType<typeof measure>>[] = [];
  const queue = [...(pages as string[])];
  await Promise.all(
    Array.from({ length: AT_ONCE / 2 }, async () => {
      for (let path = queue.shift(); path; path = queue.shift()) results.push(await measure(path));
    }),
  );

  const lines = results
    .sort((a, b) => pages.indexOf(a.path) - pages.indexOf(b.path))
    .map(
      ({ path, off, on }) =>
        `${path}: sem JS ${kilobytes(off.all)}, com JS ${kilobytes(on.all)} (${((off.all / on.all) * 100).toFixed(0)}%)`,
    );
  console.log(`Bytes de uma primeira visita a 360×740, sem e com JavaScript:\n${lines.join("\n")}`);
  for (const { path, off, on } of results) {
    expect.soft(off.all, `${path}: sem JS ${describeVisit(off)}; com JS ${describeVisit(on)}`).toBeLessThanOrEqual(LIMIT * on.all);
  }
});
