// The bytes a phone downloads for a page: its HTML and, for every <img>, the one candidate
// a browser picks from `srcset`/`sizes` (docs/decisions/0018-card-images.md). Used by
// `npm run bench:images`, and meant for the pages benchmark too:
//
//   import { measurePageImages } from "./page-image-bytes.mjs";
//   const report = await measurePageImages("http://127.0.0.1:8821", "/pets");
//
// The model (a 360 CSS px wide phone at device pixel ratio 2, the user scrolling through
// the whole page, so lazy images count too):
// - `sizes`: the first entry whose `(min-width: …)` condition holds at 360 px gives the
//   slot width (px, rem = 16 px, vw); without `sizes`, 100vw.
// - `srcset` with `w` descriptors: each candidate's density is its width over the slot;
//   the browser takes the smallest density ≥ the device pixel ratio, else the largest (the
//   HTML standard's rule, as Safari and Firefox apply it; Chrome may take a smaller one).
// - no `srcset`: `src`.
// "Before" is the same page as the markup without `srcset` loaded it: every image's `src`.
import { gzipSync } from "node:zlib";

export const PHONE = { viewport: 360, dpr: 2 };

function attributes(tag) {
  const found = {};
  for (const match of tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)) found[match[1].toLowerCase()] = decodeEntities(match[2]);
  return found;
}

function decodeEntities(value) {
  return value.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
}

function length(value, viewport) {
  const match = /^([\d.]+)(px|rem|vw)$/.exec(value.trim());
  if (!match) return viewport;
  const n = Number(match[1]);
  return match[2] === "px" ? n : match[2] === "rem" ? n * 16 : (n * viewport) / 100;
}

/** The slot width `sizes` gives at this viewport (CSS px). */
export function slotWidth(sizes, viewport) {
  if (!sizes) return viewport;
  for (const entry of sizes.split(",")) {
    const media = /^\s*\(min-width:\s*([\d.]+)(px|rem)\)\s+(.+)$/.exec(entry);
    if (!media) return length(entry, viewport);
    const min = Number(media[1]) * (media[2] === "rem" ? 16 : 1);
    if (viewport >= min) return length(media[3], viewport);
  }
  return viewport;
}

/** The URL a browser fetches for this <img> (HTML standard's selection). */
export function chosenSource({ src, srcset, sizes }, { viewport, dpr } = PHONE) {
  if (!srcset) return src;
  const slot = slotWidth(sizes, viewport);
  const candidates = srcset
    .split(",")
    .map((part) => part.trim().split(/\s+/))
    .map(([url, descriptor]) => ({
      url,
      density: descriptor?.endsWith("w") ? Number.parseFloat(descriptor) / slot : Number.parseFloat(descriptor ?? "1"),
    }))
    .sort((a, b) => a.density - b.density);
  return (candidates.find((c) => c.density >= dpr) ?? candidates.at(-1)).url;
}

async function bytesOf(base, url, cache) {
  const absolute = new URL(url, base).href;
  if (!cache.has(absolute)) {
    cache.set(
      absolute,
      fetch(absolute).then(async (response) => ({
        status: response.status,
        type: response.headers.get("content-type"),
        bytes: (await response.arrayBuffer()).byteLength,
      })),
    );
  }
  return cache.get(absolute);
}

/**
 * Fetches `path` without cookies and adds up what the phone of the model downloads.
 * Returns the HTML's bytes (raw and gzip), and per image and in total the bytes before
 * (src) and after (the srcset choice).
 */
export async function measurePageImages(base, path, device = PHONE) {
  const response = await fetch(new URL(path, base));
  const html = await response.text();
  const htmlBytes = Buffer.byteLength(html);
  // The same page as the markup without srcset/sizes sent it.
  const htmlBefore = html.replace(/ (srcSet|srcset|sizes)="[^"]*"/g, "");
  const cache = new Map();
  const images = [];
  for (const match of html.matchAll(/<img\b[^>]*>/g)) {
    const img = attributes(match[0]);
    if (!img.src) continue;
    const after = chosenSource(img, device);
    const [beforeBytes, afterBytes] = await Promise.all([bytesOf(base, img.src, cache), bytesOf(base, after, cache)]);
    images.push({ src: img.src, chosen: after, before: beforeBytes.bytes, after: afterBytes.bytes, type: afterBytes.type });
  }
  const sum = (key) => images.reduce((total, image) => total + image[key], 0);
  return {
    path,
    status: response.status,
    device,
    html: {
      bytes: htmlBytes,
      gzip: gzipSync(html).byteLength,
      bytesBefore: Buffer.byteLength(htmlBefore),
      gzipBefore: gzipSync(htmlBefore).byteLength,
    },
    images,
    totals: {
      images: images.length,
      before: sum("before"),
      after: sum("after"),
      pageBefore: gzipSync(htmlBefore).byteLength + sum("before"),
      pageAfter: gzipSync(html).byteLength + sum("after"),
    },
  };
}
