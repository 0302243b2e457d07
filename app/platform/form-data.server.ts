// Every action reads its form through here: a body that is not a form (no or broken
// multipart boundary, JSON, an empty body) makes `request.formData()` throw, which
// would answer 500. It is the client's mistake, so it answers 400 (the bad-input sweep, docs/decisions/0013).
import { data } from "react-router";

export const UNREADABLE_FORM = "Não foi possível ler o formulário enviado. Recarregue a página e tente novamente.";

export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(UNREADABLE_FORM, { status: 400 });
  }
}
