import { waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, profiles, users } from "~/db/schema";
import {
  completePasswordReset,
  confirmEmail,
  registerAccount,
  requestPasswordReset,
  signInWithGoogle,
  signInWithPassword,
} from "~/services/accounts.server";
import { getCloudflare } from "~/context.server";
import { getPublicProfile } from "~/models/users.server";
import { getCurrentUser } from "~/platform/auth.server";
import { listOutbox } from "~/platform/mail.server";
import { RATE_LIMITS } from "~/platform/rate-limit.server";
import { getSession } from "~/platform/session.server";
import { makeContext } from "./context";
import { db } from "./fixtures";

const req = (ip = "198.51.100.7") => new Request("https://patas.example/entrar", { method: "POST", headers: { "CF-Connecting-IP": ip } });
let n = 0;
const uniqueEmail = () => `conta${++n}-${crypto.randomUUID().slice(0, 8)}@exemplo.com.br`;

/** Mail goes out after the response (ctx.waitUntil): wait for it before reading the outbox. */
const flushMail = (context: Parameters<typeof getCloudflare>[0]) => waitOnExecutionContext(getCloudflare(context).ctx);

async function register(email = uniqueEmail(), accountType: "personal" | "company" | "ngo" = "personal") {
  const { context } = await makeContext();
  const result = await registerAccount(context, req(`10.0.0.${n}`), {
    name: "Pessoa Teste",
    email,
    password: "senha-forte-1",
    accountType,
    ...(accountType === "company" ? { company: { companyName: "Pet Teste", cnpj: `1122233300${String(n).padStart(4, "0")}` } } : {}),
  });
  if (!result.ok) throw new Error(result.reason);
  await flushMail(context);
  return { email, id: result.user.id };
}

