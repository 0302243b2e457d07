// 'Excluir minha conta' (LGPD art. 18, VI; docs/decisions/0036). The rows of the main
// database go in one D1 batch (all or nothing); then, best-effort with retries, what that
// transaction cannot hold: its rows on the activity database (docs/decisions/0050), the
// photos in R2, the sessions, drafts, favourites, tokens and per-account counters, the
// cached public pages; last, a mail says it is done. Confirmed with
// the password, or for an account without one (Google only) by a link mailed to it.
import { href } from "react-router";
import { getActivityDb, getCloudflare, getDb, type RequestContext } from "~/context.server";
import type { Toast } from "~/lib/toast";
import { deleteAccountActivity, deleteAccountRows, type DeletedAccount } from "~/models/account-data.server";
import { deleteFavorites } from "~/models/favorites.server";
import { findUserById } from "~/models/users.server";
import type { DetailKind } from "~/lib/page-policy";
import { pagesShowing, purgePages } from "~/platform/edge-cache.server";
import { deleteImagesByUrl } from "~/platform/images.server";
import { deleteArchiveDataOf } from "~/platform/pet-archive.server";
import { AccountDeletedMail } from "~/mail/account-deleted";
import { AccountDeletionLinkMail } from "~/mail/account-deletion-link";
import { renderMail } from "~/mail/render.server";
import { createMailer, type MailMessage, sendInBackground } from "~/platform/mail.server";
import { clearRateLimits, consumeRateLimit, RATE_LIMITS, subjectHash } from "~/platform/rate-limit.server";
import { endUserSession, getSession, takeSessionRecord } from "~/platform/session.server";
import { siteOrigin } from "~/platform/site-url.server";
import { consumeOneTimeToken, createOneTimeToken, deleteTokensOfUser, peekOneTimeToken } from "~/platform/tokens.server";
import { checkCurrentPassword } from "./accounts.server";
import { discardDraft } from "./pet-drafts.server";

export const DELETION_TOKEN_TTL_SECONDS = 60 * 60;

/** What the next page says once the account is gone. */
export const ACCOUNT_DELETED_TOAST: Toast = {
  type: "success",
  title: "Conta excluída",
  description: "Sua conta e seus dados foram excluídos. Enviamos uma confirmação para o seu e-mail.",
};
// Per-account rate-limit buckets whose subject is the hash of the account's id (the others
// count an address, a client or a hashed e-mail): they go with the account.
const ACCOUNT_ID_BUCKETS = ["account-mail", "match-mail", "current-password"];
// R2 deletes at most 1,000 keys per call (with card copies, 500 photos).
const R2_DELETE_CHUNK = 500;

/** Runs `task` up to three times (100 ms, then 400 ms apart); false when it never worked. */
async function withRetries(what: string, task: () => Promise<unknown>): Promise<boolean> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await task();
      return true;
    } catch (error) {
      if (attempt >= 2) {
        console.error(`[exclusão de conta] ${what} falhou:`, error instanceof Error ? error.message : error);
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * 4 ** attempt));
    }
  }
}

/** Ends each session: its KV record, and the pet draft and draft photos it held. */
async function endSessions(kv: KVNamespace, bucket: R2Bucket, sessionIds: string[]) {
  for (const id of sessionIds) {
    const data = await takeSessionRecord(kv, id);
    if (data?.petDraftId) await discardDraft(kv, bucket, data.petDraftId);
    if (Array.isArray(data?.draftPhotoUrls)) await deleteImagesByUrl(bucket, data.draftPhotoUrls);
  }
}

/** Everything outside the D1 batch. Each part is retried on its own; none fails the deletion. */
async function cleanUpAfterRows(context: RequestContext, request: Request, userId: string, deleted: DeletedAccount) {
  const { env, ctx } = getCloudflare(context);
  // First the activity database, whose sightings' photos join the others. Should it fail,
  // the daily sweep removes the sightings of the pets that are gone (and their photos).
  const photos = [...deleted.imageUrls];
  await withRetries("apagar avistamentos e e-mails", async () => {
    const activity = getActivityDb(context);
    photos.push(...(await deleteAccountActivity(activity, { id: userId, email: deleted.email, petIds: deleted.items.pet })));
  });
  // Then its records in R2: archived ads and sightings that left D1, and the sightings it
  // sent kept in other pets' records (docs/decisions/0050, "Archive"); their photos join.
  await withRetries("apagar o arquivo", async () => {
    photos.push(...(await deleteArchiveDataOf(env.IMAGES, userId, deleted.items.pet)));
  });
  const chunks = Array.from({ length: Math.ceil(photos.length / R2_DELETE_CHUNK) }, (_, i) =>
    photos.slice(i * R2_DELETE_CHUNK, (i + 1) * R2_DELETE_CHUNK),
  );
  await Promise.all([
    ...chunks.map((chunk) => withRetries("apagar fotos do R2", () => deleteImagesByUrl(env.IMAGES, chunk))),
    withRetries("encerrar sessões", () => endSessions(env.KV, env.IMAGES, deleted.sessionIds)),
    withRetries("apagar favoritos", () => deleteFavorites(env.KV, { type: "user", id: userId })),
    withRetries("apagar links enviados", () => deleteTokensOfUser(env.KV, userId)),
    ...ACCOUNT_ID_BUCKETS.map((bucket) =>
      withRetries("apagar contadores", async () => clearRateLimits(env, bucket, `${await subjectHash(userId)}:`)),
    ),
  ]);
  // The public pages of its items and the listings that showed them (docs/decisions/0019,
  // 0034); other locations' copies age out within the fresh window.
  const origin = new URL(request.url).origin;
  const urls = new Set<string>();
  for (const [kind, ids] of Object.entries(deleted.items) as [DetailKind, number[]][]) {
    for (const id of ids) for (const url of pagesShowing(kind, id, origin)) urls.add(url);
  }
  if (urls.size) ctx.waitUntil(purgePages([...urls]));
}

