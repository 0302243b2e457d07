// Reports and moderation (docs/decisions/0035): a report and the hold it may cause, the
// moderators' decisions, their mails to the owner and the edge cache. The routes only
// parse input; the SQL is in models/moderation.server.ts.
import { getActivityDb, getCloudflare, getDb, type RequestContext } from "~/context.server";
import type { ModerationState, ReportReason } from "~/db/schema";
import type { ModerationIntent } from "~/forms/report";
import { notFound } from "~/lib/not-found";
import {
  HOLD_CONFIRMED_HOURS,
  HOLD_NETWORKS,
  HOLD_REPORTS,
  HOLD_WINDOW_DAYS,
  type ItemRef,
  moderationBanner,
  type ModerationNotFound,
  publicPath,
} from "~/lib/moderation";
import {
  type AccountItems,
  type Actor,
  decideItem,
  getAccountForModeration,
  getModeratedItem,
  insertReportAndHold,
  type ModeratedItem,
  type ModerationAccount,
  reactivateAccount,
  suspendAccount,
} from "~/models/moderation.server";
import { type CurrentUser, getCurrentUser } from "~/platform/auth.server";
import { forgetPage } from "~/platform/edge-cache.server";
import { AccountReactivatedMail } from "~/mail/account-reactivated";
import { AccountSuspendedMail } from "~/mail/account-suspended";
import { ItemDecisionMail } from "~/mail/item-decision";
import { ItemHeldMail } from "~/mail/item-held";
import type { NamedItem } from "~/mail/moderated-item";
import { renderMail } from "~/mail/render.server";
import { createMailer, type MailMessage, sendInBackground } from "~/platform/mail.server";
import { clientIp, clientNetwork, ipRule, RATE_LIMITS, subjectHash, takeRateLimits } from "~/platform/rate-limit.server";
import { siteOrigin } from "~/platform/site-url.server";
import { visitorIdOf } from "./favorites.server";

// --- what an item's page shows ------------------------------------------------------------

/**
 * The public page of an item whose `moderation` is set (docs/decisions/0035): its owner
 * and the admins still see it, with a banner (returned); anyone else gets a 404 that says
 * 'Este anúncio está em análise.' (held), that it was removed, or nothing at all (the
 * owner is suspended). Null: the item is public, no banner.
 */
export async function moderationBannerFor(
  context: RequestContext,
  moderation: ModerationState | null,
  ownerId: string | null,
  kind: ModerationNotFound["kind"] = "anúncio",
): Promise<string | null> {
  if (!moderation) return null;
  const user = await getCurrentUser(context);
  if (user && (user.id === ownerId || user.isAdmin)) return moderationBanner(moderation, kind);
  // A suspended account's items are simply not there; a held or removed one says why.
  if (moderation === "suspended") throw notFound();
  throw notFound(moderationBanner(moderation, kind), { moderation, kind } satisfies ModerationNotFound);
}

// --- reports -------------------------------------------------------------------------------

export type ReportTarget = { ok: true; item: ModeratedItem; user: CurrentUser | null } | { ok: false; reason: "not-found" | "own-item" };

/**
 * What may be reported: a public item, by anyone but its owner. A sighting only by the
 * owner of its pet, the only person who sees it (docs/decisions/0024).
 */
export async function reportTarget(context: RequestContext, ref: ItemRef): Promise<ReportTarget> {
  const item = await getModeratedItem(getDb(context), getActivityDb(context), ref);
  if (!item || item.moderation) return { ok: false, reason: "not-found" };
  const user = await getCurrentUser(context);
  if (item.kind === "sighting" && (!user || user.id !== item.petOwnerId)) return { ok: false, reason: "not-found" };
  if (user && user.id === item.ownerId) return { ok: false, reason: "own-item" };
  return { ok: true, item, user };
}

