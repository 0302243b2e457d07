// 'Enviar mensagem' to the poster of an ad (docs/decisions/0033 §2). Checked on the
// server, whose answer the page shows (docs/decisions/0042). Every field is checked in one
// pass, the "e-mail or phone" rule included, so a person sees all that is missing at once.
import { z } from "zod";
import { PET_MESSAGE_MAX } from "./choices";
import { personNameField, phoneDigitsOk } from "./fields";

export const CONTACT_MISSING = "Informe um e-mail ou um telefone para receber a resposta.";
const PHONE_FORMAT = "Informe um WhatsApp ou telefone com DDD, por exemplo (11) 98765-4321.";

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Informe um e-mail válido.")
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || z.email().safeParse(v).success, "Informe um e-mail válido.");

const optionalPhone = z
  .string()
  .trim()
  .max(20, PHONE_FORMAT)
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || (!/[^\d\s()+.-]/.test(v) && phoneDigitsOk(v)), PHONE_FORMAT);

export const petMessageSchema = z
  .object({
    name: personNameField,
    email: optionalEmail,
    phone: optionalPhone,
    message: z
      .string({ error: "Por favor, escreva sua mensagem." })
      .trim()
      .min(10, "A mensagem precisa ter pelo menos 10 caracteres.")
      .max(PET_MESSAGE_MAX, "A mensagem pode ter no máximo 1.000 caracteres."),
    // Honeypot: people never see it; bots fill it in.
    website: z.string().optional(),
  })
  // `when`: also with other fields wrong, so every message comes back at once.
  .refine((v) => Boolean(v?.email || v?.phone), { path: ["email"], message: CONTACT_MISSING, when: () => true });

export type PetMessageInput = z.infer<typeof petMessageSchema>;
