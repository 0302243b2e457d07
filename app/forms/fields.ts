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
