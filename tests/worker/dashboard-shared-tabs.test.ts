// Meus Pets, Meus Alertas and Meu Perfil in the three dashboards (docs/decisions/0033 §8): one module
// each, registered under /dashboard, /ong/dashboard and /empresa/dashboard. Each shows the
// signed-in account's own things, answers only the kind of account of the dashboard its
// URL is in, and its actions come back to that same tab.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, profiles, type AccountType } from "~/db/schema";
import { personalTabsFor } from "~/lib/accounts";
import { saveSearch } from "~/models/saved-searches.server";
import * as alertsRoute from "~/routes/dashboard.alertas";
import * as profileRoute from "~/routes/dashboard.perfil";
import * as myPetsRoute from "~/routes/dashboard.pets";
import * as deletePet from "~/routes/pet.excluir";
import { formRequest, makeContext, signedInContext } from "./context";
import { throughLayouts } from "./route-harness";

// Each tab behind the guard of the dashboard its URL is in, as React Router runs it
// (docs/decisions/0034, Guards as middleware).
const alerts = throughLayouts(alertsRoute);
const profile = throughLayouts(profileRoute);
const myPets = throughLayouts(myPetsRoute);
import { createPet, createUser, db } from "./fixtures";

type Answer = { status: number; location: string | null; data: unknown };

/** A loader's or action's answer, a thrown redirect included. */
async function answer(run: () => Promise<unknown>): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("Location"), data: null };
  // data(value, { status }): React Router's answer with a status.
  const init = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (init?.type === "DataWithResponseInit") return { status: init.init?.status ?? 200, location: null, data: init.data };
  return { status: 200, location: null, data: value };
}

const get = (path: string) => new Request(`http://localhost${path}`);

async function loadPets(path: string, user: { id: string } | null, type: AccountType = "personal") {
  const context = user ? await signedInContext(user, type) : (await makeContext()).context;
  return answer(() => myPets.loader({ request: get(path), context, params: {} } as never));
}

