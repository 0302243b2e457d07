// Google's stand-in for `npm start` and the e2e tests: a real OpenID Connect provider
// (oidc-provider, an OpenID-certified implementation) on a local port, set up the way Google
// answers our app (docs/decisions/0007): the authorization code flow with PKCE (required
// here), ID tokens signed with RS256 that carry sub, email, email_verified, name and picture,
// keys published as a JWKS, and Google's paths. Its one page asks who signs in (e-mail, name,
// whether Google verified the e-mail), and 'Cancelar' answers `error=access_denied`.
// Accounts, keys and sessions live in memory; it listens on 127.0.0.1 only.
//
//   node scripts/google-stand-in.mjs --port 8789 --app http://localhost:8787
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import Provider, { interactionPolicy } from "oidc-provider";

/** The app's client at the stand-in (not secrets: they open nothing but this local server). */
export const STAND_IN_CLIENT = { id: "patas-conectadas-local", secret: "segredo-do-google-local" };
const SCOPES = "openid email profile";

const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Google's subjects are decimal strings of 21 digits; one per e-mail, the same after a
// restart, so `npm start`'s database still finds the account it linked.
function subjectOf(email) {
  const digest = createHash("sha256").update(email).digest();
  return `1${(digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(20, "0")}`;
}

function page(title, body, status = 200) {
  return {
    status,
    html: `<!doctype html>
<html lang="pt-BR">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>body{font-family:sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;line-height:1.4}
  label{display:block;margin:.75rem 0} input[type=text],input[type=email]{display:block;width:100%;padding:.4rem;box-sizing:border-box}
  button{padding:.5rem 1rem;margin:.5rem .5rem 0 0} small{color:#555}</style>
</head>
<body>
${body}
  <p><small>Dublê local do Google (oidc-provider), só para desenvolvimento e testes.</small></p>
</body>
</html>`,
  };
}

function signInPage(uid, { params, knownEmails }) {
  const email = params.login_hint || "ana.google@exemplo.com";
  const options = knownEmails.map((e) => `<option value="${escapeHtml(e)}">`).join("");
  return page(
    "Fazer login com o Google",
    `  <h1>Fazer login com o Google</h1>
  <p>para continuar em <strong>Patas Conectadas</strong></p>
  <form method="post" action="/interaction/${escapeHtml(uid)}">
    <label for="email">E-mail<input type="email" id="email" name="email" value="${escapeHtml(email)}" list="contas" required autocomplete="off"></label>
    <datalist id="contas">${options}</datalist>
    <label for="name">Nome<input type="text" id="name" name="name" value="Ana Google" required></label>
    <label for="email_verified"><input type="checkbox" id="email_verified" name="email_verified" checked> E-mail verificado</label>
    <p>O Google vai compartilhar seu nome, endereço de e-mail e foto do perfil com Patas Conectadas.</p>
    <button type="submit" name="action" value="continue">Continuar</button>
    <button type="submit" name="action" value="cancel" formnovalidate>Cancelar</button>
  </form>`,
  );
}

