import { getFormProps, getInputProps, getTextareaProps, useForm } from "~/components/form/conform";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, isRouteErrorResponse, Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/pet.mensagem";
import { Field, RequiredLegend } from "~/components/form/field";
import { conformErrors, ErrorSummary } from "~/components/form/error-summary";
import { Honeypot } from "~/components/form/honeypot";
import { SubmitButton } from "~/components/form/submit-button";
import { PetErrorBoundary } from "~/components/pet-not-found";
import { notFound } from "~/lib/not-found";
import { getDb } from "~/context.server";
import { PET_MESSAGE_MAX } from "~/forms/choices";
import { type PetMessageInput, petMessageSchema } from "~/forms/pet-message";
import { parseId } from "~/lib/links";
import {
  PET_MESSAGE_CLOSED,
  PET_MESSAGE_OWN_AD,
  PET_MESSAGE_SENT,
  petMessageLimitAdvice,
  takesMessages,
} from "~/lib/pet-messages";
import { getPetMessageTarget } from "~/models/pet-messages.server";
import { getCurrentUser } from "~/platform/auth.server";
import { readFormData } from "~/platform/form-data.server";
import { sendPetMessage } from "~/services/pet-messages.server";
import { flashToast } from "~/platform/session.server";

// 'Enviar mensagem' (docs/decisions/0033, finding 2): a second way to reach the poster of
// any open ad, without an account and without showing anyone's address or number. A sent
// message redirects back to the ad with a toast; one sent back (400, 403, 429) renders here
// with what was typed.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.pet ? `Enviar mensagem sobre ${loaderData.pet.name} | Patas Conectadas` : "Pet não encontrado | Patas Conectadas" },
  { name: "robots", content: "noindex" },
];

type State = "open" | "own";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const pet = id ? await getPetMessageTarget(getDb(context), id) : null;
  if (!pet) throw notFound();
  const found = { id: pet.id, name: pet.name };
  // A closed ad takes no more messages, as it takes no more calls (docs/decisions/0023).
  if (!takesMessages(pet)) throw notFound(PET_MESSAGE_CLOSED, { state: "closed", pet: found });
  const user = await getCurrentUser(context);
  if (user?.id === pet.ownerId) return { pet: found, state: "own" as State, defaults: {} };
  // A signed-in sender has less to type; they may still change both.
  const defaults = user ? { name: user.name ?? "", email: user.email } : {};
  return { pet: found, state: "open" as State, defaults };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound();
  const submission = parseWithZod(await readFormData(request), { schema: petMessageSchema });
  const hide = { hideFields: ["website"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide), limited: false }, { status: 400 });
  const { website, ...message } = submission.value;
  const sent = () => {
    flashToast(context, { type: "success", ...PET_MESSAGE_SENT });
    return redirect(href("/pet/:id", { id: String(id) }), 303);
  };
  // A filled honeypot gets the same answer as a person, and nothing is stored or mailed.
  if (website) return sent();

  const outcome = await sendPetMessage(context, request, id, message);
  if (outcome.ok) return sent();
  switch (outcome.reason) {
    case "not-found":
    case "closed":
      throw notFound();
    case "own-ad":
      return data({ result: submission.reply({ formErrors: [PET_MESSAGE_OWN_AD], ...hide }), limited: false }, { status: 403 });
    case "rate-limited":
      // What was typed stays in the form; the advice says the real wait (docs/decisions/0030).
      return data(
        { result: submission.reply({ formErrors: [petMessageLimitAdvice(outcome.limit, outcome.retryAfterSeconds)], ...hide }), limited: true },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
  }
}

export default function PetMensagem({ loaderData, actionData }: Route.ComponentProps) {
  const { pet, state } = loaderData;
  return (
    <MessagePage pet={pet}>
      {state === "open" ? (
        <PetMessageForm petId={pet.id} petName={pet.name} defaults={loaderData.defaults} actionData={actionData} />
      ) : (
        <NoForm text={PET_MESSAGE_OWN_AD} />
      )}
    </MessagePage>
  );
}

// A closed ad's form is gone (404), with why and the way back to the ad.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const closed = isRouteErrorResponse(error) ? (error.data as { state?: string; pet?: { id: number; name: string } }) : null;
  if (closed?.state !== "closed" || !closed.pet) return <PetErrorBoundary error={error} />;
  return (
    <MessagePage pet={closed.pet}>
      <NoForm text={PET_MESSAGE_CLOSED} />
    </MessagePage>
  );
}

function NoForm({ text }: { text: string }) {
  return (
    <>
      <h1 className="text-xl font-bold text-slate-900">Enviar mensagem</h1>
      <p className="mt-2 text-slate-600" role="status">
        {text}
      </p>
    </>
  );
}

function MessagePage({ pet, children }: { pet: { id: number; name: string }; children: React.ReactNode }) {
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

function PetMessageForm({
  petId,
  petName,
  defaults,
  actionData,
}: {
  petId: number;
  petName: string;
  defaults: { name?: string; email?: string };
  actionData: Route.ComponentProps["actionData"];
}) {
  const [form, fields] = useForm<PetMessageInput>({
    id: `mensagem-${petId}`,
    lastResult: actionData?.result,
    defaultValue: defaults,
  });
  return (
    <Form method="post" className="relative space-y-4" aria-labelledby={`${form.id}-titulo`} {...getFormProps(form)}>
      <div>
        <h1 id={`${form.id}-titulo`} className="text-xl font-bold text-slate-900">
          Enviar mensagem
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Escreva para quem anunciou {petName}. Você não precisa ter conta. A pessoa recebe sua mensagem e seu contato por
          e-mail; o e-mail e o telefone dela continuam privados.
        </p>
      </div>
      <ErrorSummary title={actionData?.limited ? "Muitas tentativas" : "Não foi possível enviar a mensagem"} errors={conformErrors(form)} />
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
        hint={`Até ${PET_MESSAGE_MAX.toLocaleString("pt-BR")} caracteres.`}
        errors={fields.message.errors}
        errorId={fields.message.errorId}
      >
        <textarea {...getTextareaProps(fields.message)} rows={6} className="input" aria-required="true" />
      </Field>
      <Honeypot />
      <SubmitButton busyLabel="Enviando...">Enviar mensagem</SubmitButton>
    </Form>
  );
}
