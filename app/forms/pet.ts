// The pet ad forms (spec §5: adoption, lost; pet edit). Photos are checked apart, by
// their bytes, in the images service.
import { z } from "zod";
import { PET_GENDERS, PET_SIZES, PET_SPECIES, type PetStatus } from "~/db/values";
import { knownAnswer } from "~/lib/pet-title";
import { editableStatuses, FINDER_CATEGORIES, LOST_CATEGORIES, UNKNOWN_CHOICE } from "./choices";
import { checkboxField as checkbox, cityField, neighbourhoodField, nullableText, optionalText, phoneDigitsOk } from "./fields";
import { requiredText as required } from "./fields";

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

const dateField = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => !Number.isNaN(Date.parse(v)), "Informe uma data válida.")
    .refine((v) => v <= new Date(Date.now() + 36e5 * 24).toISOString().slice(0, 10), "A data não pode estar no futuro.");

export const lostPetSchema = z.object({
  ...common,
  category: z.enum(LOST_CATEGORIES, { error: "Escolha a categoria." }).default("perdido"),
  color: required("Por favor, informe a cor.", 60),
  missingSince: dateField("Por favor, informe a data do desaparecimento."),
});

// What a finder may not know: blank, 'Não sei' or a typed "não sei" is NULL (0045).
const unknownText = (max: number) => optionalText(max).transform((v) => knownAnswer(v));
const unknownChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .enum([...values, UNKNOWN_CHOICE], { error: message })
    .optional()
    .transform((v) => (v === undefined || v === UNKNOWN_CHOICE ? null : (v as T[number])));

const FINDER_DATE_MESSAGES = {
  encontrado: "Por favor, informe a data em que encontrou o pet.",
  avistado: "Por favor, informe a data em que viu o pet.",
} as const;

/**
 * A found or sighted pet: only what a finder can know is required (species, photo, city
 * with a neighbourhood or reference, the day, WhatsApp); the rest may be 'Não sei'
 * (docs/decisions/0045). The day keeps the lost form's field: one column, the day of the
 * event, its message in the finder's words.
 */
export function finderPetSchema(category: (typeof FINDER_CATEGORIES)[number]) {
  return z.object({
    category: z.enum(FINDER_CATEGORIES, { error: "Escolha a categoria." }),
    name: unknownText(60),
    type: z.enum(PET_SPECIES, { error: "Escolha a espécie." }),
    breed: unknownText(60),
    age: unknownText(40),
    gender: unknownChoice(PET_GENDERS, "Escolha o sexo ou 'Não sei'."),
    size: unknownChoice(PET_SIZES, "Escolha o porte ou 'Não sei'."),
    color: unknownText(60),
    missingSince: dateField(FINDER_DATE_MESSAGES[category]),
    contactWhatsapp: whatsapp,
    city: cityField,
    // Required too, but typed in 'Cidade' ("Vila Yara, Osasco") counts: the service
    // checks the place once resolved (finderPlaceErrors).
    neighbourhood: neighbourhoodField(),
    notes: optionalText(2000),
    youtube,
  });
}

export const NEIGHBOURHOOD_REQUIRED = "Por favor, informe o bairro ou um ponto de referência.";

/**
 * A finder's ad says where within the city: a neighbourhood or a reference, in its field
 * or before the city ("Vila Yara, Osasco"), as the place resolved it (0045). A city not
 * resolved yet is judged by what was typed, so both errors come in one answer.
 */
export function finderPlaceErrors(formData: FormData, place: { ok: true; neighbourhood: string | null } | { ok: false }) {
  if (!FINDER_CATEGORIES.some((c) => c === formData.get("category"))) return {};
  const typed = (name: string) => String(formData.get(name) ?? "").trim();
  const where = place.ok ? place.neighbourhood : typed("neighbourhood") || typed("city").includes(",");
  return where ? {} : { neighbourhood: [NEIGHBOURHOOD_REQUIRED] };
}

/** The lost form's schema for the category chosen: the owner's fields, or the finder's. */
export function lostFormSchema(category: FormDataEntryValue | null) {
  const finder = FINDER_CATEGORIES.find((c) => c === category);
  return finder ? finderPetSchema(finder) : lostPetSchema;
}

// On edit every optional field is sent: blank means NULL, so that a WhatsApp number or a
// video the owner removed stops being public (docs/decisions/0008).
const nullableChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .enum(values, { error: message })
    .optional()
    .transform((v) => v ?? null);

/** The edit form of a pet whose status is now `current`. */
export function petEditSchema(current: PetStatus) {
  // A finder's ad may stay without a name: blank is '' (the column is NOT NULL) and the
  // title is built (docs/decisions/0045).
  const finder = FINDER_CATEGORIES.some((c) => c === current);
  return z.object({
    name: finder ? unknownText(60).transform((v) => v ?? "") : required("Por favor, preencha o nome do pet.", 60),
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

/**
 * "2026-11-20" -> "Desaparecido em 20/11/2026" (spec: the description's first line),
 * "Desaparecida em" for a female (docs/decisions/0045).
 */
export function missingLine(category: (typeof LOST_CATEGORIES)[number], isoDate: string, gender?: string | null) {
  const [y, m, d] = isoDate.split("-");
  const female = gender === "Fêmea";
  const verb = {
    perdido: female ? "Desaparecida" : "Desaparecido",
    encontrado: female ? "Encontrada" : "Encontrado",
    avistado: female ? "Avistada" : "Avistado",
  }[category];
  return `${verb} em ${d}/${m}/${y}`;
}
