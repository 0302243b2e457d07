import type { z } from "zod";
import { getFormProps, type SubmissionResult, useForm } from "~/components/form/conform";
import type { ReactNode } from "react";
import { Form, href, Link } from "react-router";
import { conformErrors, ErrorSummary } from "~/components/form/error-summary";
import { CityFields, type CityChoicesView } from "~/components/form/city-fields";
import { CheckboxInput, SelectInput, TextareaInput, TextInput } from "~/components/form/inputs";
import { PhotoInput } from "~/components/form/photo-input";
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
  lastResult,
  defaultValue,
  photos = [],
  errorTitle,
  submitLabel,
  notice,
  photoErrors,
  cityChoices,
}: {
  id: string;
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue?: ProductFormDefaults;
  /** The product's current photos (edit), each with a 'Remover' box. */
  photos?: string[];
  errorTitle: string;
  submitLabel: string;
  notice?: ReactNode;
  /** The photo check's messages (bytes, size, the limit of 3), from the action. */
  photoErrors?: string[];
  /** The server's candidates when the city's name is in several states. */
  cityChoices?: CityChoicesView | null;
}) {
  const [form, fields] = useForm<z.input<typeof productSchema>>({
    id,
    lastResult,
    defaultValue: defaultValue ? { ...defaultValue, homeDelivery: defaultValue.homeDelivery ? "on" : "" } : undefined,
  });
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="mt-6 space-y-5" {...getFormProps(form)}>
      <ErrorSummary title={errorTitle} errors={conformErrors(form, { photos: "photos-input" })} />
      {notice}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput meta={fields.category} label="Categoria" options={CATEGORIES} />
        <TextInput meta={fields.title} label="Título" />
        <TextInput meta={fields.price} label="Preço (R$)" inputMode="decimal" placeholder="49,90" hint="Por exemplo 49,90" />
        <TextInput meta={fields.contact} label="Contato" hint="Telefone com DDD (abre o WhatsApp) ou e-mail" />
        <CityFields city={fields.city} choices={cityChoices} />
        <TextInput meta={fields.website} label="Site" hint="Opcional" />
        <TextInput meta={fields.instagram} label="Instagram" hint="Opcional. @sualoja ou instagram.com/sualoja" autoCapitalize="none" />
        <TextInput meta={fields.facebook} label="Facebook" hint="Opcional. @sualoja ou facebook.com/sualoja" autoCapitalize="none" />
      </div>
      <TextareaInput meta={fields.description} label="Descrição" />
      <CheckboxInput meta={fields.homeDelivery} label="Entrega em domicílio" />
      {photos.length ? (
        <fieldset>
          <legend className="label">Fotos atuais</legend>
          <ul className="flex flex-wrap gap-3">
            {photos.map((url, index) => (
              <li key={url} className="w-28 text-center">
                <img src={url} alt={`Foto ${index + 1} do produto`} width={112} height={84} className="aspect-[4/3] w-28 rounded-lg object-cover" />
                <label className="check-label mt-1 justify-center gap-1 text-xs text-slate-700">
                  <input type="checkbox" name="removeImage" value={url} className="accent-red-600" /> Remover
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
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
