// Clinics of the company dashboard (docs/decisions/0015): Premium only, the
// owner in every query, one batch for a delete, the image in R2, and the public page.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clinics, companies, veterinarians, type AccountType } from "~/db/schema";
import { parseCommaList } from "~/forms/clinic";
import { listClinicsPage } from "~/models/listings.server";
import * as publicPage from "~/routes/clinica";
import * as editRoute from "~/routes/empresa.dashboard.clinicas.editar";
import * as deleteRoute from "~/routes/empresa.dashboard.clinicas.excluir";
import * as newRoute from "~/routes/empresa.dashboard.clinicas.nova";
import * as listRoute from "~/routes/empresa.dashboard.clinicas";
import { getSession } from "~/platform/session.server";
import { pendingViews } from "~/services/view-counter.server";
import { createClinic, createUser, db } from "./fixtures";
import {
  type Actor,
  contextFor,
  describeDiff,
  diffStores,
  fullSnapshot,
  invoke,
  isUnchanged,
  pngFile,
  postForm,
  routeAt,
  storedImage,
} from "./route-harness";

const route = routeAt;
const NEW = route(newRoute, "/empresa/dashboard/clinicas/nova");
const EDIT = route(editRoute, "/empresa/dashboard/clinicas/:id/editar");
const DELETE = route(deleteRoute, "/empresa/dashboard/clinicas/:id/excluir");
const LIST = route(listRoute, "/empresa/dashboard/clinicas");
const PUBLIC = route(publicPage, "/clinica/:id");

async function company(plan: "premium" | "basic" | "lapsed" = "premium"): Promise<Actor> {
  const user = await createUser("company");
  if (plan !== "basic") {
    const expires = plan === "premium" ? Date.now() + 30 * 864e5 : Date.now() - 864e5;
    await db
      .update(companies)
      .set({ plan: "premium", planExpiresAt: new Date(expires) })
      .where(eq(companies.id, user.id));
  }
  return { ...user, accountType: "company" as AccountType };
}

const FORM = {
  category: "hospital",
  name: "Hospital Vida Pet",
  description: "Atendimento 24 horas com UTI.",
  phone: "(11) 3456-7890",
  email: "Contato@VidaPet.com.br",
  city: "Campinas, SP",
  address: "Rua das Flores, 100 - Centro",
  website: "",
  whatsapp: "(11) 98765-4321",
  openHours: "",
  facebook: "",
  instagram: "@vidapet",
  specialties: " Ortopedia, Cardiologia ,, ortopedia , ",
  services: "Consultas, Vacinação,Exames",
  hasParking: "on",
};

async function call(target: typeof NEW, actor: Actor | null, request: Request, params: Record<string, string> = {}) {
  const context = await contextFor(actor);
  const outcome = await invoke(target, request.method === "GET" ? "loader" : "action", request, params, context);
  expect(outcome.error).toBeNull();
  return { outcome, context: context.context };
}

async function clinicRow(id: number) {
  const [row] = await db.select().from(clinics).where(eq(clinics.id, id));
  return row;
}

const vetsOf = (clinicId: number) =>
  db
    .select({ name: veterinarians.name, specialty: veterinarians.specialty })
    .from(veterinarians)
    .where(eq(veterinarians.clinicId, clinicId));

