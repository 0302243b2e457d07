// The cookies that name a person: the session and the anonymous visitor. `__Host-`
// makes the browser accept them only Secure, on Path=/ and without Domain, so no
// subdomain or plain-http page can plant or overwrite them. A request carrying one may
// get a personal answer, which no cache may keep (docs/decisions/0012).
export const SESSION_COOKIE_NAME = "__Host-session";
export const VISITOR_COOKIE_NAME = "__Host-visitante";
