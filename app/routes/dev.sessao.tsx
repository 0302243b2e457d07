import { z } from "zod";
import type { Route } from "./+types/dev.sessao";
import { ACCOUNT_TYPES } from "~/db/values";
import { emailField, personNameField } from "~/forms/fields";
import { dashboardPathFor } from "~/lib/accounts";
import { isValidCnpj, normalizeCnpj } from "~/lib/cnpj";
import { isTestLoginEnabled, startTestSession } from "~/platform/test-login.server";
import { readFormData } from "~/platform/form-data.server";
import { notFound } from "~/lib/not-found";

// End-to-end tests only (docs/decisions/0003): the `login` fixture signs in here instead
// of through the form. A 404 unless the e2e server turned it on.

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("entrar"), email: emailField }),
  z
    .object({
      intent: z.literal("criar"),
      email: emailField,
      name: personNameField,
      password: z.string().min(8, "A senha deve ter pelo menos 8 caracteres.").max(200),
      accountType: z.enum(ACCOUNT_TYPES).default("personal"),
      confirmed: z.literal("1").optional(),
      companyName: z.string().trim().min(1).max(120).optional(),
      cnpj: z.string().refine(isValidCnpj, "CNPJ inválido.").transform(normalizeCnpj).optional(),
    })
    .refine((v) => v.accountType !== "company" || (v.companyName && v.cnpj), {
      message: "Uma empresa precisa de nome e CNPJ.",
      path: ["cnpj"],
    }),
]);

const FAILURES = {
  "unknown-email": "Nenhuma conta com este e-mail.",
  "email-taken": "Este e-mail já está cadastrado.",
  "cnpj-taken": "Este CNPJ já está cadastrado.",
} as const;

// GET never signs anyone in.
export function loader() {
  throw notFound();
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isTestLoginEnabled(context, request)) throw notFound();
  const parsed = schema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    return Response.json({ errors: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  }
  const input = parsed.data;
  const result = await startTestSession(
    context,
    input.intent === "entrar"
      ? input
      : {
          intent: "criar",
          email: input.email,
          name: input.name,
          password: input.password,
          accountType: input.accountType,
          emailVerified: input.confirmed === "1",
          company:
            input.accountType === "company" && input.companyName && input.cnpj
              ? { companyName: input.companyName, cnpj: input.cnpj }
              : undefined,
        },
  );
  if (!result.ok) return Response.json({ errors: { email: [FAILURES[result.reason]] } }, { status: 400 });
  return Response.json({ ...result.user, dashboard: dashboardPathFor(result.user.accountType) });
}