export type ReportResult =
  | { ok: true; held: boolean }
  | { ok: false; reason: "not-found" | "own-item" }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/**
 * Stores a report (docs/decisions/0035). The reporter is the account, or a visitor named
 * by their cookie and client group; a second report of the same item by the same reporter
 * is answered the same and stores nothing. Limits are checked before anything is written.
 * When this makes HOLD_REPORTS different people within HOLD_WINDOW_DAYS (different
 * mailboxes, each account confirmed HOLD_CONFIRMED_HOURS before it reported, from at least
 * HOLD_NETWORKS client networks), the item is held: it leaves the public pages at once and
 * its owner is mailed. Every report, counted or not, goes to the moderators' queue.
 */
export async function submitReport(
  context: RequestContext,
  request: Request,
  ref: ItemRef,
  input: { reason: ReportReason; details?: string },
): Promise<ReportResult> {
  const target = await reportTarget(context, ref);
  if (!target.ok) return target;
  const { item, user } = target;
  const { env } = getCloudflare(context);
  const client = clientIp(request);
  const reporterKey = user
    ? `usuario:${user.id}`
    : `visitante:${await subjectHash(`${(await visitorIdOf(context, request)) ?? "-"}|${client}`)}`;
  const taken = await takeRateLimits(env, [
    { limit: "client", bucket: "report-ip", subject: client, rule: ipRule(RATE_LIMITS.reportsPerIp, env) },
    { limit: "reporter", bucket: "report-reporter", subject: await subjectHash(reporterKey), rule: RATE_LIMITS.reportsPerReporter },
  ]);
  if (!taken.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: taken.retryAfterSeconds };

  const db = getDb(context);
  const { held } = await insertReportAndHold(
    db,
    getActivityDb(context),
    {
      kind: item.kind,
      id: item.id,
      reporterKey,
      reporterUserId: user?.id ?? null,
      reporterConfirmed: Boolean(user?.emailVerified),
      // Hashed like the visitor's key: the table keeps no address (docs/decisions/0035).
      reporterNetwork: await subjectHash(clientNetwork(request)),
      reason: input.reason,
      details: input.details ?? null,
    },
    {
      people: HOLD_REPORTS,
      networks: HOLD_NETWORKS,
      since: new Date(Date.now() - HOLD_WINDOW_DAYS * 24 * 60 * 60 * 1000),
      confirmedForMs: HOLD_CONFIRMED_HOURS * 60 * 60 * 1000,
      subject: item.title,
      reason: `${HOLD_REPORTS} denúncias de pessoas diferentes, de ${HOLD_NETWORKS} redes ou mais, em ${HOLD_WINDOW_DAYS} dias`,
    },
  );
  if (!held) return { ok: true, held: false };
  forgetItemPages(context, request, item);
  await mailOwner(context, request, item, (owner, link) => heldMail(owner, item, link));
  return { ok: true, held: true };
}

// --- decisions -----------------------------------------------------------------------------

export function actorOf(admin: CurrentUser): Actor {
  return { id: admin.id, name: admin.name || admin.email };
}

export type DecisionResult = { ok: true } | { ok: false; reason: "unchanged" | "no-account" | "admin" };

/**
 * Applies a moderator's decision on an item or on its owner's account, logs it with the
 * reason, mails the owner and forgets the cached pages (docs/decisions/0035). A decision
 * that would change nothing (sent twice, or not applicable) is refused and not logged.
 */