async function r2Has(url: string | null | undefined) {
  return url ? (await env.IMAGES.head(url.replace(/^\/imagens\//, ""))) !== null : false;
}

describe("lista separada por vírgulas", () => {
  it("apara, ignora vazios e repetidos", () => {
    expect(parseCommaList(" Ortopedia, Cardiologia ,, ortopedia , ")).toEqual(["Ortopedia", "Cardiologia"]);
    expect(parseCommaList("")).toEqual([]);
    expect(parseCommaList("  Banho   e tosa ")).toEqual(["Banho e tosa"]);
  });
});

describe("cadastro de clínica", () => {
  it("a empresa Premium cadastra: listas, redes sociais, vazios como NULL e a imagem no R2", async () => {
    const owner = await company("premium");
    const { outcome, context } = await call(NEW, owner, postForm("/empresa/dashboard/clinicas/nova", { ...FORM, image: pngFile() }));
    expect(outcome.status).toBe(303);
    const id = Number(outcome.location!.match(/^\/empresa\/dashboard\/clinicas\/(\d+)\/editar$/)![1]);
    const row = (await clinicRow(id))!;
    expect(row).toMatchObject({
      userId: owner.id,
      category: "hospital",
      email: "contato@vidapet.com.br",
      specialties: ["Ortopedia", "Cardiologia"],
      services: ["Consultas", "Vacinação", "Exames"],
      socialMedia: { instagram: "https://www.instagram.com/vidapet" },
      website: null,
      openHours: null,
      hasParking: true,
      hasHomeService: false,
    });
    expect(row.mainImageUrl).toMatch(/^\/imagens\/clinicas\/[0-9a-f-]{36}\.png$/);
    expect(await r2Has(row.mainImageUrl)).toBe(true);
    expect(getSession(context).get("toasts")?.[0]?.title).toBe("Clínica cadastrada");
  });

  it("recusa a empresa do Plano Básico e a de Premium vencido, sem escrever nada", async () => {
    for (const plan of ["basic", "lapsed"] as const) {
      const actor = await company(plan);
      const before = await fullSnapshot();
      const { outcome } = await call(NEW, actor, postForm("/empresa/dashboard/clinicas/nova", { ...FORM, image: pngFile() }));
      expect(outcome.status).toBe(403);
      const diff = diffStores(before, await fullSnapshot());
      expect(isUnchanged(diff), describeDiff(diff)).toBe(true);
      // The page shows the Premium notice, not the form.
      const page = await call(NEW, actor, new Request("http://localhost/empresa/dashboard/clinicas/nova"));
      expect(page.outcome.data).toEqual({ premium: false });
    }
  });

  it("responde 400 com as mensagens e mantém o que foi digitado", async () => {
    const owner = await company("premium");
    const before = await fullSnapshot();
    const { outcome } = await call(
      NEW,
      owner,
      postForm("/empresa/dashboard/clinicas/nova", { ...FORM, email: "sem-arroba", address: " ", image: new File(["texto"], "x.png") }),
    );
    expect(outcome.status).toBe(400);
    const result = (outcome.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }).result;
    expect(result.error.email).toEqual(["Informe um e-mail válido."]);
    expect(result.error.address).toEqual(["Por favor, preencha o endereço."]);
    expect(result.error.image?.[0]).toContain("não é uma imagem aceita");
    expect(result.initialValue.name).toBe("Hospital Vida Pet");
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
  });

  it("sem sessão num POST: vai para /empresas com a mensagem da especificação", async () => {
    const { outcome, context } = await call(NEW, null, postForm("/empresa/dashboard/clinicas/nova", FORM));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/empresas\?redirectTo=/);
    expect(getSession(context).get("toasts")).toEqual([
      { type: "error", title: "Erro de autenticação", description: "Você precisa estar logado para atualizar uma clínica." },
    ]);
  });
});

describe("edição, veterinários e exclusão", () => {
  it("o dono edita, troca e remove a imagem (o objeto antigo sai do R2)", async () => {
    const owner = await company("premium");
    const first = await storedImage("clinicas");
    const clinic = await createClinic(owner.id, { mainImageUrl: first });
    const path = `/empresa/dashboard/clinicas/${clinic.id}/editar`;
    const params = { id: String(clinic.id) };

    let { outcome, context } = await call(EDIT, owner, postForm(path, { ...FORM, name: "Nome Novo", image: pngFile() }), params);
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("/empresa/dashboard/clinicas");
    expect(getSession(context).get("toasts")?.[0]?.title).toBe("Clínica atualizada");
    const replaced = (await clinicRow(clinic.id))!;
    expect(replaced.name).toBe("Nome Novo");
    expect(replaced.mainImageUrl).not.toBe(first);
    expect(await r2Has(first)).toBe(false);
    expect(await r2Has(replaced.mainImageUrl)).toBe(true);

    ({ outcome } = await call(EDIT, owner, postForm(path, { ...FORM, removeImage: "on" }), params));
    expect(outcome.status).toBe(303);
    expect((await clinicRow(clinic.id))!.mainImageUrl).toBeNull();
    expect(await r2Has(replaced.mainImageUrl)).toBe(false);
  });

  it("o dono adiciona e remove veterinários", async () => {
    const owner = await company("premium");
    const clinic = await createClinic(owner.id);
    const path = `/empresa/dashboard/clinicas/${clinic.id}/editar`;
    const params = { id: String(clinic.id) };
    for (const [vetName, vetSpecialty] of [
      ["Dra. Ana", "Dermatologia"],
      ["Dr. Bruno", ""],
    ]) {
      const { outcome } = await call(
        EDIT,
        owner,
        postForm(path, { intent: "adicionar-veterinario", vetName: vetName!, vetSpecialty: vetSpecialty! }),
        params,
      );
      expect(outcome.status).toBe(303);
      expect(outcome.location).toBe(`${path}#veterinarios`);
    }
    expect(await vetsOf(clinic.id)).toEqual([
      { name: "Dra. Ana", specialty: "Dermatologia" },
      { name: "Dr. Bruno", specialty: null },
    ]);
    const empty = await call(EDIT, owner, postForm(path, { intent: "adicionar-veterinario", vetName: " " }), params);
    expect(empty.outcome.status).toBe(400);

    const [ana] = await db.select({ id: veterinarians.id }).from(veterinarians).where(eq(veterinarians.name, "Dra. Ana"));
    const { outcome } = await call(EDIT, owner, postForm(path, { intent: "remover-veterinario", vetId: String(ana!.id) }), params);
    expect(outcome.status).toBe(303);
    expect(await vetsOf(clinic.id)).toEqual([{ name: "Dr. Bruno", specialty: null }]);
  });

  it("POSTs forjados por outra empresa Premium não mudam nada", async () => {
    const owner = await company("premium");
    const intruder = await company("premium");
    const photo = await storedImage("clinicas");
    const clinic = await createClinic(owner.id, { mainImageUrl: photo });
    await db.insert(veterinarians).values({ clinicId: clinic.id, name: "Dra. Carla", specialty: "Cardiologia" });
    const [vet] = await db.select({ id: veterinarians.id }).from(veterinarians).where(eq(veterinarians.clinicId, clinic.id));
    const params = { id: String(clinic.id) };
    const edit = `/empresa/dashboard/clinicas/${clinic.id}/editar`;
    const before = await fullSnapshot();
    for (const [target, request] of [
      [EDIT, postForm(edit, { ...FORM, name: "Tomada", image: pngFile() })],
      [EDIT, postForm(edit, { intent: "adicionar-veterinario", vetName: "Intruso" })],
      [EDIT, postForm(edit, { intent: "remover-veterinario", vetId: String(vet!.id) })],
      [DELETE, postForm(`/empresa/dashboard/clinicas/${clinic.id}/excluir`, {})],
    ] as const) {
      const { outcome } = await call(target, intruder, request, params);
      expect(outcome.status).toBe(404);
    }
    const diff = diffStores(before, await fullSnapshot());
    expect(isUnchanged(diff), describeDiff(diff)).toBe(true);
    // Nor may the intruder's own clinic take a vet id of another clinic.
    const own = await createClinic(intruder.id);
    const { outcome } = await call(
      EDIT,
      intruder,
      postForm(`/empresa/dashboard/clinicas/${own.id}/editar`, { intent: "remover-veterinario", vetId: String(vet!.id) }),
      { id: String(own.id) },
    );
    expect(outcome.status).toBe(303);
    expect(await vetsOf(clinic.id)).toHaveLength(1);
  });

  it("o dono exclui: clínica e veterinários numa leva, a imagem sai do R2", async () => {
    // Deleting needs no Premium: a company whose plan lapsed may still remove its data.
    const owner = await company("lapsed");
    const photo = await storedImage("clinicas");
    const clinic = await createClinic(owner.id, { mainImageUrl: photo });
    await db.insert(veterinarians).values([
      { clinicId: clinic.id, name: "Dra. Ana" },
      { clinicId: clinic.id, name: "Dr. Bruno" },
    ]);
    const confirm = await call(DELETE, owner, new Request(`http://localhost/empresa/dashboard/clinicas/${clinic.id}/excluir`), {
      id: String(clinic.id),
    });
    expect(confirm.outcome.data).toEqual({ clinic: { id: clinic.id, name: clinic.name } });
    const { outcome, context } = await call(DELETE, owner, postForm(`/empresa/dashboard/clinicas/${clinic.id}/excluir`, {}), {
      id: String(clinic.id),
    });
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("/empresa/dashboard/clinicas");
    expect(getSession(context).get("toasts")?.[0]?.title).toBe("Clínica excluída");
    expect(await clinicRow(clinic.id)).toBeUndefined();
    expect(await vetsOf(clinic.id)).toEqual([]);
    expect(await r2Has(photo)).toBe(false);
    const again = await call(DELETE, owner, postForm(`/empresa/dashboard/clinicas/${clinic.id}/excluir`, {}), { id: String(clinic.id) });
    expect(again.outcome.status).toBe(404);
  });

  it("a aba lista só as clínicas da empresa", async () => {
    const owner = await company("basic");
    const mine = await createClinic(owner.id, { name: "Minha" });
    await createClinic((await company()).id, { name: "Alheia" });
    const { outcome } = await call(LIST, owner, new Request("http://localhost/empresa/dashboard/clinicas"));
    const data = outcome.data as { plan: string; clinics: { id: number }[] };
    expect(data.plan).toBe("basic");
    expect(data.clinics.map((c) => c.id)).toEqual([mine.id]);
  });
});

describe("página pública e listagem", () => {
  it("mostra a clínica e os veterinários, sem o id nem o e-mail do dono; 404 para id que não existe", async () => {
    const owner = await company("premium");
    const clinic = await createClinic(owner.id, { name: "Clínica Pública" });
    await db.insert(veterinarians).values({ clinicId: clinic.id, name: "Dra. Ana", specialty: "Felinos" });
    const { outcome } = await call(PUBLIC, null, new Request(`http://localhost/clinica/${clinic.id}`), { id: String(clinic.id) });
    expect(outcome.status).toBe(200);
    const data = outcome.data as { clinic: { name: string; views: number; veterinarians: { name: string }[] }; isOwner: boolean };
    expect(data.clinic.name).toBe("Clínica Pública");
    expect(data.clinic.veterinarians.map((v) => v.name)).toEqual(["Dra. Ana"]);
    expect(data.isOwner).toBe(false);
    const text = JSON.stringify(data);
    expect(text).not.toContain(owner.id);
    expect(text).not.toContain(owner.email);
    // D1's count plus the clinic's counter's pending views (docs/decisions/0051).
    expect((await clinicRow(clinic.id))!.views + (await pendingViews(env, "clinic", clinic.id))).toBe(1);
    expect(data.clinic.views).toBe(1);

    for (const id of ["999999", "abc", "0"]) {
      const missing = await call(PUBLIC, null, new Request(`http://localhost/clinica/${id}`), { id });
      expect(missing.outcome.status).toBe(404);
      expect(missing.outcome.thrown).toBe(true);
    }
  });

  it("clínicas de empresas Premium vêm primeiro, com destaque; filtra por categoria", async () => {
    const basic = await company("basic");
    const premium = await company("premium");
    const lapsed = await company("lapsed");
    const old = new Date(Date.now() - 10 * 864e5);
    await createClinic(premium.id, { name: "Premium Antiga", category: "hospital", createdAt: old });
    await createClinic(basic.id, { name: "Básica Nova", category: "hospital" });
    await createClinic(lapsed.id, { name: "Vencida Nova", category: "petshop" });
    const page = await listClinicsPage(db, 1, "a");
    const names = page.items.map((c) => [c.name, c.highlighted]);
    const premiumIndex = names.findIndex(([name]) => name === "Premium Antiga");
    const basicIndex = names.findIndex(([name]) => name === "Básica Nova");
    expect(premiumIndex).toBeGreaterThanOrEqual(0);
    expect(premiumIndex).toBeLessThan(basicIndex);
    expect(names.find(([name]) => name === "Vencida Nova")?.[1]).toBe(false);
    expect(names[premiumIndex]![1]).toBe(true);
    const hospitals = await listClinicsPage(db, 1, undefined, "petshop");
    expect(hospitals.items.map((c) => c.name)).toEqual(["Vencida Nova"]);
  });
});
