// What a phone downloads on a first visit to a page (no cookie: the light page a shared
// link opens, docs/decisions/0042), by kind of resource. Text is counted gzip-compressed,
// as Cloudflare sends it (the local server does not compress); images as they are. Used by
// the page-weight budget and the JavaScript-off comparison (docs/decisions/0043).
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "@playwright/test";

export interface Phone {
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
}

/** Lighthouse's mobile profile, a common cheap Android phone (Moto G Power). */
export const MOTO_G_POWER: Phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 };

/** The small phone the issue's walks use. */
export const SMALL_PHONE: Phone = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 };

const TEXT = ["document", "stylesheet", "script"];

export interface FirstVisit<T> {
  /** HTML, CSS, JS, fonts and the like, and the images whose box starts above the fold. */
  total: number;
  bytes: Record<string, number>;
  /** Images fetched although their box starts below the fold (lazy ones fetched ahead). */
  belowTheFold: number;
  /** Everything fetched: `total` plus `belowTheFold`. */
  all: number;
  /** What `inspect` returned, read on the loaded page. */
  inspected: T;
}

/**
 * Opens `path` in a fresh context (no cookie), waits for the network to go idle, and counts
 * every response. `inspect` reads the page before the context closes.
 */
export async function firstVisitBytes<T = undefined>(
  browser: Browser,
  baseURL: string,
  path: string,
  {
    phone = MOTO_G_POWER,
    headers = {},
    javaScriptEnabled = true,
    inspect,
  }: { phone?: Phone; headers?: Record<string, string>; javaScriptEnabled?: boolean; inspect?: (page: Page) => Promise<T> } = {},
): Promise<FirstVisit<T>> {
  const context = await browser.newContext({
    baseURL,
    locale: "pt-BR",
    ...phone,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled,
    extraHTTPHeaders: headers,
  });
  try {
    const page = await context.newPage();
    const bytes: Record<string, number> = {};
    const imageBytes = new Map<string, number>();
    const counted: Promise<void>[] = [];
    page.on("response", (response) => {
      counted.push(
        (async () => {
          const kind = response.request().resourceType();
          const body = await response.body().catch(() => Buffer.alloc(0));
          if (kind === "image") imageBytes.set(response.url(), body.length);
          else bytes[kind] = (bytes[kind] ?? 0) + (TEXT.includes(kind) ? gzipSync(body).length : body.length);
        })(),
      );
    });
    await page.goto(path, { waitUntil: "networkidle" });
    // With JavaScript on, Chromium asks for lazy images only after a layout; on a busy
    // machine that can come after the network went idle (a CI run counted no image at all
    // on /eventos). The images on the first screen are loaded once they are complete.
    await page.waitForFunction(() =>
      [...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight).every((img) => img.complete),
    );
    await page.waitForLoadState("networkidle");
    const inspected = (inspect ? await inspect(page) : undefined) as T;
    await Promise.all(counted);
    // The images a person sees before scrolling: those whose box starts above the fold.
    const seen = await page.evaluate(() =>
      [...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight).map((img) => img.currentSrc),
    );
    bytes["image above the fold"] = [...new Set(seen)].reduce((sum, url) => sum + (imageBytes.get(url) ?? 0), 0);
    const fetched = [...imageBytes.values()].reduce((a, b) => a + b, 0);
    const total = Object.values(bytes).reduce((a, b) => a + b, 0);
    const belowTheFold = fetched - bytes["image above the fold"];
    return { total, bytes, belowTheFold, all: total + belowTheFold, inspected };
  } finally {
    await context.close();
  }
}

export const kilobytes = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** '33.7 KB (document 8.9 KB, …; images fetched ahead below the fold 86.0 KB)'. */
export const describeVisit = (r: { total: number; bytes: Record<string, number>; belowTheFold: number }) =>
  `${kilobytes(r.total)} (${Object.entries(r.bytes)
    .map(([kind, n]) => `${kind} ${kilobytes(n)}`)
    .join(", ")}; images fetched ahead below the fold ${kilobytes(r.belowTheFold)})`;
