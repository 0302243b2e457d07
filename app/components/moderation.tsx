import { href, Link, NavLink } from "react-router";
import { type FormField, textareaProps } from "~/components/form/form-fields";
import { Field } from "~/components/form/field";
import type { ModerationState, ReportItemKind } from "~/db/schema";
import { MODERATION_REASON_MAX, MODERATION_STATE_LABELS, reportPath } from "~/lib/moderation";

/** The two moderation pages (docs/decisions/0035), as links. */
export function ModerationNav() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-50"}`;
  return (
    <nav aria-label="Moderação" className="mt-4 flex gap-2 border-b border-slate-200 pb-2">
      <NavLink to={href("/moderacao")} end className={tab}>
        Fila de denúncias
      </NavLink>
      <NavLink to={href("/moderacao/registro")} className={tab}>
        Registro de ações
      </NavLink>
    </nav>
  );
}

/** An item's state in words ('Em análise', 'Removido', 'Conta suspensa'), or 'Público'. */
export function ModerationStateBadge({ state }: { state: ModerationState | null }) {
  const tone =
    state === null ? "bg-emerald-50 text-emerald-800" : state === "held" ? "bg-amber-50 text-amber-900" : "bg-red-50 text-red-800";
  return <span className={`badge ${tone}`}>{state ? MODERATION_STATE_LABELS[state] : "Público"}</span>;
}

/** The banner an owner (or an admin) reads on a page the public no longer sees. */
export function ModerationBanner({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900"
      data-testid="moderation-banner"
    >
      {text} Só quem publicou e a equipe de moderação veem esta página.
    </p>
  );
}

/** 'Denunciar' on what people publish (docs/decisions/0035): a plain link to the form. */
export function ReportLink({ kind, id, label = "Denunciar" }: { kind: ReportItemKind; id: number | string; label?: string }) {
  return (
    <Link to={reportPath(kind, id)} className="inline-flex min-h-11 items-center text-sm text-slate-600 underline hover:text-red-700">
      {label}
    </Link>
  );
}

/** The 'Motivo' every moderator's decision asks for: it goes to the log (docs/decisions/0035). */
export function ModerationReasonField({ field, rows }: { field: FormField; rows: number }) {
  return (
    <Field
      id={field.id}
      label="Motivo"
      required
      hint={`Fica no registro de ações. Até ${MODERATION_REASON_MAX.toLocaleString("pt-BR")} caracteres.`}
      errors={field.errors}
      errorId={field.errorId}
    >
      <textarea {...textareaProps(field)} rows={rows} className="input" aria-required="true" />
    </Field>
  );
}
