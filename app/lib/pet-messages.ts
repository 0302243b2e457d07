// 'Enviar mensagem' (docs/decisions/0033) and 'Quero adotar' (docs/decisions/0047):
// rules shared by the server and the pages, without the form's zod schema (the pet page
// stays light, docs/decisions/0020).
import type { PetMessageKind } from "~/db/values";
import { waitInWords } from "./text";

const TITLES: Record<PetMessageKind, (petName: string) => string> = {
  message: () => "Enviar mensagem",
  adoption: (petName) => `Quero adotar ${petName}`,
};

/** The form page's title (the browser tab's too). */
export function petMessageFormTitle(kind: PetMessageKind, petName: string) {
  return TITLES[kind](petName);
}

/** Every open ad takes messages, whatever its status; a closed one takes none (0023). */
export function takesMessages(pet: { closedAs: string | null }): boolean {
  return pet.closedAs === null;
}

export const PET_MESSAGE_CLOSED = "Este anúncio foi encerrado e não recebe mais mensagens.";
export const PET_MESSAGE_OWN_AD = "Este anúncio é seu: as mensagens que você receber aparecem na página dele.";

/** The toast after a message is sent. */
export const PET_MESSAGE_SENT = { title: "Mensagem enviada!", description: "O anunciante vai receber por e-mail." } as const;

/**
 * 'Quero adotar' (docs/decisions/0047): an open adoption ad's own door to the same inbox.
 * Other ads send the visitor to 'Enviar mensagem'.
 */
export function takesAdoptionRequests(pet: { status: string; closedAs: string | null }): boolean {
  return pet.status === "adocao" && takesMessages(pet);
}

/** The ad a form writes about, as the form's page shows it (never the poster's address). */
export interface PetMessageFormPet {
  id: number;
  name: string;
  /** The NGO that posted it, if an NGO did: it gets the request (docs/decisions/0047). */
  organizationName: string | null;
}

/** The toast after a request to adopt is sent. */
export const ADOPTION_REQUEST_SENT = {
  title: "Pedido enviado!",
  description: "Quem anunciou vai receber por e-mail e responder pelo contato que você deixou.",
} as const;

/** The first words of a request, so that a phone needs little typing; the sender may change them. */
export const adoptionRequestStart = (petName: string) => `Olá! Tenho interesse em adotar ${petName}.`;

/** Which limit refused a message (docs/decisions/0030's shape, "pet-reserved" included). */
export type PetMessageLimit = "client" | "pet-client" | "pet" | "pet-reserved";

/**
 * What to do, under the heading 'Muitas tentativas', with the real wait: the hourly limit
 * per client says the minutes left; the per-ad limits count Brasília's day, so "amanhã".
 */
export function petMessageLimitAdvice(limit: PetMessageLimit, retryAfterSeconds: number): string {
  if (limit === "pet") return "Este anúncio já recebeu muitas mensagens hoje. Tente de novo amanhã.";
  if (limit === "pet-reserved") {
    return "Este anúncio já recebeu muitas mensagens hoje, e desta conexão já chegou uma. Se você tem conta com e-mail confirmado, entre nela e envie de novo; senão, tente amanhã.";
  }
  if (limit === "pet-client") return "Muitas mensagens para este anúncio já foram enviadas desta conexão hoje. Tente de novo amanhã.";
  return `Muitas mensagens foram enviadas desta conexão. Tente de novo em ${waitInWords(retryAfterSeconds)}.`;
}
