// The pet ad forms (spec §5: adoption, lost; pet edit). Photos are checked apart, by
// their bytes, in the images service.
import { z } from "zod";
import { PET_GENDERS, PET_SIZES, PET_SPECIES, type PetStatus } from "~/db/values";
import { editableStatuses, LOST_CATEGORIES } from "./choices";
import { cityField, neighbourhoodField, nullableText, optionalText, phoneDigitsOk } from "./fields";

const required = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use no máximo ${max} caracteres.`);

const WHATSAPP_FORMAT = "Informe um WhatsApp com DDD, por exemplo (11) 98765-4321.";

const whatsapp = z
  .string({ error: "Por favor, informe o WhatsApp para contato." })
  .trim()
  .min(1, "Por favor, informe o WhatsApp para contato.")
  .refine(phoneDigitsOk, WHATSAPP_FORMAT);

const youtube = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine(
    (v) => !v || /^(https?:\/\/)?((www|m)\.)?(youtube\.com|youtu\.be)\/\S+$/i.test(v),
    "Informe um link do YouTube (youtube.com ou youtu.be).",
  );

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

const common = {
  name: required("Por favor, preencha o nome do pet.", 60),
  type: z.enum(PET_SPECIES, { error: "Escolha a espécie." }),
  breed: required("Por favor, preencha a raça (ou SRD).", 60),
  age: required("Por favor, informe a idade, mesmo que aproximada.", 40),
  gender: z.enum(PET_GENDERS, { error: "Escolha o sexo." }),
  size: z.enum(PET_SIZES, { error: "Escolha o porte." }),
  contactWhatsapp: whatsapp,
  city: cityField,
  neighbourhood: neighbourhoodField(),
  notes: optionalText(2000),
  youtube,
};

export const adoptionPetSchema = z.object({
  ...common,
  temperament: required("Por favor, descreva o temperamento.", 200),
  isNeutered: checkbox,
  isVaccinated: checkbox,
  acceptsChildren: checkbox,
  acceptsOtherAnimals: checkbox,
});

export const lostPetSchema = z.object({
  ...common,
  category: z.enum(LOST_CATEGORIES, { error: "Escolha a categoria." }).default("perdido"),
  color: required("Por favor, informe a cor.", 60),
  missingSince: z
    .string({ error: "Por favor, informe a data do desaparecimento." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Por favor, informe a data do desaparecimento.")
    .refine((v) => !Number.isNaN(Date.parse(v)), "Informe uma data válida.")
    .refine((v) => v <= new Date(Date.now() + 36e5 * 24).toISOString().slice(0, 10), "A data não pode estar no futuro."),
});

// On edit every optional field is sent: blank means NULL, so that a WhatsApp number or a
// video the owner removed stops being public (docs/decisions/0008).
const nullableChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message }).optional().transform((v) => v ?? null);

/** The edit form of a pet whose status is now `current`. */
export function petEditSchema(current: PetStatus) {
  return z.object({
    name: required("Por favor, preencha o nome do pet.", 60),
    type: z.enum(PET_SPECIES, { error: "Escolha a espécie." }),
    city: cityField,
    neighbourhood: neighbourhoodField(),
    status: z.enum(editableStatuses(current), { error: "Escolha a situação." }).default(current),
    breed: nullableText(60),
    age: nullableText(40),
    gender: nullableChoice(PET_GENDERS, "Escolha o sexo."),
    size: nullableChoice(PET_SIZES, "Escolha o porte."),
    color: nullableText(60),
    temperament: nullableText(200),
    contactWhatsapp: nullableText(30).refine((v) => v === null || phoneDigitsOk(v), WHATSAPP_FORMAT),
    description: nullableText(2000),
    youtube: youtube.transform((v) => v ?? null),
    removeImage: z.array(z.string()).optional(),
  });
}

/** "2026-11-20" -> "Desaparecido em 20/11/2026" (spec: the description's first line). */
export function missingLine(category: (typeof LOST_CATEGORIES)[number], isoDate: string) {
  const [y, m, d] = isoDate.split("-");
  const verb = { perdido: "Desaparecido", encontrado: "Encontrado", avistado: "Avistado" }[category];
  return `${verb} em ${d}/${m}/${y}`;
}
