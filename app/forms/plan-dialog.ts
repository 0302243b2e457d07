// The plan dialog of /empresa-landing (spec §5): name, CNPJ and e-mail required after
// trimming, with the spec's messages; we also check the CNPJ's check digits and the
// e-mail's format (the spec does not).
import { z } from "zod";
import { isValidCnpj, normalizeCnpj } from "~/lib/cnpj";

export const PLAN_CHOICES = ["basico", "premium"] as const;
export type PlanChoice = (typeof PLAN_CHOICES)[number];

export const planDialogSchema = z.object({
  plano: z.enum(PLAN_CHOICES, { error: "Escolha um plano." }),
  companyName: z
    .string({ error: "Por favor, preencha o nome da empresa" })
    .trim()
    .min(1, "Por favor, preencha o nome da empresa")
    .max(120, "O nome pode ter no máximo 120 caracteres."),
  cnpj: z
    .string({ error: "Por favor, preencha o CNPJ" })
    .trim()
    // abort: an empty CNPJ gets only the "fill in" message.
    .min(1, { error: "Por favor, preencha o CNPJ", abort: true })
    .max(30, { error: "CNPJ inválido. Confira os 14 caracteres digitados.", abort: true })
    .refine(isValidCnpj, "CNPJ inválido. Confira os 14 caracteres digitados.")
    .transform(normalizeCnpj),
  email: z
    .string({ error: "Por favor, preencha o email" })
    .trim()
    .toLowerCase()
    .min(1, { error: "Por favor, preencha o email", abort: true })
    .max(254, { error: "Informe um e-mail válido.", abort: true })
    .pipe(z.email("Informe um e-mail válido.")),
});
