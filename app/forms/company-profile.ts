// "Perfil da Empresa" on /empresa/dashboard/perfil (spec §5 company profile: name, cnpj,
// email, phone, address and description required). The logo is checked apart, by its bytes.
import { z } from "zod";
import { isValidCnpj, normalizeCnpj } from "~/lib/cnpj";
import { nullableText } from "./fields";

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use no máximo ${max} caracteres.`);

export const companyProfileSchema = z.object({
  companyName: required("Por favor, preencha o Nome da Empresa.", 120),
  cnpj: z
    .string({ error: "Por favor, preencha o CNPJ." })
    .trim()
    .min(1, { error: "Por favor, preencha o CNPJ.", abort: true })
    .refine(isValidCnpj, "CNPJ inválido. Confira os 14 caracteres digitados.")
    .transform(normalizeCnpj),
  // A new CNPJ needs the current password; the action checks it only then (docs/decisions/0028).
  currentPassword: z.string().max(200).optional(),
  email: z
    .string({ error: "Por favor, preencha o e-mail da empresa." })
    .trim()
    .toLowerCase()
    .min(1, { error: "Por favor, preencha o e-mail da empresa.", abort: true })
    .pipe(z.email("Informe um e-mail válido.")),
  phone: required("Por favor, preencha o telefone.", 20).refine((v) => {
    const digits = v.replace(/\D/g, "");
    return digits.length >= 10 && digits.length <= 13;
  }, "Informe um telefone com DDD, por exemplo (11) 3456-7890."),
  address: required("Por favor, preencha o endereço.", 200),
  description: required("Por favor, preencha a descrição.", 2000),
  website: nullableText(200),
  removeLogo: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});
