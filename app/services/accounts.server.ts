// Sign-in, sign-up and password reset: the rules behind the account forms, with abuse
// limits, so that route actions only parse input and choose where to go next.
import { href } from "react-router";
import { getCloudflare, getDb, type RequestContext } from "~/context.server";
import { claimCnpj } from "~/models/companies.server";
import {
  applyPendingEmail,
  createAccount,
  findAccountEmailByMailbox,
  findUserByEmail,
  findUserByGoogleSubject,
  getPasswordHash,
  isEmailTakenByAnother,
  linkGoogleSubject,
  markEmailVerified,
  resetPassword,
  setPendingEmail,
  type NewAccount,
} from "~/models/users.server";
import type { GoogleProfile } from "~/platform/google.server";
import { EmailChangeRequestedMail } from "~/mail/email-change-requested";
import { EmailChangedMail } from "~/mail/email-changed";
import { EmailConfirmationMail } from "~/mail/email-confirmation";
import { PasswordResetMail } from "~/mail/password-reset";
import { renderMail } from "~/mail/render.server";
import { createMailer, type MailMessage, sendInBackground } from "~/platform/mail.server";
import { hashPassword, verifyPassword } from "~/platform/password.server";
import { applyHeldPayments } from "./payments.server";
import {
  clearRateLimits,
  clientIp,
  consumeRateLimit,
  ipRule,
  RATE_LIMITED_MESSAGE,
  RATE_LIMITS,
  type RateCountersEnv,
  reserveRateLimits,
  subjectHash,
} from "~/platform/rate-limit.server";
import { endUserSessionWithResponse, startUserSession } from "~/platform/session.server";
import { siteOrigin } from "~/platform/site-url.server";
import { consumeOneTimeToken, consumeOneTimeTokenRecord, createOneTimeToken, peekOneTimeToken } from "~/platform/tokens.server";

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const CONFIRMATION_TOKEN_TTL_SECONDS = 60 * 60 * 24 * 3;

// Verifying against this keeps the time of "no such user" close to "wrong password".
const DUMMY_HASH = "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

export type SignInResult =
  | { ok: true; user: { id: string; email: string; accountType: NewAccount["accountType"] } }
  | { ok: false; reason: "credentials" | "rate-limited" | "account-locked" | "suspended"; retryAfterSeconds?: number };

/** The account's hourly ceiling of wrong passwords was reached: a reset lifts it (docs/decisions/0011). */
export const ACCOUNT_LOCKED_MESSAGE =
  'Muitas tentativas erradas para esta conta. Para entrar agora, redefina sua senha em "Esqueci minha senha".';

export async function signInWithPassword(
  context: RequestContext,
  request: Request,
  credentials: { email: string; password: string },
): Promise<SignInResult> {
  const { env } = getCloudflare(context);
  const db = getDb(context);
  const client = clientIp(request);
  const perIp = await consumeRateLimit(env, "signin-ip", client, ipRule(RATE_LIMITS.signInPerIp, env));
  if (!perIp.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: perIp.retryAfterSeconds };
  // Failures are counted per (account, client): a stranger who guesses wrong locks only
  // themselves out, never the owner; and per account from everywhere, up to a ceiling an
  // hour that a password reset lifts. Each attempt is reserved before the password is
  // checked, so a burst gets at most the limit checked; the right password gives it back
  // (docs/decisions/0011, 0038). Counted by e-mail, known or not: the answer never says
  // whether an account exists.
  const account = await subjectHash(credentials.email);
  const pair = `${account}:${await subjectHash(client)}`;
  const attempt = await reserveRateLimits(env, [
    { limit: "account-locked" as const, bucket: "signin-fail-account", subject: account, rule: RATE_LIMITS.signInFailuresPerAccount },
    { limit: "rate-limited" as const, bucket: "signin-fail", subject: pair, rule: RATE_LIMITS.signInFailuresPerClient },
  ]);
  if (!attempt.allowed) return { ok: false, reason: attempt.limit, retryAfterSeconds: attempt.retryAfterSeconds };

  const user = await findUserByEmail(db, credentials.email);
  const valid = await verifyPassword(credentials.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !user.passwordHash || !valid) return { ok: false, reason: "credentials" };
  await attempt.release();
  // Said only after the right password, so a guess learns nothing (docs/decisions/0035).
  if (user.suspendedAt) return { ok: false, reason: "suspended" };
  startUserSession(context, user);
  if (user.accountType === "company") await settleCompanyAccount(context, user.id);
  return { ok: true, user: { id: user.id, email: user.email, accountType: user.accountType } };
}

/**
 * A password reset ends the account's failure counters: sign-in (per client and as a
 * whole) and the current password's.
 */
