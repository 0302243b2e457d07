import { formProps, textareaProps, useFormFields } from "~/components/form/form-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/denunciar";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { Field, FieldError, RequiredLegend, RequiredMark } from "~/components/form/field";
import { Honeypot } from "~/components/form/honeypot";
import { SubmitButton } from "~/components/form/submit-button";
import { getActivityDb, getDb } from "~/context.server";
import { REPORT_REASONS } from "~/db/values";
import { type ReportInput, reportSchema } from "~/forms/report";
import {
  type ItemRef,
  KIND_LABELS,
  kindOfSegment,
  parseItemId,
  publicPath,
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_THANKS,
  reportPath,
} from "~/lib/moderation";
import { getModeratedItem } from "~/models/moderation.server";
import { readFormData } from "~/platform/form-data.server";
import { RATE_LIMITED_ADVICE } from "~/platform/rate-limit.server";
import { reportTarget, submitReport } from "~/services/moderation.server";
import { type ErrorScreen, notFound } from "~/lib/not-found";

// 'Denunciar' (docs/decisions/0035): anyone, with or without an account, reports an item
// people publish. A plain form (no JavaScript needed); a sent report redirects here with
// ?enviado=1, which says thanks. Nobody learns who else reported, and the owner never
// learns who did.
export const meta: Route.MetaFunction = () => [{ title: "Denunciar | Patas Conectadas" }, { name: "robots", content: "noindex" }];

const OWN_ITEM = "Você não pode denunciar o que você mesmo publicou.";
const NOT_FOUND: ErrorScreen = {
  title: "Não encontrado",
  message: "O que você quer denunciar não existe ou já saiu do ar.",
  back: { to: href("/"), label: "Voltar para o início" },
};

function refOf(params: { tipo?: string; id?: string }): ItemRef | null {
  const kind = kindOfSegment(params.tipo);
  const id = kind ? parseItemId(kind, params.id) : null;
  return kind && id ? { kind, id } : null;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ref = refOf(params);
  if (!ref) throw notFound(NOT_FOUND);
  if (new URL(request.url).searchParams.get("enviado") === "1") {
    // The thanks, whatever the item's state now (this report may just have held it).
    const item = await getModeratedItem(getDb(context), getActivityDb(context), ref);
    if (!item) throw notFound(NOT_FOUND);
    return { state: "sent" as const, kind: ref.kind, title: "", back: publicPath(item) };
  }
  const target = await reportTarget(context, ref);
  if (!target.ok && target.reason === "not-found") throw notFound(NOT_FOUND);
  const item = target.ok ? target.item : await getModeratedItem(getDb(context), getActivityDb(context), ref);
  return {
    state: target.ok ? ("open" as const) : ("own" as const),
    kind: ref.kind,
    title: item?.title ?? "",
    back: item ? publicPath(item) : href("/"),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const ref = refOf(params);
  if (!ref) throw notFound(NOT_FOUND);
  const submission = parseWithZod(await readFormData(request), { schema: reportSchema });
  const hide = { hideFields: ["website"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide), limited: false }, { status: 400 });
  const thanks = () => redirect(`${reportPath(ref.kind, ref.id)}?enviado=1`, 303);
  // A filled honeypot gets the same answer as a person, and nothing is stored.
  if (submission.value.website) return thanks();
  const outcome = await submitReport(context, request, ref, submission.value);
  if (outcome.ok) return thanks();
  switch (outcome.reason) {
    case "not-found":
      throw notFound(NOT_FOUND);
    case "own-item":
      return data({ result: submission.reply({ formErrors: [OWN_ITEM], ...hide }), limited: false }, { status: 403 });
    case "rate-limited":
      return data(
        { result: submission.reply({ formErrors: [RATE_LIMITED_ADVICE], ...hide }), limited: true },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
  }
}

export default function Denunciar({ loaderData, actionData }: Route.ComponentProps) {
  const { state, kind, title, back } = loaderData;
  return (
    <section className="container-page max-w-2xl py-10">
      <p className="text-sm">
        <Link to={back} className="inline-flex min-h-11 min-w-11 items-center font-medium text-brand-700 underline">
          Voltar
        </Link>
      </p>
      <div className="mt-4 rounded-xl border border-slate-200 p-4">
        {state === "sent" ? (
          <>
            <h1 className="text-xl font-bold text-slate-900">Denúncia enviada</h1>
            <p className="mt-2 text-slate-700" role="status">
              {REPORT_THANKS}
            </p>
          </>
        ) : state === "own" ? (
          <>
            <h1 className="text-xl font-bold text-slate-900">Denunciar</h1>
            <p className="mt-2 text-slate-600" role="status">
              {OWN_ITEM}
            </p>
          </>
        ) : (
          <ReportForm kindLabel={KIND_LABELS[kind]} title={title} actionData={actionData} />
        )}
      </div>
    </section>
  );
}

function ReportForm({
  kindLabel,
  title,
  actionData,
}: {
  kindLabel: string;
  title: string;
  actionData: Route.ComponentProps["actionData"];
}) {
  const [form, fields] = useFormFields<ReportInput>({
    id: "denunciar",
    answer: actionData?.result,
  });
  const chosen = fields.reason.value;
  const reasonErrorId = fields.reason.errorId;
  return (
    <Form method="post" className="relative space-y-4" aria-labelledby={`${form.id}-titulo`} {...formProps(form)}>
      <div>
        <h1 id={`${form.id}-titulo`} className="text-xl font-bold text-slate-900">
          Denunciar
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {kindLabel}: <strong>{title}</strong>. Você não precisa ter conta. Quem publicou não fica sabendo quem denunciou.
        </p>
      </div>
      <ErrorSummary
        title={actionData?.limited ? "Muitas tentativas" : "Não foi possível enviar a denúncia"}
        // The first option carries the field's id, so the summary's link lands on the group.
        errors={summaryErrors(form, { reason: `${form.id}-reason` })}
      />
      <RequiredLegend />
      <fieldset aria-describedby={fields.reason.errors?.length ? reasonErrorId : undefined}>
        <legend id={`${form.id}-reason-legend`} className="label">
          Motivo <RequiredMark />
        </legend>
        {/* A group takes no aria-required; the radio group does. */}
        <div className="grid gap-2" role="radiogroup" aria-required aria-labelledby={`${form.id}-reason-legend`}>
          {REPORT_REASONS.map((reason, index) => (
            <label
              key={reason}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={fields.reason.name}
                value={reason}
                id={index === 0 ? `${form.id}-reason` : undefined}
                defaultChecked={chosen === reason}
                className="accent-brand-600"
              />
              <span className="text-sm text-slate-900">{REPORT_REASON_LABELS[reason]}</span>
            </label>
          ))}
        </div>
        <FieldError id={reasonErrorId} errors={fields.reason.errors} />
      </fieldset>
      <Field
        id={fields.details.id}
        label="Detalhes (opcional)"
        hint={`O que a equipe precisa saber. Até ${REPORT_DETAILS_MAX.toLocaleString("pt-BR")} caracteres.`}
        errors={fields.details.errors}
        errorId={fields.details.errorId}
      >
        <textarea {...textareaProps(fields.details)} rows={5} className="input" />
      </Field>
      <Honeypot />
      <SubmitButton busyLabel="Enviando...">Enviar denúncia</SubmitButton>
    </Form>
  );
}
