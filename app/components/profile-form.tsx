import type { ReactNode } from "react";
import { Form } from "react-router";
import { ErrorSummary, summaryErrors } from "~/components/form/error-summary";
import { type FormField, type FormInfo, formProps, inputProps } from "~/components/form/form-fields";
import { RequiredLegend } from "~/components/form/field";
import { FilePicker } from "~/components/form/file-picker";
import type { PlaceholderKind } from "~/components/safe-image";
import { SubmitButton } from "~/components/form/submit-button";

/**
 * The two pictures a profile has, by their field's name (the input is `${name}-input`):
 * shown at 64 px, with their kind's placeholder when there is none; a photo is round.
 */
const PICTURES: Record<"avatar" | "logo", { label: string; kind: PlaceholderKind; alt: string; shape: string; removeLabel: string }> = {
  avatar: { label: "Foto", kind: "avatar", alt: "Sua foto atual", shape: "rounded-full", removeLabel: "Remover foto" },
  logo: { label: "Logo", kind: "product", alt: "Logo atual da empresa", shape: "rounded-lg", removeLabel: "Remover logo" },
};

/**
 * The form of a profile page ('Meu Perfil', 'Perfil da Empresa'): its picture (a photo, a
 * logo) first, beside the current one with the box to remove it, then the page's fields
 * and 'Salvar Alterações'. One multipart POST: it works without JavaScript.
 */
export function ProfileForm({
  form,
  action,
  picture,
  current,
  removeField,
  children,
}: {
  form: FormInfo;
  action: string;
  /** The picture's field. */
  picture: keyof typeof PICTURES;
  /** The picture now, if any. */
  current: string | null;
  /**
   * Its 'Remover' box, bound to the form's field so a refused save keeps the box as it
   * was ticked.
   */
  removeField: FormField;
  children: ReactNode;
}) {
  const image = PICTURES[picture];
  const inputId = `${picture}-input`;
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="mt-5 space-y-4" {...formProps(form)}>
      <ErrorSummary title="Erro ao atualizar" errors={summaryErrors(form, { [picture]: inputId })} />
      <RequiredLegend />
      <FilePicker
        id={inputId}
        name={picture}
        label={image.label}
        errors={form.errorsByField[picture]}
        preview={{
          url: current,
          kind: image.kind,
          alt: image.alt,
          width: 64,
          height: 64,
          className: `size-16 ${image.shape}`,
          always: true,
        }}
        remove={{ label: image.removeLabel, input: inputProps(removeField, { type: "checkbox" }) }}
      />
      {children}
      <SubmitButton busyLabel="Salvando...">Salvar Alterações</SubmitButton>
    </Form>
  );
}
