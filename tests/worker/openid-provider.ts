// A Google-like OpenID Connect provider faked with fetch, for the worker tests of Google
// sign-in: its settings (at an address that does not exist), ID tokens signed with its key,
// and a fetch that answers its token endpoint and its JWKS. The e2e tests run a real one
// (scripts/google-stand-in.mjs).
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { vi } from "vitest";

export const OPENID_PROVIDER = {
  GOOGLE_CLIENT_ID: "cliente-teste",
  GOOGLE_CLIENT_SECRET: "segredo-teste",
  GOOGLE_ISSUER: "https://google.invalid",
  GOOGLE_AUTHORIZATION_ENDPOINT: "https://google.invalid/o/oauth2/v2/auth",
  GOOGLE_TOKEN_ENDPOINT: "https://google.invalid/token",
  GOOGLE_JWKS_URI: "https://google.invalid/oauth2/v3/certs",
} satisfies Partial<Env>;

const KID = "chave-1";
let keys: Promise<{ signing: CryptoKey; stranger: CryptoKey; jwks: { keys: object[] } }> | undefined;
function providerKeys() {
  keys ??= (async () => {
    const provider = await generateKeyPair("RS256", { extractable: true });
    const stranger = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(provider.publicKey)), kid: KID, alg: "RS256", use: "sig" };
    return { signing: provider.privateKey, stranger: stranger.privateKey, jwks: { keys: [jwk] } };
  })();
  return keys;
}

/**
 * An ID token as Google's (its claims overridable; `undefined` drops one), signed by the
 * provider's key, or by a key of nobody's JWKS when `signedBy` is "stranger".
 */
export async function signIdToken(claims: JWTPayload, { signedBy = "provider" }: { signedBy?: "provider" | "stranger" } = {}) {
  const { signing, stranger } = await providerKeys();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: OPENID_PROVIDER.GOOGLE_ISSUER,
    aud: OPENID_PROVIDER.GOOGLE_CLIENT_ID,
    sub: "104857600000000000001",
    email: "Ana.Google@Exemplo.com",
    email_verified: true,
    name: "Ana Google",
    picture: "https://google.invalid/foto.png",
    iat: now,
    exp: now + 3600,
    ...claims,
  })
    .setProtectedHeader({ alg: "RS256", kid: KID })
    .sign(signedBy === "provider" ? signing : stranger);
}

export interface ProviderCall {
  url: string;
  body: string;
  authorization: string | null;
}

/**
 * Stubs fetch: the token endpoint answers `token` (an access token plus what is given, such as
 * `id_token`), the JWKS the provider's public key. Its userinfo answers a verified profile,
 * which the app must not believe instead of the ID token. Returns the calls made.
 */
export async function fakeOpenIdProvider(token: Record<string, unknown>): Promise<ProviderCall[]> {
  const { jwks } = await providerKeys();
  const calls: ProviderCall[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push({ url: request.url, body: await request.clone().text(), authorization: request.headers.get("Authorization") });
    if (request.url === OPENID_PROVIDER.GOOGLE_TOKEN_ENDPOINT) {
      return Response.json({ access_token: "acesso", token_type: "Bearer", expires_in: 3599, ...token });
    }
    if (request.url === OPENID_PROVIDER.GOOGLE_JWKS_URI) return Response.json(jwks);
    if (new URL(request.url).pathname === "/v1/userinfo") {
      return Response.json({ sub: "104857600000000000001", email: "ana.google@exemplo.com", email_verified: true, name: "Ana Google" });
    }
    return new Response("não encontrado", { status: 404 });
  });
  return calls;
}
