// "Perfil da Empresa" (spec §5 company profile; docs/decisions/0014).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, users } from "~/db/schema";
import { markEmailVerified } from "~/models/users.server";
import * as companyProfileRoute from "~/routes/empresa.dashboard.perfil";
import { hashPassword } from "~/platform/password.server";
import { takeToasts } from "~/platform/session.server";
import { makeContext, signedInContext } from "./context";
import { throughLayouts } from "./route-harness";

// Behind the dashboard's guard, as React Router runs it (docs/decisions/0034).
const { action, loader } = throughLayouts(companyProfileRoute);
import { createUser, db, testCnpj } from "./fixtures";

// The smallest GIF there is (GIF89a, 1×1), so the bytes pass as an image.
const GIF = new Uint8Array([
  0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x21, 0xf9, 4, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1,
  0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b,
]);

type Failure = { data: { result: { error: Record<string, string[] | null> | null } }; init: { status: number } };

const fields = (overrides: Record<string, string | File> = {}) => ({
  companyName: "  Pet Shop Bom Amigo  ",
  cnpj: "11.222.333/0001-81",
  email: "Contato@BomAmigo.com.br",
  phone: "(11) 3456-7890",
  address: "Rua das Flores, 100 - São Paulo, SP",
  description: "Banho, tosa e rações.",
  website: "",
  ...overrides,
});

async function submit(user: { id: string }, values: Record<string, string | File>, type: "company" | "personal" = "company") {
  const context = await signedInContext(user, type);
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  const request = new Request("http://localhost/empresa/dashboard/perfil", { method: "POST", body });
  const result = await action({ request, context, params: {} } as never).catch((thrown: unknown) => thrown);
  return { result, context };
}

const companyOf = async (id: string) => (await db.select().from(companies).where(eq(companies.id, id)))[0]!;

// A new CNPJ needs the current password (docs/decisions/0028).
const PASSWORD = "senha-forte-1";
async function companyWithPassword() {
  const company = await createUser("company");
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, company.id));
  return company;
}

describe("/empresa/dashboard/perfil", () => {
  it("shows the company's own data and saves every field, trimmed, with the spec's toast", async () => {
    const company = await companyWithPassword();
    const page = await loader({
      request: new Request("http://localhost/empresa/dashboard/perfil"),
      context: await signedInContext(company, "company"),
      params: {},
    } as never);
    expect(page.company.companyName).toMatch(/^Empresa/);

    const { result, context } = await submit(company, fields({ website: "www.bomamigo.com.br", currentPassword: PASSWORD }));
    expect((result as Response).status).toBe(303);
    expect(takeToasts(context)).toEqual([
      { type: "success", title: "Perfil atualizado!", description: "Suas informações foram salvas com sucesso" },
    ]);
    expect(await companyOf(company.id)).toMatchObject({
      companyName: "Pet Shop Bom Amigo",
      cnpj: "11222333000181",
      email: "contato@bomamigo.com.br",
      phone: "(11) 3456-7890",
      address: "Rua das Flores, 100 - São Paulo, SP",
      description: "Banho, tosa e rações.",
      website: "www.bomamigo.com.br",
    });
    // A blank optional field clears it.
    await submit(company, fields());
    expect((await companyOf(company.id)).website).toBeNull();
  });

  it("refuses missing required fields and a bad CNPJ with 400, saving nothing", async () => {
    const company = await createUser("company");
    const before = await companyOf(company.id);
    const { result } = await submit(
      company,
      fields({ companyName: " ", cnpj: "11.222.333/0001-82", phone: "", address: "", description: "" }),
    );
    const { data, init } = result as Failure;
    expect(init.status).toBe(400);
    expect(data.result.error).toMatchObject({
      companyName: ["Por favor, preencha o Nome da Empresa."],
      cnpj: ["CNPJ inválido. Confira os 14 caracteres digitados."],
      phone: ["Por favor, preencha o telefone."],
      address: ["Por favor, preencha o endereço."],
      description: ["Por favor, preencha a descrição."],
      "": ["Não foi possível atualizar as informações da empresa."],
    });
    expect(await companyOf(company.id)).toEqual(before);
  });

  it("refuses the CNPJ of another company whose e-mail is confirmed", async () => {
    const company = await companyWithPassword();
    const other = await createUser("company");
    await markEmailVerified(db, other.id); // the first to confirm holds its CNPJ
    const { result } = await submit(company, fields({ cnpj: (await companyOf(other.id)).cnpj, currentPassword: PASSWORD }));
    expect((result as Failure).data.result.error!.cnpj).toEqual([
      "Este CNPJ já pertence a outra conta confirmada. Se ele é da sua empresa, escreva para contato@patasconectadas.com.br.",
    ]);
    expect((await companyOf(company.id)).cnpj).not.toBe((await companyOf(other.id)).cnpj);
  });

  it("stores a logo in R2, replaces it and removes it, deleting the old objects", async () => {
    const company = await companyWithPassword();
    await submit(company, fields({ cnpj: testCnpj(9001), currentPassword: PASSWORD, logo: new File([GIF], "logo.gif") }));
    const first = (await companyOf(company.id)).logoUrl!;
    expect(first).toMatch(/^\/imagens\/logos\/[0-9a-f-]{36}\.gif$/);
    await submit(company, fields({ cnpj: testCnpj(9001), logo: new File([GIF], "outro.gif") }));
    const second = (await companyOf(company.id)).logoUrl!;
    expect(second).not.toBe(first);
    expect(await env.IMAGES.head(first.replace("/imagens/", ""))).toBeNull();
    await submit(company, fields({ cnpj: testCnpj(9001), removeLogo: "on" }));
    expect((await companyOf(company.id)).logoUrl).toBeNull();
    expect(await env.IMAGES.head(second.replace("/imagens/", ""))).toBeNull();
  });

  it("visitors go to /empresas, other account types to /dashboard", async () => {
    const { context } = await makeContext();
    const request = new Request("http://localhost/empresa/dashboard/perfil", { method: "POST", body: new FormData() });
    const visitor = (await action({ request, context, params: {} } as never).catch((t: unknown) => t)) as Response;
    expect(visitor.headers.get("Location")).toBe("/empresas?redirectTo=%2Fempresa%2Fdashboard%2Fperfil");
    const person = await createUser();
    const { result } = await submit(person, fields(), "personal");
    expect((result as Response).headers.get("Location")).toBe("/dashboard");
  });
});
