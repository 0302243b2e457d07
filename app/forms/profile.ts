// The owner's profile form (/dashboard, spec §2 "Meu Perfil"). The photo is checked
// apart, by its bytes, in the images service.
import { z } from "zod";
import { emailField, optionalText, personNameField } from "./fields";

// Blank optional fields are stored as NULL.
const nullableText = (max: number) => optionalText(max).transform((v) => v ?? null);

export const profileSchema = z.object({
  name: personNameField,
  email: emailField,
  phone: nullableText(20).refine((v) => {
    if (!v) return true;
    const digits = v.replace(/\D/g, "");
    return digits.length >= 10 && digits.length <= 13;
  }, "Informe um telefone com DDD, por exemplo (11) 98765-4321."),
  facebook: nullableText(200),
  instagram: nullableText(100),
  bio: nullableText(1000),
  removeAvatar: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});
