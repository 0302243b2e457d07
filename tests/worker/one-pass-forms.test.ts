// Every form says all that is wrong on one submit (docs/decisions/0033 §14): the
// password confirmation beside blank fields, and the server's own checks (a new CNPJ's
// password, a new e-mail's password, the photo count) beside the form's.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { hashPassword } from "~/platform/password.server";
import { brasiliaNow } from "~/lib/format";
import { createPet, createUser, db, testCnpj } from "./fixtures";
import { type Actor, contextFor, invoke, postForm, routeEntries } from "./route-harness";

const route = (id: string) => routeEntries().find((r) => r.id === id)!;

type Reply = { result: { error: Record<string, string[] | null> | null; initialValue: Record<string, unknown> | null } };

async function post(id: string, actor: Actor | null, path: string, fields: Record<string, string>) {
  const outcome = await invoke(route(id), "action", postForm(path, fields), {}, await contextFor(actor));
  const { result } = outcome.data as Reply;
  return { status: outcome.status, errors: result.error ?? {}, typed: result.initialValue ?? {} };
}

describe("forms validated in one pass", () => {
  it("company sign-up: blank name, bad CNPJ and e-mail, no terms and different passwords, all at once", async () => {
    const out = await post("empresas", null, "/empresas?aba=cadastrar", {
      intent: "cadastrar",
      companyName: "",
      cnpj: "12.345",
      email: "loja@",
      password: "segredo123",
      confirmPassword: "segredo124",
    });
    expect(out.status).toBe(400);
    expect(out.errors).toEqual({
      companyName: ["Por favor, preencha o Nome da Empresa."],
      cnpj: ["CNPJ inválido. Confira os 14 caracteres digitados."],
      email: ["Informe um e-mail válido."],
      terms: ["Você precisa aceitar os termos de uso para se cadastrar."],
      confirmPassword: ["As senhas não coincidem!"],
    });
    // What was typed stays, the passwords aside.
    expect(out.typed).toMatchObject({ cnpj: "12.345", email: "loja@" });
    expect(out.typed).not.toHaveProperty("password");
  });

  it("personal and NGO sign-up flag the confirmation beside a blank name", async () => {
    const personal = await post("entrar", null, "/entrar?aba=cadastrar", {
      intent: "cadastrar",
      accountType: "personal",
      name: "",
      email: "ana@exemplo.com.br",
      password: "segredo123",
      confirmPassword: "outra-senha",
      terms: "on",
    });
    expect(personal.errors).toEqual({
      name: ["Por favor, preencha seu nome."],
      confirmPassword: ["As senhas não coincidem!"],
    });
    const ngo = await post("cadastrar-ong", null, "/cadastrar-ong", {
      name: "",
      email: "ong@exemplo.com.br",
      password: "segredo123",
      confirmPassword: "outra-senha",
    });
    expect(ngo.errors).toMatchObject({ confirmPassword: ["As senhas não coincidem."] });
    expect(Object.keys(ngo.errors).sort()).toEqual(["confirmPassword", "name", "terms"]);
  });

  it("company profile: a new CNPJ without the password is said beside a blank field", async () => {
    const company = await createUser("company");
    await db
      .update(users)
      .set({ passwordHash: await hashPassword("senha-forte-1") })
      .where(eq(users.id, company.id));
    const out = await post("empresa.dashboard.perfil", { ...company, accountType: "company" }, "/empresa/dashboard/perfil", {
      companyName: "",
      cnpj: testCnpj(987_654),
      email: "contato@loja.com.br",
      phone: "(11) 3456-7890",
      address: "Rua A, 1",
      description: "Rações.",
    });
    expect(out.status).toBe(400);
    expect(out.errors).toMatchObject({
      companyName: ["Por favor, preencha o Nome da Empresa."],
      currentPassword: ["Digite sua senha atual para trocar o CNPJ."],
    });
  });

  it("owner profile: a new e-mail without the password is said beside a bad phone", async () => {
    const owner = await createUser("personal");
    const out = await post("dashboard.perfil", { ...owner, accountType: "personal" }, "/dashboard/perfil", {
      name: "Maria",
      email: "nova@exemplo.com.br",
      phone: "123",
    });
    expect(out.status).toBe(400);
    expect(out.errors).toMatchObject({
      phone: ["Informe um telefone com DDD, por exemplo (11) 98765-4321."],
      currentPassword: ["Digite sua senha atual para trocar o e-mail."],
    });
  });

  it("'Vi este pet': a blank place beside a time in the future and an unknown city", async () => {
    const owner = await createUser("personal");
    const pet = await createPet(owner.id, { missingSince: brasiliaNow().slice(0, 10) });
    const tomorrow = brasiliaNow(new Date(Date.now() + 86_400_000));
    const request = postForm(`/pet/${pet.id}/avistamentos`, { place: "", seenAt: tomorrow, city: "Cidade Que Não Existe" });
    const outcome = await invoke(route("pet.avistamentos"), "action", request, { id: String(pet.id) }, await contextFor(null));
    expect(outcome.status).toBe(400);
    expect((outcome.data as Reply).result.error).toMatchObject({
      place: ["Por favor, informe onde você viu o pet."],
      seenAt: ["A data e a hora não podem estar no futuro."],
      city: ["Não encontramos essa cidade. Confira o nome (por exemplo: Jundiaí - SP)."],
    });
  });
});
