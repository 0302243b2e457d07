// Fake Google OAuth 2.0 / OpenID Connect provider for end-to-end tests.
//
//   node tests/e2e/fake-google.mjs --port 8799
//
// Paths mirror Google's (accounts.google.com, oauth2.googleapis.com,
// openidconnect.googleapis.com) so the app only swaps base URLs. Plain Node,
// built-ins only, all state in memory, listens on 127.0.0.1 only.
import { createServer } from "node:http";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const CLIENT_ID = process.env.FAKE_GOOGLE_CLIENT_ID || "fake-client-id";
const CLIENT_SECRET = process.env.FAKE_GOOGLE_CLIENT_SECRET || "fake-client-secret";
const ISSUER = "https://accounts.google.com"; // what a real id_token carries
const CODE_TTL_MS = 10 * 60 * 1000;
const TOKEN_TTL_S = 3599;
const MAX_BODY = 64 * 1024;

// In-memory state. Handlers do no awaiting between lookup and delete, so the
// single-threaded event loop makes "use code once" race-free.
const codes = new Map(); // code -> grant
const tokens = new Map(); // access_token -> { user, expiresAt }
let requests = []; // debugging log, newest last

class HttpError extends Error {
  constructor(status, body) {
    super(typeof body === "string" ? body : body.error_description);
    Object.assign(this, { status, body });
  }
}
// Token-endpoint errors use the RFC 6749 JSON shape.
const oauthError = (error, description, status = 400) =>
  new HttpError(status, { error, error_description: description });

const random = (bytes = 24) => randomBytes(bytes).toString("base64url");
const sha256 = (s) => createHash("sha256").update(s).digest();
const b64urlJson = (o) => Buffer.from(JSON.stringify(o)).toString("base64url");
const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const safeEqual = (a, b) => {
  const x = Buffer.from(String(a)), y = Buffer.from(String(b));
  return x.length === y.length && timingSafeEqual(x, y);
};

function send(res, status, body, headers = {}) {
  const isJson = typeof body !== "string";
  res.writeHead(status, {
    "Content-Type": isJson ? "application/json" : "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(isJson ? JSON.stringify(body) : body);
}

function redirect(res, target, params) {
  const url = new URL(target); // keeps any query already in redirect_uri
  for (const [k, v] of Object.entries(params)) if (v != null) url.searchParams.set(k, v);
  res.writeHead(302, { Location: url.toString(), "Cache-Control": "no-store" });
  res.end();
}

async function readForm(req) {
  const type = (req.headers["content-type"] || "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw oauthError("invalid_request", "expected application/x-www-form-urlencoded");
  }
  let size = 0;
  const chunks = [];
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) throw oauthError("invalid_request", "body too large", 413);
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

// Shared by the consent page and the approve POST (hidden fields can be edited).
function checkAuthParams(p) {
  if (p.get("client_id") !== CLIENT_ID) throw new HttpError(400, "invalid client_id");
  const uri = p.get("redirect_uri") || "";
  if (!/^http:\/\/(localhost|127\.0\.0\.1):\d+(\/|$|\?)/.test(uri)) {
    throw new HttpError(400, "redirect_uri must start with http://localhost: or http://127.0.0.1:");
  }
  const method = p.get("code_challenge_method");
  if (method && !["S256", "plain"].includes(method)) {
    throw new HttpError(400, "code_challenge_method must be S256 or plain");
  }
}

const HIDDEN = ["client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method", "scope", "nonce"];

function consentPage(q) {
  const hidden = HIDDEN.filter((k) => q.has(k))
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k))}">`)
    .join("\n    ");
  const email = q.get("login_hint") || "ana.google@exemplo.com";
  return `<!doctype html>
<html lang="pt">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Fazer login com o Google</title>
  <style>body{font-family:sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}
  label{display:block;margin:.75rem 0} input[type=text]{display:block;width:100%} small{color:#666}</style>
</head>
<body>
  <h1>Fazer login com o Google</h1>
  <form method="post" action="/o/oauth2/v2/approve">
    ${hidden}
    <label for="email">E-mail<input type="text" id="email" name="email" value="${escapeHtml(email)}" required></label>
    <label for="name">Nome<input type="text" id="name" name="name" value="Ana Google" required></label>
    <label for="email_verified"><input type="checkbox" id="email_verified" name="email_verified" checked> E-mail verificado</label>
    <button type="submit" name="action" value="approve">Continuar</button>
    <button type="submit" name="action" value="deny" formnovalidate>Cancelar</button>
  </form>
  <p><small>Servidor falso do Google, apenas para testes automatizados.</small></p>
</body>
</html>`;
}

