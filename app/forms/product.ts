// The product form of the company dashboard (spec §5, product edit; used for new products
// too). Photos are checked apart, by their bytes, in the images service.
import { z } from "zod";
import { PRODUCT_CATEGORIES } from "~/db/values";
import { parseBRLToCents } from "~/lib/money";
import { contactKind } from "~/lib/product-contact";
import { checkboxField, cityField, nullableText, requiredText as required, socialProfileField } from "./fields";

export const CONTACT_MESSAGE = "Informe um telefone com DDD ou um e-mail para contato.";

export const productSchema = z.object({
  category: z.enum(PRODUCT_CATEGORIES, { error: "Escolha a categoria." }),
  title: required("Por favor, preencha o título.", 120),
  description: required("Por favor, preencha a descrição.", 3000),
  // Kept as typed until the end, so a refused form shows the same text (docs/decisions/0014).
  price: z
    .string({ error: "Por favor, informe o preço." })
    .max(40, "Informe um preço válido, por exemplo 49,90.")
    .transform((value, ctx) => {
      const parsed = parseBRLToCents(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.cents;
    }),
  // "Comprar Agora" and "Enviar Mensagem" open this contact: it must be reachable.
  contact: required("Por favor, informe o contato.", 120).refine((v) => contactKind(v) !== null, CONTACT_MESSAGE),
  // Only 'Cidade': a shop sells to a city, not a street (docs/decisions/0032, Forms).
  city: cityField,
  // One field per network, stored as the map of spec §3 (docs/decisions/0033 §14).
  instagram: socialProfileField("instagram"),
  facebook: socialProfileField("facebook"),
  website: nullableText(200).refine(
    (v) => v === null || /^(https?:\/\/)?[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(\/\S*)?$/iu.test(v),
    "Informe um endereço válido, por exemplo www.sualoja.com.br.",
  ),
  homeDelivery: checkboxField,
  removeImage: z.array(z.string().max(300)).max(20).optional(),
});

export type ProductFormValue = z.infer<typeof productSchema>;
