// The owner's profile form (/dashboard/perfil, spec §2 "Meu Perfil"). The photo is checked
// apart, by its bytes, in the images service.
import { z } from "zod";
import { checkboxField as checkbox, emailField, nullableText, personNameField } from "./fields";

export const profileSchema = z.object({
  name: personNameField,
  // A new address applies only once its link is followed, and needs the current
  // password (docs/decisions/0011); the action checks it when the e-mail differs.
  email: emailField,
  currentPassword: z.string().max(200).optional(),
  phone: nullableText(20).refine((v) => {
    if (!v) return true;
    const digits = v.replace(/\D/g, "");
    return digits.length >= 10 && digits.length <= 13;
  }, "Informe um telefone com DDD, por exemplo (11) 98765-4321."),
  facebook: nullableText(200),
  instagram: nullableText(100),
  bio: nullableText(1000),
  showEmail: checkbox,
  showPhone: checkbox,
  removeAvatar: checkbox,
});