function queueMail(context: RequestContext, message: MailMessage) {
  const { env, ctx } = getCloudflare(context);
  return sendInBackground(ctx, createMailer(env), message);
}

function farewellMail(deleted: DeletedAccount, contactEmail: string): MailMessage {
  return { to: deleted.email, ...renderMail(AccountDeletedMail, { name: deleted.name, contactEmail }) };
}

/**
 * Deletes the account and everything tied to it. When the request's own session is that
 * account's, it is signed out (its draft forgotten too). Null when there is no such account.
 */
export async function deleteAccount(context: RequestContext, request: Request, userId: string): Promise<DeletedAccount | null> {
  const deleted = await deleteAccountRows(getDb(context), userId);
  if (!deleted) return null;
  const session = getSession(context);
  if (session.get("userId") === userId) {
    session.unset("petDraftId");
    session.unset("draftPhotoUrls");
    endUserSession(context);
  }
  await cleanUpAfterRows(context, request, userId, deleted);
  queueMail(context, farewellMail(deleted, getCloudflare(context).env.CONTACT_EMAIL));
  return deleted;
}

export type PasswordDeletionResult = { ok: true } | { ok: false; reason: "wrong-password" | "no-password" | "too-many-attempts" | "gone" };

/** 'Excluir minha conta' with the current password (accounts that have one). */
export async function deleteAccountWithPassword(
  context: RequestContext,
  request: Request,
  userId: string,
  password: string,
): Promise<PasswordDeletionResult> {
  const check = await checkCurrentPassword(context, userId, password);
  if (!check.ok) return check;
  return (await deleteAccount(context, request, userId)) ? { ok: true } : { ok: false, reason: "gone" };
}

export type DeletionLinkResult = { ok: true } | { ok: false; reason: "has-password" | "rate-limited" | "gone" };

/**
 * An account without a password (Google only) confirms by a link mailed to its address:
 * whoever reads that mailbox owns the account anyway (0011: a password reset goes there).
 * Counted with the other mails an account can make us send.
 */
export async function sendDeletionLink(context: RequestContext, request: Request, userId: string): Promise<DeletionLinkResult> {
  const { env } = getCloudflare(context);
  const user = await findUserById(getDb(context), userId);
  if (!user) return { ok: false, reason: "gone" };
  if (user.hasPassword) return { ok: false, reason: "has-password" };
  const limit = await consumeRateLimit(env, "account-mail", await subjectHash(userId), RATE_LIMITS.accountMailPerAccount);
  if (!limit.allowed) return { ok: false, reason: "rate-limited" };
  const token = await createOneTimeToken(env.KV, "account-deletion", userId, DELETION_TOKEN_TTL_SECONDS);
  const link = `${siteOrigin(env)}${href("/meus-dados/excluir/:token", { token })}`;
  queueMail(context, { to: user.email, ...renderMail(AccountDeletionLinkMail, { link }) });
  return { ok: true };
}

/** The address a deletion link is for, while the link is good (its page shows the button). */
export async function deletionLinkAccount(context: RequestContext, token: string): Promise<{ email: string } | null> {
  const { env } = getCloudflare(context);
  const userId = await peekOneTimeToken(env.KV, "account-deletion", token);
  if (!userId) return null;
  const user = await findUserById(getDb(context), userId);
  return user ? { email: user.email } : null;
}

/** The link's button was pressed (a POST: mail scanners only GET). Uses the link up. */
export async function deleteAccountByLink(context: RequestContext, request: Request, token: string): Promise<boolean> {
  const { env } = getCloudflare(context);
  const userId = await consumeOneTimeToken(env.KV, "account-deletion", token);
  if (!userId) return false;
  return (await deleteAccount(context, request, userId)) !== null;
}
