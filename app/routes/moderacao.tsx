import { formProps, useFormFields } from "~/components/form/form-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data, Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/moderacao";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { RequiredLegend } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { ModerationNav, ModerationReasonField, ModerationStateBadge } from "~/components/moderation";
import { getActivityDb, getDb } from "~/context.server";
import { grantPaymentSchema } from "~/forms/report";
import { formatCnpj } from "~/lib/cnpj";
import { PREMIUM_DAYS } from "~/lib/plans";
import { KIND_LABELS, moderationItemPath, moderationTime, publicPath, REPORT_REASON_LABELS } from "~/lib/moderation";
import {
  getAccountForModeration,
  getModeratedItem,
  openReportGroups,
  openReportsOf,
  removedItems,
  suspendedAccounts,
} from "~/models/moderation.server";
import { strandedPayments } from "~/models/payments.server";
import { guardedAccount } from "~/platform/auth.server";
import { readFormData } from "~/platform/form-data.server";
import { flashToast } from "~/platform/session.server";
import { grantPaymentToPayer, type GrantResult } from "~/services/payments.server";

// The moderators' queue (docs/decisions/0035): items with open reports, most reported and
// oldest first, each with its reports (reason, details, when; never who), a link to the
// item and to its owner's other items; then what was removed (to restore) and the
// suspended accounts (to reactivate); and the Premium payments stranded by a CNPJ that
// another confirmed account holds, with 'Entregar plano e CNPJ' (docs/decisions/0028).
// Admins only, by the layout's guard (routes/_moderacao.tsx); anyone else gets the site's 404.
export const meta: Route.MetaFunction = () => [{ title: "Moderação | Patas Conectadas" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  guardedAccount(context);
  const db = getDb(context);
  const [groups, removed, suspended, stranded] = await Promise.all([
    openReportGroups(db, getActivityDb(context)),
    removedItems(db, getActivityDb(context)),
    suspendedAccounts(db),
    strandedPayments(db),
  ]);
  const [reports, items] = await Promise.all([
    openReportsOf(db, groups),
    Promise.all(groups.map((group) => getModeratedItem(db, getActivityDb(context), group))),
  ]);
  const owners = await Promise.all(items.map((item) => (item?.ownerId ? getAccountForModeration(db, item.ownerId) : null)));
  const queue = groups.map((group, index) => {
    const item = items[index];
    const owner = owners[index];
    return {
      kind: group.kind,
      id: group.id,
      label: KIND_LABELS[group.kind],
      // Deleted between the two reads: said so (the next visit leaves it out).
      title: item?.title ?? "(excluído por quem publicou)",
      moderation: item?.moderation ?? null,
      exists: Boolean(item),
      page: moderationItemPath(group.kind, group.id),
      path: item ? publicPath(item) : null,
      count: group.reports,
      confirmed: group.confirmed,
      first: moderationTime(group.firstAt),
      owner: owner
        ? { name: owner.name || owner.email, page: owner.publicId ? moderationItemPath("profile", owner.publicId) : null }
        : null,
      reports: (reports[index] ?? []).map((r) => ({
        id: r.id,
        reason: REPORT_REASON_LABELS[r.reason],
        details: r.details,
        when: moderationTime(r.createdAt),
        confirmed: r.fromConfirmedAccount,
      })),
    };
  });
  return {
    queue,
    removed: removed.map((r) => ({ ...r, label: KIND_LABELS[r.kind], page: moderationItemPath(r.kind, r.id) })),
    suspended: suspended.map((a) => ({
      id: a.id,
      name: a.name || a.email,
      email: a.email,
      since: a.suspendedAt ? moderationTime(a.suspendedAt) : "",
      page: a.publicId ? moderationItemPath("profile", a.publicId) : null,
    })),
    strandedPayments: stranded.map((p) => ({
      id: p.id,
      companyName: p.companyName,
      cnpj: formatCnpj(p.cnpj),
      email: p.email,
      approvedAt: moderationTime(p.approvedAt),
      holder: `${p.holderName} (${p.holderEmail})`,
      payer: p.payerId
        ? {
            name: p.payerName || p.payerEmail!,
            email: p.payerEmail!,
            page: p.payerPublicId ? moderationItemPath("profile", p.payerPublicId) : null,
          }
        : null,
    })),
  };
}

const GRANT_REFUSALS: Record<Exclude<GrantResult, { ok: true }>["reason"], string> = {
  "not-found": "Este pagamento não está mais esperando: já foi entregue, ou o CNPJ não pertence mais a outra conta.",
  "no-payer":
    "Quem pagou ainda não tem uma conta de empresa com o e-mail do pagamento confirmado. Peça que se cadastre e confirme o e-mail.",
  unchanged: "Este pagamento não está mais esperando: já foi entregue, ou o CNPJ não pertence mais a outra conta.",
};

// 'Entregar plano e CNPJ' (docs/decisions/0028): the plan and the CNPJ go to the payer's
// confirmed company account, in one batch with the log entry.
export async function action({ request, context }: Route.ActionArgs) {
  const admin = guardedAccount(context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: grantPaymentSchema });
  const paymentId = String(formData.get("paymentId") ?? "");
  if (submission.status !== "success") return data({ paymentId, result: submission.reply() }, { status: 400 });
  const outcome = await grantPaymentToPayer(context, admin, submission.value.paymentId, submission.value.reason);
  if (!outcome.ok) {
    return data({ paymentId, result: submission.reply({ formErrors: [GRANT_REFUSALS[outcome.reason]] }) }, { status: 409 });
  }
  flashToast(context, {
    type: "success",
    title: "Plano e CNPJ entregues",
    description: "A conta de quem pagou agora tem o Plano Premium e o CNPJ; a conta que o tinha foi avisada no painel.",
  });
  return redirect(href("/moderacao"), 303);
}

