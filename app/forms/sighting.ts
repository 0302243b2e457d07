// 'Vi este pet' (docs/decisions/0024-sightings.md). Checked on the server, whose answer
// the page shows (docs/decisions/0042); the photo is checked apart, by its bytes, and the
// time against the pet and the clock on the server.
import { z } from "zod";
import { isCalendarDate, optionalText, phoneDigitsOk } from "./fields";

const SEEN_AT_FORMAT = "Informe a data e a hora em que você viu o pet.";
export const SIGHTING_PHOTO_LIMIT_MESSAGE = "Envie no máximo uma foto.";
const CONTACT_FORMAT = "Informe um WhatsApp com DDD, por exemplo (11) 98765-4321, ou um e-mail válido.";

/** A WhatsApp number (10 to 13 digits, DDD included) or an e-mail address. */
export function isContact(value: string): boolean {
  if (value.includes("@")) return z.email().safeParse(value).success;
  return !/[^\d\s()+.-]/.test(value) && phoneDigitsOk(value);
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
  // Optional: blank is the pet's own city (docs/decisions/0032, Forms).
  city: optionalText(120),
  notes: optionalText(1000),
  contact: optionalText(120).refine((v) => v === undefined || isContact(v), CONTACT_FORMAT),
  // Honeypot: people never see it; bots fill it in.
  website: z.string().optional(),
});

export type SightingInput = z.infer<typeof sightingSchema>;

/** A real calendar date and time ("2026-02-30T10:00" is not). */
export function isWallClock(value: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  return match !== null && isCalendarDate(match[1]!) && Number(match[2]) <= 23 && Number(match[3]) <= 59;
}
