import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createMailer, listOutbox } from "~/platform/mail.server";
import { consumeOneTimeToken, createOneTimeToken, peekOneTimeToken } from "~/platform/tokens.server";

describe("one-time tokens", () => {
  it("are single use and bound to their purpose", async () => {
    const token = await createOneTimeToken(env.KV, "password-reset", "user-1", 3600);
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await peekOneTimeToken(env.KV, "email-confirmation", token)).toBeNull();
    expect(await peekOneTimeToken(env.KV, "password-reset", token)).toBe("user-1");
    expect(await consumeOneTimeToken(env.KV, "password-reset", token)).toBe("user-1");
    expect(await consumeOneTimeToken(env.KV, "password-reset", token)).toBeNull();
  });

  it("are stored hashed, never as the token itself", async () => {
    const token = await createOneTimeToken(env.KV, "password-reset", "user-2", 3600);
    const { keys } = await env.KV.list({ prefix: "token:" });
    expect(keys.some((k) => k.name.includes(token))).toBe(false);
  });

  it("refuse malformed values", async () => {
    expect(await peekOneTimeToken(env.KV, "password-reset", "../../etc")).toBeNull();
  });
});

describe("mailer", () => {
  it("keeps mail in the local outbox when no provider is configured, newest first", async () => {
    const mailer = createMailer({ KV: env.KV });
    await mailer.send({ to: "a@exemplo.com.br", subject: "Primeiro", text: "1", html: "<p>1</p>" });
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send({ to: "b@exemplo.com.br", subject: "Segundo", text: "2", html: "<p>2</p>" });
    const outbox = await listOutbox(env.KV);
    expect(outbox.map((m) => m.subject).slice(0, 2)).toEqual(["Segundo", "Primeiro"]);
  });

  it("posts to the provider's HTTP API when a key is configured", async () => {
    const fetcher = vi.fn(async () => new Response("{}", { status: 200 }));
    const mailer = createMailer(
      { KV: env.KV, MAIL_API_KEY: "chave", MAIL_API_URL: "https://mail.example/emails", MAIL_FROM: "X <x@y.z>" },
      fetcher as unknown as typeof fetch,
    );
    await mailer.send({ to: "c@exemplo.com.br", subject: "Oi", text: "t", html: "<p>t</p>" });
    expect(fetcher).toHaveBeenCalledOnce();
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("https://mail.example/emails");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer chave");
    expect(JSON.parse(init.body as string)).toMatchObject({ from: "X <x@y.z>", to: ["c@exemplo.com.br"], subject: "Oi" });
  });

  it("fails loudly when the provider refuses", async () => {
    const mailer = createMailer(
      { KV: env.KV, MAIL_API_KEY: "chave" },
      (async () => new Response("no", { status: 422 })) as unknown as typeof fetch,
    );
    await expect(mailer.send({ to: "d@e.f", subject: "s", text: "t", html: "h" })).rejects.toThrow("HTTP 422");
  });
});
