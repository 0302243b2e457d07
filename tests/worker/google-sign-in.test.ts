// Google sign-in as OpenID Connect asks (docs/decisions/0007): the authorization request
// carries state, PKCE (S256) and a nonce, and the callback believes only an ID token that the
// provider signed (its JWKS) for this client, from this issuer, not expired, with the nonce
// this browser was given. The provider here is faked with fetch; the e2e tests run the real
// local one (scripts/google-stand-in.mjs).
import { afterEach, describe, expect, it, vi } from "vitest";
import { createGoogleAuthenticator, googleAuthorizationOrigin, googleProvider } from "~/platform/google.server";
import { fakeOpenIdProvider, OPENID_PROVIDER, signIdToken as idToken } from "./openid-provider";

const PROVIDER = { ...OPENID_PROVIDER, SITE_URL: "http://localhost:8787" } as Env;

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Starts a sign-in: the redirect to the provider and the cookie that keeps its state. */
async function start(env = PROVIDER) {
  const request = new Request("http://localhost:8787/auth/google", { method: "POST" });
  const thrown = await createGoogleAuthenticator(env, request)
    .authenticate("google", request)
    .then(
      () => null,
      (error: unknown) => error,
    );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  const location = new URL(response.headers.get("Location")!);
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  return { location, cookie };
}

async function callback(started: { location: URL; cookie: string }, env = PROVIDER) {
  const state = started.location.searchParams.get("state")!;
  const request = new Request(`http://localhost:8787/auth/google/callback?code=codigo&state=${encodeURIComponent(state)}`, {
    headers: { Cookie: started.cookie },
  });
  return createGoogleAuthenticator(env, request).authenticate("google", request);
}

describe("Google sign-in (OpenID Connect)", () => {
  it("sends the browser to the configured authorization endpoint with state, PKCE S256 and a nonce", async () => {
    const { location } = await start();
    expect(`${location.origin}${location.pathname}`).toBe(PROVIDER.GOOGLE_AUTHORIZATION_ENDPOINT);
    const params = location.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe("cliente-teste");
    expect(params.get("scope")).toBe("openid email profile");
    expect(params.get("redirect_uri")).toBe("http://localhost:8787/auth/google/callback");
    expect(params.get("state")).toMatch(/^[\w-]{32,}$/);
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(params.get("nonce")).toMatch(/^[\w-]{43}$/);
    // Each sign-in gets its own nonce.
    expect((await start()).location.searchParams.get("nonce")).not.toBe(params.get("nonce"));
  });

  it("reads the profile from an ID token the provider signed for this sign-in", async () => {
    const started = await start();
    const calls = await fakeOpenIdProvider({ id_token: await idToken({ nonce: started.location.searchParams.get("nonce")! }) });
    const profile = await callback(started);
    expect(profile).toEqual({
      subject: "104857600000000000001",
      email: "ana.google@exemplo.com",
      emailVerified: true,
      name: "Ana Google",
    });
    // The code was exchanged with the PKCE verifier and the client's credentials.
    const exchange = calls.find((c) => c.url === PROVIDER.GOOGLE_TOKEN_ENDPOINT)!;
    const body = new URLSearchParams(exchange.body);
    expect(body.get("grant_type")).toBe("authorization_code");
    expect(body.get("code")).toBe("codigo");
    expect(body.get("code_verifier")).toMatch(/^[\w-]{43,128}$/);
    expect(exchange.authorization).toBe(`Basic ${btoa("cliente-teste:segredo-teste")}`);
  });

  it("takes the e-mail as not verified unless the token says true", async () => {
    const started = await start();
    await fakeOpenIdProvider({ id_token: await idToken({ nonce: started.location.searchParams.get("nonce")!, email_verified: false }) });
    expect(await callback(started)).toMatchObject({ emailVerified: false });
  });

  const forged: [string, (nonce: string) => Promise<string>][] = [
    ["another sign-in's nonce", () => idToken({ nonce: "x".repeat(43) })],
    ["no nonce", () => idToken({})],
    ["another client as audience", (nonce) => idToken({ nonce, aud: "outro-cliente" })],
    ["another issuer", (nonce) => idToken({ nonce, iss: "https://impostor.invalid" })],
    ["an expired token", (nonce) => idToken({ nonce, iat: 1_700_000_000, exp: 1_700_003_600 })],
    ["a key that is not the provider's", (nonce) => idToken({ nonce }, { signedBy: "stranger" })],
    ["no subject", (nonce) => idToken({ nonce, sub: undefined })],
    ["no e-mail", (nonce) => idToken({ nonce, email: undefined })],
  ];
  for (const [what, token] of forged) {
    it(`refuses an ID token with ${what}`, async () => {
      const started = await start();
      await fakeOpenIdProvider({ id_token: await token(started.location.searchParams.get("nonce")!) });
      await expect(callback(started)).rejects.toThrow();
    });
  }

  it("refuses a token answer without an ID token", async () => {
    const started = await start();
    await fakeOpenIdProvider({});
    await expect(callback(started)).rejects.toThrow();
  });

  it("keeps Google's own addresses unless configured otherwise", () => {
    const google = googleProvider({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "segredo" } as Env);
    expect(google).toEqual({
      issuer: "https://accounts.google.com",
      authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
      tokenEndpoint: "https://oauth2.googleapis.com/token",
      jwksUri: "https://www.googleapis.com/oauth2/v3/certs",
    });
    expect(googleAuthorizationOrigin({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "segredo" } as Env)).toBe(
      "https://accounts.google.com",
    );
    expect(googleAuthorizationOrigin(PROVIDER)).toBe("https://google.invalid");
  });
});
