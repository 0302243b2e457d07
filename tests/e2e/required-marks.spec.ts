// Every form marks its required fields one way (docs/decisions/0033, "One form style"):
// the field's control has aria-required="true" (never the `required` attribute), its label
// has the asterisk beside it, and the form says 'Campos com * são obrigatórios.' before its
// first required field. Which fields are required is read from the form's zod schema, the
// server's own check, so a form that forgets a mark (or marks an optional field) fails here.
import type { Page } from "@playwright/test";
import type { z } from "zod";
import {
  adAccountSignUpSchema,
  companySignUpSchema,
  forgotPasswordSchema,
  ngoSignUpSchema,
  personalSignUpSchema,
  signInSchema,
} from "~/forms/auth";
import { deleteAccountSchema } from "~/forms/account-deletion";
import { clinicSchema, veterinarianSchema } from "~/forms/clinic";
import { companyProfileSchema } from "~/forms/company-profile";
import { contactSchema } from "~/forms/contact";
import { eventSchema } from "~/forms/event";
import { organizationSchema } from "~/forms/organization";
import { finderPetSchema, lostPetSchema, adoptionPetSchema, petEditSchema } from "~/forms/pet";
import { petMessageSchema } from "~/forms/pet-message";
import { planDialogSchema } from "~/forms/plan-dialog";
import { productSchema } from "~/forms/product";
import { profileSchema } from "~/forms/profile";
import { moderationSchema, reportSchema } from "~/forms/report";
import { visitorSavedSearchSchema } from "~/forms/saved-search";
import { sightingSchema } from "~/forms/sighting";
import { expect, test, type Who } from "./support/fixtures";

const PREMIUM = { email: "contato@vetvida.com.br" };
const ADMIN = { email: "admin@patasconectadas.com.br" };

const LEGEND = "Campos com * são obrigatórios.";

interface FormPage {
  label: string;
  /** The page, or how to reach it (an item's edit page found from a dashboard). */
  path: string | ((page: Page) => Promise<void>);
  /** Signed in as (a fresh personal account for `{}`); a visitor without. */
  who?: Who;
  /** A control's name that only this form of the page has. */
  field: string;
  schemas: z.ZodType[];
  /** Required by a check beside the schema (photos by their bytes, a finder's place). */
  alsoRequired?: string[];
}

/** The object schema's fields: a refined object is still one; a pipe starts with one. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = (schema as unknown as { def: { type: string; in?: z.ZodType; shape?: Record<string, z.ZodType> } }).def;
  if (def.shape) return def.shape;
  if (def.type === "pipe" && def.in) return shapeOf(def.in);
  throw new Error(`no object schema (${def.type})`);
}

/** Fields a form cannot be sent without: nothing sent for them fails the schema. */
function requiredNames(schemas: z.ZodType[]) {
  const known = new Set<string>();
  const required = new Set<string>();
  for (const schema of schemas) {
    for (const [name, field] of Object.entries(shapeOf(schema))) {
      known.add(name);
      if (!field.safeParse(undefined).success) required.add(name);
    }
  }
  return { known, required };
}

/** The first link whose href matches, followed: an item's page found on a list. */
function openFirst(list: string, link: RegExp) {
  return async (page: Page) => {
    await page.goto(list);
    const target = await page
      .locator("a[href]")
      .evaluateAll(
        (links, source) => links.map((a) => a.getAttribute("href") ?? "").find((path) => new RegExp(source).test(path)),
        link.source,
      );
    expect(target, `um link ${link} em ${list}`).toBeTruthy();
    await page.goto(target!);
  };
}

