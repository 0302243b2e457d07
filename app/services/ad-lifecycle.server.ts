// The ads' lifecycle beyond one table (docs/decisions/0023): the daily job's reminder
// mails and expiry, and what a close or a renewal must make the edge cache forget.
import { href, type RouterContextProvider } from "react-router";
import { getDb } from "~/context.server";
import { personalTabsFor } from "~/lib/accounts";
import { adState, REMIND_AFTER_DAYS, REMINDER_SUBJECT } from "~/lib/ad-lifecycle";
import { formatShortDate } from "~/lib/format";
import { parseId, safeRedirectPath } from "~/lib/links";
import { adsToRemind, expireAds, getOwnedPetLifecycle, markReminded } from "~/models/ad-lifecycle.server";
import { escapeHtml } from "~/lib/html";
import { requireUser } from "~/platform/auth.server";
import type { DailyJobContext } from "./daily-job";
import { createMailer, type MailMessage, sendInBackground } from "~/platform/mail.server";
import { siteOrigin } from "~/platform/site-url.server";

/**
 * At most this many reminders (one mail each) and expiries per daily run: a run stays
 * within a Worker's subrequest budget, and a backlog drains over the following days.
 */
export const REMINDER_BATCH = 40;
export const EXPIRY_BATCH = 200;


type Reminded = { id: number; name: string; renewedAt: Date; email: string; ownerName: string | null };

export function reminderMessage(origin: string, ad: Reminded, now: Date): MailMessage {
  // The day it would leave the search, by the same rule as Meus Pets shows afterwards.
  const leaves = adState({ closedAs: null, closedAt: null, listed: false, renewedAt: ad.renewedAt, remindedAt: now }, now);
  const leavesOn = leaves.kind === "expired" ? formatShortDate(leaves.since) : "";
  const renew = `${origin}${href("/pet/:id/renovar", { id: String(ad.id) })}`;
  const close = `${origin}${href("/pet/:id/encerrar", { id: String(ad.id) })}`;
  const page = `${origin}${href("/pet/:id", { id: String(ad.id) })}`;
  const hello = ad.ownerName ? `Olá, ${ad.ownerName}!` : "Olá!";
  return {
    to: ad.email,
    subject: REMINDER_SUBJECT,
    text:
      `${hello}\n\nO anúncio de ${ad.name} está há mais de ${REMIND_AFTER_DAYS} dias sem atualização: ${page}\n\n` +
      `Se ele ainda está ativo, renove-o para continuar na busca:\n${renew}\n\n` +
      `Se o caso já foi resolvido, encerre o anúncio (e conte para todo mundo o final feliz):\n${close}\n\n` +
      `Sem renovação, o anúncio sai da busca em ${leavesOn} (ele não é apagado e pode ser renovado depois).`,
    html:
      `<p>${escapeHtml(hello)}</p><p>O <a href="${page}">anúncio de ${escapeHtml(ad.name)}</a> está há mais de ${REMIND_AFTER_DAYS} dias sem atualização.</p>` +
      `<p>Se ele ainda está ativo, <a href="${renew}">renove o anúncio</a> para continuar na busca.</p>` +
      `<p>Se o caso já foi resolvido, <a href="${close}">encerre o anúncio</a> e conte para todo mundo o final feliz.</p>` +
      `<p>Sem renovação, o anúncio sai da busca em ${leavesOn} (ele não é apagado e pode ser renovado depois).</p>`,
  };
}

/**
 * The daily job (app/services/daily-jobs.server.ts): one reminder per ad past
 * REMIND_AFTER_DAYS (claimed in D1 before the mail, so a rerun sends nothing twice),
 * then the expiry of ads past EXPIRE_AFTER_DAYS whose reminder went out a week ago.
 */
export async function remindAndExpireAds({ env, ctx, db, now }: DailyJobContext) {
  const due = await adsToRemind(db, now, REMINDER_BATCH);
  const claimed = new Set(await markReminded(db, due.map((ad) => ad.id), now));
  const origin = siteOrigin(env);
  const mailer = createMailer(env);
  const sent = await Promise.all(
    due.filter((ad) => claimed.has(ad.id)).map((ad) => sendInBackground(ctx, mailer, reminderMessage(origin, ad, now))),
  );
  const expired = await expireAds(db, now, EXPIRY_BATCH);
  return { reminded: sent.length, expired: expired.length };
}

/**
 * The close and renew pages' ad: the signed-in owner's (the owner is in the query, so
 * anyone else gets the same null as a pet that does not exist), and where to go back.
 */
export async function ownedAdForLifecycle(
  context: Readonly<RouterContextProvider>,
  request: Request,
  rawId: string | undefined,
) {
  const user = await requireUser(context, request);
  const id = parseId(rawId);
  const pet = id ? await getOwnedPetLifecycle(getDb(context), { id, userId: user.id }) : null;
  const back = pet ? safeRedirectPath(new URL(request.url).searchParams.get("voltar"), href("/pet/:id", { id: String(pet.id) })) : personalTabsFor(user.accountType).pets;
  return { user, pet, back };
}
