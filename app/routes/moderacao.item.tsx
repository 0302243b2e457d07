import { formProps, useFormFields } from "~/components/form/form-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/moderacao.item";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { RequiredLegend } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { ModerationNav, ModerationReasonField, ModerationStateBadge } from "~/components/moderation";
import { getActivityDb, getDb } from "~/context.server";
import { type ModerationInput, type ModerationIntent, moderationSchema } from "~/forms/report";
import {
  type ItemRef,
  KIND_LABELS,
  kindOfSegment,
  MODERATION_ACTION_LABELS,
  moderationItemPath,
  moderationTime,
  parseItemId,
  publicPath,
  REPORT_REASON_LABELS,
} from "~/lib/moderation";
import { getAccountForModeration, getModeratedItem, itemsOfAccount, logOfItem, reportsOfItem } from "~/models/moderation.server";
import { guardedAccount } from "~/platform/auth.server";
import { readFormData } from "~/platform/form-data.server";
import { flashToast } from "~/platform/session.server";
import { decide, type DecisionResult } from "~/services/moderation.server";
import { notFound } from "~/lib/not-found";

// One item under moderation (docs/decisions/0035): its reports (never who sent them), its
// owner and their other items, the log, and the decisions, each a form with a required
// 'Motivo'. Admins only; anyone else gets the site's 404.
export const meta: Route.MetaFunction = () => [{ title: "Moderação | Patas Conectadas" }, { name: "robots", content: "noindex" }];

function refOf(params: { tipo?: string; id?: string }): ItemRef | null {
  const kind = kindOfSegment(params.tipo);
  const id = kind ? parseItemId(kind, params.id) : null;
  return kind && id ? { kind, id } : null;
}

async function loadItem(context: Route.LoaderArgs["context"], params: Route.LoaderArgs["params"]) {
  const ref = refOf(params);
  const item = ref ? await getModeratedItem(getDb(context), getActivityDb(context), ref) : null;
  if (!item) throw notFound();
  return item;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  guardedAccount(context);
  const item = await loadItem(context, params);
  const db = getDb(context);
  const [owner, reports, log, ownerItems] = await Promise.all([
    item.ownerId ? getAccountForModeration(db, item.ownerId) : null,
    reportsOfItem(db, item),
    logOfItem(db, item),
    item.ownerId ? itemsOfAccount(db, item.ownerId) : [],
  ]);
  const openReports = reports.filter((r) => !r.resolvedAt).length;
  const actions: ModerationIntent[] = [];
  if (openReports > 0 || item.moderation === "held") actions.push("manter");
  if (item.moderation === "removed") actions.push("restaurar");
  else actions.push("remover");
  if (owner && !owner.isAdmin) actions.push(owner.suspendedAt ? "reativar" : "suspender");
  return {
    item: { kind: item.kind, id: item.id, title: item.title, moderation: item.moderation, path: publicPath(item) },
    owner: owner
      ? {
          name: owner.name || owner.email,
          email: owner.email,
          emailVerified: owner.emailVerified,
          isAdmin: owner.isAdmin,
          suspendedAt: owner.suspendedAt ? moderationTime(owner.suspendedAt) : null,
          page: owner.publicId && item.kind !== "profile" ? moderationItemPath("profile", owner.publicId) : null,
        }
      : null,
    reports: reports.map((r) => ({
      id: r.id,
      reason: REPORT_REASON_LABELS[r.reason],
      details: r.details,
      when: moderationTime(r.createdAt),
      confirmed: r.fromConfirmedAccount,
      status: r.resolution === "kept" ? "Arquivada (mantido)" : r.resolution === "removed" ? "Atendida (removido)" : "Aberta",
    })),
    openReports,
    ownerItems: ownerItems
      .filter((other) => !(other.kind === item.kind && other.id === item.id))
      .map((other) => ({ ...other, label: KIND_LABELS[other.kind], page: moderationItemPath(other.kind, other.id) })),
    log: log.map((entry) => ({
      id: entry.id,
      when: moderationTime(entry.createdAt),
      who: entry.adminName,
      action: MODERATION_ACTION_LABELS[entry.action],
      reason: entry.reason,
    })),
    actions,
  };
}

const UNCHANGED: Record<ModerationIntent, string> = {
  manter: "Este item não tem denúncias abertas nem está em análise.",
  remover: "Este item já foi removido.",
  restaurar: "Este item não está removido.",
  suspender: "Esta conta já está suspensa.",
  reativar: "Esta conta não está suspensa.",
};

const DONE: Record<ModerationIntent, string> = {
  manter: "Denúncias arquivadas: o item segue publicado.",
  remover: "Item removido. Quem publicou recebeu o motivo por e-mail.",
  restaurar: "Item restaurado.",
  suspender: "Conta suspensa: as sessões dela terminaram e o que ela publicou saiu do site.",
  reativar: "Conta reativada.",
};

function refusal(reason: Exclude<DecisionResult, { ok: true }>["reason"], intent: ModerationIntent) {
  if (reason === "admin") return "Uma conta de administrador não pode ser suspensa.";
  if (reason === "no-account") return "Quem publicou não tem conta (um visitante): não há conta para suspender.";
  return UNCHANGED[intent];
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const admin = guardedAccount(context);
  const item = await loadItem(context, params);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: moderationSchema });
  const intent = String(formData.get("intent") ?? "");
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const outcome = await decide(context, request, admin, item, submission.value.intent, submission.value.reason);
  if (!outcome.ok) {
    return data({ intent, result: submission.reply({ formErrors: [refusal(outcome.reason, submission.value.intent)] }) }, { status: 409 });
  }
  flashToast(context, {
    type: "success",
    title: INTENT_BUTTONS[submission.value.intent].label,
    description: DONE[submission.value.intent],
  });
  return redirect(moderationItemPath(item.kind, item.id), 303);
}

