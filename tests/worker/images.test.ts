import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CardImageJobs } from "~/platform/card-image-jobs.server";
import { serveImage } from "~/platform/images.server";
import { jpegBomb } from "../support/jpeg-bomb";
import { tinyJpeg } from "../support/tiny-images";

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

  it("serves every answer under a sandboxing CSP, so an uploaded file can never run as a page", async () => {
    const csp = "default-src 'none'; sandbox";
    expect((await get()).headers.get("Content-Security-Policy")).toBe(csp);
    expect((await get({}, "HEAD")).headers.get("Content-Security-Policy")).toBe(csp);
    const missing = await serveImage(env.IMAGES, "pets/nao-existe.webp", new Request("http://localhost/"));
    expect(missing.headers.get("Content-Security-Policy")).toBe(csp);
    const card = await serveImage(env.IMAGES, "pets/nao-existe.card.webp", new Request("http://localhost/"));
    expect(card.headers.get("Content-Security-Policy")).toBe(csp);
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
  const jpeg = (name: string, size = 0) => {
    const bytes = new Uint8Array(Math.max(size, tinyJpeg().length));
    bytes.set(tinyJpeg(size));
    return new File([bytes], name, { type: "image/jpeg" });
  };

  it("keeps the first three, refuses non-images by their bytes and oversized files", async () => {
    const { checkImageUploads, MAX_IMAGE_BYTES } = await import("~/platform/images.server");
    const fake = new File([new TextEncoder().encode("não sou imagem, sou texto com nome de foto")], "foto.jpg", { type: "image/jpeg" });
    const big = jpeg("grande.jpg", MAX_IMAGE_BYTES + 1);
    const check = await checkImageUploads(env.IMAGE_TRANSFORMS, [jpeg("a.jpg"), fake, big, jpeg("d.jpg")]);
    expect(check.truncated).toBe(true);
    expect(check.images.map((i) => i.name)).toEqual(["a.jpg"]);
    expect(check.errors).toEqual([
      'O arquivo "foto.jpg" não é uma imagem aceita (JPEG, PNG, WebP, GIF ou AVIF).',
      'A imagem "grande.jpg" tem mais de 5 MB. Escolha uma foto menor.',
    ]);
  });

  it("stores under random keys with the right type, and deletes only our own objects", async () => {
    const { checkImageUploads, deleteImagesByUrl, putImages } = await import("~/platform/images.server");
    const { images } = await checkImageUploads(env.IMAGE_TRANSFORMS, [jpeg("a.jpg"), jpeg("b.jpg")]);
    const urls = await putImages({ bucket: env.IMAGES, cardImages: new CardImageJobs() }, images, "pets");
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/^\/imagens\/pets\/[0-9a-f-]{36}\.jpg$/);
    const key = urls[0]!.slice("/imagens/".length);
    expect((await env.IMAGES.head(key))?.httpMetadata?.contentType).toBe("image/jpeg");
    await deleteImagesByUrl(env.IMAGES, [...urls, "/seed/pets/cachorro-01.webp", null]);
    expect(await env.IMAGES.head(key)).toBeNull();
  });

  it("asks the Images binding for the declared size: over 40 megapixels, or unreadable, is refused", async () => {
    const { checkImageUploads, IMAGE_TOO_LARGE_MESSAGE, IMAGE_UNREADABLE_MESSAGE, MAX_UPLOAD_PIXELS } = await import(
      "~/platform/images.server"
    );
    expect(MAX_UPLOAD_PIXELS).toBe(40_000_000);
    const file = (bytes: Uint8Array, name: string) => new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "image/jpeg" });
    // 619 bytes' worth of header saying 7000 × 7000: 49 MP that a phone would be asked to decode.
    const bomb = file(jpegBomb(7000, 7000), "bomba.jpg");
    const atCap = file(jpegBomb(8000, 5000), "no-limite.jpg");
    const overCap = file(jpegBomb(8000, 5001), "acima.jpg");
    const garbage = new Uint8Array(512);
    garbage.set([0xff, 0xd8, 0xff, 0xe0]);
    const check = await checkImageUploads(env.IMAGE_TRANSFORMS, [bomb, atCap, overCap], 3);
    expect(check.images.map((i) => i.name)).toEqual(["no-limite.jpg"]);
    expect(check.errors).toEqual([IMAGE_TOO_LARGE_MESSAGE("bomba.jpg"), IMAGE_TOO_LARGE_MESSAGE("acima.jpg")]);
    expect(IMAGE_TOO_LARGE_MESSAGE("bomba.jpg")).toBe(
      'A imagem "bomba.jpg" é grande demais (mais de 40 megapixels). Escolha uma foto menor.',
    );
    const unreadable = await checkImageUploads(env.IMAGE_TRANSFORMS, [file(garbage, "vazia.jpg")]);
    expect(unreadable.images).toEqual([]);
    expect(unreadable.errors).toEqual([IMAGE_UNREADABLE_MESSAGE("vazia.jpg")]);
    expect(IMAGE_UNREADABLE_MESSAGE("vazia.jpg")).toBe(
      'Não foi possível ler a imagem "vazia.jpg". Escolha outra foto (JPEG, PNG, WebP, GIF ou AVIF).',
    );
  });

  it("refuses when the Images binding is unavailable, rather than storing what nobody read", async () => {
    const { checkImageUploads, IMAGE_UNREADABLE_MESSAGE } = await import("~/platform/images.server");
    const failing = { info: () => Promise.reject(new Error("serviço indisponível")) } as unknown as ImagesBinding;
    const check = await checkImageUploads(failing, [jpeg("a.jpg")]);
    expect(check.images).toEqual([]);
    expect(check.errors).toEqual([IMAGE_UNREADABLE_MESSAGE("a.jpg")]);
  });
});
