import { z } from "zod";
import { emailField } from "./fields";

// 'Avise-me' (docs/decisions/0026). The criteria (and the way back) travel in the form's
// action URL, the search's own query string, so the form holds only who to tell.
export const savedSearchSchema = z.object({
  // Honeypot: people never see it; bots fill it in.
  website: z.string().optional(),
  // Not shown to a signed-in user: the account's e-mail gets the alerts.
  email: emailField.optional(),
});

/** A visitor also gives the e-mail the alerts go to (after confirming it). */
export const visitorSavedSearchSchema = savedSearchSchema.extend({ email: emailField });

/** 'Excluir' in Meus Alertas. */
export const deleteSavedSearchSchema = z.object({
  id: z.coerce
    .number({ error: "Alerta inválido." })
    .int("Alerta inválido.")
    .positive("Alerta inválido.")
    .max(Number.MAX_SAFE_INTEGER, "Alerta inválido."),
});
