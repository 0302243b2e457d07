// The organization form of the NGO dashboard: Cadastrar ONG (with the photos) and the
// edit form of Perfil da ONG (every field; the photos have the gallery; docs/decisions/0016).
import type { z } from "zod";
import type { ActionAnswer } from "~/components/form/action-answer";
import { formProps, useFormFields } from "~/components/form/form-fields";
import { Form } from "react-router";
import { RequiredLegend } from "~/components/form/field";
import { FilePicker } from "~/components/form/file-picker";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { CityFields } from "~/components/form/city-fields";
import { SelectInput, TextareaInput, TextInput } from "~/components/form/inputs";
import { SubmitButton } from "~/components/form/submit-button";
import { ACTION_AREAS, ORGANIZATION_TYPES } from "~/db/values";
import type { organizationSchema } from "~/forms/organization";
import { ACTION_AREA_LABELS, ORGANIZATION_TYPE_LABELS } from "~/lib/labels";
import { socialProfileLabel } from "~/lib/social";

const TYPES = ORGANIZATION_TYPES.map((value) => ({ value, label: ORGANIZATION_TYPE_LABELS[value]! }));
const AREAS = ACTION_AREAS.map((value) => ({ value, label: ACTION_AREA_LABELS[value]! }));

export interface OrganizationFormDefaults {
  type: string;
  name: string;
  actionArea: string;
  whatsapp: string;
  email: string;
  /** 'Cidade' and 'Bairro ou referência' of the stored location (docs/decisions/0032). */
  city: string;
  neighbourhood: string;
  description: string;
  website: string | null;
  socialMedia: Record<string, string> | null;
  youtube: string | null;
}

export function OrganizationForm({
  id,
  action,
  organization,
  prefill,
  answer,
  errorTitle,
  submitLabel,
  busyLabel,
  intent,
}: {
  id: string;
  action: string;
  organization?: OrganizationFormDefaults;
  /** The registration form's starting values: the account's name and e-mail. */
  prefill?: { name: string; email: string };
  /** Its photo messages go with the Fotos field, which only the registration form has. */
  answer: ActionAnswer | undefined;
  errorTitle: string;
  submitLabel: string;
  busyLabel: string;
  intent?: string;
}) {
  const { result, photoErrors, cityChoices } = answer ?? {};
  const [form, fields] = useFormFields<z.input<typeof organizationSchema>>({
    id,
    answer: result,
    defaults: organization
      ? {
          type: organization.type,
          name: organization.name,
          actionArea: organization.actionArea,
          whatsapp: organization.whatsapp,
          email: organization.email,
          city: organization.city,
          neighbourhood: organization.neighbourhood,
          description: organization.description,
          website: organization.website ?? "",
          instagram: organization.socialMedia?.instagram ? socialProfileLabel("instagram", organization.socialMedia.instagram) : "",
          facebook: organization.socialMedia?.facebook ? socialProfileLabel("facebook", organization.socialMedia.facebook) : "",
          youtube: organization.youtube ?? "",
        }
      : prefill,
  });
  const f = fields as unknown as Record<string, Parameters<typeof TextInput>[0]["meta"]>;
  const withPhotos = !organization;
  return (
    <Form method="post" action={action} encType={withPhotos ? "multipart/form-data" : undefined} className="space-y-5" {...formProps(form)}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <ErrorSummary title={errorTitle} errors={summaryErrors(form, { photos: `${id}-fotos` })} />
      <RequiredLegend />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput meta={f.type!} label="Categoria" options={TYPES} required />
        <TextInput meta={f.name!} label="Nome" required />
        <SelectInput meta={f.actionArea!} label="Área de atuação" options={AREAS} required />
        <TextInput meta={f.whatsapp!} label="WhatsApp" type="tel" required />
        <TextInput meta={f.email!} label="E-mail" type="email" required />
        <CityFields city={f.city!} neighbourhood={f.neighbourhood!} choices={cityChoices} required />
        <TextInput meta={f.website!} label="Site (opcional)" />
        <TextInput meta={f.youtube!} label="YouTube (opcional)" />
        <TextInput meta={f.instagram!} label="Instagram (opcional)" hint="@minhaong ou instagram.com/minhaong" autoCapitalize="none" />
        <TextInput meta={f.facebook!} label="Facebook (opcional)" hint="@minhaong ou facebook.com/minhaong" autoCapitalize="none" />
      </div>
      <TextareaInput meta={f.description!} label="Descrição" rows={5} required />
      {withPhotos ? (
        <FilePicker
          id={`${id}-fotos`}
          name="photos"
          label="Fotos"
          hint="De 1 a 3 fotos; a primeira é a imagem principal."
          errors={photoErrors?.length ? photoErrors : undefined}
          multiple
          required
        />
      ) : null}
      <SubmitButton busyLabel={busyLabel} action={action}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
