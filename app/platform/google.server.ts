// Google sign-in with remix-auth 4 + remix-auth-oauth2 (state and PKCE in a short-lived
// cookie). Endpoints are Google's unless GOOGLE_OAUTH_BASE_URL points elsewhere (tests
// run a fake provider on 127.0.0.1).
import { href } from "react-router";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";

export interface GoogleProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

interface GoogleEnv {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_OAUTH_BASE_URL?: string;
}

export function googleEndpoints(env: GoogleEnv) {
  const base = env.GOOGLE_OAUTH_BASE_URL?.replace(/\/+$/, "");
  return base
    ? {
        authorization: `${base}/o/oauth2/v2/auth`,
        token: `${base}/token`,
        userinfo: `${base}/v1/userinfo`,
      }
    : {
        authorization: "https://accounts.google.com/o/oauth2/v2/auth",
        token: "https://oauth2.googleapis.com/token",
        userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
      };
}

export function isGoogleConfigured(env: GoogleEnv): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

/** The origin the browser is sent to: the CSP's form-action must allow it. */
export function googleAuthorizationOrigin(env: GoogleEnv): string | null {
  return isGoogleConfigured(env) ? new URL(googleEndpoints(env).authorization).origin : null;
}

export function createGoogleAuthenticator(env: GoogleEnv, request: Request) {
  const endpoints = googleEndpoints(env);
  const authenticator = new Authenticator<GoogleProfile>();
  authenticator.use(
    new OAuth2Strategy<GoogleProfile>(
      {
        cookie: { name: "__google_oauth", path: "/auth/google", httpOnly: true, sameSite: "Lax", secure: true, maxAge: 600 },
        clientId: env.GOOGLE_CLIENT_ID!,
        clientSecret: env.GOOGLE_CLIENT_SECRET!,
        authorizationEndpoint: endpoints.authorization,
        tokenEndpoint: endpoints.token,
        redirectURI: `${new URL(request.url).origin}${href("/auth/google/callback")}`,
        scopes: ["openid", "email", "profile"],
        codeChallengeMethod: CodeChallengeMethod.S256,
      },
      async ({ tokens }) => {
        const response = await fetch(endpoints.userinfo, {
          headers: { Authorization: `Bearer ${tokens.accessToken()}` },
        });
        if (!response.ok) throw new Error(`userinfo respondeu ${response.status}`);
        const info = (await response.json()) as {
          sub?: string;
          email?: string;
          email_verified?: boolean;
          name?: string;
        };
        if (!info.sub || !info.email) throw new Error("userinfo sem sub ou e-mail");
        return {
          subject: info.sub,
          email: info.email.trim().toLowerCase(),
          emailVerified: info.email_verified === true,
          name: info.name?.trim() || info.email.split("@")[0]!,
        };
      },
    ),
    "google",
  );
  return authenticator;
}
