import { type FormField, inputProps } from "~/components/form/form-fields";
import { Field } from "./field";
import { TermsCheckbox } from "./terms-checkbox";

/**
 * E-mail, password, confirmation and terms: the part every sign-up form shares
 * (/entrar, /empresas, /cadastrar-ong), each required (the form shows the RequiredLegend). `resetKey` clears the password fields after
 * each server answer (see useResetKey).
 */
export function NewAccountFields({
  fields,
  resetKey,
}: {
  fields: { email: FormField; password: FormField; confirmPassword: FormField; terms: FormField };
  resetKey: number;
}) {
  const { email, password, confirmPassword, terms } = fields;
  return (
    <>
      <Field id={email.id} label="E-mail" errors={email.errors} errorId={email.errorId} required>
        <input {...inputProps(email, { type: "email" })} aria-required className="input" autoComplete="email" />
      </Field>
      <Field id={password.id} label="Senha" hint="Pelo menos 8 caracteres." errors={password.errors} errorId={password.errorId} required>
        <input
          {...inputProps(password, { type: "password" })}
          key={`password-${resetKey}`}
          aria-required
          className="input"
          autoComplete="new-password"
        />
      </Field>
      <Field id={confirmPassword.id} label="Confirmar senha" errors={confirmPassword.errors} errorId={confirmPassword.errorId} required>
        <input
          {...inputProps(confirmPassword, { type: "password" })}
          key={`confirmPassword-${resetKey}`}
          aria-required
          className="input"
          autoComplete="new-password"
        />
      </Field>
      <TermsCheckbox field={terms} />
    </>
  );
}
