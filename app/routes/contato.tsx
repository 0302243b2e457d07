import type { z } from "zod";
import { formProps, inputProps, selectProps, textareaProps, useFormFields } from "~/components/form/form-fields";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/contato";
import { Field, RequiredLegend } from "~/components/form/field";
import { Honeypot } from "~/components/form/honeypot";
import { SubmitButton } from "~/components/form/submit-button";
import { CONTACT_SUBJECTS } from "~/forms/choices";
import { contactSchema } from "~/forms/contact";
import { sendContactMessage } from "~/services/contact.server";
import { RATE_LIMITED_MESSAGE } from "~/platform/rate-limit.server";
import { flashToast } from "~/platform/session.server";
import { CONTACT_EMAIL, CONTACT_PHONE } from "~/components/layout/site-footer";
import { readFormData } from "~/platform/form-data.server";

export const meta: Route.MetaFunction = () => [
  { title: "Contato | Patas Conectadas" },
  { name: "description", content: "Fale com a equipe da Patas Conectadas." },
];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const subject = CONTACT_SUBJECTS.find((s) => s === url.searchParams.get("assunto")) ?? null;
  return { sent: url.searchParams.get("enviado") === "1", subject };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const { website, ...message } = submission.value;
  // A filled honeypot gets the same answer as a person, and nothing is saved.
  if (!website) {
    const sent = await sendContactMessage(context, request, message);
    if (!sent.ok) {
      // What was typed stays in the form (docs/decisions/0012).
      return data(
        { result: submission.reply({ formErrors: [RATE_LIMITED_MESSAGE] }) },
        { status: 429, headers: { "Retry-After": String(sent.retryAfterSeconds) } },
      );
    }
  }
  flashToast(context, {
    type: "success",
    title: "Mensagem enviada!",
    description: "Obrigado pelo contato. Responderemos em breve.",
  });
  return redirect("/contato?enviado=1");
}

export default function Contato({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useFormFields<z.input<typeof contactSchema>>({
    answer: actionData?.result,
    defaults: loaderData.subject ? { subject: loaderData.subject } : undefined,
  });

  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="text-3xl font-bold text-slate-900">Contato</h1>
      <p className="mt-2 text-slate-600">
        Tem uma dúvida, sugestão ou quer sugerir um link? Escreva para nós ou use o e-mail{" "}
        <a className="font-medium text-brand-700" href={`mailto:${CONTACT_EMAIL}`}>
          {CONTACT_EMAIL}
        </a>{" "}
        e o telefone {CONTACT_PHONE}.
      </p>

      {loaderData.sent ? (
        <div className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-6" role="status">
          <h2 className="text-lg font-semibold text-emerald-900">Obrigado pela sua mensagem!</h2>
          <p className="mt-1 text-emerald-800">Recebemos seu contato e responderemos pelo e-mail informado em breve.</p>
          <Link to="/" className="btn btn-primary mt-4">
            Voltar para o início
          </Link>
        </div>
      ) : (
        <Form method="post" className="relative mt-6 space-y-4" {...formProps(form)}>
          <ErrorSummary title="Não foi possível enviar" errors={summaryErrors(form)} />
          <RequiredLegend />
          <Field id={fields.name.id} label="Nome" errors={fields.name.errors} errorId={fields.name.errorId} required>
            <input {...inputProps(fields.name, { type: "text" })} aria-required className="input" autoComplete="name" />
          </Field>
          <Field id={fields.email.id} label="E-mail" errors={fields.email.errors} errorId={fields.email.errorId} required>
            <input {...inputProps(fields.email, { type: "email" })} aria-required className="input" autoComplete="email" />
          </Field>
          <Field id={fields.subject.id} label="Assunto" errors={fields.subject.errors} errorId={fields.subject.errorId} required>
            <select {...selectProps(fields.subject)} aria-required className="input">
              <option value="">Selecione...</option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {subject}
                </option>
              ))}
            </select>
          </Field>
          <Field id={fields.message.id} label="Mensagem" errors={fields.message.errors} errorId={fields.message.errorId} required>
            <textarea {...textareaProps(fields.message)} rows={6} aria-required className="input" />
          </Field>
          <Honeypot />
          <SubmitButton busyLabel="Enviando...">Enviar mensagem</SubmitButton>
        </Form>
      )}
    </div>
  );
}
