import { type FieldMetadata, getInputProps } from "~/components/form/conform";
import { Field } from "./field";
import { TermsCheckbox } from "./terms-checkbox";

type Meta = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

/**
 * E-mail, password, confirmation and terms: the part every sign-up form shares
 * (/entrar, /empresas, /cadastrar-ong). `resetKey` clears the password fields after
 * each server answer (see useResetKey).
 */
export function NewAccountFields({
  fields,
  resetKey,
}: {
  fields: { email: Meta; password: Meta; confirmPassword: Meta; terms: Meta };
  resetKey: number;
}) {
  const { email, password, confirmPassword, terms } = fields;
  return (
    <>
      <Field id={email.id} label="E-mail" errors={email.errors} errorId={email.errorId}>
        <input {...getInputProps(email, { type: "email" })} className="input" autoComplete="email" />
      </Field>
      <Field id={password.id} label="Senha" hint="Pelo menos 8 caracteres." errors={password.errors} errorId={password.errorId}>
        <input {...getInputProps(password, { type: "password" })} key={`password-${resetKey}`} className="input" autoComplete="new-password" />
      </Field>
      <Field id={confirmPassword.id} label="Confirmar senha" errors={confirmPassword.errors} errorId={confirmPassword.errorId}>
        <input
          {...getInputProps(confirmPassword, { type: "password" })}
          key={`confirmPassword-${resetKey}`}
          className="input"
          autoComplete="new-password"
        />
      </Field>
      <TermsCheckbox
        id={terms.id}
        name={terms.name}
        errors={terms.errors}
        errorId={terms.errorId}
        defaultChecked={terms.initialValue === "on"}
      />
    </>
  );
}
