// Sign-in, sign-up and password reset: the rules behind the account forms, with abuse
// limits, so that route actions only parse input and choose where to go next.
import type { RouterContextProvider } from "react-router";
import { getCloudflare, getDb } from "~/context.server";
import {
  createAccount,
  findUserByEmail,
  findUserByGoogleSubject,
  linkGoogleSubject,
  markEmailVerified,
  resetPassword,
  type NewAccount,
} from "~/models/users.server";
import type { GoogleProfile } from "./google.server";
import { createMailer } from "./mail.server";
import { hashPassword, verifyPassword } from "./password.server";
import {
  clientIp,
  consumeRateLimit,
  ipRule,
  isRateLimited,
  RATE_LIMITED_MESSAGE,
  RATE_LIMITS,
  subjectHash,
} from "./rate-limit.server";
import { startUserSession } from "./session.server";
import { consumeOneTimeToken, consumeOneTimeTokenRecord, createOneTimeToken } from "./tokens.server";

type Context = Readonly<RouterContextProvider>;

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const CONFIRMATION_TOKEN_TTL_SECONDS = 60 * 60 * 24 * 3;

// Verifying against this keeps the time of "no such user" close to "wrong password".
const DUMMY_HASH =
  "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

export type SignInResult =
  | { ok: true; user: { id: string; email: string; accountType: NewAccount["accountType"] } }
  | { ok: false; reason: "credentials" | "rate-limited"; retryAfterSeconds?: number };

export async function signInWithPassword(
  context: Context,
  request: Request,
  credentials: { email: string; password: string },
): Promise<SignInResult> {
  const { env } = getCloudflare(context);
  const perIp = await consumeRateLimit(env.KV, "signin-ip", clientIp(request), ipRule(RATE_LIMITS.signInPerIp, env));
  if (!perIp.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: perIp.retryAfterSeconds };
  const account = await subjectHash(credentials.email);
  const perAccount = await isRateLimited(env.KV, "signin-fail", account, RATE_LIMITS.signInFailuresPerAccount);
  if (!perAccount.allowed) {
    return { ok: false, reason: "rate-limited", retryAfterSeconds: perAccount.retryAfterSeconds };
  }

  const user = await findUserByEmail(getDb(context), credentials.email);
  const valid = await verifyPassword(credentials.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !user.passwordHash || !valid) {
    await consumeRateLimit(env.KV, "signin-fail", account, RATE_LIMITS.signInFailuresPerAccount);
    return { ok: false, reason: "credentials" };
  }
  startUserSession(context, user);
  return { ok: true, user: { id: user.id, email: user.email, accountType: user.accountType } };
}

export type RegisterResult =
  | { ok: true; user: { id: string; email: string; accountType: NewAccount["accountType"] } }
  | { ok: false; reason: "email-taken" | "cnpj-taken" | "rate-limited"; retryAfterSeconds?: number };

/** What a sign-up form shows when registration fails, and the status it answers with. */
export function registrationFailure(reason: Extract<RegisterResult, { ok: false }>["reason"]) {
  const message = {
    "rate-limited": RATE_LIMITED_MESSAGE,
    "email-taken": "Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.",
    "cnpj-taken": "Este CNPJ já está cadastrado.",
  }[reason];
  return { message, status: reason === "rate-limited" ? 429 : 400 };
}

/** Creates the account and sends the e-mail confirmation link. Does not sign in. */
export async function registerAccount(
  context: Context,
  request: Request,
  account: Omit<NewAccount, "passwordHash" | "googleSubject" | "emailVerified"> & { password: string },
): Promise<RegisterResult> {
  const { env } = getCloudflare(context);
  const limit = await consumeRateLimit(env.KV, "signup-ip", clientIp(request), ipRule(RATE_LIMITS.signUpPerIp, env));
  if (!limit.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };

  const { password, ...rest } = account;
  const result = await createAccount(getDb(context), { ...rest, passwordHash: await hashPassword(password) });
  if (!result.ok) return result;

  await sendEmailConfirmation(context, request, { ...result.user, name: account.name });
  return result;
}

