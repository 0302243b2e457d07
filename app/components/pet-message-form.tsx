// The page of the two forms that write to an ad's poster, 'Enviar mensagem'
// (docs/decisions/0033) and 'Quero adotar' (docs/decisions/0047): one form, its
// words by kind. No account needed; nobody's address or number is shown.
import { isRouteErrorResponse, Form, href, Link } from "react-router";
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "~/components/form/conform";
import { Field, RequiredLegend } from "~/components/form/field";
import { conformErrors, ErrorSummary } from "~/components/form/error-summary";
import { Honeypot } from "~/components/form/honeypot";
import { SubmitButton } from "~/components/form/submit-button";
import { PetErrorBoundary } from "~/components/pet-not-found";
import type { PetMessageKind } from "~/db/values";
import { PET_MESSAGE_MAX } from "~/forms/choices";
import type { PetMessageInput } from "~/forms/pet-message";
import { PET_MESSAGE_CLOSED, PET_MESSAGE_OWN_AD, type PetMessageFormPet } from "~/lib/pet-messages";

const TITLES: Record<PetMessageKind, (petName: string) => string> = {
  message: () => "Enviar mensagem",
  adoption: (petName) => `Quero adotar ${petName}`,
};

/** The page's title (the browser tab's too). */
export function petMessageFormTitle(kind: PetMessageKind, petName: string) {
  return TITLES[kind](petName);
}

function Intro({ kind, pet }: { kind: PetMessageKind; pet: PetMessageFormPet }) {
  if (kind === "message") {
    return (
      <>
        Escreva para quem anunciou {pet.name}. Você não precisa ter conta. A pessoa recebe sua mensagem e seu contato por
        e-mail; o e-mail e o telefone dela continuam privados.
      </>
    );
  }
  const who = pet.organizationName ?? "Quem anunciou";
  return (
    <>
      Conte um pouco sobre você, sua casa e sua rotina. Você não precisa ter conta. {who} recebe seu pedido e seu contato por
      e-mail e responde por ele; o e-mail e o telefone de quem anunciou continuam privados.
    </>
  );
}

export function PetMessagePage({ pet, children }: { pet: { id: number; name: string }; children: React.ReactNode }) {
  const back = href("/pet/:id", { id: String(pet.id) });
  return (
    <section className="container-page max-w-2xl py-10">
      <p className="text-sm">
        <Link to={back} className="font-medium text-brand-700 underline">
          Voltar ao anúncio de {pet.name}
        </Link>
      </p>
      <div className="mt-4 rounded-xl border border-slate-200 p-4">{children}</div>
    </section>
  );
}

export function PetMessageNoForm({ kind, petName, text }: { kind: PetMessageKind; petName: string; text: string }) {
  return (
    <>
      <h1 className="text-xl font-bold text-slate-900">{petMessageFormTitle(kind, petName)}</h1>
      <p className="mt-2 text-slate-600" role="status">
        {text}
      </p>
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
  actionData: { result: SubmissionResult<string[]>; limited: boolean } | undefined;
}) {
  return (
    <PetMessagePage pet={pet}>
      {state === "open" ? (
        <PetMessageForm kind={kind} pet={pet} defaults={defaults} actionData={actionData} />
      ) : (
        <PetMessageNoForm kind={kind} petName={pet.name} text={PET_MESSAGE_OWN_AD} />
      )}
    </PetMessagePage>
  );
}

/** A closed ad's form is gone (404), with why and the way back to the ad. */
export function PetMessageErrorBoundary({ kind, error }: { kind: PetMessageKind; error: unknown }) {
  const closed = isRouteErrorResponse(error) ? (error.data as { state?: string; pet?: { id: number; name: string } }) : null;
  if (closed?.state !== "closed" || !closed.pet) return <PetErrorBoundary error={error} />;
  return (
    <PetMessagePage pet={closed.pet}>
      <PetMessageNoForm kind={kind} petName={closed.pet.name} text={PET_MESSAGE_CLOSED} />
    </PetMessagePage>
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
  actionData: { result: SubmissionResult<string[]>; limited: boolean } | undefined;
}) {
  const adoption = kind === "adoption";
  const [form, fields] = useForm<PetMessageInput>({
    id: `${adoption ? "quero-adotar" : "mensagem"}-${pet.id}`,
    lastResult: actionData?.result,
    defaultValue: defaults,
  });
  const failed = adoption ? "Não foi possível enviar o pedido" : "Não foi possível enviar a mensagem";
  return (
    <Form method="post" className="relative space-y-4" aria-labelledby={`${form.id}-titulo`} {...getFormProps(form)}>
      <div>
        <h1 id={`${form.id}-titulo`} className="text-xl font-bold text-slate-900">
          {petMessageFormTitle(kind, pet.name)}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          <Intro kind={kind} pet={pet} />
        </p>
      </div>
      <ErrorSummary title={actionData?.limited ? "Muitas tentativas" : failed} errors={conformErrors(form)} />
      <RequiredLegend />
      <Field id={fields.name.id} label="Seu nome" required errors={fields.name.errors} errorId={fields.name.errorId}>
        <input {...getInputProps(fields.name, { type: "text" })} className="input" autoComplete="name" aria-required="true" />
      </Field>
      <p className="text-sm text-slate-600">Deixe ao menos um contato: é por ele que a pessoa vai responder.</p>
      <Field id={fields.email.id} label="Seu e-mail" errors={fields.email.errors} errorId={fields.email.errorId}>
        <input {...getInputProps(fields.email, { type: "email" })} className="input" autoComplete="email" />
      </Field>
      <Field id={fields.phone.id} label="Seu WhatsApp ou telefone" errors={fields.phone.errors} errorId={fields.phone.errorId}>
        <input {...getInputProps(fields.phone, { type: "tel" })} className="input" autoComplete="tel" placeholder="(11) 98765-4321" />
      </Field>
      <Field
        id={fields.message.id}
        label="Mensagem"
        required
        hint={`${adoption ? "Quem mora com você, se tem outros animais, quintal ou apartamento. " : ""}Até ${PET_MESSAGE_MAX.toLocaleString("pt-BR")} caracteres.`}
        errors={fields.message.errors}
        errorId={fields.message.errorId}
      >
        <textarea {...getTextareaProps(fields.message)} rows={6} className="input" aria-required="true" />
      </Field>
      <Honeypot />
      <SubmitButton busyLabel="Enviando...">{adoption ? "Enviar pedido" : "Enviar mensagem"}</SubmitButton>
    </Form>
  );
}
