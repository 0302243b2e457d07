// Field rules shared by several forms, with their Portuguese messages.
import { z } from "zod";
import { isValidCnpj, normalizeCnpj } from "~/lib/cnpj";
import { SOCIAL_PROFILE_MESSAGES, type SocialNetwork, socialProfileUrl } from "~/lib/social";

export const emailField = z
  .string({ error: "Por favor, preencha seu e-mail." })
  .trim()
  .toLowerCase()
  .pipe(z.email("Informe um e-mail válido."));

export const personNameField = z
  .string({ error: "Por favor, preencha seu nome." })
  .trim()
  .min(2, "Por favor, preencha seu nome.")
  .max(100, "O nome pode ter no máximo 100 caracteres.");

/** Optional text: blank becomes undefined. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use no máximo ${max} caracteres.`)
    .optional()
    .transform((v) => v || undefined);

/**
 * Optional text on an edit form: blank becomes NULL, so that clearing a field clears the
 * column (drizzle leaves a column alone when its value is undefined).
 */
export const nullableText = (max: number) => optionalText(max).transform((v) => v ?? null);

/** Required text: trimmed, not blank, at most `max` characters. */
export const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use no máximo ${max} caracteres.`);

/** A checkbox: ticked ("on") is true; anything else, or nothing sent, false. */
export const checkboxField = z
  .string()
  .optional()
  .transform((v) => v === "on");

/** The e-mail people write to about an item (a clinic, an organization, a company): required, lower-cased. */
export const contactEmailField = (message: string, max?: number) => {
  const text = z.string({ error: message }).trim().toLowerCase().min(1, { error: message, abort: true });
  return (max === undefined ? text : text.max(max, `Use no máximo ${max} caracteres.`)).pipe(z.email("Informe um e-mail válido."));
};

/** A CNPJ as people type it (punctuation or not), kept normalised (docs/decisions/0028). */
export const cnpjField = z
  .string({ error: "Por favor, preencha o CNPJ." })
  .trim()
  // abort: an empty CNPJ gets only the "fill in" message, not "invalid" too.
  .min(1, { error: "Por favor, preencha o CNPJ.", abort: true })
  .refine(isValidCnpj, "CNPJ inválido. Confira os 14 caracteres digitados.")
  .transform(normalizeCnpj);

/** A Brazilian phone or WhatsApp number with its DDD: 10 to 13 digits, punctuation aside. */
export function phoneDigitsOk(value: string): boolean {
  const digits = value.replace(/\D/g, "");
  return digits.length >= 10 && digits.length <= 13;
}

/** A real calendar day 'yyyy-MM-dd' (no 31 de fevereiro), years 2000 to 2100. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export const CITY_REQUIRED = "Por favor, informe a cidade.";

/**
 * 'Cidade' and, where a form has it, 'Bairro ou referência' (docs/decisions/0032, Forms).
 * zod checks only that they are there and short; the server then resolves the city to
 * one IBGE municipality (services/places.server.ts).
 */
export const cityField = z.string({ error: CITY_REQUIRED }).trim().min(1, CITY_REQUIRED).max(120, "Use no máximo 120 caracteres.");

/** Blank means NULL; `max` leaves room for an event's address ("Parque …, Rua …, 1119"). */
export const neighbourhoodField = (max = 80) => nullableText(max);

/**
 * 'Instagram' or 'Facebook': '@perfil', 'perfil' or the profile's address, saved as its
 * canonical link; blank is NULL; anything else is refused, and the form keeps the text
 * (docs/decisions/0033 §14).
 */
export const socialProfileField = (network: SocialNetwork) =>
  nullableText(200).transform((value, ctx) => {
    if (value === null) return null;
    const url = socialProfileUrl(network, value);
    if (url === null) {
      ctx.addIssue({ code: "custom", message: SOCIAL_PROFILE_MESSAGES[network] });
      return z.NEVER;
    }
    return url;
  });