describe("registration", () => {
  it("creates user and profile (and company) in one batch, with a hashed password", async () => {
    const { email, id } = await register(undefined, "company");
    const [user] = await db.select().from(users).where(eq(users.id, id));
    expect(user!.email).toBe(email);
    expect(user!.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(user!.passwordHash).not.toContain("senha-forte-1");
    expect(await db.$count(profiles, eq(profiles.id, id))).toBe(1);
    expect(await db.$count(companies, eq(companies.id, id))).toBe(1);
  });

  it("refuses a taken e-mail, whatever its case", async () => {
    const { email } = await register();
    const { context } = await makeContext();
    const again = await registerAccount(context, req("10.9.9.9"), {
      name: "Outra",
      email: email.toUpperCase(),
      password: "senha-forte-2",
      accountType: "personal",
    });
    expect(again).toEqual({ ok: false, reason: "email-taken" });
  });

  it("sends a confirmation link that works once", async () => {
    const { email, id } = await register();
    const message = (await listOutbox(env.KV)).find((m) => m.to === email)!;
    const token = message.text.match(/confirmar-email\/([\w-]+)/)![1]!;
    const { context } = await makeContext();
    expect(await confirmEmail(context, token)).toEqual({ ok: true, kind: "confirmed" });
    expect(await confirmEmail(context, token)).toEqual({ ok: false, reason: "invalid" });
    const [user] = await db.select({ v: users.emailVerified }).from(users).where(eq(users.id, id));
    expect(user!.v).toBe(true);
  });

  it("a mail provider that fails never fails the sign-up nor half-writes it", async () => {
    const email = uniqueEmail();
    // A provider that refuses every message (HTTP 500), as when it is down.
    const failing = () => Promise.resolve(new Response("indisponível", { status: 500 }));
    const originalFetch = globalThis.fetch;
    globalThis.fetch = failing as typeof fetch;
    try {
      const { context } = await makeContext(null, { MAIL_API_KEY: "chave-de-teste", MAIL_API_URL: "https://mail.example/emails" });
      const result = await registerAccount(context, req("10.20.0.1"), {
        name: "Pessoa",
        email,
        password: "senha-forte-1",
        accountType: "personal",
      });
      expect(result).toMatchObject({ ok: true, user: { email } });
      await flushMail(context);
    } finally {
      globalThis.fetch = originalFetch;
    }
    expect(await db.$count(users, eq(users.email, email))).toBe(1);
    expect(await db.$count(profiles, eq(profiles.email, email))).toBe(1);
  });

  it("per-IP sign-up limits are a high ceiling (CGNAT); the strict limit counts the e-mail", async () => {
    const { context } = await makeContext();
    const ip = "177.10.20.30";
    for (let i = 0; i < 15; i++) {
      const result = await registerAccount(context, req(ip), {
        name: "Pessoa",
        email: uniqueEmail(),
        password: "senha-forte-1",
        accountType: "personal",
      });
      expect(result.ok).toBe(true);
    }
    expect(RATE_LIMITS.signUpPerIp.limit).toBeGreaterThanOrEqual(100);
    const email = uniqueEmail();
    const attempts = [];
    for (let i = 0; i < RATE_LIMITS.signUpPerEmail.limit + 1; i++) {
      attempts.push(
        await registerAccount(context, req(`177.11.0.${i}`), { name: "P", email, password: "senha-forte-1", accountType: "personal" }),
      );
    }
    expect(attempts[0]!.ok).toBe(true);
    expect(attempts.at(-2)).toEqual({ ok: false, reason: "email-taken" });
    expect(attempts.at(-1)).toMatchObject({ ok: false, reason: "rate-limited" });
    await flushMail(context);
  });
});

describe("password sign-in", () => {
  it("signs in with the right password and starts a session", async () => {
    const { email, id } = await register();
    const { context } = await makeContext();
    const result = await signInWithPassword(context, req(), { email: ` ${email.toUpperCase()} `, password: "senha-forte-1" });
    expect(result.ok).toBe(true);
    expect(getSession(context).get("userId")).toBe(id);
  });

  it("answers the same for a wrong password and an unknown account", async () => {
    const { email } = await register();
    const { context } = await makeContext();
    expect(await signInWithPassword(context, req(), { email, password: "errada-123" })).toEqual({ ok: false, reason: "credentials" });
    expect(await signInWithPassword(context, req(), { email: uniqueEmail(), password: "x" })).toEqual({ ok: false, reason: "credentials" });
    expect(getSession(context).get("userId")).toBeUndefined();
  });

  it("five failures lock out only the client that made them, never the owner elsewhere", async () => {
    const { email } = await register();
    const { context } = await makeContext();
    for (let i = 0; i < 5; i++) {
      expect(await signInWithPassword(context, req("203.0.113.66"), { email, password: `errada-${i}` })).toEqual({
        ok: false,
        reason: "credentials",
      });
    }
    // The stranger's client is refused, even with the right password...
    expect(await signInWithPassword(context, req("203.0.113.66"), { email, password: "senha-forte-1" })).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
    // ...the owner, from their own phone, signs in.
    expect((await signInWithPassword((await makeContext()).context, req("203.0.113.99"), { email, password: "senha-forte-1" })).ok).toBe(
      true,
    );
  });

  it("a burst of 50 guesses at once from one client gets at most the limit checked", async () => {
    const { email } = await register();
    const limit = RATE_LIMITS.signInFailuresPerClient.limit;
    // 49 wrong passwords and then the right one, all sent together from one client.
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const { context } = await makeContext();
        return signInWithPassword(context, req("203.0.113.50"), { email, password: i === 49 ? "senha-forte-1" : `errada-${i}` });
      }),
    );
    const checked = results.filter((r) => r.ok || r.reason !== "rate-limited");
    expect(checked.length).toBeLessThanOrEqual(limit);
    expect(results.filter((r) => r.ok)).toEqual([]);
    expect(results[49]).toMatchObject({ ok: false, reason: "rate-limited" });
  });

  it("the right password gives its attempt back: signing in often never locks the owner out", async () => {
    const { email } = await register();
    for (let i = 0; i < RATE_LIMITS.signInFailuresPerClient.limit * 2; i++) {
      expect((await signInWithPassword((await makeContext()).context, req("203.0.113.51"), { email, password: "senha-forte-1" })).ok).toBe(
        true,
      );
    }
    expect(await signInWithPassword((await makeContext()).context, req("203.0.113.51"), { email, password: "errada-1" })).toEqual({
      ok: false,
      reason: "credentials",
    });
  });

  it("failures from many clients meet a hard hourly ceiling for the account; a completed password reset lifts it", async () => {
    const { email } = await register();
    const ceiling = RATE_LIMITS.signInFailuresPerAccount.limit;
    const perClient = RATE_LIMITS.signInFailuresPerClient.limit;
    // Spread over enough clients that no client's own limit is reached.
    for (let i = 0; i < ceiling; i++) {
      const client = `198.18.${Math.floor(i / (perClient - 1))}.1`;
      expect(await signInWithPassword((await makeContext()).context, req(client), { email, password: `errada-${i}` })).toEqual({
        ok: false,
        reason: "credentials",
      });
    }
    // Past the ceiling, a guess from a new client is refused unchecked, and so is the owner.
    expect(await signInWithPassword((await makeContext()).context, req("198.18.200.1"), { email, password: "errada-x" })).toMatchObject({
      ok: false,
      reason: "account-locked",
    });
    expect(
      await signInWithPassword((await makeContext()).context, req("198.18.201.1"), { email, password: "senha-forte-1" }),
    ).toMatchObject({
      ok: false,
      reason: "account-locked",
    });
    // A burst at the ceiling gets nothing checked either.
    const burst = await Promise.all(
      Array.from({ length: 10 }, async (_, i) =>
        signInWithPassword((await makeContext()).context, req(`198.19.${i}.1`), { email, password: `errada-b${i}` }),
      ),
    );
    expect(burst.every((r) => !r.ok && r.reason === "account-locked")).toBe(true);

    // The mailbox's owner resets the password: the ceiling is lifted at once.
    const reset = await makeContext();
    await requestPasswordReset(reset.context, req("198.18.3.3"), email);
    await flushMail(reset.context);
    const message = (await listOutbox(env.KV)).find((m) => m.to === email && m.subject.includes("Redefinição"))!;
    expect(await completePasswordReset(reset.context, message.text.match(/redefinir-senha\/([\w-]+)/)![1]!, "nova-senha-123")).toBe(true);
    expect((await signInWithPassword((await makeContext()).context, req("198.18.201.1"), { email, password: "nova-senha-123" })).ok).toBe(
      true,
    );
  });

  it("a reset also lifts the lock of the client that made the failures", async () => {
    const { email } = await register();
    const { context } = await makeContext();
    for (let i = 0; i < 5; i++) await signInWithPassword(context, req("198.18.2.2"), { email, password: "errada-123" });
    expect((await signInWithPassword(context, req("198.18.2.2"), { email, password: "senha-forte-1" })).ok).toBe(false);
    const reset = await makeContext();
    await requestPasswordReset(reset.context, req("198.18.3.4"), email);
    await flushMail(reset.context);
    const message = (await listOutbox(env.KV)).find((m) => m.to === email && m.subject.includes("Redefinição"))!;
    expect(await completePasswordReset(reset.context, message.text.match(/redefinir-senha\/([\w-]+)/)![1]!, "nova-senha-123")).toBe(true);
    expect((await signInWithPassword((await makeContext()).context, req("198.18.2.2"), { email, password: "nova-senha-123" })).ok).toBe(
      true,
    );
  });
});