function petPage(suffix: string, list = "/pets?status=perdido") {
  return async (page: Page) => {
    await openFirst(list, /^\/pet\/[^/?#]+$/)(page);
    await page.goto(`${new URL(page.url()).pathname}${suffix}`);
  };
}

const FORMS: FormPage[] = [
  { label: "entrar", path: "/entrar", field: "password", schemas: [signInSchema] },
  { label: "cadastrar", path: "/entrar?aba=cadastrar", field: "confirmPassword", schemas: [personalSignUpSchema] },
  { label: "cadastrar empresa", path: "/empresas?aba=cadastrar", field: "cnpj", schemas: [companySignUpSchema] },
  { label: "cadastrar ONG", path: "/cadastrar-ong", field: "confirmPassword", schemas: [ngoSignUpSchema] },
  { label: "esqueci a senha", path: "/esqueci-senha", field: "email", schemas: [forgotPasswordSchema] },
  { label: "contato", path: "/contato", field: "message", schemas: [contactSchema] },
  { label: "avise-me", path: "/pets?status=perdido", field: "email", schemas: [visitorSavedSearchSchema] },
  { label: "alerta (visitante)", path: "/alertas/novo?status=perdido", field: "email", schemas: [visitorSavedSearchSchema] },
  {
    label: "pet perdido (visitante)",
    path: "/cadastrar-pet?aba=perdido",
    field: "missingSince",
    schemas: [lostPetSchema, adAccountSignUpSchema],
    alsoRequired: ["photos"],
  },
  {
    label: "pet perdido",
    path: "/cadastrar-pet?aba=perdido",
    who: {},
    field: "missingSince",
    schemas: [lostPetSchema],
    alsoRequired: ["photos"],
  },
  {
    label: "pet encontrado",
    path: "/cadastrar-pet?aba=encontrado",
    who: {},
    field: "missingSince",
    schemas: [finderPetSchema("encontrado")],
    alsoRequired: ["photos", "neighbourhood"],
  },
  {
    label: "adoção",
    path: "/cadastrar-pet?aba=adocao",
    who: {},
    field: "temperament",
    schemas: [adoptionPetSchema],
    alsoRequired: ["photos"],
  },
  {
    label: "editar pet",
    path: openFirst("/dashboard/pets", /^\/pet\/[^/]+\/edit$/),
    who: "personal",
    field: "type",
    schemas: [petEditSchema("perdido")],
  },
  { label: "mensagem", path: petPage("/mensagem"), field: "message", schemas: [petMessageSchema] },
  { label: "vi este pet", path: petPage(""), field: "seenAt", schemas: [sightingSchema] },
  { label: "denunciar", path: "/denunciar/pet/1", field: "reason", schemas: [reportSchema] },
  { label: "meu perfil", path: "/dashboard/perfil", who: {}, field: "name", schemas: [profileSchema] },
  { label: "excluir conta", path: "/meus-dados/excluir", who: {}, field: "password", schemas: [deleteAccountSchema] },
  { label: "perfil da empresa", path: "/empresa/dashboard/perfil", who: "company", field: "cnpj", schemas: [companyProfileSchema] },
  { label: "novo produto", path: "/empresa/dashboard/produtos/novo", who: PREMIUM, field: "contact", schemas: [productSchema] },
  {
    label: "editar produto",
    path: openFirst("/empresa/dashboard", /^\/empresa\/dashboard\/produtos\/[^/]+\/editar$/),
    who: "company",
    field: "contact",
    schemas: [productSchema],
  },
  { label: "nova clínica", path: "/empresa/dashboard/clinicas/nova", who: PREMIUM, field: "name", schemas: [clinicSchema] },
  {
    label: "editar clínica",
    path: openFirst("/empresa/dashboard/clinicas", /^\/empresa\/dashboard\/clinicas\/[^/]+\/editar$/),
    who: PREMIUM,
    field: "address",
    schemas: [clinicSchema],
  },
  {
    label: "veterinário",
    path: openFirst("/empresa/dashboard/clinicas", /^\/empresa\/dashboard\/clinicas\/[^/]+\/editar$/),
    who: PREMIUM,
    field: "vetName",
    schemas: [veterinarianSchema],
  },
  { label: "moderação", path: "/moderacao/pet/1", who: ADMIN, field: "reason", schemas: [moderationSchema] },
  { label: "plano", path: "/empresa-landing?plano=premium", field: "cnpj", schemas: [planDialogSchema] },
  { label: "galeria da ONG", path: "/ong/dashboard", who: "ngo", field: "photos", schemas: [], alsoRequired: ["photos"] },
  { label: "ONG", path: "/ong/dashboard", who: "ngo", field: "actionArea", schemas: [organizationSchema] },
  { label: "novo evento", path: "/ong/dashboard/novo-evento", who: "ngo", field: "title", schemas: [eventSchema] },
  {
    label: "editar evento",
    path: openFirst("/ong/dashboard/eventos", /^\/ong\/dashboard\/evento\/[^/]+\/edit$/),
    who: "ngo",
    field: "title",
    schemas: [eventSchema],
  },
];

interface Control {
  name: string;
  ariaRequired: boolean;
  nativeRequired: boolean;
  marked: boolean;
  legendBefore: boolean;
}

/** Each named control the person fills in, of the form that holds `field`. */
async function controlsOf(page: Page, field: string): Promise<Control[] | null> {
  return page.evaluate(
    ({ field, legend }) => {
      const anchor = [...document.querySelectorAll<HTMLInputElement>(`[name="${field}"]`)].find((control) => control.form);
      const form = anchor?.form;
      if (!form) return null;
      const legends = [...document.querySelectorAll("p, div, span")].filter(
        (element) => element.children.length <= 1 && element.textContent?.replace(/\s+/g, " ").trim() === legend,
      );
      const isMark = (element: Element) => element.getAttribute("aria-hidden") === "true" && element.textContent?.trim() === "*";
      const hasMark = (scope: Element | null | undefined) => !!scope && [...scope.querySelectorAll("[aria-hidden='true']")].some(isMark);
      const byName = new Map<string, Control>();
      for (const element of form.elements) {
        const control = element as HTMLInputElement;
        const type = control.type;
        if (!control.name || ["hidden", "submit", "button", "reset"].includes(type)) continue;
        if (control.closest("[aria-hidden='true']")) continue; // the honeypot
        const group = type === "radio" ? control.closest("fieldset") : null;
        const target = (type === "radio" && control.closest("[role='radiogroup']")) || control;
        const label = group ? group.querySelector("legend") : control.labels?.[0];
        const marked = hasMark(label) || hasMark(label?.parentElement?.tagName === "DIV" && !group ? label.parentElement : null);
        const seen = byName.get(control.name);
        const entry: Control = {
          name: control.name,
          // A file input has no ARIA role that takes aria-required: it carries `required`, in a
          // form with noValidate (the server answers).
          ariaRequired: target.getAttribute("aria-required") === "true" || (type === "file" && control.required && form.noValidate),
          nativeRequired: type !== "file" && control.hasAttribute("required"),
          marked,
          legendBefore: legends.some((l) => !!(l.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING)),
        };
        byName.set(control.name, seen ? { ...entry, ariaRequired: seen.ariaRequired && entry.ariaRequired } : entry);
      }
      return [...byName.values()];
    },
    { field, legend: LEGEND },
  );
}

test.describe("campos obrigatórios", () => {
  test.describe.configure({ mode: "parallel" });

  for (const form of FORMS) {
    test(`${form.label}: marcados como o schema manda`, async ({ page, login }) => {
      if (form.who) await login(form.who);
      if (typeof form.path === "string") await page.goto(form.path);
      else await form.path(page);
      const controls = await controlsOf(page, form.field);
      expect(controls, `formulário com o campo ${form.field}`).not.toBeNull();
      const { known, required } = requiredNames(form.schemas);
      for (const name of form.alsoRequired ?? []) {
        known.add(name);
        required.add(name);
      }
      const wrong: string[] = [];
      for (const control of controls!) {
        if (control.nativeRequired) wrong.push(`${control.name}: atributo required (use aria-required)`);
        if (control.ariaRequired !== control.marked)
          wrong.push(`${control.name}: aria-required ${control.ariaRequired}, asterisco ${control.marked}`);
        if (!known.has(control.name)) continue;
        const should = required.has(control.name);
        if (control.ariaRequired !== should) wrong.push(`${control.name}: ${should ? "obrigatório sem marca" : "opcional marcado"}`);
        if (should && !control.legendBefore) wrong.push(`${control.name}: sem '${LEGEND}' antes`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
