import type { z } from "zod";
import { formProps, type FormAnswer, useFormFields } from "~/components/form/form-fields";
import { Form, Link } from "react-router";
import { RequiredLegend } from "~/components/form/field";
import { TextInput } from "~/components/form/inputs";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { SubmitButton } from "~/components/form/submit-button";
import { useResetKey } from "~/components/form/use-reset-key";
import type { signInSchema } from "~/forms/auth";

/** E-mail and password sign-in, used by /entrar and /empresas. */
export function SignInForm({
  id,
  action,
  emailLabel = "E-mail",
  lastResult,
  redirectTo,
}: {
  id: string;
  action: string;
  emailLabel?: string;
  lastResult: FormAnswer | undefined;
  redirectTo: string | null;
}) {
  const resetKey = useResetKey(lastResult);
  const [form, fields] = useFormFields<z.input<typeof signInSchema>>({
    id,
    answer: lastResult,
  });
  return (
    <Form method="post" action={action} className="space-y-4" {...formProps(form)}>
      <input type="hidden" name="intent" value="entrar" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <ErrorSummary title="Erro no login" errors={summaryErrors(form)} />
      <RequiredLegend />
      <TextInput meta={fields.email} label={emailLabel} type="email" autoComplete="email" required />
      <TextInput
        key={`password-${resetKey}`}
        meta={fields.password}
        label="Senha"
        type="password"
        autoComplete="current-password"
        required
      />
      <p className="text-right text-sm">
        <Link to="/esqueci-senha" className="tap-link font-medium text-brand-700">
          Esqueceu sua senha?
        </Link>
      </p>
      <SubmitButton busyLabel="Entrando..." className="btn btn-primary w-full">
        Entrar
      </SubmitButton>
    </Form>
  );
}
