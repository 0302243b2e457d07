import { z } from "zod";
import { CONTACT_SUBJECTS } from "./choices";
import { emailField, personNameField } from "./fields";

// Checked on the server; the page shows its answer (docs/decisions/0042).
export const contactSchema = z.object({
  name: personNameField,
  email: emailField,
  subject: z.enum(CONTACT_SUBJECTS, { error: "Escolha um assunto." }),
  message: z
    .string({ error: "Por favor, escreva sua mensagem." })
    .trim()
    .min(10, "A mensagem precisa ter pelo menos 10 caracteres.")
    .max(5000, "A mensagem pode ter no máximo 5.000 caracteres."),
  // Honeypot: people never see it; bots fill it in.
  website: z.string().optional(),
});

export type ContactInput = z.infer<typeof contactSchema>;
