// The page of the two forms that write to an ad's poster, 'Enviar mensagem'
// (docs/decisions/0033) and 'Quero adotar' (docs/decisions/0047): one form, its
// words by kind. No account needed; nobody's address or number is shown.
import { Form } from "react-router";
import { formProps, inputProps, textareaProps, type FormAnswer, useFormFields } from "~/components/form/form-fields";
import { Field, RequiredLegend } from "~/components/form/field";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { Honeypot } from "~/components/form/honeypot";
import { SubmitButton } from "~/components/form/submit-button";
import { PetFormHeading, PetFormPage, PetFormUnavailable } from "~/components/pet-inbox";
import type { PetMessageKind } from "~/db/values";
import { PET_MESSAGE_MAX } from "~/forms/choices";
import type { PetMessageInput } from "~/forms/pet-message";
import { PET_MESSAGE_OWN_AD, type PetMessageFormPet, petMessageFormTitle } from "~/lib/pet-messages";

function Intro({ kind, pet }: { kind: PetMessageKind; pet: PetMessageFormPet }) {
  if (kind === "message") {
    return (
      <>
        Escreva para quem anunciou {pet.name}. Você não precisa ter conta. A pessoa recebe sua mensagem e seu contato por e-mail; o e-mail e
        o telefone dela continuam privados.
      </>
    );
  }
  const who = pet.organizationName ?? "Quem anunciou";
  return (
    <>
      Conte um pouco sobre você, sua casa e sua rotina. Você não precisa ter conta. {who} recebe seu pedido e seu contato por e-mail e
      responde por ele; o e-mail e o telefone de quem anunciou continuam privados.
    </>
  );
}

/** The form's page for what its loader answered: the form, or why there is none. */
export function PetMessageFormPage({
  kind,
  pet,
  state,
  defaults,
  actionData,
}: {
  kind: PetMessageKind;
  pet: PetMessageFormPet;
  state: "open" | "own";
  defaults: Partial<Pick<PetMessageInput, "name" | "email" | "message">>;
  actionData: { result: FormAnswer; limited: boolean } | undefined;
}) {
  return (
    <PetFormPage pet={pet}>
      {state === "open" ? (
        <PetMessageForm kind={kind} pet={pet} defaults={defaults} actionData={actionData} />
      ) : (
        <PetFormUnavailable title={petMessageFormTitle(kind, pet.name)} text={PET_MESSAGE_OWN_AD} />
      )}
    </PetFormPage>
  );
}

function PetMessageForm({
  kind,
  pet,
  defaults,
  actionData,
}: {
  kind: PetMessageKind;
  pet: PetMessageFormPet;
  defaults: Partial<Pick<PetMessageInput, "name" | "email" | "message">>;
  actionData: { result: FormAnswer; limited: boolean } | undefined;
}) {
  const adoption = kind === "adoption";
  const [form, fields] = useFormFields<PetMessageInput>({
    id: `${adoption ? "quero-adotar" : "mensagem"}-${pet.id}`,
    answer: actionData?.result,
    defaults,
  });
  const failed = adoption ? "Não foi possível enviar o pedido" : "Não foi possível enviar a mensagem";
  return (
    <Form method="post" className="relative space-y-4" aria-labelledby={`${form.id}-titulo`} {...formProps(form)}>
      <PetFormHeading formId={form.id} title={petMessageFormTitle(kind, pet.name)}>
        <Intro kind={kind} pet={pet} />
      </PetFormHeading>
      <ErrorSummary title={actionData?.limited ? "Muitas tentativas" : failed} errors={summaryErrors(form)} />
      <RequiredLegend />
      <Field id={fields.name.id} label="Seu nome" required errors={fields.name.errors} errorId={fields.name.errorId}>
        <input {...inputProps(fields.name, { type: "text" })} className="input" autoComplete="name" aria-required="true" />
      </Field>
      <p className="text-sm text-slate-600">Deixe ao menos um contato: é por ele que a pessoa vai responder.</p>
      <Field id={fields.email.id} label="Seu e-mail" errors={fields.email.errors} errorId={fields.email.errorId}>
        <input {...inputProps(fields.email, { type: "email" })} className="input" autoComplete="email" />
      </Field>
      <Field id={fields.phone.id} label="Seu WhatsApp ou telefone" errors={fields.phone.errors} errorId={fields.phone.errorId}>
        <input {...inputProps(fields.phone, { type: "tel" })} className="input" autoComplete="tel" placeholder="(11) 98765-4321" />
      </Field>
      <Field
        id={fields.message.id}
        label="Mensagem"
        required
        hint={`${adoption ? "Quem mora com você, se tem outros animais, quintal ou apartamento. " : ""}Até ${PET_MESSAGE_MAX.toLocaleString("pt-BR")} caracteres.`}
        errors={fields.message.errors}
        errorId={fields.message.errorId}
      >
        <textarea {...textareaProps(fields.message)} rows={6} className="input" aria-required="true" />
      </Field>
      <Honeypot />
      <SubmitButton busyLabel="Enviando...">{adoption ? "Enviar pedido" : "Enviar mensagem"}</SubmitButton>
    </Form>
  );
}