describe("password reset", () => {
  it("mails a single-use link; the new password works and older sessions end", async () => {
    const { email, id } = await register();
    // A session that began before the reset.
    const before = await makeContext();
    await signInWithPassword(before.context, req(), { email, password: "senha-forte-1" });
    const signedInAt = Date.now() - 1000;
    before.session.set("signedInAt", signedInAt);

    const { context } = await makeContext();
    expect(await requestPasswordReset(context, req("192.0.2.1"), email)).toEqual({ ok: true });
    await flushMail(context);
    const message = (await listOutbox(env.KV)).find((m) => m.to === email && m.subject.includes("Redefinição"))!;
    const token = message.text.match(/redefinir-senha\/([\w-]+)/)![1]!;

    expect(await completePasswordReset(context, token, "nova-senha-123")).toBe(true);
    expect(await completePasswordReset(context, token, "outra-senha-123")).toBe(false);

    const old = await makeContext();
    expect((await signInWithPassword(old.context, req("192.0.2.2"), { email, password: "senha-forte-1" })).ok).toBe(false);
    const fresh = await makeContext();
    expect((await signInWithPassword(fresh.context, req("192.0.2.3"), { email, password: "nova-senha-123" })).ok).toBe(true);

    // The session from before the reset is no longer a signed-in user.
    const stale = await makeContext();
    stale.session.set("userId", id);
    stale.session.set("accountType", "personal");
    stale.session.set("signedInAt", signedInAt);
    stale.session.set("expiresAt", Date.now() + 60_000);
    expect(await getCurrentUser(stale.context)).toBeNull();
  });

  it("answers the same for unknown e-mails and sends nothing", async () => {
    const email = uniqueEmail();
    const { context } = await makeContext();
    expect(await requestPasswordReset(context, req("192.0.2.50"), email)).toEqual({ ok: true });
    await flushMail(context);
    expect((await listOutbox(env.KV)).some((m) => m.to === email)).toBe(false);
  });

  it("limits requests per account", async () => {
    const { email } = await register();
    const { context } = await makeContext();
    for (let i = 0; i < 3; i++) expect((await requestPasswordReset(context, req(`192.0.2.${60 + i}`), email)).ok).toBe(true);
    expect((await requestPasswordReset(context, req("192.0.2.70"), email)).ok).toBe(false);
  });
});

