// The organization form of the NGO dashboard (spec §5 NGO registration): category, name,
// area of action, WhatsApp, e-mail, location and description required; site, Instagram,
// Facebook and YouTube optional (blank -> NULL). The photos are
// checked apart, by their bytes (docs/decisions/0008, 0016).
import { z } from "zod";
import { ACTION_AREAS, ORGANIZATION_TYPES } from "~/db/values";
import { socialMediaWith } from "~/lib/social";
import { cityField, contactEmailField, neighbourhoodField, nullableText, phoneDigitsOk, socialProfileField } from "./fields";
import { requiredText as required } from "./fields";

export const organizationSchema = z.object({
  type: z.enum(ORGANIZATION_TYPES, { error: "Escolha a categoria." }),
  name: required("Por favor, preencha o nome.", 120),
  actionArea: z.enum(ACTION_AREAS, { error: "Escolha a área de atuação." }),
  whatsapp: required("Por favor, preencha o WhatsApp.", 20).refine(
    phoneDigitsOk,
    "Informe um WhatsApp com DDD, por exemplo (11) 98765-4321.",
  ),
  email: contactEmailField("Por favor, preencha o e-mail.", 200),
  city: cityField,
  neighbourhood: neighbourhoodField(),
  description: required("Por favor, preencha a descrição.", 2000),
  website: nullableText(200),
  // One field per network, stored as the map of spec §3 (docs/decisions/0033 §14).
  instagram: socialProfileField("instagram"),
  facebook: socialProfileField("facebook"),
  youtube: nullableText(200),
});

export type OrganizationFormValues = z.infer<typeof organizationSchema>;

/**
 * The columns of a valid form once its city is resolved (docs/decisions/0032, Forms); an
 * edit keeps the other networks of `previousSocial` (docs/decisions/0033 §14).
 */
export function organizationFields(
  { city: _city, neighbourhood: _neighbourhood, instagram, facebook, ...values }: OrganizationFormValues,
  place: { location: string; municipalityCode: number },
  previousSocial?: Record<string, string> | null,
) {
  return {
    ...values,
    socialMedia: socialMediaWith(previousSocial, { instagram, facebook }),
    location: place.location,
    municipalityCode: place.municipalityCode,
  };
}