const INTENT_BUTTONS: Record<ModerationIntent, { label: string; className: string; hint: string }> = {
  manter: { label: "Manter", className: "btn btn-outline", hint: "Arquiva as denúncias; um item em análise volta ao ar." },
  remover: {
    label: "Remover",
    className: "btn border border-red-300 text-red-700 hover:bg-red-50",
    hint: "Tira o item do site (pode ser desfeito); quem publicou recebe o motivo por e-mail.",
  },
  restaurar: { label: "Restaurar", className: "btn btn-outline", hint: "Desfaz a remoção: o item volta ao ar." },
  suspender: {
    label: "Suspender conta",
    className: "btn bg-red-700 text-white hover:bg-red-800",
    hint: "Encerra todas as sessões da conta, recusa a entrada e tira do site tudo o que ela publicou.",
  },
  reativar: {
    label: "Reativar conta",
    className: "btn btn-outline",
    hint: "A conta pode entrar de novo e o que ela publicou volta ao site.",
  },
};

export default function ModeracaoItem({ loaderData, actionData }: Route.ComponentProps) {
  const { item, owner, reports, ownerItems, log, actions, openReports } = loaderData;
  return (
    <section className="container-page py-8">
      <h1 className="text-2xl font-bold text-slate-900">Moderação</h1>
      <ModerationNav />
      <div className="mt-6 space-y-8">
        <div>
          <p className="text-sm text-slate-600">{KIND_LABELS[item.kind]}</p>
          <h2 className="flex flex-wrap items-center gap-2 text-xl font-bold text-slate-900">
            {item.title} <ModerationStateBadge state={item.moderation} />
          </h2>
          <p className="mt-2 flex flex-wrap gap-4 text-sm">
            <Link to={item.path} className="font-medium text-brand-700 underline">
              Ver a página
            </Link>
          </p>
          {owner ? (
            <p className="mt-2 text-sm text-slate-700">
              Publicado por <strong>{owner.name}</strong> ({owner.email}
              {owner.emailVerified ? "" : ", e-mail não confirmado"}){owner.isAdmin ? " · administrador" : ""}
              {owner.suspendedAt ? ` · conta suspensa em ${owner.suspendedAt}` : ""}
              {owner.page ? (
                <>
                  {" · "}
                  <Link to={owner.page} className="font-medium text-brand-700 underline">
                    Perfil e conta
                  </Link>
                </>
              ) : null}
            </p>
          ) : (
            <p className="mt-2 text-sm text-slate-700">Enviado por um visitante (sem conta).</p>
          )}
        </div>

        <section aria-labelledby="decisoes">
          <h2 id="decisoes" className="text-lg font-semibold text-slate-900">
            Decisões
          </h2>
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            {actions.map((intent) => (
              <DecisionForm key={intent} intent={intent} actionData={actionData?.intent === intent ? actionData : undefined} />
            ))}
          </div>
        </section>

        <section aria-labelledby="denuncias">
          <h2 id="denuncias" className="text-lg font-semibold text-slate-900">
            Denúncias ({reports.length}, {openReports} {openReports === 1 ? "aberta" : "abertas"})
          </h2>
          {reports.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Nenhuma denúncia.</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {reports.map((r) => (
                <li key={r.id} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="denuncia">
                  <p className="font-medium text-slate-900">
                    {r.reason} · {r.when} · {r.status}
                  </p>
                  <p className="text-xs text-slate-500">
                    {r.confirmed ? "De uma conta confirmada" : "De um visitante ou conta não confirmada"}
                  </p>
                  {r.details ? <p className="mt-1 whitespace-pre-line text-slate-700">{r.details}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </section>

        {owner ? (
          <section aria-labelledby="outros-itens">
            <h2 id="outros-itens" className="text-lg font-semibold text-slate-900">
              Outros itens desta conta
            </h2>
            {ownerItems.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">Nenhum outro item.</p>
            ) : (
              <ul className="mt-2 space-y-1 text-sm">
                {ownerItems.map((other) => (
                  <li key={`${other.kind}:${other.id}`} className="flex flex-wrap items-center gap-2">
                    <span className="text-slate-600">{other.label}:</span>
                    <Link to={other.page} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
                      {other.title}
                    </Link>
                    <ModerationStateBadge state={other.moderation} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}

        <section aria-labelledby="historico">
          <h2 id="historico" className="text-lg font-semibold text-slate-900">
            Histórico
          </h2>
          {log.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Nenhuma ação ainda.</p>
          ) : (
            <ul className="mt-2 space-y-2 text-sm">
              {log.map((entry) => (
                <li key={entry.id}>
                  <strong>{entry.action}</strong> · {entry.who} · {entry.when} — {entry.reason}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}

function DecisionForm({ intent, actionData }: { intent: ModerationIntent; actionData: Route.ComponentProps["actionData"] | undefined }) {
  const button = INTENT_BUTTONS[intent];
  const [form, fields] = useFormFields<ModerationInput>({
    id: `decisao-${intent}`,
    answer: actionData?.result,
  });
  return (
    <Form method="post" className="space-y-3 rounded-xl border border-slate-200 p-4" aria-label={button.label} {...formProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <ErrorSummary title={`Não foi possível: ${button.label}`} errors={summaryErrors(form)} />
      <p className="text-sm text-slate-600">{button.hint}</p>
      <RequiredLegend />
      <ModerationReasonField field={fields.reason} rows={3} />
      <SubmitButton busyLabel="Salvando..." className={button.className}>
        {button.label}
      </SubmitButton>
    </Form>
  );
}