export default function Moderacao({ loaderData, actionData }: Route.ComponentProps) {
  const { queue, removed, suspended, strandedPayments } = loaderData;
  return (
    <section className="container-page py-8">
      <h1 className="text-2xl font-bold text-slate-900">Moderação</h1>
      <ModerationNav />
      <section aria-labelledby="fila" className="mt-6">
        <h2 id="fila" className="text-lg font-semibold text-slate-900">
          Fila de denúncias ({queue.length})
        </h2>
        {queue.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nenhuma denúncia aberta.</p>
        ) : (
          <ol className="mt-3 space-y-4">
            {queue.map((entry) => (
              <li key={`${entry.kind}:${entry.id}`} className="rounded-xl border border-slate-200 p-4" data-testid="fila-item">
                <p className="text-sm text-slate-600">{entry.label}</p>
                <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  {entry.title} <ModerationStateBadge state={entry.moderation} />
                </h3>
                <p className="mt-1 text-sm text-slate-700">
                  {entry.count} {entry.count === 1 ? "denúncia" : "denúncias"} ({entry.confirmed} de contas confirmadas) · a primeira em{" "}
                  {entry.first}
                </p>
                <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
                  <Link to={entry.page} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
                    Analisar e decidir
                  </Link>
                  {entry.path ? (
                    <Link to={entry.path} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
                      Ver a página
                    </Link>
                  ) : null}
                  {entry.owner?.page ? (
                    <Link to={entry.owner.page} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
                      Outros itens de {entry.owner.name}
                    </Link>
                  ) : null}
                </p>
                <ul className="mt-2 space-y-1 text-sm">
                  {entry.reports.map((r) => (
                    <li key={r.id} className="border-l-2 border-slate-200 pl-3">
                      <span className="font-medium">{r.reason}</span> · {r.when}
                      {r.confirmed ? " · conta confirmada" : ""}
                      {r.details ? <span className="block whitespace-pre-line text-slate-700">{r.details}</span> : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="removidos" className="mt-8">
        <h2 id="removidos" className="text-lg font-semibold text-slate-900">
          Removidos ({removed.length})
        </h2>
        {removed.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nada removido.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {removed.map((r) => (
              <li key={`${r.kind}:${r.id}`}>
                {r.label}:{" "}
                <Link to={r.page} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
                  {r.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="pagamentos-presos" className="mt-8">
        <h2 id="pagamentos-presos" className="text-lg font-semibold text-slate-900">
          Pagamentos esperando análise ({strandedPayments.length})
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Pagamentos aprovados do Plano Premium feitos sem conta para um CNPJ que já pertence a outra conta confirmada. Confira os
          documentos antes de entregar.
        </p>
        {strandedPayments.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nenhum pagamento esperando.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {strandedPayments.map((p) => (
              <li key={p.id} className="rounded-xl border border-slate-200 p-4 text-sm" data-testid="pagamento-preso">
                <h3 className="font-semibold text-slate-900">
                  {p.companyName} · CNPJ {p.cnpj}
                </h3>
                <p className="mt-1 text-slate-700">
                  Pago por {p.email} · aprovado em {p.approvedAt}
                </p>
                <p className="text-slate-700">CNPJ hoje com: {p.holder}</p>
                {p.payer ? (
                  <>
                    <p className="text-slate-700">
                      Conta confirmada de quem pagou:{" "}
                      {p.payer.page ? (
                        <Link to={p.payer.page} className="font-medium text-brand-700 underline">
                          {p.payer.name}
                        </Link>
                      ) : (
                        p.payer.name
                      )}{" "}
                      ({p.payer.email})
                    </p>
                    <GrantForm paymentId={p.id} actionData={actionData?.paymentId === p.id ? actionData : undefined} />
                  </>
                ) : (
                  <p className="mt-1 text-slate-700">
                    Quem pagou ainda não tem uma conta de empresa com {p.email} confirmado: peça que se cadastre com esse e-mail e o
                    confirme.
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="suspensas" className="mt-8">
        <h2 id="suspensas" className="text-lg font-semibold text-slate-900">
          Contas suspensas ({suspended.length})
        </h2>
        {suspended.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nenhuma conta suspensa.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {suspended.map((a) => (
              <li key={a.id}>
                {a.page ? (
                  <Link to={a.page} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
                    {a.name}
                  </Link>
                ) : (
                  a.name
                )}{" "}
                ({a.email}) · desde {a.since}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

function GrantForm({ paymentId, actionData }: { paymentId: string; actionData: Route.ComponentProps["actionData"] | undefined }) {
  const [form, fields] = useFormFields<z.input<typeof grantPaymentSchema>>({
    id: `entregar-${paymentId}`,
    answer: actionData?.result,
  });
  return (
    <Form method="post" className="mt-3 space-y-3" aria-label="Entregar plano e CNPJ" {...formProps(form)}>
      <input type="hidden" name="paymentId" value={paymentId} />
      <ErrorSummary title="Não foi possível entregar" errors={summaryErrors(form)} />
      <RequiredLegend />
      <ModerationReasonField field={fields.reason} rows={2} />
      <p className="text-slate-600">
        O CNPJ sai da conta que o tem hoje; a conta de quem pagou recebe o CNPJ e {PREMIUM_DAYS} dias do Plano Premium.
      </p>
      <SubmitButton busyLabel="Salvando..." className="btn btn-primary">
        Entregar plano e CNPJ
      </SubmitButton>
    </Form>
  );
}
