// The clinic form of the company dashboard (spec §5 clinic edit: category, name,
// description, phone, e-mail, location and address required; site, WhatsApp, hours,
// Facebook and Instagram optional; specialties and services comma-separated). The main
// image is checked apart, by its bytes. Veterinarians have their own small form.
import { z } from "zod";
import { CLINIC_CATEGORIES } from "~/db/values";
import { checkboxField as checkbox, cityField, contactEmailField, neighbourhoodField, nullableText, phoneDigitsOk } from "./fields";
import { requiredText as required, socialProfileField } from "./fields";

export const MAX_LIST_ITEMS = 20;
const MAX_LIST_ITEM_LENGTH = 80;

/** "Consultas, Vacinação ,, Exames" -> ["Consultas", "Vacinação", "Exames"] (repeats once). */
export function parseCommaList(value: string | null | undefined): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const part of (value ?? "").split(",")) {
    const item = part.trim().replace(/\s+/g, " ");
    const key = item.toLocaleLowerCase("pt-BR");
    if (!item || seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

/** A comma-separated list: trimmed items, blank -> NULL (docs/decisions/0015). */
const commaList = z
  .string()
  .max(2000, "Use no máximo 2000 caracteres.")
  .optional()
  .transform((v) => parseCommaList(v))
  .refine((items) => items.length <= MAX_LIST_ITEMS, `Informe no máximo ${MAX_LIST_ITEMS} itens.`)
  .refine(
    (items) => items.every((item) => item.length <= MAX_LIST_ITEM_LENGTH),
    `Cada item pode ter no máximo ${MAX_LIST_ITEM_LENGTH} caracteres.`,
  )
  .transform((items) => (items.length ? items : null));

export const clinicSchema = z.object({
  category: z.enum(CLINIC_CATEGORIES, { error: "Escolha a categoria." }),
  name: required("Por favor, preencha o nome da clínica.", 120),
  description: required("Por favor, preencha a descrição.", 2000),
  phone: required("Por favor, preencha o telefone.", 20).refine(phoneDigitsOk, "Informe um telefone com DDD, por exemplo (11) 3456-7890."),
  email: contactEmailField("Por favor, preencha o e-mail.", 200),
  city: cityField,
  neighbourhood: neighbourhoodField(),
  address: required("Por favor, preencha o endereço.", 200),
  website: nullableText(200),
  whatsapp: nullableText(20).refine((v) => v === null || phoneDigitsOk(v), "Informe um WhatsApp com DDD, por exemplo (11) 98765-4321."),
  openHours: nullableText(200),
  // '@perfil', 'perfil' or the address, saved as the profile's link (docs/decisions/0033 §14).
  facebook: socialProfileField("facebook"),
  instagram: socialProfileField("instagram"),
  specialties: commaList,
  services: commaList,
  hasParking: checkbox,
  hasHomeService: checkbox,
  removeImage: checkbox,
});

export type ClinicFormValues = z.infer<typeof clinicSchema>;

export const veterinarianSchema = z.object({
  vetName: required("Por favor, preencha o nome do veterinário.", 100),
  vetSpecialty: nullableText(100),
});
