import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, isCrossOriginWrite, withSecurityHeaders } from "~/platform/security.server";

const post = (origin?: string) =>
  new Request("https://patas.example/contato", {
    method: "POST",
    headers: origin ? { Origin: origin } : {},
  });

describe("origin check on writes", () => {
  it("lets same-origin posts and reads through", () => {
    expect(isCrossOriginWrite(post("https://patas.example"))).toBe(false);
    expect(isCrossOriginWrite(new Request("https://patas.example/", { headers: { Origin: "https://evil.example" } }))).toBe(false);
  });
  it("refuses posts from another site or an opaque origin", () => {
    expect(isCrossOriginWrite(post("https://evil.example"))).toBe(true);
    expect(isCrossOriginWrite(post("null"))).toBe(true);
  });
  it("lets posts without Origin through (the session cookie is SameSite=Lax)", () => {
    expect(isCrossOriginWrite(post())).toBe(false);
  });
});

describe("security headers", () => {
  it("sets a CSP with the response's nonce on HTML", () => {
    const nonce = createNonce();
    const response = withSecurityHeaders(
      new Request("https://patas.example/"),
      new Response("<p>oi</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } }),
      nonce,
    );
    expect(response.headers.get("Content-Security-Policy")).toBe(contentSecurityPolicy(nonce));
    expect(response.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonce}'`);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
  });
  it("makes a fresh nonce each time", () => {
    expect(createNonce()).not.toBe(createNonce());
  });
});
