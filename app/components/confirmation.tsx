import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { FormAlert } from "~/components/form/form-alert";
import { SubmitButton } from "~/components/form/submit-button";

// The tone says what the step does: red for what cannot be undone, green for a happy end,
// plain for a routine renewal.
const TONES = {
  danger: { card: "border-red-200", button: "btn bg-red-600 text-white hover:bg-red-700", role: "alertdialog" },
  success: { card: "border-emerald-200", button: "btn bg-emerald-700 text-white hover:bg-emerald-800", role: "region" },
  neutral: { card: "border-slate-200", button: "btn btn-primary", role: "region" },
} as const;

/**
 * A confirmation step as a page of its own (DESIGN decision 2: it works without
 * JavaScript): the title, what happens, then the verb (a POST) and 'Cancelar' (a link).
 * Without `confirm` (nothing left to do: the ad is already closed) only 'Voltar'. One
 * component for deleting, closing and renewing (docs/decisions/0034).
 */
export function Confirmation({
  id,
  title,
  heading: Heading = "h1",
  tone,
  children,
  error,
  confirm,
  cancelTo,
  action,
}: {
  /** The heading's id, which names the step for assistive technology. */
  id: string;
  title: string;
  /** h1 on a page of its own, h2 inside a dashboard. */
  heading?: "h1" | "h2";
  tone: keyof typeof TONES;
  children: ReactNode;
  error?: { title: string; message: string } | null;
  confirm?: { label: ReactNode; busyLabel: string; fields?: Record<string, string> };
  cancelTo: string;
  /** Where the form posts; the current URL when absent. */
  action?: string;
}) {
  const look = TONES[tone];
  return (
    <div className={`rounded-2xl border ${look.card} bg-white p-6 shadow-sm`} role={look.role} aria-labelledby={id}>
      <Heading id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </Heading>
      {children}
      {error ? (
        <div className="mt-4">
          <FormAlert title={error.title} messages={[error.message]} />
        </div>
      ) : null}
      {confirm ? (
        <Form method="post" action={action} className="mt-6 flex flex-wrap gap-2">
          {Object.entries(confirm.fields ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <SubmitButton busyLabel={confirm.busyLabel} action={action} className={look.button}>
            {confirm.label}
          </SubmitButton>
          <Link to={cancelTo} className="btn btn-ghost">
            Cancelar
          </Link>
        </Form>
      ) : (
        <Link to={cancelTo} className="btn btn-outline mt-6">
          Voltar
        </Link>
      )}
    </div>
  );
}
