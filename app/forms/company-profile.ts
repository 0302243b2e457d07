// "Perfil da Empresa" on /empresa/dashboard/perfil (spec §5 company profile: name, cnpj,
// email, phone, address and description required). The logo is checked apart, by its bytes.
import { z } from "zod";
import { checkboxField, cnpjField, contactEmailField, nullableText, phoneDigitsOk, requiredText as required } from "./fields";

export const companyProfileSchema = z.object({
  companyName: required("Por favor, preencha o Nome da Empresa.", 120),
  cnpj: cnpjField,
  // A new CNPJ needs the current password; the action checks it only then (docs/decisions/0028).
  currentPassword: z.string().max(200).optional(),
  email: contactEmailField("Por favor, preencha o e-mail da empresa."),
  phone: required("Por favor, preencha o telefone.", 20).refine(phoneDigitsOk, "Informe um telefone com DDD, por exemplo (11) 3456-7890."),
  address: required("Por favor, preencha o endereço.", 200),
  description: required("Por favor, preencha a descrição.", 2000),
  website: nullableText(200),
  removeLogo: checkboxField,
});