/** Mails a link that confirms the address (after sign-up, or after the e-mail changed). */
export async function sendEmailConfirmation(
  context: Context,
  request: Request,
  user: { id: string; email: string; name: string },
) {
  const { env } = getCloudflare(context);
  // Bound to the address: after another change of e-mail, this link confirms nothing.
  const token = await createOneTimeToken(env.KV, "email-confirmation", user.id, CONFIRMATION_TOKEN_TTL_SECONDS, {
    email: user.email,
  });
  const link = `${new URL(request.url).origin}/confirmar-email/${token}`;
  await createMailer(env).send({
    to: user.email,
    subject: "Confirme seu e-mail na Patas Conectadas",
    text: `Olá, ${user.name}!\n\nPara confirmar seu e-mail, abra o link:\n${link}\n\nSe você não pediu isso, ignore esta mensagem.`,
    html: `<p>Olá, ${escapeHtml(user.name)}!</p><p>Para confirmar seu e-mail, <a href="${link}">clique aqui</a>.</p><p>Se você não pediu isso, ignore esta mensagem.</p>`,
  });
}

export async function confirmEmail(context: Context, token: string): Promise<boolean> {
  const { env } = getCloudflare(context);
  const record = await consumeOneTimeTokenRecord(env.KV, "email-confirmation", token);
  if (!record) return false;
  return markEmailVerified(getDb(context), record.userId, record.email);
}

export type ResetRequestResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Sends a reset link when the account exists. The answer is the same either way, so the
 * form never tells whether an e-mail address is registered.
 */
export async function requestPasswordReset(
  context: Context,
  request: Request,
  email: string,
): Promise<ResetRequestResult> {
  const { env } = getCloudflare(context);
  const perIp = await consumeRateLimit(env.KV, "reset-ip", clientIp(request), ipRule(RATE_LIMITS.resetPerIp, env));
  if (!perIp.allowed) return { ok: false, retryAfterSeconds: perIp.retryAfterSeconds };
  const perAccount = await consumeRateLimit(env.KV, "reset-account", await subjectHash(email), RATE_LIMITS.resetPerAccount);
  if (!perAccount.allowed) return { ok: false, retryAfterSeconds: perAccount.retryAfterSeconds };

  const user = await findUserByEmail(getDb(context), email);
  if (!user) return { ok: true };
  const token = await createOneTimeToken(env.KV, "password-reset", user.id, RESET_TOKEN_TTL_SECONDS);
  const link = `${new URL(request.url).origin}/redefinir-senha/${token}`;
  await createMailer(env).send({
    to: user.email,
    subject: "Redefinição de senha - Patas Conectadas",
    text: `Recebemos um pedido para redefinir sua senha.\n\nPara escolher uma nova senha, abra o link (válido por 1 hora, uma única vez):\n${link}\n\nSe não foi você, ignore esta mensagem: sua senha continua a mesma.`,
    html: `<p>Recebemos um pedido para redefinir sua senha.</p><p><a href="${link}">Escolher uma nova senha</a> (link válido por 1 hora, uma única vez).</p><p>Se não foi você, ignore esta mensagem: sua senha continua a mesma.</p>`,
  });
  return { ok: true };
}

/** Uses the token up, sets the new password and ends every session of that user. */
export async function completePasswordReset(context: Context, token: string, password: string) {
  const { env } = getCloudflare(context);
  const userId = await consumeOneTimeToken(env.KV, "password-reset", token);
  if (!userId) return false;
  await resetPassword(getDb(context), userId, await hashPassword(password));
  return true;
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type GoogleSignInResult =
  | { ok: true; user: { id: string; accountType: NewAccount["accountType"] } }
  | { ok: false; reason: "unverified-email" };

/**
 * Signs in with a Google profile: the account already linked to that Google subject, or
 * the account with the same e-mail (only when Google verified it), or a new personal one.
 */
export async function signInWithGoogle(context: Context, profile: GoogleProfile): Promise<GoogleSignInResult> {
  const db = getDb(context);
  let user: { id: string; accountType: NewAccount["accountType"] } | null = await findUserByGoogleSubject(db, profile.subject);
  if (!user) {
    const existing = await findUserByEmail(db, profile.email);
    if (existing) {
      // Linking an unverified address would hand someone else's account over.
      if (!profile.emailVerified) return { ok: false, reason: "unverified-email" };
      await linkGoogleSubject(db, existing.id, profile.subject, { wasVerified: existing.emailVerified });
      user = existing;
    } else {
      const created = await createAccount(db, {
        email: profile.email,
        name: profile.name,
        accountType: "personal",
        googleSubject: profile.subject,
        emailVerified: profile.emailVerified,
      });
      if (!created.ok) return { ok: false, reason: "unverified-email" };
      user = created.user;
    }
  }
  startUserSession(context, user);
  return { ok: true, user };
}
