import type { z } from "zod";
import { formProps, inputProps, useFormFields } from "~/components/form/form-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/redefinir-senha";
import { secretLinkMeta } from "~/lib/page-meta";
import { AuthLayout } from "~/components/auth-layout";
import { Field, RequiredLegend } from "~/components/form/field";
import { useResetKey } from "~/components/form/use-reset-key";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { SubmitButton } from "~/components/form/submit-button";
import { getCloudflare } from "~/context.server";
import { resetPasswordSchema } from "~/forms/auth";
import { completePasswordReset } from "~/services/accounts.server";
import { flashToast } from "~/platform/session.server";
import { peekOneTimeToken } from "~/platform/tokens.server";
import { readFormData } from "~/platform/form-data.server";

export const meta: Route.MetaFunction = () => secretLinkMeta("Nova senha | Patas Conectadas");

const INVALID_LINK = "Este link de redefinição é inválido, já foi usado ou expirou.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const userId = await peekOneTimeToken(getCloudflare(context).env.KV, "password-reset", params.token);
  return { valid: Boolean(userId) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: resetPasswordSchema });
  const hide = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") {
    return data({ result: submission.reply(hide) }, { status: 400 });
  }
  const done = await completePasswordReset(context, params.token, submission.value.password);
  if (!done) {
    return data({ result: submission.reply({ formErrors: [INVALID_LINK], ...hide }) }, { status: 400 });
  }
  flashToast(context, {
    type: "success",
    title: "Senha redefinida",
    description: "Entre com sua nova senha. Por segurança, encerramos as sessões abertas.",
  });
  return redirect("/entrar");
}

export default function RedefinirSenha({ loaderData, actionData }: Route.ComponentProps) {
  const resetKey = useResetKey(actionData?.result);
  const [form, fields] = useFormFields<z.input<typeof resetPasswordSchema>>({
    id: "redefinir-senha",
    answer: actionData?.result,
  });
  if (!loaderData.valid) {
    return (
      <AuthLayout title="Link inválido">
        <p className="text-center text-slate-700">{INVALID_LINK}</p>
        <Link to="/esqueci-senha" className="btn btn-primary w-full">
          Pedir um novo link
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Escolha uma nova senha">
      <Form method="post" className="space-y-4" {...formProps(form)}>
        <ErrorSummary title="Erro ao redefinir a senha" errors={summaryErrors(form)} />
        <RequiredLegend />
        <Field
          id={fields.password.id}
          label="Nova senha"
          hint="Pelo menos 8 caracteres."
          errors={fields.password.errors}
          errorId={fields.password.errorId}
          required
        >
          <input
            {...inputProps(fields.password, { type: "password" })}
            key={`password-${resetKey}`}
            aria-required
            className="input"
            autoComplete="new-password"
          />
        </Field>
        <Field
          id={fields.confirmPassword.id}
          label="Confirmar nova senha"
          errors={fields.confirmPassword.errors}
          errorId={fields.confirmPassword.errorId}
          required
        >
          <input
            {...inputProps(fields.confirmPassword, { type: "password" })}
            key={`confirmPassword-${resetKey}`}
            aria-required
            className="input"
            autoComplete="new-password"
          />
        </Field>
        <SubmitButton busyLabel="Salvando..." className="btn btn-primary w-full">
          Salvar nova senha
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
