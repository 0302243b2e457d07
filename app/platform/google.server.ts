// Google sign-in: OpenID Connect's authorization code flow with remix-auth 4 +
// remix-auth-oauth2, as Google asks of a web server app (docs/decisions/0007): state, PKCE
// (S256) and a nonce travel in a short-lived cookie, and the callback believes only an ID
// token that jose checks (signature by the provider's JWKS, issuer, audience, expiry, nonce).
// The provider's addresses come from configuration: Google's unless set, the local stand-in's
// (scripts/google-stand-in.mjs) under `npm start` and the e2e tests.
import { createRemoteJWKSet, jwtVerify } from "jose";
import { href } from "react-router";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { randomToken } from "~/lib/random-token";
import { siteOrigin } from "./site-url.server";

export interface GoogleProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

type GoogleEnv = Pick<
  Env,
  | "GOOGLE_CLIENT_ID"
  | "GOOGLE_CLIENT_SECRET"
  | "GOOGLE_ISSUER"
  | "GOOGLE_AUTHORIZATION_ENDPOINT"
  | "GOOGLE_TOKEN_ENDPOINT"
  | "GOOGLE_JWKS_URI"
  | "SITE_URL"
>;

// Google's discovery document (https://accounts.google.com/.well-known/openid-configuration).
const GOOGLE_ISSUER = "https://accounts.google.com";

/** The provider's addresses, named as in OpenID Connect Discovery. */
export function googleProvider(env: GoogleEnv) {
  return {
    issuer: env.GOOGLE_ISSUER || GOOGLE_ISSUER,
    authorizationEndpoint: env.GOOGLE_AUTHORIZATION_ENDPOINT || "https://accounts.google.com/o/oauth2/v2/auth",
    tokenEndpoint: env.GOOGLE_TOKEN_ENDPOINT || "https://oauth2.googleapis.com/token",
    jwksUri: env.GOOGLE_JWKS_URI || "https://www.googleapis.com/oauth2/v3/certs",
  };
}

export function isGoogleConfigured(env: GoogleEnv): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

/** The origin the browser is sent to: the CSP's form-action must allow it. */
export function googleAuthorizationOrigin(env: GoogleEnv): string | null {
  return isGoogleConfigured(env) ? new URL(googleProvider(env).authorizationEndpoint).origin : null;
}

// One key set per address for the isolate's life: jose caches the keys and fetches them again
// when a token names a key it does not know (Google rotates its keys).
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(jwksUri: string) {
  let keys = keySets.get(jwksUri);
  if (!keys) keySets.set(jwksUri, (keys = createRemoteJWKSet(new URL(jwksUri))));
  return keys;
}

/**
 * remix-auth-oauth2 keeps state and the PKCE verifier in its cookie, and has no nonce: the
 * nonce rides in the verifier's slot of that cookie (`verifier.nonce`, both base64url), so it
 * is bound to this browser and this state like the verifier is.
 */
class OpenIdConnectStrategy extends OAuth2Strategy<GoogleProfile> {
  nonce: string | null = null;

  protected override createAuthorizationURL() {
    const { state, codeVerifier, url } = super.createAuthorizationURL();
    const nonce = randomToken();
    url.searchParams.set("nonce", nonce);
    return { state, codeVerifier: `${codeVerifier}.${nonce}`, url };
  }

  protected override validateAuthorizationCode(code: string, stored: string) {
    const [codeVerifier = "", nonce = ""] = stored.split(".");
    this.nonce = nonce;
    return super.validateAuthorizationCode(code, codeVerifier);
  }
}

export function createGoogleAuthenticator(env: GoogleEnv, request: Request) {
  const provider = googleProvider(env);
  const clientId = env.GOOGLE_CLIENT_ID!;
  const authenticator = new Authenticator<GoogleProfile>();
  const strategy: OpenIdConnectStrategy = new OpenIdConnectStrategy(
    {
      cookie: { name: "__google_oauth", path: "/auth/google", httpOnly: true, sameSite: "Lax", secure: true, maxAge: 600 },
      clientId,
      clientSecret: env.GOOGLE_CLIENT_SECRET!,
      authorizationEndpoint: provider.authorizationEndpoint,
      tokenEndpoint: provider.tokenEndpoint,
      // The site's own address, never the request's Host (docs/decisions/0011).
      redirectURI: `${siteOrigin(env)}${href("/auth/google/callback")}`,
      scopes: ["openid", "email", "profile"],
      codeChallengeMethod: CodeChallengeMethod.S256,
    },
    async ({ tokens }) => {
      // The ID token came straight from the token endpoint, but it is checked all the same:
      // the nonce ties it to this browser's sign-in, and iss/aud/exp to this provider and app.
      const { payload } = await jwtVerify(tokens.idToken(), keySet(provider.jwksUri), {
        // Google writes its issuer with or without the scheme.
        issuer: provider.issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, "accounts.google.com"] : provider.issuer,
        audience: clientId,
        requiredClaims: ["sub", "exp", "iat", "nonce"],
      });
      if (!strategy.nonce || payload.nonce !== strategy.nonce) throw new Error("ID token com nonce de outro login");
      const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : "";
      if (!payload.sub || !email) throw new Error("ID token sem sub ou e-mail");
      const name = typeof payload.name === "string" ? payload.name.trim() : "";
      return {
        subject: payload.sub,
        email,
        emailVerified: payload.email_verified === true,
        name: name || email.split("@")[0]!,
      };
    },
  );
  authenticator.use(strategy, "google");
  return authenticator;
}
