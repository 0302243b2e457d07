// axe-core in the e2e suite (docs/decisions/0021-accessibility.md): any spec can call
// `expectAccessible(page, javaScriptEnabled)` once the page is in the state to check.
import { AxeBuilder } from "@axe-core/playwright";
import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import type { AxeResults, Result } from "axe-core";

/** The impacts that fail a page; the issue asks for zero serious or critical. */
const FAILING_IMPACTS = new Set(["serious", "critical"]);
/**
 * Rules that fail a page whatever impact axe gives them: axe rates heading order
 * "moderate", but Lighthouse's accessibility score counts it.
 */
const ALWAYS_FAILING = new Set(["heading-order"]);

/** One line per failing rule: id, impact, what it wants, and the first few elements. */
function describe(violation: Result): string {
  const nodes = violation.nodes.slice(0, 4).map((node) => {
    const target = node.target.join(" ");
    const summary = (node.failureSummary ?? "").replace(/\s+/g, " ").trim();
    return `    ${target}: ${summary}`;
  });
  const more = violation.nodes.length > 4 ? [`    … e mais ${violation.nodes.length - 4}`] : [];
  return [`${violation.id} (${violation.impact}): ${violation.help}`, ...nodes, ...more].join("\n");
}

/**
 * axe runs asynchronously in the page (timers), and Chromium never fires a timer in a page
 * loaded with JavaScript off, not even one set from outside. So a page without JavaScript
 * is checked as a copy: its DOM as serialised now, with every script removed, served at the
 * same URL to a page of a context with JavaScript on, at the same viewport, with the same
 * styles and reduced motion (toasts are checked as they stay, not mid-fade). Its own
 * scripts never run there (script requests are aborted too), so axe sees the DOM a visitor
 * without JavaScript gets, in the state the test left it.
 */
async function analyze(page: Page, javaScriptEnabled: boolean): Promise<AxeResults> {
  if (javaScriptEnabled) return axeOn(page);
  return analyzeCopy(page, page.url(), await page.content());
}

/** Runs axe on `html` served at `url` in the JavaScript-on copy of `page`'s context. */
async function analyzeCopy(page: Page, address: string, source: string): Promise<AxeResults> {
  const url = address.split("#")[0]!;
  const html = source.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const inspector = await inspectorFor(page);
  await inspector.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
  await inspector.unrouteAll();
  await inspector.route("**/*", (route) => {
    const request = route.request();
    if (request.isNavigationRequest() && request.url() === url) {
      return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
    }
    // Scripts would hydrate the copy; images and fonts change no check and cost time.
    if (["script", "image", "font", "media"].includes(request.resourceType())) return route.abort();
    return route.continue();
  });
  await inspector.goto(url);
  return axeOn(inspector);
}

/**
 * A page as a visitor without JavaScript first gets it, checked without loading it in
 * `page` first: its HTML is fetched with the context's cookies (`page.request`) and
 * served to the copy as is, which is what the browser would parse. Half the page loads of
 * navigating there and copying the DOM; `page` itself stays where it was. Returns the
 * status the page answered with.
 */
export async function expectAccessibleAt(page: Page, path: string, label = path): Promise<number> {
  // Redirects are followed as the browser would (a flash cookie lands in the context).
  const response = await page.request.get(path);
  const violations = await violationsOf(await analyzeCopy(page, response.url(), await response.text()));
  expect.soft(violations, `axe em ${label}:\n${violations.join("\n")}`).toEqual([]);
  return response.status();
}

/**
 * Only violations are listed node by node (`resultTypes`), which makes axe much faster.
 * Legacy mode runs `axe.run` in the page itself: the default mode runs each frame apart
 * and then opens a blank page per call to merge them, which tripled the time of every
 * check (5.1 s → 1.3 s on the home page). Our pages have no iframes to merge.
 */
function axeOn(page: Page): Promise<AxeResults> {
  return (
    new AxeBuilder({ page })
      .options({ resultTypes: ["violations"] })
      // 'region' (content outside landmarks) walks the whole page and is only ever
      // "moderate", which fails nothing here: a quarter of axe's time on the listings.
      .disableRules(["region"])
      .setLegacyMode(true)
      .analyze()
  );
}

/** One page with JavaScript on per checked context, closed with it. */
const inspectors = new WeakMap<BrowserContext, Promise<Page>>();
function inspectorFor(page: Page): Promise<Page> {
  const context = page.context();
  let inspector = inspectors.get(context);
  if (!inspector) {
    const browser = context.browser();
    if (!browser) throw new Error("expectAccessible: a página precisa de um navegador (não de um contexto persistente).");
    inspector = browser.newContext({ javaScriptEnabled: true, locale: "pt-BR", reducedMotion: "reduce" }).then((copy) => {
      context.on("close", () => void copy.close());
      return copy.newPage();
    });
    inspectors.set(context, inspector);
  }
  return inspector;
}

/** The violations that fail a page, as readable lines (empty when the page passes). */
export async function accessibilityViolations(page: Page, javaScriptEnabled: boolean): Promise<string[]> {
  return violationsOf(await analyze(page, javaScriptEnabled));
}

function violationsOf(results: AxeResults): string[] {
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? "") || ALWAYS_FAILING.has(violation.id))
    .map(describe);
}

/**
 * Runs axe on the page as it is now and records (softly, so one page does not hide the
 * next) every serious or critical violation, and any heading-order one.
 */
export async function expectAccessible(page: Page, javaScriptEnabled: boolean, label = page.url()): Promise<void> {
  const violations = await accessibilityViolations(page, javaScriptEnabled);
  expect.soft(violations, `axe em ${label}:\n${violations.join("\n")}`).toEqual([]);
}

/**
 * Submits `form` as a browser without JavaScript would, but with the browser's own checks
 * off (`required`, `type=email`), so the page shows the server's field errors (status 400).
 */
export async function submitWithServerErrors(page: Page, form: Locator): Promise<void> {
  await form.evaluate((element) => {
    (element as HTMLFormElement).noValidate = true;
  });
  const response = page.waitForResponse((answer) => answer.request().method() === "POST");
  await form.locator('button[type="submit"], button:not([type])').last().click();
  expect((await response).status()).toBe(400);
  await page.waitForLoadState();
}
