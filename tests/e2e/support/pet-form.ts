// Fills the pet ad form of /cadastrar-pet (and the same fields on the edit page) the way a
// person does, by label. Every spec that publishes a pet goes through here.
import type { Page } from "@playwright/test";

export interface PetAdFields {
  name: string;
  species?: string;
  breed?: string;
  age?: string;
  gender?: string;
  size?: string;
  whatsapp?: string;
  /** Typed whole into 'Cidade' ("Pinheiros, São Paulo - SP" keeps the neighbourhood). */
  location?: string;
  /** 'Bairro ou referência', when given. */
  neighbourhood?: string;
  /** Lost and found pets. */
  color?: string;
  lostOn?: string;
  notes?: string;
  /** Adoption pets. */
  temperament?: string;
}

export async function fillPetAd(page: Page, fields: PetAdFields) {
  await page.getByLabel("Nome", { exact: true }).fill(fields.name);
  await page.getByLabel("Espécie").selectOption(fields.species ?? "cachorro");
  await page.getByLabel("Raça").fill(fields.breed ?? "Vira-lata");
  await page.getByLabel("Idade", { exact: true }).fill(fields.age ?? "3 anos");
  await page.getByLabel("Sexo").selectOption(fields.gender ?? "Macho");
  await page.getByLabel("Porte").selectOption(fields.size ?? "Médio");
  await page.getByLabel("WhatsApp").fill(fields.whatsapp ?? "(11) 98765-4321");
  await page.getByLabel("Cidade", { exact: true }).fill(fields.location ?? "Vila Mariana, São Paulo - SP");
  if (fields.neighbourhood !== undefined) await page.getByLabel("Bairro ou referência").fill(fields.neighbourhood);
  if (fields.color !== undefined) await page.getByLabel("Cor").fill(fields.color);
  // The lost form's 'Data do desaparecimento', or the finder's 'Data em que encontrou'
  // or '… viu' (docs/decisions/0045).
  if (fields.lostOn !== undefined) await page.getByLabel(/^Data (do desaparecimento|em que)/).fill(fields.lostOn);
  if (fields.notes !== undefined) await page.getByLabel("Observações").fill(fields.notes);
  if (fields.temperament !== undefined) await page.getByLabel("Temperamento").fill(fields.temperament);
}
