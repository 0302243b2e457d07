import { Fragment } from "react";
import type { FormField } from "~/components/form/form-fields";
import { Honeypot } from "~/components/form/honeypot";
import { TextInput } from "~/components/form/inputs";
import { TermsCheckbox } from "~/components/form/terms-checkbox";
import type { AdAccountStep } from "~/lib/ad-account";

/**
 * The end of a pet ad form for a signed-out visitor (docs/decisions/0044): the account made
 * with the ad (the personal sign-up's fields, without the confirmation), or, once the
 * e-mail turned out to have an account, its password. `resetKey` empties the password
 * after each server answer (the server never sends it back).
 */
export function PetAdAccountFields({
  step,
  fields,
  resetKey,
}: {
  step: AdAccountStep;
  fields: { accountName: FormField; email: FormField; password: FormField; terms: FormField };
  resetKey: number;
}) {
  const { accountName, email, password, terms } = fields;
  const value = (meta: FormField) => (typeof meta.value === "string" ? meta.value : "");
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-lg font-semibold text-slate-900">Sua conta</legend>
      <input type="hidden" name="account" value={step} />
      {/* Keyed by step: with JavaScript, a field of one step never lends its typed value to
          another's (they would share a place). */}
      {step === "cadastrar" ? (
        <Fragment key="cadastrar">
          <p className="text-sm text-slate-600">
            Sua conta é criada junto com o anúncio: com ela você edita o anúncio e recebe os avisos. Já tem conta? Use o e-mail dela:
            pedimos só a senha.
          </p>
          <TextInput meta={accountName} label="Seu nome" autoComplete="name" required />
          <TextInput meta={email} label="E-mail" type="email" autoComplete="email" required />
          <TextInput
            key={`password-${resetKey}`}
            meta={password}
            label="Senha"
            type="password"
            autoComplete="new-password"
            hint="Pelo menos 8 caracteres."
            required
          />
          <TermsCheckbox field={terms} />
        </Fragment>
      ) : (
        <Fragment key="entrar">
          <p className="text-sm text-slate-600">
            Entre com a senha da sua conta e o anúncio é publicado nela. Entra com o Google ou esqueceu a senha? Use &quot;Entrar antes de
            publicar&quot;, abaixo: o que você preencheu fica guardado.
          </p>
          <TextInput meta={email} label="E-mail" type="email" autoComplete="email" required />
          <TextInput key={`password-${resetKey}`} meta={password} label="Senha" type="password" autoComplete="current-password" required />
          {/* Kept for a return to a new account (another e-mail). */}
          <input type="hidden" name={accountName.name} value={value(accountName)} />
          {terms.value === "on" ? <input type="hidden" name={terms.name} value="on" /> : null}
        </Fragment>
      )}
      <Honeypot />
    </fieldset>
  );
}