describe("Google sign-in", () => {
  it("creates a personal account the first time, then finds it by subject", async () => {
    const email = uniqueEmail();
    const { context } = await makeContext();
    const first = await signInWithGoogle(context, { subject: `g-${email}`, email, emailVerified: true, name: "Ana Google" });
    expect(first.ok).toBe(true);
    const second = await signInWithGoogle((await makeContext()).context, {
      subject: `g-${email}`,
      email: "outro@exemplo.com.br",
      emailVerified: true,
      name: "Ana",
    });
    expect(second).toEqual(first);
  });

  it("links an existing account only when Google verified the e-mail", async () => {
    const { email, id } = await register();
    const unverified = await signInWithGoogle((await makeContext()).context, { subject: "g-x1", email, emailVerified: false, name: "X" });
    expect(unverified).toEqual({ ok: false, reason: "unverified-email" });
    const verified = await signInWithGoogle((await makeContext()).context, { subject: "g-x2", email, emailVerified: true, name: "X" });
    expect(verified).toMatchObject({ ok: true, user: { id } });
    const [user] = await db.select({ sub: users.googleSubject }).from(users).where(eq(users.id, id));
    expect(user!.sub).toBe("g-x2");
  });

  it("refuses an e-mail Google has not verified, even when no account has it", async () => {
    const email = uniqueEmail();
    const result = await signInWithGoogle((await makeContext()).context, {
      subject: `g-${email}`,
      email,
      emailVerified: false,
      name: "Sem Verificar",
    });
    expect(result).toEqual({ ok: false, reason: "unverified-email" });
    expect(await db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("ends the password of an account whose e-mail was never confirmed when Google proves the owner", async () => {
    // Someone signed up with this address first (never confirmed it) and set a password.
    const { email, id } = await register();
    const result = await signInWithGoogle((await makeContext()).context, {
      subject: `g-dono-${id}`,
      email,
      emailVerified: true,
      name: "Dono",
    });
    expect(result).toMatchObject({ ok: true, user: { id } });
    const [user] = await db
      .select({ hash: users.passwordHash, verified: users.emailVerified, revoked: users.sessionsRevokedAt })
      .from(users)
      .where(eq(users.id, id));
    expect(user).toMatchObject({ hash: null, verified: true });
    expect(user!.revoked).toBeInstanceOf(Date);
  });

  it("keeps the password of a confirmed account it links", async () => {
    const { email, id } = await register();
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
    const [before] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    await signInWithGoogle((await makeContext()).context, { subject: `g-confirmado-${id}`, email, emailVerified: true, name: "Dono" });
    const [after] = await db.select({ hash: users.passwordHash, revoked: users.sessionsRevokedAt }).from(users).where(eq(users.id, id));
    expect(after!.hash).toBe(before!.hash);
    expect(after!.hash).toBeTruthy();
    expect(after!.revoked).toBeNull();
  });
});

describe("public profile", () => {
  it("a new account's e-mail is never public: not shown, not a way to find the profile", async () => {
    const { email, id } = await register();
    expect(await getPublicProfile(db, { email })).toBeNull();
    const [row] = await db.select({ publicId: profiles.publicId }).from(profiles).where(eq(profiles.id, id));
    const profile = await getPublicProfile(db, { publicId: row!.publicId! });
    expect(profile).toMatchObject({ name: "Pessoa Teste", email: null, phone: null });
    expect(Object.keys(profile!).sort()).toEqual(["avatarUrl", "bio", "email", "facebook", "instagram", "name", "phone", "publicId"]);
    expect(await getPublicProfile(db, { email: "ninguem@exemplo.com.br" })).toBeNull();
  });
});
