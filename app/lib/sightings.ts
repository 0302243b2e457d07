// 'Vi este pet' (docs/decisions/0024-sightings.md): rules shared by the server and the
// pages, without the form's zod schema (the pet page stays light, docs/decisions/0020).
import { waitInWords } from "./text";

/**
 * What a sender typed, shown to them once on the pet page after the redirect: kept in
 * their own session's flash, never read from the database, so no one else's report can
 * show (docs/decisions/0024, After sending). The contact is left out: the summary
 * repeats what was said about the pet, not who said it.
 */
export interface SentSighting {
  petId: number;
  place: string;
  /** Brasília wall-clock "yyyy-MM-ddTHH:mm". */
  seenAt: string;
  city: string | null;
  notes: string | null;
}

/** Lost and not closed: the only pets that take sightings. */
export function takesSightings(pet: { status: string; closedAs: string | null }): boolean {
  return pet.status === "perdido" && pet.closedAs === null;
}

/**
 * Which limit refused a sighting (docs/decisions/0030); "pet-reserved": the pet's open part
 * is full and what is left is kept for networks new to it and for confirmed accounts.
 */
export type SightingLimit = "client" | "pet-client" | "pet" | "pet-reserved";

/**
 * The 429's message, with the real wait: the hourly limit per client says the minutes
 * left; the per-pet limits count Brasília's day, so they say "amanhã".
 */
export function sightingLimitMessage(limit: SightingLimit, retryAfterSeconds: number): string {
  if (limit === "pet") return "Este pet já recebeu muitos avisos hoje. Tente de novo amanhã.";
  if (limit === "pet-reserved") {
    return "Este pet já recebeu muitos avisos hoje, e desta conexão já chegou um. Se você tem conta com e-mail confirmado, entre nela e envie de novo; senão, tente amanhã.";
  }
  if (limit === "pet-client") return "Muitos avisos sobre este pet já foram enviados desta conexão hoje. Tente de novo amanhã.";
  return `Muitos avisos foram enviados desta conexão. Tente de novo em ${waitInWords(retryAfterSeconds)}.`;
}
