import type { ReactNode } from "react";
import { Confirmation } from "~/components/confirmation";

/** The confirmation step before a deletion: the question, 'Sim, excluir' and 'Cancelar'. */
export function DeleteConfirmation({
  title,
  children,
  cancelTo,
  action,
  heading = "h2",
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
    <Confirmation
      id="excluir-titulo"
      title={title}
      heading={heading}
      tone="danger"
      confirm={{ label: "Sim, excluir", busyLabel: "Excluindo..." }}
      cancelTo={cancelTo}
      action={action}
    >
      <p className="mt-2 text-slate-700">{children}</p>
    </Confirmation>
  );
}
