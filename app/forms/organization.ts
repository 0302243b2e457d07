// The organization form of the NGO dashboard (spec §5 NGO registration): category, name,
// area of action, WhatsApp, e-mail, location and description required; site, social
// networks ('rede: perfil' pairs) and YouTube optional (blank -> NULL). The photos are
// checked apart, by their bytes (docs/decisions/0008, 0016).
import { z } from "zod";
import { ACTION_AREAS, ORGANIZATION_TYPES } from "~/db/schema";
import { parseSocialMedia } from "~/lib/social";
import { cityField, neighbourhoodField, nullableText, phoneDigitsOk } from "./fields";

/** The yellow notice of Cadastrar ONG once the account has its organization (spec §2). */
export const ORGANIZATION_EXISTS_MESSAGE = "Você já possui uma ONG cadastrada.";

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use no máximo ${max} caracteres.`);

export const organizationSchema = z.object({
  type: z.enum(ORGANIZATION_TYPES, { error: "Escolha a categoria." }),
  name: required("Por favor, preencha o nome.", 120),
  actionArea: z.enum(ACTION_AREAS, { error: "Escolha a área de atuação." }),
  whatsapp: required("Por favor, preencha o WhatsApp.", 20).refine(
    phoneDigitsOk,
    "Informe um WhatsApp com DDD, por exemplo (11) 98765-4321.",
  ),
  email: z
    .string({ error: "Por favor, preencha o e-mail." })
    .trim()
    .toLowerCase()
    .min(1, { error: "Por favor, preencha o e-mail.", abort: true })
    .max(200, "Use no máximo 200 caracteres.")
    .pipe(z.email("Informe um e-mail válido.")),
  city: cityField,
  neighbourhood: neighbourhoodField(),
  description: required("Por favor, preencha a descrição.", 2000),
  website: nullableText(200),
  socialMedia: z
    .string()
    .max(1000, "Use no máximo 1000 caracteres.")
    .optional()
    .transform((v) => parseSocialMedia(v)),
  youtube: nullableText(200),
});

export type OrganizationFormValues = z.infer<typeof organizationSchema>;

/** The columns of a valid form once its city is resolved (docs/decisions/0032, Forms). */
export function organizationFields(
  { city: _city, neighbourhood: _neighbourhood, ...values }: OrganizationFormValues,
  place: { location: string; municipalityCode: number },
) {
  return { ...values, location: place.location, municipalityCode: place.municipalityCode };
}
