import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CardImageJobs } from "~/platform/card-image-jobs.server";
import { serveImage } from "~/platform/images.server";

const KEY = "pets/3f2a9c.webp";
const BYTES = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50, 9, 9, 9, 9]);

beforeAll(async () => {
  await env.IMAGES.put(KEY, BYTES, { httpMetadata: { contentType: "image/webp" } });
});

const get = (headers: Record<string, string> = {}, method = "GET") =>
  serveImage(env.IMAGES, KEY, new Request(`http://localhost/imagens/${KEY}`, { method, headers }));

describe("R2 image route", () => {
  it("serves the object with its type, an ETag and immutable caching", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("ETag")).toBeTruthy();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const etag = (await get()).headers.get("ETag")!;
    const response = await get({ "If-None-Match": etag });
    expect(response.status).toBe(304);
    expect(response.body).toBeNull();
  });

  it("honours byte ranges", async () => {
    const response = await get({ Range: "bytes=0-3" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe(`bytes 0-3/${BYTES.length}`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES.slice(0, 4));
  });

  it("answers 404 for unknown keys and refuses odd ones", async () => {
    const missing = await serveImage(env.IMAGES, "pets/nao-existe.webp", new Request("http://localhost/"));
    expect(missing.status).toBe(404);
    const odd = await serveImage(env.IMAGES, "../segredo.txt", new Request("http://localhost/"));
    expect(odd.status).toBe(404);
  });
});

describe("image uploads", () => {
  const jpeg = (name: string, size = 64) => {
    const bytes = new Uint8Array(size);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    return new File([bytes], name, { type: "image/jpeg" });
  };

  it("keeps the first three, refuses non-images by their bytes and oversized files", async () => {
    const { checkImageUploads, MAX_IMAGE_BYTES } = await import("~/platform/images.server");
    const fake = new File([new TextEncoder().encode("não sou imagem, sou texto com nome de foto")], "foto.jpg", { type: "image/jpeg" });
    const big = jpeg("grande.jpg", MAX_IMAGE_BYTES + 1);
    const check = await checkImageUploads([jpeg("a.jpg"), fake, big, jpeg("d.jpg")]);
    expect(check.truncated).toBe(true);
    expect(check.images.map((i) => i.name)).toEqual(["a.jpg"]);
    expect(check.errors).toEqual([
      'O arquivo "foto.jpg" não é uma imagem aceita (JPEG, PNG, WebP, GIF ou AVIF).',
      'A imagem "grande.jpg" tem mais de 5 MB. Escolha uma foto menor.',
    ]);
  });

  it("stores under random keys with the right type, and deletes only our own objects", async () => {
    const { checkImageUploads, deleteImagesByUrl, putImages } = await import("~/platform/images.server");
    const { images } = await checkImageUploads([jpeg("a.jpg"), jpeg("b.jpg")]);
    const urls = await putImages({ bucket: env.IMAGES, cardImages: new CardImageJobs() }, images, "pets");
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/^\/imagens\/pets\/[0-9a-f-]{36}\.jpg$/);
    const key = urls[0]!.slice("/imagens/".length);
    expect((await env.IMAGES.head(key))?.httpMetadata?.contentType).toBe("image/jpeg");
    await deleteImagesByUrl(env.IMAGES, [...urls, "/seed/pets/cachorro-01.webp", null]);
    expect(await env.IMAGES.head(key)).toBeNull();
  });
});
