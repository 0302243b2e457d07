// Which responses no cache may keep (docs/decisions/0012-input-bounds-views-and-caching-headers.md).
// A page is personal when the request names someone (session or visitor cookie) or when
// the response sets a cookie; those get `private, no-store`, whatever their type (HTML,
// `.data`, JSON, redirects: a redirect may depend on who asks). Images keep their
// immutable caching (content-addressed, the same for everyone). Cookie-less public
// pages keep what they have: edge caching for them is decided separately.
import { SESSION_COOKIE_NAME, VISITOR_COOKIE_NAME } from "./cookie-names.server";

export const PRIVATE_NO_STORE = "private, no-store";

const IDENTITY_COOKIES = new Set([SESSION_COOKIE_NAME, VISITOR_COOKIE_NAME]);

/** Whether the request carries a cookie that names a person (signed in or visitor). */
export function carriesIdentityCookie(request: Request): boolean {
  const header = request.headers.get("Cookie");
  if (!header) return false;
  return header.split(";").some((pair) => IDENTITY_COOKIES.has(pair.split("=", 1)[0]!.trim()));
}

/** The Cache-Control this response must carry, or null to keep what it has. */
export function cacheControlFor(request: Request, response: Response): string | null {
  // A response that sets a cookie is never stored: a shared cache would hand the cookie
  // to the next visitor. This includes the rare image that renews a session.
  if (response.headers.has("Set-Cookie")) return PRIVATE_NO_STORE;
  if (!carriesIdentityCookie(request)) return null;
  const type = response.headers.get("Content-Type") ?? "";
  const current = response.headers.get("Cache-Control") ?? "";
  if (type.startsWith("image/") || /\bimmutable\b/.test(current)) return null;
  return PRIVATE_NO_STORE;
}

/** Sets the policy on a response whose headers may be changed (see withSecurityHeaders). */
export function applyCachePolicy(request: Request, response: Response): Response {
  const value = cacheControlFor(request, response);
  if (value) response.headers.set("Cache-Control", value);
  return response;
}
