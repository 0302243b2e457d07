// Images in R2, served through a Worker route with immutable caching. Keys are random
// ids plus an extension, so an object never changes once written.

export const IMAGE_URL_PREFIX = "/imagens/";

export function imageUrlForKey(key: string): string {
  return IMAGE_URL_PREFIX + key;
}

/** Answers a GET/HEAD for one R2 object, honouring conditional and range requests. */
export async function serveImage(bucket: R2Bucket, key: string, request: Request) {
  if (!/^[a-z0-9][a-z0-9/_-]*\.(jpe?g|png|webp|gif|avif)$/i.test(key)) {
    return new Response("Imagem não encontrada.", { status: 404 });
  }
  const object = await bucket.get(key, {
    onlyIf: request.headers,
    range: request.headers,
  });
  if (!object) return new Response("Imagem não encontrada.", { status: 404 });

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  headers.set("Accept-Ranges", "bytes");

  // No body: a precondition (If-None-Match, If-Modified-Since...) failed.
  if (!("body" in object)) {
    const status = request.headers.has("If-Match") || request.headers.has("If-Unmodified-Since")
      ? 412
      : 304;
    return new Response(null, { status, headers });
  }
  if (request.method === "HEAD") {
    headers.set("Content-Length", String(object.size));
    return new Response(null, { headers });
  }
  const range = object.range as { offset?: number; length?: number } | undefined;
  if (range && request.headers.has("Range")) {
    const offset = range.offset ?? 0;
    const length = range.length ?? object.size - offset;
    headers.set("Content-Range", `bytes ${offset}-${offset + length - 1}/${object.size}`);
    headers.set("Content-Length", String(length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
