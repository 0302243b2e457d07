// Field rules shared by several forms, with their Portuguese messages.
import { z } from "zod";

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
