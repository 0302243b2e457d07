import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/form/submit-button";

/**
 * The confirmation step before a deletion, as a page of its own (DESIGN decision 2: it
 * works without JavaScript): the question, 'Sim, excluir' (POST) and 'Cancelar' (a link).
 */
export function DeleteConfirmation({
  title,
  children,
  cancelTo,
  action,
  heading: Heading = "h2",
}: {
  title: string;
  /** The question, naming what goes. */
  children: ReactNode;
  cancelTo: string;
  /** Where the form posts; the current URL when absent. */
  action?: string;
  /** h1 on a page of its own, h2 inside a dashboard. */
  heading?: "h1" | "h2";
}) {
  return (
    <div className="rounded-2xl border border-red-200 bg-white p-6 shadow-sm" role="alertdialog" aria-labelledby="excluir-titulo">
      <Heading id="excluir-titulo" className="text-2xl font-bold text-slate-900">
        {title}
      </Heading>
      <p className="mt-2 text-slate-700">{children}</p>
      <Form method="post" action={action} className="mt-6 flex flex-wrap gap-2">
        <SubmitButton busyLabel="Excluindo..." action={action} className="btn bg-red-600 text-white hover:bg-red-700">
          Sim, excluir
        </SubmitButton>
        <Link to={cancelTo} className="btn btn-ghost">
          Cancelar
        </Link>
      </Form>
    </div>
  );
}
