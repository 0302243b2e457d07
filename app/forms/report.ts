// 'Denunciar' (docs/decisions/0035) and the moderators' decisions. Checked on the
// server, whose answer the page shows (docs/decisions/0042).
import { z } from "zod";
import { REPORT_REASONS } from "~/db/values";
import { MODERATION_REASON_MAX, REPORT_DETAILS_MAX } from "~/lib/moderation";

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: "Escolha o motivo da denúncia." }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, "Os detalhes podem ter no máximo 1.000 caracteres.")
    .optional()
    .transform((v) => v || undefined),
  // Honeypot: people never see it; bots fill it in.
  website: z.string().optional(),
});

export type ReportInput = z.infer<typeof reportSchema>;

export const MODERATION_INTENTS = ["manter", "remover", "restaurar", "suspender", "reativar"] as const;
export type ModerationIntent = (typeof MODERATION_INTENTS)[number];

const moderationReason = z
  .string({ error: "Escreva o motivo da decisão." })
  .trim()
  .min(3, "Escreva o motivo da decisão.")
  .max(MODERATION_REASON_MAX, "O motivo pode ter no máximo 1.000 caracteres.");

export const moderationSchema = z.object({
  intent: z.enum(MODERATION_INTENTS, { error: "Escolha uma ação." }),
  reason: moderationReason,
});

export type ModerationInput = z.infer<typeof moderationSchema>;

/** 'Entregar plano e CNPJ' of a stranded payment (docs/decisions/0028), on /moderacao. */
export const grantPaymentSchema = z.object({
  paymentId: z
    .string({ error: "Pagamento não encontrado." })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "Pagamento não encontrado."),
  reason: moderationReason,
});