async function clearPasswordFailures(env: RateCountersEnv, user: { id: string; email: string }) {
  const account = await subjectHash(user.email);
  await Promise.all([
    clearRateLimits(env, "signin-fail", `${account}:`),
    clearRateLimits(env, "signin-fail-account", `${account}:`),
    clearRateLimits(env, "current-password", `${await subjectHash(user.id)}:`),
  ]);
}

export type RegisterResult =
  | { ok: true; user: { id: string; email: string; accountType: NewAccount["accountType"] } }
  | { ok: false; reason: "email-taken" | "cnpj-taken" | "rate-limited"; retryAfterSeconds?: number };

/**
 * What a sign-up form shows when registration fails, and the status it answers with. A
 * CNPJ is taken only by a confirmed account; the real company is told where to write
 * (docs/decisions/0028).
 */
export function registrationFailure(reason: Extract<RegisterResult, { ok: false }>["reason"], contactEmail?: string) {
  const message = {
    "rate-limited": RATE_LIMITED_MESSAGE,
    "email-taken": "Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.",
    "cnpj-taken": contactEmail
      ? `Este CNPJ já está cadastrado. Se ele é da sua empresa, escreva para ${contactEmail}.`
      : "Este CNPJ já está cadastrado.",
  }[reason];
  return { message, status: reason === "rate-limited" ? 429 : 400 };
}

