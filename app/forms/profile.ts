// The owner's profile form (/dashboard, spec §2 "Meu Perfil"). The photo is checked
// apart, by its bytes, in the images service.
import { z } from "zod";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use no máximo ${max} caracteres.`)
    .optional()
    .transform((v) => v || null);

export const profileSchema = z.object({
  name: z
    .string({ error: "Por favor, preencha seu nome." })
    .trim()
    .min(2, "Por favor, preencha seu nome.")
    .max(100, "O nome pode ter no máximo 100 caracteres."),
  email: z
    .string({ error: "Por favor, preencha seu e-mail." })
    .trim()
    .toLowerCase()
    .pipe(z.email("Informe um e-mail válido.")),
  phone: optionalText(20).refine((v) => {
    if (!v) return true;
    const digits = v.replace(/\D/g, "");
    return digits.length >= 10 && digits.length <= 13;
  }, "Informe um telefone com DDD, por exemplo (11) 98765-4321."),
  facebook: optionalText(200),
  instagram: optionalText(100),
  bio: optionalText(1000),
  removeAvatar: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});

export type ProfileInput = z.infer<typeof profileSchema>;