function authorize(res, q) {
  checkAuthParams(q);
  if (q.get("response_type") !== "code") throw new HttpError(400, "response_type must be code");
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    // No scripts at all: the flow must work with JavaScript disabled.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(consentPage(q));
}

async function approve(req, res) {
  const f = await readForm(req);
  checkAuthParams(f);
  const redirectUri = f.get("redirect_uri");
  const state = f.get("state");
  if (f.get("action") === "deny") return redirect(res, redirectUri, { error: "access_denied", state });
  const email = (f.get("email") || "").trim();
  if (!email.includes("@")) throw new HttpError(400, "email is required");
  const name = (f.get("name") || "").trim() || email.split("@")[0];
  const challenge = f.get("code_challenge") || null;
  const code = random();
  codes.set(code, {
    client_id: f.get("client_id"),
    redirect_uri: redirectUri,
    code_challenge: challenge,
    // RFC 7636: a challenge without a method means "plain".
    code_challenge_method: challenge ? f.get("code_challenge_method") || "plain" : null,
    scope: f.get("scope") || "openid email profile",
    nonce: f.get("nonce") || null,
    user: {
      sub: "fake-" + sha256(email.toLowerCase()).toString("hex").slice(0, 16),
      email,
      email_verified: f.has("email_verified"), // unchecked boxes are simply absent
      name,
    },
    expiresAt: Date.now() + CODE_TTL_MS,
  });
  redirect(res, redirectUri, { code, state });
}

// Client auth: HTTP Basic (each part form-urlencoded, RFC 6749 2.3.1) or body fields.
function authenticateClient(req, f) {
  const header = req.headers.authorization || "";
  let id = f.get("client_id"), secret = f.get("client_secret");
  if (/^basic /i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
    const i = decoded.indexOf(":");
    if (i < 0) throw oauthError("invalid_client", "malformed Basic credentials", 401);
    const dec = (s) => decodeURIComponent(s.replace(/\+/g, " "));
    try {
      [id, secret] = [dec(decoded.slice(0, i)), dec(decoded.slice(i + 1))];
    } catch {
      throw oauthError("invalid_client", "malformed Basic credentials", 401);
    }
    if (f.has("client_id") && f.get("client_id") !== id) {
      throw oauthError("invalid_request", "client_id in body differs from Basic auth");
    }
  }
  if (!id || !secret) throw oauthError("invalid_client", "client authentication required", 401);
  if (!safeEqual(id, CLIENT_ID) || !safeEqual(secret, CLIENT_SECRET)) {
    throw oauthError("invalid_client", "unknown client or wrong secret", 401);
  }
  return id;
}

