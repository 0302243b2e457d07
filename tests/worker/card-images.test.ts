// Card-size copies in R2 (docs/decisions/0018-card-images.md, 0029): made by the Images
// binding (here in wrangler's local mode, backed by sharp) after the response, stored
// beside the original under a key made from its key, deleted and moved with it. A picture
// whose header declares too many pixels, or that the binding cannot read, is refused at
// upload and never handed to a decoder; a card copy that is missing all the same answers
// with the placeholder, never with the original.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cardImageUrl, cardKeyFor } from "~/lib/card-image-url";
import { sniffImageType } from "~/lib/image-type";
import { CardImageJobs, storeCardImage } from "~/platform/card-image-jobs.server";
import { CARD_MAX_BYTES, makeCardImage, MAX_SOURCE_PIXELS } from "~/platform/card-image.server";
import { checkImageUploads, deleteImagesByUrl, putImages, serveImage, type ImageStore } from "~/platform/images.server";
import { promoteDraftPhotos } from "~/services/pet-drafts.server";
import { jpegBomb } from "../support/jpeg-bomb";
import { photoPixels } from "../support/photo-pixels";
import { encodePng } from "../support/png";
import { tinyGif } from "../support/tiny-images";

const keyOf = (url: string) => url.slice("/imagens/".length);
const get = (url: string) => serveImage(env.IMAGES, keyOf(url), new Request(`http://localhost${url}`));
const stores = (transforms: ImagesBinding = env.IMAGE_TRANSFORMS) => ({ bucket: env.IMAGES, transforms });
const newStore = (): ImageStore => ({ bucket: env.IMAGES, cardImages: new CardImageJobs() });

/** A photo-like JPEG, encoded by the binding itself from a PNG. */
async function jpeg(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const png = await encodePng(photoPixels(width, height, 12));
  const result = await env.IMAGE_TRANSFORMS.input(new Blob([png as Uint8Array<ArrayBuffer>]).stream()).output({ format: "image/jpeg" });
  return new Uint8Array(await result.response().arrayBuffer());
}

/** Puts an EXIF APP1 segment with this orientation right after the JPEG's SOI. */
function withOrientation(bytes: Uint8Array, orientation: number) {
  // "Exif\0\0", big-endian TIFF header, IFD0 with one entry: 0x0112 SHORT 1 = orientation.
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const segment = [0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 255, ...payload];
  const out = new Uint8Array(bytes.length + segment.length);
  out.set(bytes.subarray(0, 2));
  out.set(segment, 2);
  out.set(bytes.subarray(2), 2 + segment.length);
  return out;
}

/** The size in a WebP's header (lossy VP8 frame or extended VP8X canvas). */
function webpSize(bytes: Uint8Array) {
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  expect(text(0, 4)).toBe("RIFF");
  expect(text(8, 12)).toBe("WEBP");
  const le = (at: number, n: number) => bytes.subarray(at, at + n).reduce((v, b, i) => v | (b << (8 * i)), 0);
  if (text(12, 16) === "VP8X") return { width: 1 + le(24, 3), height: 1 + le(27, 3) };
  expect(text(12, 16)).toBe("VP8 ");
  return { width: le(26, 2) & 0x3fff, height: le(28, 2) & 0x3fff };
}

async function cardOf(bytes: Uint8Array, type: "jpg" | "png" | "webp" = "jpg") {
  const made = await makeCardImage(env.IMAGE_TRANSFORMS, bytes, type);
  expect(typeof made, `sem cópia: ${String(made)}`).toBe("object");
  const { bytes: webp } = made as Exclude<typeof made, string>;
  expect(webp.byteLength).toBeLessThanOrEqual(CARD_MAX_BYTES);
  return webpSize(webp);
}

/** The real binding, counting what it is asked: `input` is the only call that decodes. */
function countingBinding(inner: ImagesBinding = env.IMAGE_TRANSFORMS) {
  const calls = { info: 0, input: 0 };
  const binding = {
    info: (stream: ReadableStream<Uint8Array>) => {
      calls.info++;
      return inner.info(stream);
    },
    input: (stream: ReadableStream<Uint8Array>) => {
      calls.input++;
      return inner.input(stream);
    },
  } as ImagesBinding;
  return { calls, binding };
}

async function upload(file: File, store = newStore(), folder = "pets") {
  const check = await checkImageUploads(env.IMAGE_TRANSFORMS, [file]);
  expect(check.errors).toEqual([]);
  const [url] = await putImages(store, check.images, folder);
  return url!;
}

