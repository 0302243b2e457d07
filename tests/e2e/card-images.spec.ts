// Card-size copies on the built Worker (docs/decisions/0018-card-images.md): a phone photo
// posted without JavaScript gets its WebP copy, cards point at it in `srcset`, and the
// pet page's main photo is fetched first.
import encodeJpeg, { init as initJpegEncode } from "@jsquash/jpeg/encode.js";
import { photoPixels } from "../support/photo-pixels";
import { fillPetAd } from "./support/pet-form";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, test } from "./support/fixtures";

const require = createRequire(import.meta.url);

/** A 12 MP JPEG of about 3.5 MB, like a phone's: colour fields plus grain. */
async function phonePhoto(): Promise<Buffer> {
  const encoder = new WebAssembly.Module(readFileSync(require.resolve("@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm")));
  await (initJpegEncode as unknown as (module: WebAssembly.Module) => Promise<void>)(encoder);
  // Grain 20 from generator state 88172645: a baseline JPEG of about 3.4 MB at quality 90.
  const { data, width, height } = photoPixels(4000, 3000, 20, (2463534242 ^ 88172645) >>> 0);
  const bytes = await encodeJpeg({ data, width, height } as ImageData, { quality: 90, progressive: false });
  return Buffer.from(bytes);
}

test("a 12 MP photo posted without JavaScript shows on cards as its 480 px WebP copy", async ({ page, login, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "JavaScript users' photos are downscaled in the browser first.");
  test.setTimeout(120_000);
  const photo = await phonePhoto();
  expect(photo.byteLength).toBeGreaterThan(3_000_000);
  await login();
  const name = `Foto Grande ${Date.now().toString(36)}`;
  await page.goto("/cadastrar-pet?aba=adocao");
  await fillPetAd(page, { name, age: "2 anos", gender: "Fêmea", location: "Pinheiros, São Paulo - SP", temperament: "Calma" });
  await page.getByLabel("Fotos").setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Publicar anúncio" }).click();
  await expect(page).toHaveURL(/\/pet\/\d+$/);

  // The pet page: the main photo is fetched first, never lazily, and offers both sizes.
  const main = page.getByRole("main").locator('img[src^="/imagens/pets/"]').first();
  await expect(main).toHaveAttribute("fetchpriority", "high");
  await expect(main).toHaveAttribute("loading", "eager");
  const original = (await main.getAttribute("src"))!;
  const copy = original.replace(/\.jpg$/, ".card.webp");
  await expect(main).toHaveAttribute("srcset", `${copy} 480w, ${original} 1600w`);

  // The card on /pets points at the copy.
  await page.goto("/pets");
  const card = page.getByTestId("pet-card").filter({ hasText: name }).locator("img");
  await expect(card).toHaveAttribute("src", original);
  await expect(card).toHaveAttribute("srcset", `${copy} 480w`);
  await expect(card).toHaveAttribute("sizes", /100vw/);

  const response = await page.request.get(copy);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const body = await response.body();
  expect(body.byteLength).toBeLessThanOrEqual(60 * 1024);
  // RIFF/WEBP "VP8 " frame header: 14-bit width and height at bytes 26 and 28.
  expect(body.subarray(8, 16).toString("latin1")).toBe("WEBPVP8 ");
  expect([body.readUInt16LE(26) & 0x3fff, body.readUInt16LE(28) & 0x3fff]).toEqual([480, 360]);
});