/** Creates the account and sends the e-mail confirmation link. Does not sign in. */
export async function registerAccount(
  context: RequestContext,
  request: Request,
  account: Omit<NewAccount, "passwordHash" | "googleSubject" | "emailVerified"> & { password: string },
): Promise<RegisterResult> {
  const db = getDb(context);
  const limit = await consumeSignUpPerClient(context, request);
  if (!limit.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const perEmail = await consumeRateLimit(
    getCloudflare(context).env,
    "signup-email",
    await subjectHash(account.email),
    RATE_LIMITS.signUpPerEmail,
  );
  if (!perEmail.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: perEmail.retryAfterSeconds };

  const { password, ...rest } = account;
  const result = await createAccount(db, { ...rest, passwordHash: await hashPassword(password) });
  if (!result.ok) return result;
  // No held payment applies yet: the e-mail is not confirmed (docs/decisions/0028).
  // The account exists now: the mail goes after the response and can never undo it.
  await sendEmailConfirmation(context, { ...result.user, name: account.name });
  return result;
}

function consumeSignUpPerClient(context: RequestContext, request: Request) {
  const { env } = getCloudflare(context);
  return consumeRateLimit(env, "signup-ip", clientIp(request), ipRule(RATE_LIMITS.signUpPerIp, env));
}

export type MailboxCheck = { ok: true; taken: boolean } | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/**
 * Whether an account holds this mailbox, asked by a sign-up whose other fields are not
 * all right yet (a visitor's ad form: docs/decisions/0044). It answers what a sign-up
 * would, so it counts against the sign-up's per-client limit first; it sends no mail, so
 * not against the per-address one.
 */
export async function isMailboxTakenForSignUp(context: RequestContext, request: Request, email: string): Promise<MailboxCheck> {
  const limit = await consumeSignUpPerClient(context, request);
  if (!limit.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  return { ok: true, taken: (await findAccountEmailByMailbox(getDb(context), email)) !== null };
}

/**
 * Mails a link that confirms an address: the account's own after sign-up, or the new
 * one the owner asked for. Sent in the background; never throws for a mail failure.
 */
export async function sendEmailConfirmation(context: RequestContext, user: { id: string; email: string; name: string }) {
  const { env } = getCloudflare(context);
  // Bound to the address: after another change of e-mail, this link confirms nothing.
  const token = await createOneTimeToken(env.KV, "email-confirmation", user.id, CONFIRMATION_TOKEN_TTL_SECONDS, {
    email: user.email,
  });
  const link = `${siteOrigin(env)}${href("/confirmar-email/:token", { token })}`;
  queueMail(context, { to: user.email, ...renderMail(EmailConfirmationMail, { name: user.name, link }) });
}

function queueMail(context: RequestContext, message: MailMessage) {
  const { env, ctx } = getCloudflare(context);
  return sendInBackground(ctx, createMailer(env), message);
}

export type ConfirmEmailResult = { ok: true; kind: "confirmed" | "changed" } | { ok: false; reason: "invalid" | "email-taken" };

/**
 * Follows a confirmation link (a POST from its page: mail scanners only GET). The
 * account's own address becomes confirmed, or the pending new address replaces the old
 * one, and the old address is told (docs/decisions/0011).
 */
export async function confirmEmail(context: RequestContext, token: string): Promise<ConfirmEmailResult> {
  const { env } = getCloudflare(context);
  const record = await consumeOneTimeTokenRecord(env.KV, "email-confirmation", token);
  if (!record?.email) return { ok: false, reason: "invalid" };
  const db = getDb(context);
  if (await markEmailVerified(db, record.userId, record.email)) {
    await settleCompanyAccount(context, record.userId);
    return { ok: true, kind: "confirmed" };
  }
  const changed = await applyPendingEmail(db, record.userId, record.email);
  if (!changed.ok) return { ok: false, reason: changed.reason === "email-taken" ? "email-taken" : "invalid" };
  await settleCompanyAccount(context, record.userId);
  queueMail(context, { to: changed.previousEmail, ...renderMail(EmailChangedMail, { newEmail: record.email }) });
  return { ok: true, kind: "changed" };
}

/**
 * A company account signed in or proved its e-mail: it takes its CNPJ when no confirmed
 * account holds it, and receives the guest payments made with its confirmed e-mail
 * (docs/decisions/0028). Nothing happens for other accounts. Never throws.
 */
async function settleCompanyAccount(context: RequestContext, userId: string) {
  try {
    await claimCnpj(getDb(context), userId);
  } catch (error) {
    console.error("[contas] Falha ao registrar o CNPJ:", error instanceof Error ? error.message : error);
  }
  await applyHeldPayments(context, userId);
}

/** The CNPJ belongs to another confirmed account: where the real company writes to (0028). */
export function cnpjHeldMessage(env: { CONTACT_EMAIL: string }) {
  return `Este CNPJ já pertence a outra conta confirmada. Se ele é da sua empresa, escreva para ${env.CONTACT_EMAIL}.`;
}

export type PasswordCheck = { ok: true } | { ok: false; reason: "wrong-password" | "no-password" | "too-many-attempts" };

/** What the 429 says once the current password was got wrong too often (docs/decisions/0011). */
export const PASSWORD_ATTEMPTS_MESSAGE =
  'Muitas tentativas com a senha errada. Por segurança, encerramos sua sessão. Entre de novo ou redefina sua senha em "Esqueci minha senha".';

/**
 * Re-checks the current password before a sensitive change ('Excluir minha conta', a new
 * e-mail or CNPJ: docs/decisions/0011, 0028, 0036). Wrong passwords are counted per
 * account, each attempt reserved before the check (a burst gets at most the limit
 * checked) and given back when the password is right. Past the limit nothing is checked
 * and the session that asked is signed out, so a borrowed session cannot keep guessing.
 */
export async function checkCurrentPassword(context: RequestContext, userId: string, password: string): Promise<PasswordCheck> {
  const db = getDb(context);
  const hash = await getPasswordHash(db, userId);
  if (!hash) return { ok: false, reason: "no-password" };
  const attempt = await reserveRateLimits(getCloudflare(context).env, [
    {
      limit: "too-many-attempts" as const,
      bucket: "current-password",
      subject: await subjectHash(userId),
      rule: RATE_LIMITS.currentPasswordFailuresPerAccount,
    },
  ]);
  if (!attempt.allowed) {
    endUserSessionWithResponse(context);
    return { ok: false, reason: "too-many-attempts" };
  }
  if (!(await verifyPassword(password, hash))) return { ok: false, reason: "wrong-password" };
  await attempt.release();
  return { ok: true };
}

/** Whether a confirmation link is still good (its page shows the button only then). */
export async function isConfirmationTokenValid(context: RequestContext, token: string) {
  const { env } = getCloudflare(context);
  return (await peekOneTimeToken(env.KV, "email-confirmation", token)) !== null;
}

export type AccountMailResult = { ok: true } | { ok: false; reason: "rate-limited" | "already-confirmed" };

/** "Reenviar confirmação": the link again, for an account whose address is unconfirmed. */
export async function resendEmailConfirmation(
  context: RequestContext,
  user: { id: string; email: string; name: string; emailVerified: boolean; pendingEmail: string | null },
): Promise<AccountMailResult> {
  const target = user.pendingEmail ?? (user.emailVerified ? null : user.email);
  if (!target) return { ok: false, reason: "already-confirmed" };
  const limit = await consumeRateLimit(
    getCloudflare(context).env,
    "account-mail",
    await subjectHash(user.id),
    RATE_LIMITS.accountMailPerAccount,
  );
  if (!limit.allowed) return { ok: false, reason: "rate-limited" };
  await sendEmailConfirmation(context, { id: user.id, email: target, name: user.name });
  return { ok: true };
}

export type EmailChangeResult =
  | { ok: true }
  | { ok: false; reason: "wrong-password" | "no-password" | "too-many-attempts" | "email-taken" | "rate-limited" };

/**
 * The profile form asked for a new address. It needs the current password; the new
 * address gets a confirmation link and applies only when that link is followed; the old
 * address is told at once (docs/decisions/0011).
 */
export async function requestEmailChange(
  context: RequestContext,
  _request: Request,
  user: { id: string; email: string; name: string },
  { newEmail, currentPassword }: { newEmail: string; currentPassword: string },
): Promise<EmailChangeResult> {
  const { env } = getCloudflare(context);
  const db = getDb(context);
  const password = await checkCurrentPassword(context, user.id, currentPassword);
  if (!password.ok) return password;
  const email = newEmail.trim().toLowerCase();
  if (await isEmailTakenByAnother(db, user.id, email)) return { ok: false, reason: "email-taken" };
  const limit = await consumeRateLimit(env, "account-mail", await subjectHash(user.id), RATE_LIMITS.accountMailPerAccount);
  if (!limit.allowed) return { ok: false, reason: "rate-limited" };
  await setPendingEmail(db, user.id, email);
  await sendEmailConfirmation(context, { id: user.id, email, name: user.name });
  queueMail(context, { to: user.email, ...renderMail(EmailChangeRequestedMail, { newEmail: email }) });
  return { ok: true };
}

/** Gives up a pending e-mail change (its link then confirms nothing). */
export async function cancelEmailChange(context: RequestContext, userId: string) {
  await setPendingEmail(getDb(context), userId, null);
}

export type ResetRequestResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Sends a reset link when the account exists. The answer is the same either way, so the
 * form never tells whether an e-mail address is registered.
 */
export async function requestPasswordReset(context: RequestContext, request: Request, email: string): Promise<ResetRequestResult> {
  const { env } = getCloudflare(context);
  const db = getDb(context);
  const perIp = await consumeRateLimit(env, "reset-ip", clientIp(request), ipRule(RATE_LIMITS.resetPerIp, env));
  if (!perIp.allowed) return { ok: false, retryAfterSeconds: perIp.retryAfterSeconds };
  const perAccount = await consumeRateLimit(env, "reset-account", await subjectHash(email), RATE_LIMITS.resetPerAccount);
  if (!perAccount.allowed) return { ok: false, retryAfterSeconds: perAccount.retryAfterSeconds };

  const user = await findUserByEmail(db, email);
  if (!user) return { ok: true };
  const token = await createOneTimeToken(env.KV, "password-reset", user.id, RESET_TOKEN_TTL_SECONDS);
  const link = `${siteOrigin(env)}${href("/redefinir-senha/:token", { token })}`;
  queueMail(context, { to: user.email, ...renderMail(PasswordResetMail, { link }) });
  return { ok: true };
}

/** Uses the token up, sets the new password and ends every session of that user. */
export async function completePasswordReset(context: RequestContext, token: string, password: string) {
  const { env } = getCloudflare(context);
  const userId = await consumeOneTimeToken(env.KV, "password-reset", token);
  if (!userId) return false;
  const email = await resetPassword(getDb(context), userId, await hashPassword(password));
  // Whoever reset the password owns the mailbox: failed guesses by others stop counting,
  // and the account's hourly ceiling is lifted (docs/decisions/0011).
  if (email) await clearPasswordFailures(env, { id: userId, email });
  return true;
}

export type GoogleSignInResult =
  | { ok: true; user: { id: string; accountType: NewAccount["accountType"] } }
  | { ok: false; reason: "unverified-email" | "suspended" | "email-taken" };

/**
 * Signs in with a Google profile whose e-mail Google verified: the account already linked to
 * that Google subject, or the account with the same e-mail, or a new personal one.
 */
export async function signInWithGoogle(context: RequestContext, profile: GoogleProfile): Promise<GoogleSignInResult> {
  const db = getDb(context);
  const linked = await findUserByGoogleSubject(db, profile.subject);
  // A suspended account does not sign in with Google either (docs/decisions/0035).
  if (linked?.suspendedAt) return { ok: false, reason: "suspended" };
  // Only an address Google verified signs in: a new account would start on an e-mail nobody
  // proved, and linking it would hand someone else's account over (docs/decisions/0007).
  if (!profile.emailVerified) return { ok: false, reason: "unverified-email" };
  let user: { id: string; email: string; accountType: NewAccount["accountType"] } | null = linked
    ? { id: linked.id, email: linked.email, accountType: linked.accountType }
    : null;
  if (!user) {
    const existing = await findUserByEmail(db, profile.email);
    if (existing?.suspendedAt) return { ok: false, reason: "suspended" };
    if (existing) {
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
      // Another spelling of a mailbox that has an account (f.ulano@ beside fulano@gmail.com):
      // never a second account, nor a link by a spelling (docs/decisions/0007).
      if (!created.ok) return { ok: false, reason: "email-taken" };
      user = created.user;
    }
  }
  startUserSession(context, user);
  // Google sign-in is a sign-in too: the same CNPJ and held-payment rules (docs/decisions/0028).
  if (user.accountType === "company") await settleCompanyAccount(context, user.id);
  return { ok: true, user };
}
