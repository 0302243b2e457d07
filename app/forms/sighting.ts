// 'Vi este pet' (docs/decisions/0024-sightings.md). Shared by the server (authoritative)
// and Conform in the browser; the photo is checked apart, by its bytes, and the time
// against the pet and the clock on the server.
import { z } from "zod";
import { optionalText } from "./fields";

const SEEN_AT_FORMAT = "Informe a data e a hora em que você viu o pet.";
export const SIGHTING_CLOSED_MESSAGE = "Este anúncio não recebe mais avistamentos.";
export const SIGHTING_PHOTO_LIMIT_MESSAGE = "Envie no máximo uma foto.";
const CONTACT_FORMAT = "Informe um WhatsApp com DDD, por exemplo (11) 98765-4321, ou um e-mail válido.";

/** A WhatsApp number (10 to 13 digits, DDD included) or an e-mail address. */
export function isContact(value: string): boolean {
  if (value.includes("@")) return z.email().safeParse(value).success;
  if (/[^\d\s()+.-]/.test(value)) return false;
  const digits = value.replace(/\D/g, "");
  return digits.length >= 10 && digits.length <= 13;
}

export const sightingSchema = z.object({
  place: z
    .string({ error: "Por favor, informe onde você viu o pet." })
    .trim()
    .min(3, "Por favor, informe onde você viu o pet.")
    .max(200, "Use no máximo 200 caracteres."),
  // <input type="datetime-local"> sends "yyyy-MM-ddTHH:mm" (seconds when a browser adds them).
  seenAt: z
    .string({ error: SEEN_AT_FORMAT })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, SEEN_AT_FORMAT)
    .transform((v) => v.slice(0, 16))
    .refine((v) => isWallClock(v), "Informe uma data e hora válidas."),
  notes: optionalText(1000),
  contact: optionalText(120).refine((v) => v === undefined || isContact(v), CONTACT_FORMAT),
  // Honeypot: people never see it; bots fill it in.
  website: z.string().optional(),
});

export type SightingInput = z.infer<typeof sightingSchema>;

/** A real calendar date and time ("2026-02-30T10:00" is not). */
export function isWallClock(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (year < 2000 || hour > 23 || minute > 59) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
