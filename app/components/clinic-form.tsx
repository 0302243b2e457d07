// The clinic form of the company dashboard (new and edit) and the notice a company
// without Premium sees instead (docs/decisions/0015).
import type { z } from "zod";
import { RequiredLegend } from "~/components/form/field";
import { FilePicker } from "~/components/form/file-picker";
import type { ActionAnswer } from "~/components/form/action-answer";
import { formProps, useFormFields } from "~/components/form/form-fields";
import { Form, href, Link } from "react-router";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { CityFields } from "~/components/form/city-fields";
import { CheckboxInput, SelectInput, TextareaInput, TextInput } from "~/components/form/inputs";
import { SubmitButton } from "~/components/form/submit-button";
import type { clinics } from "~/db/schema";
import { CLINIC_CATEGORIES } from "~/db/values";
import type { clinicSchema } from "~/forms/clinic";
import { CLINIC_CATEGORY_LABELS } from "~/lib/labels";
import { socialProfileLabel } from "~/lib/social";

const CATEGORIES = CLINIC_CATEGORIES.map((value) => ({ value, label: CLINIC_CATEGORY_LABELS[value]! }));

/** The stored clinic the edit form starts from. */
export type ClinicFormDefaults = Pick<
  typeof clinics.$inferSelect,
  | "category"
  | "name"
  | "description"
  | "phone"
  | "email"
  | "address"
  | "website"
  | "whatsapp"
  | "openHours"
  | "specialties"
  | "services"
  | "socialMedia"
  | "hasParking"
  | "hasHomeService"
  | "mainImageUrl"
> & {
  /** 'Cidade' and 'Bairro ou referência' of the stored location (docs/decisions/0032). */
  city: string;
  neighbourhood: string;
};

export function ClinicForm({ action, clinic, answer }: { action: string; clinic?: ClinicFormDefaults; answer: ActionAnswer | undefined }) {
  const { result, cityChoices } = answer ?? {};
  const [form, fields] = useFormFields<z.input<typeof clinicSchema>>({
    id: clinic ? "clinic-edit" : "clinic-new",
    answer: result,
    defaults: clinic
      ? {
          category: clinic.category,
          name: clinic.name,
          description: clinic.description,
          phone: clinic.phone ?? "",
          email: clinic.email ?? "",
          city: clinic.city,
          neighbourhood: clinic.neighbourhood,
          address: clinic.address ?? "",
          website: clinic.website ?? "",
          whatsapp: clinic.whatsapp ?? "",
          openHours: clinic.openHours ?? "",
          facebook: clinic.socialMedia?.facebook ? socialProfileLabel("facebook", clinic.socialMedia.facebook) : "",
          instagram: clinic.socialMedia?.instagram ? socialProfileLabel("instagram", clinic.socialMedia.instagram) : "",
          specialties: (clinic.specialties ?? []).join(", "),
          services: (clinic.services ?? []).join(", "),
          hasParking: clinic.hasParking ? "on" : undefined,
          hasHomeService: clinic.hasHomeService ? "on" : undefined,
        }
      : undefined,
  });
  const f = fields as unknown as Record<string, Parameters<typeof TextInput>[0]["meta"]>;
  const imageErrors = (fields as unknown as Record<string, { errors?: string[] }>).image?.errors;
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="space-y-5" {...formProps(form)}>
      <ErrorSummary title="Erro ao atualizar" errors={summaryErrors(form, { image: "clinic-image" })} />
      <RequiredLegend />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput meta={f.category!} label="Categoria" options={CATEGORIES} required />
        <TextInput meta={f.name!} label="Nome" required />
        <TextInput meta={f.phone!} label="Telefone" type="tel" required />
        <TextInput meta={f.email!} label="E-mail" type="email" required />
        <CityFields city={f.city!} neighbourhood={f.neighbourhood!} choices={cityChoices} neighbourhoodLabel="Bairro" required />
        <TextInput meta={f.address!} label="Endereço" required />
        <TextInput meta={f.whatsapp!} label="WhatsApp" type="tel" />
        <TextInput meta={f.website!} label="Site" />
        <TextInput meta={f.openHours!} label="Horário de funcionamento" />
        <TextInput meta={f.facebook!} label="Facebook" hint="@suaclinica ou facebook.com/suaclinica" autoCapitalize="none" />
        <TextInput meta={f.instagram!} label="Instagram" hint="@suaclinica ou instagram.com/suaclinica" autoCapitalize="none" />
      </div>
      <TextareaInput meta={f.description!} label="Descrição" required />
      <TextInput meta={f.specialties!} label="Especialidades" hint="Separe por vírgulas, por exemplo: Dermatologia, Cardiologia." />
      <TextInput meta={f.services!} label="Serviços" hint="Separe por vírgulas, por exemplo: Consultas, Vacinação, Exames." />
      <div className="grid gap-3 sm:grid-cols-2">
        <CheckboxInput meta={f.hasParking!} label="Estacionamento" />
        <CheckboxInput meta={f.hasHomeService!} label="Atendimento a domicílio" />
      </div>
      <FilePicker
        id="clinic-image"
        name="image"
        label={clinic?.mainImageUrl ? "Trocar imagem principal" : "Imagem principal"}
        errors={imageErrors}
        preview={
          clinic
            ? {
                url: clinic.mainImageUrl,
                kind: "clinic",
                alt: `Imagem atual de ${clinic.name}`,
                width: 112,
                height: 84,
                className: "aspect-[4/3] w-28 rounded-lg",
              }
            : null
        }
        remove={{ label: "Remover imagem", input: { name: "removeImage" } }}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busyLabel="Salvando..." action={action}>
          {clinic ? "Salvar alterações" : "Cadastrar clínica"}
        </SubmitButton>
        <Link to={href("/empresa/dashboard/clinicas")} className="btn btn-ghost">
          Cancelar
        </Link>
      </div>
    </Form>
  );
}

export const CLINIC_PREMIUM_MESSAGE =
  "O cadastro de clínicas e pet shops faz parte do Plano Premium. Assine o Plano Premium para incluir suas clínicas.";

/** What a company without Premium sees instead of the form (spec §9, the plan card). */
export function PremiumClinicNotice({ message = CLINIC_PREMIUM_MESSAGE }: { message?: string }) {
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900" data-testid="clinicas-premium">
      <p className="font-semibold">Clínicas e pet shops são do Plano Premium</p>
      <p className="mt-1 text-sm">{message}</p>
      <Link to="/empresa-landing?plano=premium" className="btn btn-primary mt-3">
        Assinar Premium
      </Link>
    </div>
  );
}
