import { z } from "zod";
import { FAVORITE_KINDS } from "~/lib/favorites";

// The heart's form: which item, the state wanted, and where to come back to.
export const favoriteSchema = z.object({
  tipo: z.enum(FAVORITE_KINDS),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  favorito: z.enum(["1", "0"]).transform((v) => v === "1"),
  voltar: z.string().optional(),
  // Sent by the enhanced button (JavaScript on): answer with data, not a redirect.
  resposta: z.literal("dados").optional(),
});