async function token(req, res) {
  const f = await readForm(req);
  const clientId = authenticateClient(req, f);
  if (f.get("grant_type") !== "authorization_code") {
    throw oauthError("unsupported_grant_type", "only authorization_code is supported");
  }
  const code = f.get("code");
  if (!code) throw oauthError("invalid_request", "code is required");
  const grant = codes.get(code);
  codes.delete(code); // single use, even when the rest of the request fails
  if (!grant || grant.expiresAt < Date.now()) throw oauthError("invalid_grant", "unknown, used or expired code");
  if (grant.client_id !== clientId) throw oauthError("invalid_grant", "code was issued to another client");
  if (f.get("redirect_uri") !== grant.redirect_uri) throw oauthError("invalid_grant", "redirect_uri mismatch");
  if (grant.code_challenge) {
    const verifier = f.get("code_verifier") || "";
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) throw oauthError("invalid_grant", "missing or malformed code_verifier");
    const computed = grant.code_challenge_method === "S256" ? sha256(verifier).toString("base64url") : verifier;
    if (!safeEqual(computed, grant.code_challenge)) throw oauthError("invalid_grant", "PKCE verification failed");
  }
  const accessToken = "fake-at-" + random(32);
  tokens.set(accessToken, { user: grant.user, expiresAt: Date.now() + TOKEN_TTL_S * 1000 });
  const iat = Math.floor(Date.now() / 1000);
  const claims = { iss: ISSUER, azp: clientId, aud: clientId, ...grant.user, iat, exp: iat + TOKEN_TTL_S };
  if (grant.nonce) claims.nonce = grant.nonce;
  // Unsigned: a random "signature" so it splits into three non-empty parts.
  const idToken = [b64urlJson({ alg: "none", typ: "JWT", kid: "fake-google" }), b64urlJson(claims), random(32)].join(".");
  send(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: TOKEN_TTL_S, scope: grant.scope, id_token: idToken }, { Pragma: "no-cache" });
}

function userinfo(req, res) {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization || "");
  const entry = m && tokens.get(m[1]);
  if (!entry || entry.expiresAt < Date.now()) {
    return send(res, 401, { error: "invalid_token" }, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
  }
  const { sub, email, email_verified, name } = entry.user;
  const [given_name, ...rest] = name.split(/\s+/);
  send(res, 200, { sub, email, email_verified, name, given_name, family_name: rest.join(" "), picture: "" });
}

const routes = {
  "GET /health": (req, res) => send(res, 200, "ok"),
  "GET /o/oauth2/v2/auth": (req, res, url) => authorize(res, url.searchParams),
  "POST /o/oauth2/v2/approve": approve,
  "POST /token": token,
  "GET /v1/userinfo": userinfo,
  "GET /__requests": (req, res) => send(res, 200, requests),
  "POST /__reset": (req, res) => {
    codes.clear();
    tokens.clear();
    requests = [];
    send(res, 200, { ok: true });
  },
};

const server = createServer(async (req, res) => {
  let url;
  try {
    url = new URL(req.url || "/", "http://127.0.0.1");
  } catch {
    return send(res, 400, { error: "invalid_request", error_description: "bad URL" });
  }
  const method = req.method === "HEAD" ? "GET" : req.method;
  // Skip /health so Playwright's polling doesn't flood the log.
  if (url.pathname !== "/health") {
    requests.push({ method: req.method, path: url.pathname, time: new Date().toISOString() });
    if (requests.length > 50) requests = requests.slice(-50);
  }
  const handler = routes[`${method} ${url.pathname}`];
  try {
    if (!handler) return send(res, 404, { error: "not_found", error_description: `${req.method} ${url.pathname}` });
    await handler(req, res, url);
  } catch (err) {
    if (res.headersSent) return res.destroy();
    if (err instanceof HttpError) return send(res, err.status, err.body);
    console.error("fake-google: handler error", err);
    send(res, 500, { error: "server_error", error_description: String(err?.message || err) });
  }
});
server.on("clientError", (err, socket) => {
  if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
  else socket.destroy();
});

// --port N, --port=N, or $PORT; 0 picks a free port (the banner shows which).
const argv = process.argv.slice(2);
const i = argv.findIndex((a) => a === "--port" || a.startsWith("--port="));
const rawPort = i < 0 ? process.env.PORT ?? "8799" : argv[i].includes("=") ? argv[i].split("=")[1] : argv[i + 1];
const port = Number(rawPort);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`fake-google: invalid port ${rawPort}`);
  process.exit(2);
}
server.listen(port, "127.0.0.1", () => {
  console.log(`fake-google listening on http://127.0.0.1:${server.address().port}`);
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => process.exit(0));