describe("Meus Pets, Meus Alertas e Meu Perfil nos três painéis", () => {
  it("each dashboard's Meus Pets lists the account's own ads, and only them", async () => {
    const accounts = {
      personal: await createUser("personal"),
      ngo: await createUser("ngo"),
      company: await createUser("company"),
    };
    const names: Record<AccountType, string[]> = { personal: [], ngo: [], company: [] };
    for (const type of ["personal", "ngo", "company"] as const) {
      for (const n of [1, 2]) {
        const pet = await createPet(accounts[type].id, { name: `${type} ${n}`, status: "adocao" });
        names[type].push(pet.name);
      }
    }
    for (const type of ["personal", "ngo", "company"] as const) {
      const path = personalTabsFor(type).pets;
      const { status, data } = await loadPets(path, accounts[type], type);
      expect(status, path).toBe(200);
      const loaded = data as { pets: { name: string }[]; back: string };
      expect(loaded.pets.map((pet) => pet.name).sort(), path).toEqual(names[type].sort());
      // Close, renew and delete come back to this same tab.
      expect(loaded.back).toBe(path);
    }
  });

  it("answers only the kind of account of the dashboard its URL is in, as that dashboard's guard does", async () => {
    const person = await createUser("personal");
    const ngo = await createUser("ngo");
    const company = await createUser("company");
    // The NGO guard: no session -> sign in and back; another type -> /entrar.
    expect(await loadPets("/ong/dashboard/pets", null)).toMatchObject({
      status: 302,
      location: "/entrar?redirectTo=%2Fong%2Fdashboard%2Fpets",
    });
    expect(await loadPets("/ong/dashboard/pets", company, "company")).toMatchObject({ status: 302, location: "/entrar" });
    expect(await loadPets("/ong/dashboard/pets", person)).toMatchObject({ status: 302, location: "/entrar" });
    // The company guard: no session -> /empresas; another type -> /dashboard.
    expect(await loadPets("/empresa/dashboard/pets", null)).toMatchObject({
      status: 302,
      location: "/empresas?redirectTo=%2Fempresa%2Fdashboard%2Fpets",
    });
    expect(await loadPets("/empresa/dashboard/pets", ngo, "ngo")).toMatchObject({ status: 302, location: "/dashboard" });
    // The personal dashboard sends the others to their own.
    expect(await loadPets("/dashboard/pets", ngo, "ngo")).toMatchObject({ status: 302, location: "/ong/dashboard" });
    expect(await loadPets("/dashboard/pets", company, "company")).toMatchObject({ status: 302, location: "/empresa/dashboard" });
  });

  it("Meus Alertas lists and deletes the account's own alerts, and comes back to the same tab", async () => {
    const ngo = await createUser("ngo");
    const other = await createUser("ngo");
    const mine = await saveSearch(db, {
      userId: ngo.id,
      email: ngo.email,
      criteria: "filter=perdido",
      confirmed: true,
      lastPetId: 0,
      now: new Date(),
    });
    const theirs = await saveSearch(db, {
      userId: other.id,
      email: other.email,
      criteria: "filter=adocao",
      confirmed: true,
      lastPetId: 0,
      now: new Date(),
    });
    if (!mine.ok || !theirs.ok) throw new Error("alertas não criados");
    const path = "/ong/dashboard/alertas";
    const listed = await answer(async () =>
      alerts.loader({ request: get(path), context: await signedInContext(ngo, "ngo"), params: {} } as never),
    );
    expect((listed.data as { alerts: { id: number }[] }).alerts.map((a) => a.id)).toEqual([mine.search.id]);

    const del = async (id: number) =>
      answer(async () =>
        alerts.action({ request: formRequest(path, { id: String(id) }), context: await signedInContext(ngo, "ngo"), params: {} } as never),
      );
    expect((await del(theirs.search.id)).status).toBe(404);
    expect(await del(mine.search.id)).toMatchObject({ status: 303, location: path });
  });

  it("Meu Perfil of a company saves the personal profile, not the company's, and comes back to the same tab", async () => {
    const company = await createUser("company");
    const path = "/empresa/dashboard/meu-perfil";
    const loaded = await answer(async () =>
      profile.loader({ request: get(path), context: await signedInContext(company, "company"), params: {} } as never),
    );
    expect(loaded.data).toMatchObject({ action: path, accountType: "company", profile: { email: company.email } });

    const saved = await answer(async () =>
      profile.action({
        request: formRequest(path, { name: "Ana da Loja", email: company.email, phone: "(11) 98765-4321", bio: "Cuido das adoções." }),
        context: await signedInContext(company, "company"),
        params: {},
      } as never),
    );
    expect(saved).toMatchObject({ status: 303, location: path });
    const [row] = await db.select({ name: profiles.name, bio: profiles.bio }).from(profiles).where(eq(profiles.id, company.id));
    expect(row).toEqual({ name: "Ana da Loja", bio: "Cuido das adoções." });
    const [own] = await db.select({ name: companies.companyName }).from(companies).where(eq(companies.id, company.id));
    expect(own?.name).toMatch(/^Empresa /);
  });

  it("a pet deleted from the NGO's Meus Pets, or from its own page, leads back to the NGO's Meus Pets", async () => {
    const ngo = await createUser("ngo");
    for (const voltar of ["/ong/dashboard/pets", null]) {
      const pet = await createPet(ngo.id, { status: "adocao" });
      const query = `?voltar=${encodeURIComponent(voltar ?? `/pet/${pet.id}`)}`;
      const deleted = await answer(async () =>
        deletePet.action({
          request: formRequest(`/pet/${pet.id}/excluir${query}`, {}),
          context: await signedInContext(ngo, "ngo"),
          params: { id: String(pet.id) },
        } as never),
      );
      expect(deleted).toMatchObject({ status: 303, location: "/ong/dashboard/pets" });
    }
  });
});
