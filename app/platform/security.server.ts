// Response hardening shared by every response the Worker sends.

export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string, formActions: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React's style attributes need inline styles; no inline <style> carries user data.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    ["form-action 'self'", ...formActions].join(" "),
  ].join("; ");
}

export function withSecurityHeaders(request: Request, response: Response, nonce: string, formActions: string[] = []): Response {
  // Responses from fetch() or R2 may be immutable: copy before setting headers.
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  const type = headers.get("Content-Type") ?? "";
  if (type.startsWith("text/html")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, formActions));
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (new URL(request.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  return secured;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// A write from another site is refused. Browsers send Origin on every POST form; a
// request without it (curl, old clients) is let through, since the session cookie is
// SameSite=Lax and is not sent on cross-site POSTs anyway.
export function isCrossOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return origin === "null";
  return origin !== new URL(request.url).origin;
}

// RFC 8058 one-click unsubscribe (docs/decisions/0026): a mail provider POSTs
// `List-Unsubscribe=One-Click` to the link of a digest's List-Unsubscribe header from its
// servers (no Origin) or from a webmail page (its own Origin). That route reads no session
// and no form: the unguessable token in its path is the whole authority, so a foreign
// request can do nothing there that the link's holder could not. Such a request reaches
// the app without its Origin and cookies (React Router refuses a foreign Origin too).
const ONE_CLICK_UNSUBSCRIBE = /^\/alertas\/cancelar\/[A-Za-z0-9_-]{43}$/;

export function acceptOneClickUnsubscribe(request: Request): Request {
  if (request.method.toUpperCase() !== "POST") return request;
  const url = new URL(request.url);
  if (!ONE_CLICK_UNSUBSCRIBE.test(url.pathname)) return request;
  const origin = request.headers.get("Origin");
  if (origin === null || origin === url.origin) return request;
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  headers.delete("Cookie");
  return new Request(request, { headers });
}
