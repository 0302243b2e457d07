// Account forms (spec §5, §8), checked on the server.
import { z } from "zod";
import { cnpjField, emailField, personNameField } from "./fields";

export const MIN_PASSWORD = 8;

const newPassword = z
  .string({ error: "Por favor, preencha a senha." })
  .min(MIN_PASSWORD, `A senha deve ter pelo menos ${MIN_PASSWORD} caracteres.`)
  .max(200, "A senha pode ter no máximo 200 caracteres.");

const confirmPassword = z.string({ error: "Por favor, confirme a senha." });

const terms = z.literal("on", {
  error: "Você precisa aceitar os termos de uso para se cadastrar.",
});

// Honeypot: people never see it.
const website = z.string().optional();

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: "Por favor, preencha sua senha." }).max(200),
  redirectTo: z.string().optional(),
});

/**
 * The confirmation must match. An object's refinement runs only when every field parsed,
 * so a blank name or an unchecked 'termos' hid the mismatch until the next submit; `when`
 * runs it as soon as both passwords are there (docs/decisions/0033 §14).
 */
function passwordsMatch(message: string) {
  return {
    message,
    path: ["confirmPassword"],
    when: ({ value }: z.core.ParsePayload<unknown>) => {
      const { password, confirmPassword } = (value ?? {}) as Record<string, unknown>;
      return typeof password === "string" && typeof confirmPassword === "string";
    },
  };
}

const samePasswords = (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword;

export const personalSignUpSchema = z
  .object({
    accountType: z.literal("personal").default("personal"),
    name: personNameField,
    email: emailField,
    password: newPassword,
    confirmPassword,
    terms,
    website,
    redirectTo: z.string().optional(),
  })
  .refine(samePasswords, passwordsMatch("As senhas não coincidem!"));

/**
 * The account part of a pet ad form sent by a signed-out visitor (docs/decisions/0044): the
 * personal sign-up's fields and rules, without the confirmation. `accountName`, because the
 * ad's `name` is the pet's.
 */
export const adAccountSignUpSchema = z.object({
  accountName: personNameField,
  email: emailField,
  password: newPassword,
  terms,
  website,
});

/** The same part once the e-mail turned out to have an account: its password. */
export const adAccountSignInSchema = signInSchema.pick({ email: true, password: true }).extend({ website });

export const companySignUpSchema = z
  .object({
    companyName: z
      .string({ error: "Por favor, preencha o Nome da Empresa." })
      .trim()
      .min(1, "Por favor, preencha o Nome da Empresa.")
      .max(120, "O nome pode ter no máximo 120 caracteres."),
    cnpj: cnpjField,
    email: emailField,
    password: newPassword,
    confirmPassword,
    terms,
    website,
  })
  .refine(samePasswords, passwordsMatch("As senhas não coincidem!"));

export const ngoSignUpSchema = z
  .object({
    name: z
      .string({ error: "Por favor, preencha o nome da ONG ou do responsável." })
      .trim()
      .min(2, "Por favor, preencha o nome da ONG ou do responsável.")
      .max(120, "O nome pode ter no máximo 120 caracteres."),
    email: emailField,
    password: newPassword,
    confirmPassword,
    terms,
    website,
  })
  .refine(samePasswords, passwordsMatch("As senhas não coincidem."));

export const forgotPasswordSchema = z.object({ email: emailField, website });

export const resetPasswordSchema = z
  .object({ password: newPassword, confirmPassword })
  .refine(samePasswords, passwordsMatch("As senhas não coincidem!"));
