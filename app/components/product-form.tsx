import type { z } from "zod";
import type { ActionAnswer } from "~/components/form/action-answer";
import { formProps, useFormFields } from "~/components/form/form-fields";
import type { ReactNode } from "react";
import { Form, href, Link } from "react-router";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { RequiredLegend } from "~/components/form/field";
import { CityFields } from "~/components/form/city-fields";
import { CheckboxInput, SelectInput, TextareaInput, TextInput } from "~/components/form/inputs";
import { CurrentPhotos, PhotoInput } from "~/components/form/photo-input";
import { SubmitButton } from "~/components/form/submit-button";
import { PRODUCT_CATEGORIES } from "~/db/values";
import type { productSchema } from "~/forms/product";
import { PRODUCT_CATEGORY_LABELS } from "~/lib/labels";

const CATEGORIES = PRODUCT_CATEGORIES.map((value) => ({ value, label: PRODUCT_CATEGORY_LABELS[value]! }));

export interface ProductFormDefaults {
  category: string;
  title: string;
  description: string;
  price: string;
  contact: string;
  city: string;
  instagram: string;
  facebook: string;
  website: string;
  homeDelivery: boolean;
}

/** The product form of the company dashboard (new and edit), a plain multipart POST. */
export function ProductForm({
  id,
  action,
  answer,
  defaultValue,
  photos = [],
  errorTitle,
  submitLabel,
  notice,
}: {
  id: string;
  action: string;
  answer: ActionAnswer | undefined;
  defaultValue?: ProductFormDefaults;
  /** The product's current photos (edit), each with a 'Remover' box. */
  photos?: string[];
  errorTitle: string;
  submitLabel: string;
  notice?: ReactNode;
}) {
  const { result, photoErrors, cityChoices } = answer ?? {};
  const [form, fields] = useFormFields<z.input<typeof productSchema>>({
    id,
    answer: result,
    defaults: defaultValue ? { ...defaultValue, homeDelivery: defaultValue.homeDelivery ? "on" : "" } : undefined,
  });
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="mt-6 space-y-5" {...formProps(form)}>
      <ErrorSummary title={errorTitle} errors={summaryErrors(form, { photos: "photos-input" })} />
      {notice}
      <RequiredLegend />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput meta={fields.category} label="Categoria" options={CATEGORIES} required />
        <TextInput meta={fields.title} label="Título" required />
        <TextInput meta={fields.price} label="Preço (R$)" inputMode="decimal" placeholder="49,90" hint="Por exemplo 49,90" required />
        <TextInput meta={fields.contact} label="Contato" hint="Telefone com DDD (abre o WhatsApp) ou e-mail" required />
        <CityFields city={fields.city} choices={cityChoices} required />
        <TextInput meta={fields.website} label="Site" hint="Opcional" />
        <TextInput meta={fields.instagram} label="Instagram" hint="Opcional. @sualoja ou instagram.com/sualoja" autoCapitalize="none" />
        <TextInput meta={fields.facebook} label="Facebook" hint="Opcional. @sualoja ou facebook.com/sualoja" autoCapitalize="none" />
      </div>
      <TextareaInput meta={fields.description} label="Descrição" required />
      <CheckboxInput meta={fields.homeDelivery} label="Entrega em domicílio" />
      <CurrentPhotos photos={photos} altOf={(position) => `Foto ${position} do produto`} />
      <PhotoInput
        label={photos.length ? "Adicionar fotos" : "Fotos"}
        errors={photoErrors}
        required={false}
        currentPhotoField={photos.length ? "removeImage" : undefined}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busyLabel="Salvando..." action={action}>
          {submitLabel}
        </SubmitButton>
        <Link to={href("/empresa/dashboard")} className="btn btn-ghost">
          Cancelar
        </Link>
      </div>
    </Form>
  );
}
