// 'Excluir minha conta' (docs/decisions/0036): the current password confirms it, checked
// on the server.
import { z } from "zod";

export const PASSWORD_TO_DELETE_MISSING = "Digite sua senha para confirmar a exclusão.";

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: PASSWORD_TO_DELETE_MISSING })
    .min(1, PASSWORD_TO_DELETE_MISSING)
    .max(200, "A senha pode ter no máximo 200 caracteres."),
});
