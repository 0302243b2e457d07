import { describe, expect, it } from "vitest";
import { companySignUpSchema, ngoSignUpSchema, personalSignUpSchema, signInSchema } from "~/forms/auth";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("account form schemas", () => {
  const personal = {
    name: "Ana",
    email: "ana@exemplo.com.br",
    password: "segredo123",
    confirmPassword: "segredo123",
    terms: "on",
  };

  it("accepts a complete personal sign-up and normalizes the e-mail", () => {
    const result = personalSignUpSchema.safeParse({ ...personal, email: "  Ana@Exemplo.com.BR " });
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe("ana@exemplo.com.br");
  });

  it("gives the spec's messages", () => {
    expect(messages(personalSignUpSchema.safeParse({ ...personal, confirmPassword: "outra-coisa" }))).toEqual({
      confirmPassword: "As senhas não coincidem!",
    });
    expect(messages(personalSignUpSchema.safeParse({ ...personal, terms: undefined }))).toEqual({
      terms: "Você precisa aceitar os termos de uso para se cadastrar.",
    });
    expect(messages(personalSignUpSchema.safeParse({ ...personal, password: "curta", confirmPassword: "curta" }))).toEqual({
      password: "A senha deve ter pelo menos 8 caracteres.",
    });
    expect(messages(ngoSignUpSchema.safeParse({ ...personal, name: "ONG Amor", confirmPassword: "diferente1" }))).toEqual({
      confirmPassword: "As senhas não coincidem.",
    });
  });

  it("trims company values and checks the CNPJ", () => {
    const company = { ...personal, companyName: "  Pet Feliz  ", cnpj: " 11.222.333/0001-81 " };
    const ok = companySignUpSchema.safeParse(company);
    expect(ok.data?.companyName).toBe("Pet Feliz");
    expect(ok.data?.cnpj).toBe("11222333000181");
    expect(messages(companySignUpSchema.safeParse({ ...company, companyName: "   " }))).toEqual({
      companyName: "Por favor, preencha o Nome da Empresa.",
    });
    expect(messages(companySignUpSchema.safeParse({ ...company, cnpj: "  " }))).toEqual({
      cnpj: "Por favor, preencha o CNPJ.",
    });
    expect(messages(companySignUpSchema.safeParse({ ...company, cnpj: "11.222.333/0001-00" })).cnpj).toMatch(/^CNPJ inválido/);
  });

  it("requires e-mail and password to sign in", () => {
    expect(messages(signInSchema.safeParse({}))).toEqual({
      email: "Por favor, preencha seu e-mail.",
      password: "Por favor, preencha sua senha.",
    });
  });
});
