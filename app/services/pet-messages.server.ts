// 'Enviar mensagem' (docs/decisions/0033) and 'Quero adotar' (docs/decisions/0047),
// two kinds of one message: the write that touches D1 (limits, the message) and the
// poster's mail, in one place so the route action only parses input. The poster's address
// never leaves the server; the sender's contact goes to them.
import { href } from "react-router";
import { getCloudflare, getDb, type RequestContext } from "~/context.server";
import type { PetMessageKind } from "~/db/values";
import type { PetMessageInput } from "~/forms/pet-message";
import { type PetMessageLimit, takesAdoptionRequests, takesMessages } from "~/lib/pet-messages";
import { getPetMessageTarget, insertPetMessage, type PetMessageTarget } from "~/models/pet-messages.server";
import { PetMessageMail } from "~/mail/pet-message";
import { PetMessageNoticeMail } from "~/mail/pet-message-notice";
import { renderMail } from "~/mail/render.server";
import type { MailMessage } from "~/platform/mail.server";
import { mailOwnerAboutReport, takeAdInboxLimits } from "./ad-inbox.server";
import { getSession } from "~/platform/session.server";
import { siteOrigin } from "~/platform/site-url.server";

export type PetMessageResult =
  | { ok: true; petId: number }
  | { ok: false; reason: "not-found" | "closed" | "own-ad" }
  | { ok: false; reason: "rate-limited"; limit: PetMessageLimit; retryAfterSeconds: number };

/** The section of the ad's page where its owner reads the messages. */
export const PET_MESSAGES_ANCHOR = "mensagens";

/**
 * Sends a message to the poster of an open ad: checks the ad, then the limits per client
 * and per ad (every one before counting any: a refused message writes nothing), stores the
 * message and mails the poster after the response (docs/decisions/0011). A request to
 * adopt goes only to an adoption ad.
 */
export async function sendPetMessage(
  context: RequestContext,
  request: Request,
  petId: number,
  input: Omit<PetMessageInput, "website">,
  kind: PetMessageKind = "message",
): Promise<PetMessageResult> {
  const { env } = getCloudflare(context);
  const db = getDb(context);
  const pet = await getPetMessageTarget(db, petId);
  if (!pet) return { ok: false, reason: "not-found" };
  if (!takesMessages(pet)) return { ok: false, reason: "closed" };
  if (kind === "adoption" && !takesAdoptionRequests(pet)) return { ok: false, reason: "not-found" };
  if (getSession(context).get("userId") === pet.ownerId) return { ok: false, reason: "own-ad" };

  // The limits of 0030's shape: per network, and the ad's ceiling with its reserved part.
  // Both kinds take from one budget, so a second form doubles neither the sender's share
  // nor the poster's mail (docs/decisions/0047).
  const taken = await takeAdInboxLimits(context, request, "messages", pet.id);
  if (!taken.allowed) return { ok: false, reason: "rate-limited", limit: taken.limit, retryAfterSeconds: taken.retryAfterSeconds };

  const message = {
    senderName: input.name,
    senderEmail: input.email ?? null,
    senderPhone: input.phone ?? null,
    message: input.message,
  };
  // Closed between the read and the insert: nothing stored, nothing mailed.
  if ((await insertPetMessage(db, { petId: pet.id, ...message, kind })) === null) return { ok: false, reason: "closed" };

  const link = `${siteOrigin(env)}${href("/pet/:id", { id: String(pet.id) })}#${PET_MESSAGES_ANCHOR}`;
  const mail = pet.ownerEmailVerified ? petMessageMail(pet, message, link, kind) : petMessageNotice(pet, link, kind);
  await mailOwnerAboutReport(context, "messages", pet.id, mail);
  return { ok: true, petId: pet.id };
}

/**
 * The poster's mail, to a confirmed address: the message and the sender's contact, with
 * Reply-To set to the sender's e-mail (when given), so answering is one tap.
 */
export function petMessageMail(
  pet: Pick<PetMessageTarget, "title" | "status" | "ownerEmail">,
  m: { senderName: string; senderEmail: string | null; senderPhone: string | null; message: string },
  link: string,
  kind: PetMessageKind = "message",
): MailMessage {
  return {
    to: pet.ownerEmail,
    ...renderMail(PetMessageMail, { kind, petTitle: pet.title, lostPet: pet.status === "perdido", ...m, link }),
    ...(m.senderEmail ? { replyTo: m.senderEmail } : {}),
  };
}

/**
 * To an address its account never confirmed, a mail quotes nothing anyone typed
 * (docs/decisions/0031): whoever signed up with it may not own it, and the ad's name is
 * theirs too.
 */
export function petMessageNotice(pet: Pick<PetMessageTarget, "ownerEmail">, link: string, kind: PetMessageKind = "message"): MailMessage {
  return { to: pet.ownerEmail, ...renderMail(PetMessageNoticeMail, { kind, link }) };
}
