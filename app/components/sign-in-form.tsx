import type { z } from "zod";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "~/components/form/conform";
import { Form, Link } from "react-router";
import { Field } from "~/components/form/field";
import { conformErrors, ErrorSummary } from "~/components/form/error-summary";
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
  lastResult: SubmissionResult<string[]> | undefined;
  redirectTo: string | null;
}) {
  const resetKey = useResetKey(lastResult);
  const [form, fields] = useForm<z.input<typeof signInSchema>>({
    id,
    lastResult,
  });
  return (
    <Form method="post" action={action} className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="entrar" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <ErrorSummary title="Erro no login" errors={conformErrors(form)} />
      <Field id={fields.email.id} label={emailLabel} errors={fields.email.errors} errorId={fields.email.errorId}>
        <input {...getInputProps(fields.email, { type: "email" })} className="input" autoComplete="email" />
      </Field>
      <Field id={fields.password.id} label="Senha" errors={fields.password.errors} errorId={fields.password.errorId}>
        <input
          {...getInputProps(fields.password, { type: "password" })}
          key={`password-${resetKey}`}
          className="input"
          autoComplete="current-password"
        />
      </Field>
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
