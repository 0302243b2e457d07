// Card-size copies in R2 (docs/decisions/0018-card-images.md): stored beside the original
// under a key made from its key, deleted and moved with it, and an upload the codecs
// cannot read is still stored and served. The codecs themselves (WebAssembly) do not load
// in this pool: tests/unit/card-image.test.ts runs them, tests/e2e/card-images.spec.ts
// runs them in the built Worker. Here the copy is a stand-in WebP of the right shape.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cardImageUrl, cardKeyFor } from "~/lib/card-image-url";
import type { makeCardImage } from "~/services/card-image.server";
import { checkImageUploads, deleteImagesByUrl, putImages, serveImage, storeCardImage } from "~/services/images.server";
import { promoteDraftPhotos } from "~/services/pet-drafts.server";

/** The first bytes of a 480×360 lossy WebP (RIFF, VP8 frame header). */
const CARD = new Uint8Array([
  0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20, 0x18, 0, 0, 0, 0x30, 0x01, 0,
  0x9d, 0x01, 0x2a, 0xe0, 0x01, 0x68, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
]);
const JPEG = { extension: "jpg", mime: "image/jpeg" } as const;
const stubCodec: typeof makeCardImage = async () => ({ bytes: CARD, width: 480, height: 360, quality: 75 });

function jpegFile(name = "foto.jpg", size = 2048) {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
  for (let i = 10; i < size; i++) bytes[i] = (i * 7919) & 0xff;
  return new File([bytes], name, { type: "image/jpeg" });
}

async function upload(file: File, folder = "pets") {
  const check = await checkImageUploads([file]);
  expect(check.errors).toEqual([]);
  const [url] = await putImages(env.IMAGES, check.images, folder);
  return url!;
}

/** An upload whose copy the stand-in codec made. */
async function uploadWithCard(folder = "pets") {
  const url = await upload(jpegFile(), folder);
  expect(await storeCardImage(env.IMAGES, keyOf(url), new ArrayBuffer(8), JPEG, stubCodec)).toBe(true);
  return url;
}

const keyOf = (url: string) => url.slice("/imagens/".length);
const get = (url: string) => serveImage(env.IMAGES, keyOf(url), new Request(`http://localhost${url}`));

describe("card-size copies in R2", () => {
  it("the copy is stored beside the original: pets/<id>.jpg → pets/<id>.card.webp, served immutable", async () => {
    const url = await uploadWithCard();
    const key = keyOf(url);
    expect(cardKeyFor(key)).toBe(key.replace(/\.jpg$/, ".card.webp"));
    const stored = await env.IMAGES.get(cardKeyFor(key)!);
    expect(stored?.httpMetadata?.contentType).toBe("image/webp");
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(CARD);

    const served = await get(cardImageUrl(url)!);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(CARD);
  });

  it("deleting an original deletes its copy", async () => {
    const url = await uploadWithCard();
    expect(await env.IMAGES.head(cardKeyFor(keyOf(url))!)).not.toBeNull();
    await deleteImagesByUrl(env.IMAGES, [url]);
    expect(await env.IMAGES.head(keyOf(url))).toBeNull();
    expect(await env.IMAGES.head(cardKeyFor(keyOf(url))!)).toBeNull();
    expect((await get(cardImageUrl(url)!)).status).toBe(404);
  });

  it("publishing a draft moves the copy with the photo", async () => {
    const draft = await uploadWithCard("rascunhos");
    const [published] = await promoteDraftPhotos(env.IMAGES, [draft], "pets");
    expect(await env.IMAGES.head(cardKeyFor(keyOf(draft))!)).toBeNull();
    const moved = await env.IMAGES.get(cardKeyFor(keyOf(published!))!);
    expect(new Uint8Array(await moved!.arrayBuffer())).toEqual(CARD);
  });

  it("a broken file with a valid JPEG start still uploads, and its original answers for the card URL", async () => {
    const file = jpegFile("quebrada.jpg", 4096);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const url = await upload(file);
    // The real codec found nothing to decode: no copy, no error.
    expect(await env.IMAGES.head(cardKeyFor(keyOf(url))!)).toBeNull();

    const original = await get(url);
    expect(original.status).toBe(200);
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(bytes);

    const standIn = await get(cardImageUrl(url)!);
    expect(standIn.status).toBe(200);
    expect(standIn.headers.get("Content-Type")).toBe("image/jpeg");
    // Short cache: a copy made later (npm run images:derivatives) takes its place.
    expect(standIn.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(new Uint8Array(await standIn.arrayBuffer())).toEqual(bytes);
  });

  it("a codec that fails does not lose the upload", async () => {
    const url = await upload(jpegFile());
    const failing: typeof makeCardImage = async () => {
      throw new Error("memória");
    };
    expect(await storeCardImage(env.IMAGES, keyOf(url), new ArrayBuffer(8), JPEG, failing)).toBe(false);
    expect((await get(url)).status).toBe(200);
    expect(await env.IMAGES.head(cardKeyFor(keyOf(url))!)).toBeNull();
  });

  it("GIF and AVIF keep only their original and have no card URL", async () => {
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b]);
    const url = await upload(new File([gif], "anim.gif", { type: "image/gif" }));
    expect(cardImageUrl(url)).toBeNull();
    expect((await env.IMAGES.list({ prefix: keyOf(url).replace(/\.gif$/, "") })).objects).toHaveLength(1);
  });

  it("a card URL for nothing is 404; seed and external URLs have no card URL", async () => {
    expect((await get("/imagens/pets/00000000-0000-4000-8000-000000000000.card.webp")).status).toBe(404);
    expect((await get("/imagens/pets/x.card.card.webp")).status).toBe(404);
    expect(cardImageUrl("/seed/pets/cachorro-01.webp")).toBeNull();
    expect(cardImageUrl("https://exemplo.com/foto.jpg")).toBeNull();
    expect(cardImageUrl(null)).toBeNull();
  });
});
