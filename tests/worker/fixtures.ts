// Rows for worker tests, written straight to the test's own D1 through drizzle.
import { env } from "cloudflare:workers";
import { createActivityDatabase, createDatabase } from "~/context.server";
import { mailboxKey } from "~/lib/email-address";
import { cnpjWithCheckDigits } from "../support/cnpj";
import { clinics, companies, events, organizations, pets, products, profiles, users, type AccountType, type PetStatus } from "~/db/schema";

export const db = createDatabase(env.DB);
/** The activity database (docs/decisions/0050): sightings, view marks, rate counters, mail. */
export const activityDb = createActivityDatabase(env.ACTIVITY_DB);

let sequence = 0;
const next = () => ++sequence;

export async function createUser(type: AccountType = "personal") {
  const n = next();
  const id = `user-${n}-${crypto.randomUUID()}`;
  const email = `pessoa${n}@exemplo.com.br`;
  await db.insert(users).values({ id, email, mailboxKey: mailboxKey(email), accountType: type, passwordHash: null });
  await db.insert(profiles).values({ id, email, name: `Pessoa ${n}` });
  // A company account always has its company row (basic plan), as sign-up writes it.
  if (type === "company") {
    await db.insert(companies).values({ id, email, companyName: `Empresa ${n}`, cnpj: testCnpj(n) });
  }
  return { id, email };
}

/** A valid CNPJ that no other test account uses: the same one for the same seed. */
export function testCnpj(seed: number): string {
  return cnpjWithCheckDigits(
    `${String(90_000_000 + (seed % 9_999_999)).padStart(8, "0")}${String(1 + ((seed * 7) % 9999)).padStart(4, "0")}`,
  );
}

export async function createPet(userId: string, overrides: Partial<typeof pets.$inferInsert> & { status?: PetStatus } = {}) {
  const [row] = await db
    .insert(pets)
    .values({
      userId,
      name: `Pet ${next()}`,
      type: "cachorro",
      status: "perdido",
      location: "Centro, São Paulo - SP",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createProduct(userId: string, overrides: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await db
    .insert(products)
    .values({
      userId,
      title: `Produto ${next()}`,
      category: "alimentacao",
      description: "Ração premium para cães adultos.",
      priceCents: 8990,
      location: "São Paulo - SP",
      contact: "(11) 98765-4321",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createOrganization(userId: string, overrides: Partial<typeof organizations.$inferInsert> = {}) {
  const [row] = await db
    .insert(organizations)
    .values({
      userId,
      name: `ONG ${next()}`,
      type: "ong",
      actionArea: "resgate",
      whatsapp: "(11) 98888-7777",
      email: "ong@exemplo.org.br",
      location: "São Paulo - SP",
      description: "Resgatamos e cuidamos de animais abandonados.",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createClinic(userId: string, overrides: Partial<typeof clinics.$inferInsert> = {}) {
  const [row] = await db
    .insert(clinics)
    .values({
      userId,
      name: `Clínica ${next()}`,
      description: "Atendimento veterinário 24 horas.",
      category: "clinica",
      location: "Belo Horizonte - MG",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createEvent(organizationId: number, overrides: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await db
    .insert(events)
    .values({
      organizationId,
      title: `Evento ${next()}`,
      description: "Feira de adoção com cães e gatos vacinados.",
      category: "adocao",
      date: "2099-01-10T10:00",
      location: "Parque Ibirapuera, São Paulo - SP",
      ...overrides,
    })
    .returning();
  return row!;
}
