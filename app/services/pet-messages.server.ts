// 'Enviar mensagem' (docs/decisions/0033) and 'Quero adotar' (docs/decisions/0047),
// two kinds of one message: the write that touches D1 (limits, the message) and the
// poster's mail, in one place so the route action only parses input. The poster's address
// never leaves the server; the sender's contact goes to them.
import { href, type RouterContextProvider } from "react-router";
import { getCloudflare, getDb } from "~/context.server";
import type { PetMessageKind } from "~/db/values";
import type { PetMessageInput } from "~/forms/pet-message";
import { escapeHtml } from "~/lib/html";
import { type PetMessageLimit, takesAdoptionRequests, takesMessages } from "~/lib/pet-messages";
import { getPetMessageTarget, insertPetMessage, type PetMessageTarget } from "~/models/pet-messages.server";
import type { MailMessage } from "~/platform/mail.server";
import { mailOwnerAboutReport, takeAdInboxLimits } from "./ad-inbox.server";
import { getSession } from "~/platform/session.server";
import { siteOrigin } from "~/platform/site-url.server";

type Context = Readonly<RouterContextProvider>;

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
  context: Context,
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

const LOST_PET_WARNING = "Atenção: nunca pague para receber notícias do seu pet. Golpistas usam anúncios de pets perdidos.";

/**
 * The poster's mail, to a confirmed address: the message and the sender's contact, with
 * Reply-To set to the sender's e-mail (when given), so answering is one tap. A request to
 * adopt says so in the subject, where a shelter sorting its mail sees it.
 */
export function petMessageMail(
  pet: Pick<PetMessageTarget, "title" | "status" | "ownerEmail">,
  m: { senderName: string; senderEmail: string | null; senderPhone: string | null; message: string },
  link: string,
  kind: PetMessageKind = "message",
): MailMessage {
  const adoption = kind === "adoption";
  const contacts: [string, string][] = [
    ...(m.senderEmail ? [["E-mail", m.senderEmail] as [string, string]] : []),
    ...(m.senderPhone ? [["WhatsApp ou telefone", m.senderPhone] as [string, string]] : []),
  ];
  const reply = m.senderEmail
    ? `Responder a este e-mail responde a ${m.senderName} (e mostra o seu endereço a essa pessoa).`
    : `${m.senderName} não deixou e-mail: responda pelo telefone.`;
  const privacy = "Quem escreveu não viu o seu e-mail nem o seu telefone.";
  const warning = pet.status === "perdido" ? LOST_PET_WARNING : null;
  const lead = adoption
    ? `${m.senderName} quer adotar ${pet.title} e enviou este pedido pela Patas Conectadas:`
    : `${m.senderName} enviou uma mensagem sobre o anúncio de ${pet.title} na Patas Conectadas:`;
  const text = [
    lead,
    "",
    m.message,
    "",
    "Contato de quem escreveu:",
    ...contacts.map(([label, value]) => `${label}: ${value}`),
    "",
    reply,
    privacy,
    "",
    `Veja o anúncio e todas as mensagens: ${link}`,
    ...(warning ? ["", warning] : []),
  ].join("\n");
  const html =
    (adoption
      ? `<p><strong>${escapeHtml(m.senderName)}</strong> quer adotar <strong>${escapeHtml(pet.title)}</strong> e enviou este pedido pela Patas Conectadas:</p>`
      : `<p><strong>${escapeHtml(m.senderName)}</strong> enviou uma mensagem sobre o anúncio de <strong>${escapeHtml(pet.title)}</strong> na Patas Conectadas:</p>`) +
    `<blockquote>${escapeHtml(m.message).replace(/\n/g, "<br>")}</blockquote>` +
    `<p>Contato de quem escreveu:</p>` +
    `<ul>${contacts.map(([label, value]) => `<li><strong>${label}:</strong> ${escapeHtml(value)}</li>`).join("")}</ul>` +
    `<p>${escapeHtml(reply)} ${privacy}</p>` +
    `<p><a href="${escapeHtml(link)}">Ver o anúncio e todas as mensagens</a></p>` +
    (warning ? `<p>${warning}</p>` : "");
  return {
    to: pet.ownerEmail,
    subject: adoption ? `Pedido de adoção: ${m.senderName} quer adotar ${pet.title}` : `Nova mensagem sobre ${pet.title}`,
    text,
    html,
    ...(m.senderEmail ? { replyTo: m.senderEmail } : {}),
  };
}

/**
 * To an address its account never confirmed, a mail quotes nothing anyone typed
 * (docs/decisions/0031): whoever signed up with it may not own it, and the ad's name is
 * theirs too. Only our words and the link to the ad, where the signed-in poster reads it.
 */
export function petMessageNotice(pet: Pick<PetMessageTarget, "ownerEmail">, link: string, kind: PetMessageKind = "message"): MailMessage {
  const adoption = kind === "adoption";
  const lines = adoption
    ? [
        "Alguém quer adotar o pet de um anúncio seu na Patas Conectadas e enviou um pedido.",
        "Para ler o pedido e o contato de quem escreveu, entre na sua conta e abra o anúncio:",
      ]
    : [
        "Alguém enviou uma mensagem sobre um anúncio seu na Patas Conectadas.",
        "Para ler a mensagem e o contato de quem escreveu, entre na sua conta e abra o anúncio:",
      ];
  const confirm = "Confirme o seu e-mail (pelo link que enviamos ao criar a conta, ou em Minha conta) para receber as próximas mensagens completas por e-mail.";
  return {
    to: pet.ownerEmail,
    subject: adoption ? "Você recebeu um pedido de adoção na Patas Conectadas" : "Você recebeu uma mensagem na Patas Conectadas",
    text: [...lines, link, "", confirm].join("\n"),
    html: `<p>${lines.join(" ")}</p><p><a href="${escapeHtml(link)}">${adoption ? "Ver o anúncio e o pedido" : "Ver o anúncio e a mensagem"}</a></p><p>${confirm}</p>`,
  };
}