const jpegFile = async (name = "foto.jpg") => new File([await jpeg(1600, 1200)], name, { type: "image/jpeg" });

describe("card copies from the Images binding", () => {
  it("a photo's 480 px WebP is made after the response, beside it, and served immutable", async () => {
    const store = newStore();
    const url = await upload(await jpegFile(), store);
    const key = keyOf(url);
    // The upload answered with only the original stored; the copy waits for the response.
    expect(store.cardImages.pending).toEqual([key]);
    expect(await env.IMAGES.head(cardKeyFor(key)!)).toBeNull();

    expect(await store.cardImages.run(stores())).toBe(1);
    expect(cardKeyFor(key)).toBe(key.replace(/\.jpg$/, ".card.webp"));
    const served = await get(cardImageUrl(url)!);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const webp = new Uint8Array(await served.arrayBuffer());
    expect(webp.byteLength).toBeLessThanOrEqual(CARD_MAX_BYTES);
    expect(webpSize(webp)).toEqual({ width: 480, height: 360 });
  });

  it("a PNG and a WebP get their copy; a small photo is never enlarged", async () => {
    expect(await cardOf(await encodePng(photoPixels(1200, 900, 8)), "png")).toEqual({ width: 480, height: 360 });
    const webp = await makeCardImage(env.IMAGE_TRANSFORMS, await jpeg(800, 600), "jpg");
    expect(await cardOf((webp as Exclude<typeof webp, string>).bytes, "webp")).toEqual({ width: 480, height: 360 });
    expect(await cardOf(await jpeg(320, 240))).toEqual({ width: 320, height: 240 });
    // A tall photo is bounded by 960 px of height.
    expect(await cardOf(await jpeg(400, 1600))).toEqual({ width: 240, height: 960 });
  });

  it("turns the copy as the EXIF orientation says (a phone held upright)", async () => {
    expect(await cardOf(withOrientation(await jpeg(1200, 900), 6))).toEqual({ width: 480, height: 640 });
  });

  it("the 137-byte JPEG bomb (65535 × 65535 declared) is refused at upload and never decoded", async () => {
    const bomb = jpegBomb();
    expect(bomb.byteLength).toBeLessThan(200);
    expect(sniffImageType(bomb)?.extension).toBe("jpg");
    const { calls, binding } = countingBinding();
    const started = Date.now();
    const check = await checkImageUploads(binding, [new File([bomb as Uint8Array<ArrayBuffer>], "bomba.jpg", { type: "image/jpeg" })]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(check.images).toEqual([]);
    expect(check.errors).toHaveLength(1);
    expect(calls).toEqual({ info: 1, input: 0 });
  });

  it("the cap is ours, not the decoder's: a declared 8000 × 8000 (64 MP) is not transformed either", async () => {
    expect(8000 * 8000).toBeGreaterThan(MAX_SOURCE_PIXELS);
    const { calls, binding } = countingBinding();
    expect(await makeCardImage(binding, jpegBomb(8000, 8000), "jpg")).toBe("size");
    expect(calls).toEqual({ info: 1, input: 0 });
  });

  it("a draft published in the same request gets its copy where it ended up, and the draft none", async () => {
    const store = newStore();
    const draft = await upload(await jpegFile(), store, "rascunhos");
    const [published] = await promoteDraftPhotos(store, [draft], "pets");
    expect(store.cardImages.pending).toEqual([keyOf(published!)]);
    await store.cardImages.run(stores());
    expect(await env.IMAGES.head(cardKeyFor(keyOf(published!))!)).not.toBeNull();
    expect(await env.IMAGES.head(keyOf(draft))).toBeNull();
    expect(await env.IMAGES.head(cardKeyFor(keyOf(draft))!)).toBeNull();
  });

  it("a draft whose copy an earlier request made moves with it; one without a copy gets one", async () => {
    const earlier = newStore();
    const withCard = await upload(await jpegFile(), earlier, "rascunhos");
    const without = await upload(await jpegFile(), earlier, "rascunhos");
    await storeCardImage(stores(), keyOf(withCard), await (await env.IMAGES.get(keyOf(withCard)))!.arrayBuffer(), {
      extension: "jpg",
      mime: "image/jpeg",
    });
    const madeBefore = new Uint8Array(await (await env.IMAGES.get(cardKeyFor(keyOf(withCard))!))!.arrayBuffer());

    const store = newStore();
    const [movedWithCard, movedWithout] = await promoteDraftPhotos(store, [withCard, without], "pets");
    const moved = new Uint8Array(await (await env.IMAGES.get(cardKeyFor(keyOf(movedWithCard!))!))!.arrayBuffer());
    expect(moved).toEqual(madeBefore);
    expect(store.cardImages.pending).toEqual([keyOf(movedWithout!)]);
  });

  it("no copy for a photo deleted before the response; deleting an original deletes its copy", async () => {
    const store = newStore();
    const gone = await upload(await jpegFile(), store);
    await deleteImagesByUrl(env.IMAGES, [gone]);
    expect(await store.cardImages.run(stores())).toBe(0);
    expect(await env.IMAGES.head(cardKeyFor(keyOf(gone))!)).toBeNull();

    const kept = newStore();
    const url = await upload(await jpegFile(), kept);
    await kept.cardImages.run(stores());
    expect(await env.IMAGES.head(cardKeyFor(keyOf(url))!)).not.toBeNull();
    await deleteImagesByUrl(env.IMAGES, [url]);
    expect(await env.IMAGES.head(keyOf(url))).toBeNull();
    expect(await env.IMAGES.head(cardKeyFor(keyOf(url))!)).toBeNull();
    expect((await get(cardImageUrl(url)!)).status).toBe(404);
  });

  it("a missing card copy answers with the placeholder, never with the original", async () => {
    // An original stored without its copy (before copies existed, or a copy that failed):
    // a 49 MP declared JPEG, which a card must never hand to a phone.
    const key = `pets/${crypto.randomUUID()}.jpg`;
    await env.IMAGES.put(key, jpegBomb(7000, 7000), { httpMetadata: { contentType: "image/jpeg" } });
    const url = `/imagens/${key}`;
    const standIn = await get(cardImageUrl(url)!);
    expect(standIn.status).toBe(302);
    expect(standIn.headers.get("Location")).toBe("/placeholders/pet.svg");
    // Short cache: a copy made later (npm run images:derivatives) takes its place.
    expect(standIn.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(standIn.body).toBeNull();
    // Each folder's own drawing.
    for (const [folder, kind] of [
      ["produtos", "product"],
      ["ongs", "organization"],
      ["eventos", "event"],
      ["clinicas", "clinic"],
      ["avatares", "avatar"],
      ["avistamentos", "pet"],
    ]) {
      const other = `${folder}/${crypto.randomUUID()}.png`;
      await env.IMAGES.put(other, new Uint8Array([1]), { httpMetadata: { contentType: "image/png" } });
      expect((await get(cardImageUrl(`/imagens/${other}`)!)).headers.get("Location")).toBe(`/placeholders/${kind}.svg`);
    }
    // The original itself is still served at its own URL.
    expect((await get(url)).status).toBe(200);
  });

  it("a failed transform does not lose the upload", async () => {
    const store = newStore();
    const url = await upload(await jpegFile(), store);
    const failing = {
      info: () => Promise.reject(new Error("serviço indisponível")),
      input: () => {
        throw new Error("serviço indisponível");
      },
    } as unknown as ImagesBinding;
    expect(await store.cardImages.run(stores(failing))).toBe(0);
    expect((await get(url)).status).toBe(200);
    expect(await env.IMAGES.head(cardKeyFor(keyOf(url))!)).toBeNull();
  });

  it("GIF and AVIF keep only their original and have no card URL", async () => {
    const gif = tinyGif();
    const store = newStore();
    const url = await upload(new File([gif], "anim.gif", { type: "image/gif" }), store);
    expect(cardImageUrl(url)).toBeNull();
    expect(store.cardImages.pending).toEqual([]);
    expect((await env.IMAGES.list({ prefix: keyOf(url).replace(/\.gif$/, "") })).objects).toHaveLength(1);
    expect(await makeCardImage(env.IMAGE_TRANSFORMS, gif, "gif")).toBe("type");
    expect(await makeCardImage(env.IMAGE_TRANSFORMS, new Uint8Array(16), "avif")).toBe("type");
  });

  it("a card URL for nothing is 404; seed and external URLs have no card URL", async () => {
    expect((await get("/imagens/pets/00000000-0000-4000-8000-000000000000.card.webp")).status).toBe(404);
    expect((await get("/imagens/pets/x.card.card.webp")).status).toBe(404);
    expect(cardImageUrl("/seed/pets/cachorro-01.webp")).toBeNull();
    expect(cardImageUrl("https://exemplo.com/foto.jpg")).toBeNull();
    expect(cardImageUrl(null)).toBeNull();
  });
});
