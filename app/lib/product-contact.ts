// How a buyer reaches a seller (docs/decisions/0014): "Comprar Agora" and "Enviar
// Mensagem" on /produto/{id} open WhatsApp with a message when the contact is a phone,
// else an e-mail.
import { whatsappLink } from "./links";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function contactKind(contact: string): "phone" | "email" | null {
  const value = contact.trim();
  if (EMAIL.test(value)) return "email";
  const digits = value.replace(/\D/g, "");
  if (/^[\d\s()+.-]+$/.test(value) && digits.length >= 10 && digits.length <= 13) return "phone";
  return null;
}

/** The seller's contact as a link carrying `message`; null when it is neither. */
export function contactLink(contact: string, message: string, subject: string): string | null {
  const kind = contactKind(contact);
  if (kind === "phone") return whatsappLink(contact, message);
  if (kind === "email") {
    return `mailto:${contact.trim()}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`;
  }
  return null;
}
