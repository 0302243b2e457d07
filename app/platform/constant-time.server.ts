// Secrets (a password's hash, a webhook's signature) are compared in constant time by the
// Workers runtime's `crypto.subtle.timingSafeEqual`, Cloudflare's addition to Web Crypto.
// The DOM library, which types `crypto` for the whole project, does not know it.
interface WorkersSubtleCrypto extends SubtleCrypto {
  timingSafeEqual(a: ArrayBuffer | ArrayBufferView, b: ArrayBuffer | ArrayBufferView): boolean;
}

/** The same bytes (text as UTF-8)? A length differs without a compare: a length is no secret. */
export function constantTimeEqual(a: Uint8Array | string, b: Uint8Array | string): boolean {
  const x = typeof a === "string" ? new TextEncoder().encode(a) : a;
  const y = typeof b === "string" ? new TextEncoder().encode(b) : b;
  return x.byteLength === y.byteLength && (crypto.subtle as WorkersSubtleCrypto).timingSafeEqual(x, y);
}
