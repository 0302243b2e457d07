import type { ComponentProps, ReactNode } from "react";
import { Form } from "react-router";
import { ErrorSummary, summaryErrors } from "~/components/form/error-summary";
import { type FormInfo, formProps } from "~/components/form/form-fields";
import { SingleImageField } from "~/components/form/single-image-field";
import { SubmitButton } from "~/components/form/submit-button";

type ImageFieldProps = ComponentProps<typeof SingleImageField>;

/**
 * The form of a profile page ('Meu Perfil', 'Perfil da Empresa'): its picture (a photo, a
 * logo) first, beside the current one with the box to remove it, then the page's fields
 * and 'Salvar Alterações'. One multipart POST: it works without JavaScript.
 */
export function ProfileForm({
  form,
  action,
  image,
  children,
}: {
  form: FormInfo;
  action: string;
  /** The picture's field: its name (the input is `${name}-input`), words, errors, current one. */
  image: {
    name: string;
    label: string;
    errors: string[] | undefined;
    preview: ImageFieldProps["preview"];
    remove: ImageFieldProps["remove"];
  };
  children: ReactNode;
}) {
  const inputId = `${image.name}-input`;
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="mt-5 space-y-4" {...formProps(form)}>
      <ErrorSummary title="Erro ao atualizar" errors={summaryErrors(form, { [image.name]: inputId })} />
      <SingleImageField
        id={inputId}
        name={image.name}
        label={image.label}
        hint="JPEG, PNG, WebP, GIF ou AVIF, até 5 MB."
        errors={image.errors}
        preview={image.preview}
        remove={image.remove}
      />
      {children}
      <SubmitButton busyLabel="Salvando...">Salvar Alterações</SubmitButton>
    </Form>
  );
}