export async function decide(
  context: RequestContext,
  request: Request,
  admin: CurrentUser,
  item: ModeratedItem,
  intent: ModerationIntent,
  reason: string,
): Promise<DecisionResult> {
  const db = getDb(context);
  const activityDb = getActivityDb(context);
  const actor = actorOf(admin);
  if (intent === "manter" || intent === "remover" || intent === "restaurar") {
    const decision = ({ manter: "keep", remover: "remove", restaurar: "restore" } as const)[intent];
    const wasHeld = item.moderation === "held";
    if (!(await decideItem(db, activityDb, actor, decision, item, reason))) return { ok: false, reason: "unchanged" };
    forgetItemPages(context, request, item);
    // The owner hears of a decision on what they could see was held, of every removal
    // (with the reason) and of every restoration.
    if (decision !== "keep" || wasHeld) {
      await mailOwner(context, request, item, (owner, link) => decisionMail(owner, item, decision, reason, link));
    }
    return { ok: true };
  }
  if (!item.ownerId) return { ok: false, reason: "no-account" };
  const account = await getAccountForModeration(db, item.ownerId);
  if (!account) return { ok: false, reason: "no-account" };
  if (account.isAdmin && intent === "suspender") return { ok: false, reason: "admin" };
  const subject = { id: account.id, publicId: account.publicId, name: account.name || account.email };
  const changed =
    intent === "suspender"
      ? await suspendAccount(db, activityDb, actor, subject, reason)
      : await reactivateAccount(db, activityDb, actor, subject, reason);
  if (!changed) return { ok: false, reason: "unchanged" };
  forgetAccountPages(context, request, changed);
  const { env } = getCloudflare(context);
  const mail = intent === "suspender" ? suspendedMail(account, reason, env.CONTACT_EMAIL) : reactivatedMail(account);
  sendInBackground(getCloudflare(context).ctx, createMailer(env), mail);
  return { ok: true };
}

// --- the edge cache (docs/decisions/0019) --------------------------------------------------

// Profiles are not edge-cached (not public pages of 0019): nothing to forget for them.
function forgetItemPages(context: RequestContext, request: Request, item: ModeratedItem) {
  if (item.kind === "profile") return;
  if (item.kind === "sighting") {
    if (item.petId) forgetPage(context, request, "pet", item.petId);
    return;
  }
  forgetPage(context, request, item.kind, Number(item.id));
}

/** Every page a suspension or reactivation changed: each item's and its listings', once. */
function forgetAccountPages(context: RequestContext, request: Request, items: AccountItems) {
  const kinds = [
    ["pet", items.pets],
    ["product", items.products],
    ["clinic", items.clinics],
    ["organization", items.organizations],
    ["event", items.events],
  ] as const;
  for (const [kind, ids] of kinds) for (const id of ids) forgetPage(context, request, kind, id);
}

// --- mails (never who reported: docs/decisions/0035) ---------------------------------------

/** Mails the item's owner, when it has one with an account (a visitor's sighting has none). */
async function mailOwner(
  context: RequestContext,
  request: Request,
  item: ModeratedItem,
  build: (owner: ModerationAccount, link: string) => MailMessage,
) {
  if (!item.ownerId) return;
  const owner = await getAccountForModeration(getDb(context), item.ownerId);
  if (!owner) return;
  const { env, ctx } = getCloudflare(context);
  sendInBackground(ctx, createMailer(env), build(owner, `${siteOrigin(env)}${publicPath(item)}`));
}

/**
 * The item as a mail names it. To an address its account never confirmed we quote
 * nothing anyone typed, the item's own title included (docs/decisions/0031).
 */
function namedItem(owner: ModerationAccount, item: ModeratedItem): NamedItem {
  return { kind: item.kind, title: owner.emailVerified ? item.title : null };
}

export function heldMail(owner: ModerationAccount, item: ModeratedItem, link: string): MailMessage {
  return { to: owner.email, ...renderMail(ItemHeldMail, { item: namedItem(owner, item), link }) };
}

export function decisionMail(
  owner: ModerationAccount,
  item: ModeratedItem,
  decision: "keep" | "remove" | "restore",
  reason: string,
  link: string,
): MailMessage {
  return { to: owner.email, ...renderMail(ItemDecisionMail, { item: namedItem(owner, item), decision, reason, link }) };
}

export function suspendedMail(account: ModerationAccount, reason: string, contactEmail: string): MailMessage {
  return { to: account.email, ...renderMail(AccountSuspendedMail, { reason, contactEmail }) };
}

export function reactivatedMail(account: ModerationAccount): MailMessage {
  return { to: account.email, ...renderMail(AccountReactivatedMail, {}) };
}
