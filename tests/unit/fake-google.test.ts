// Self-test for the e2e fake Google provider: runs it on a free port and
// drives the whole authorization-code + PKCE flow over HTTP.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let child: ChildProcess;
let base = "";
const redirectUri = "http://localhost:5173/auth/google/callback?from=test";
const form = (o: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(o).toString(),
  redirect: "manual" as const,
});

beforeAll(async () => {
  child = spawn(process.execPath, ["tests/e2e/fake-google.mjs", "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  base = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      const m = /listening on (\S+)/.exec(d.toString());
      if (m?.[1]) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`fake-google exited ${code}`)));
  });
});
afterAll(() => {
  child?.kill();
});

async function authorize(challenge: string, email = "ana.google@exemplo.com") {
  const res = await fetch(
    `${base}/o/oauth2/v2/approve`,
    form({
      client_id: "fake-client-id",
      redirect_uri: redirectUri,
      state: "st&ate",
      code_challenge: challenge,
      code_challenge_method: "S256",
      scope: "openid email profile",
      email,
      name: "Ana Google",
      email_verified: "on",
    }),
  );
  expect(res.status).toBe(302);
  const loc = new URL(res.headers.get("location")!);
  expect(loc.searchParams.get("from")).toBe("test");
  expect(loc.searchParams.get("state")).toBe("st&ate");
  return loc.searchParams.get("code")!;
}

describe("fake-google", () => {
  it("serves health and the consent page", async () => {
    expect(await (await fetch(`${base}/health`)).text()).toBe("ok");
    const q = new URLSearchParams({
      client_id: "fake-client-id",
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "openid email",
      state: "s",
      code_challenge: "x",
      code_challenge_method: "S256",
      login_hint: "bia@exemplo.com",
    });
    const page = await (await fetch(`${base}/o/oauth2/v2/auth?${q}`)).text();
    expect(page).toContain("Fazer login com o Google");
    expect(page).toContain('value="bia@exemplo.com"');
    expect(page).not.toContain("<script");
    q.set("client_id", "other");
    expect((await fetch(`${base}/o/oauth2/v2/auth?${q}`)).status).toBe(400);
  });

  it("runs the code + PKCE flow, single use, and rejects a wrong verifier", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const basic = "Basic " + Buffer.from("fake-client-id:fake-client-secret").toString("base64");
    const exchange = (code: string, code_verifier: string) =>
      fetch(`${base}/token`, {
        ...form({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier }),
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic },
      });

    const code = await authorize(challenge);
    const ok = await exchange(code, verifier);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const tok = (await ok.json()) as { access_token: string; id_token: string };
    const claims = JSON.parse(Buffer.from(tok.id_token.split(".")[1], "base64url").toString());
    expect(claims).toMatchObject({ aud: "fake-client-id", email: "ana.google@exemplo.com", email_verified: true });

    expect(await (await exchange(code, verifier)).json()).toMatchObject({ error: "invalid_grant" });
    const wrong = await exchange(await authorize(challenge), "a".repeat(43));
    expect(wrong.status).toBe(400);

    const info = await fetch(`${base}/v1/userinfo`, { headers: { authorization: `Bearer ${tok.access_token}` } });
    expect(await info.json()).toMatchObject({ sub: claims.sub, given_name: "Ana", family_name: "Google" });
    expect((await fetch(`${base}/v1/userinfo`)).status).toBe(401);
  });
});