function avatar(account) {
  const initial = escapeHtml((account?.name ?? "?").trim().charAt(0).toUpperCase() || "?");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="#1a73e8"/><text x="48" y="62" font-family="sans-serif" font-size="44" fill="#fff" text-anchor="middle">${initial}</text></svg>`;
}

async function readForm(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 16 * 1024) throw new Error("formulário grande demais");
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function send(res, status, body, type = "text/html; charset=utf-8") {
  res.writeHead(status, {
    "Content-Type": type,
    "Cache-Control": "no-store",
    // No scripts at all: the flow works with JavaScript disabled, as our app's does.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'",
  });
  res.end(body);
}

/**
 * Starts the stand-in on 127.0.0.1:`port` for the app at each of `appOrigins` (its
 * redirect URIs). Returns its issuer, the settings that point the app at it (as wrangler
 * `--var` arguments) and a close function.
 */
export async function startGoogleStandIn({ port, appOrigins }) {
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map(); // sub -> claims

  // Always ask who signs in, like Google's account chooser: a tester picks someone new
  // each time, whatever the stand-in's session remembers.
  const policy = interactionPolicy.base();
  policy
    .get("login")
    .checks.add(
      new interactionPolicy.Check("choose_account", "o dublê pergunta sempre quem entra", (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: STAND_IN_CLIENT.id,
        client_secret: STAND_IN_CLIENT.secret,
        redirect_uris: appOrigins.map((origin) => new URL("/auth/google/callback", origin).href),
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    async findAccount(_ctx, sub) {
      const claims = accounts.get(sub);
      return claims && { accountId: sub, claims: async () => claims };
    },
    claims: {
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name", "picture"],
    },
    // Google puts the profile in the ID token too (OpenID Connect keeps it for userinfo).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Google's paths (its hosts differ: accounts.google.com, oauth2.googleapis.com, …).
    routes: { authorization: "/o/oauth2/v2/auth", token: "/token", userinfo: "/v1/userinfo", jwks: "/oauth2/v3/certs" },
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), use: "sig", alg: "RS256" }] },
    // Its cookies are on 127.0.0.1, apart from the app's on localhost.
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    ttl: { AccessToken: 3599, AuthorizationCode: 600, IdToken: 3599, Interaction: 600, Session: 600, Grant: 600 },
    async renderError(ctx, out) {
      ctx.type = "html";
      const details = Object.entries(out).map(([key, value]) => `<p><code>${escapeHtml(key)}: ${escapeHtml(value)}</code></p>`);
      ctx.body = page("Erro no login com o Google", `  <h1>Erro no login com o Google</h1>\n  ${details.join("\n  ")}`).html;
    },
  });
  const oidc = provider.callback();

  async function interaction(req, res, uid) {
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return send(
        res,
        400,
        page("Login expirado", "  <h1>Este login expirou</h1>\n  <p>Volte ao site e clique de novo em Entrar com Google.</p>", 400).html,
      );
    }
    if (details.uid !== uid) return send(res, 400, "interação desconhecida", "text/plain; charset=utf-8");
    if (req.method === "GET") {
      const knownEmails = [...accounts.values()].map((a) => a.email);
      return send(res, 200, signInPage(uid, { params: details.params, knownEmails }).html);
    }
    const form = await readForm(req);
    let result;
    if (form.get("action") === "cancel") {
      result = { error: "access_denied", error_description: "A pessoa cancelou o login." };
    } else {
      const email = (form.get("email") ?? "").trim();
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) return send(res, 400, "e-mail inválido", "text/plain; charset=utf-8");
      const name = (form.get("name") ?? "").trim() || email.split("@")[0];
      const sub = subjectOf(email.toLowerCase());
      const [givenName, ...family] = name.split(/\s+/);
      accounts.set(sub, {
        sub,
        email,
        email_verified: form.has("email_verified"), // an unchecked box is simply absent
        name,
        given_name: givenName,
        family_name: family.join(" ") || undefined,
        picture: `${issuer}/foto/${sub}.svg`,
      });
      // Consent comes with the sign-in: the scopes the app asked for, all granted.
      const grant = new provider.Grant({ accountId: sub, clientId: details.params.client_id });
      grant.addOIDCScope(String(details.params.scope ?? SCOPES));
      result = { login: { accountId: sub, remember: false }, consent: { grantId: await grant.save() } };
    }
    const returnTo = await provider.interactionResult(req, res, result, { mergeWithLastSubmission: false });
    res.writeHead(303, { Location: returnTo, "Cache-Control": "no-store" });
    res.end();
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    try {
      const interactionPath = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
      if (interactionPath && (req.method === "GET" || req.method === "POST")) return await interaction(req, res, interactionPath[1]);
      const photo = /^\/foto\/(\d+)\.svg$/.exec(url.pathname);
      if (photo && req.method === "GET") return send(res, 200, avatar(accounts.get(photo[1])), "image/svg+xml");
      return oidc(req, res);
    } catch (error) {
      console.error("google-stand-in:", error);
      if (!res.headersSent) send(res, 500, "erro interno", "text/plain; charset=utf-8");
      else res.destroy();
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(Number(port), "127.0.0.1", resolve);
  });

  return {
    issuer,
    // What points the app at the stand-in, as `wrangler dev` arguments (docs/decisions/0007).
    wranglerVars: Object.entries({
      GOOGLE_CLIENT_ID: STAND_IN_CLIENT.id,
      GOOGLE_CLIENT_SECRET: STAND_IN_CLIENT.secret,
      GOOGLE_ISSUER: issuer,
      GOOGLE_AUTHORIZATION_ENDPOINT: `${issuer}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_ENDPOINT: `${issuer}/token`,
      GOOGLE_JWKS_URI: `${issuer}/oauth2/v3/certs`,
    }).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// Run alone: `node scripts/google-stand-in.mjs --port N --app ORIGIN [--app ORIGIN ...]`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const valuesOf = (name) => args.flatMap((arg, i) => (arg === name && args[i + 1] ? [args[i + 1]] : []));
  const port = valuesOf("--port")[0] ?? "8789";
  const appOrigins = valuesOf("--app");
  const standIn = await startGoogleStandIn({ port, appOrigins: appOrigins.length ? appOrigins : ["http://localhost:8787"] });
  console.log(`Dublê do Google em ${standIn.issuer} (${standIn.issuer}/.well-known/openid-configuration)`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
}
