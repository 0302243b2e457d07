import type { ReactNode } from "react";
import { Form, href } from "react-router";
import { Field, RequiredLegend } from "~/components/form/field";
import { Honeypot } from "~/components/form/honeypot";
import { SubmitButton } from "~/components/form/submit-button";
import { useRootData } from "~/lib/root-data";

export const SAVE_SEARCH_LABEL = "Avise-me quando aparecer um pet assim";

/**
 * The form's action: the criteria travel in its query string (docs/decisions/0026), and
 * `voltar` when the way back is not the search itself (/pets).
 */
export function saveSearchAction(criteria: string, back?: string): string {
  const query = [criteria, back ? `voltar=${encodeURIComponent(back)}` : ""].filter(Boolean).join("&");
  return `${href("/alertas/novo")}${query ? `?${query}` : ""}`;
}

/**
 * 'Avise-me' under a search (/buscar-pets, /pets): a plain POST form, so it works without
 * JavaScript. A visitor gives an e-mail (confirmed by a link before anything is sent); a
 * signed-in user's alerts go to the account's e-mail. Errors are shown on /alertas/novo.
 */
export function SavedSearchBox({
  criteria,
  description,
  back,
}: {
  /** The normalised criteria (app/lib/saved-search.ts). */
  criteria: string;
  description: string;
  /** Where to come back to after saving, when not the search itself (/pets). */
  back?: string;
}) {
  const user = useRootData()?.user ?? null;
  return (
    <section aria-labelledby="avise-me" className="mt-8 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:p-5">
      <h2 id="avise-me" className="text-lg font-semibold text-slate-900">
        Receba os novos pets desta busca
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Busca: <span className="font-medium">{description}</span>. Uma vez por dia, se aparecer um pet novo assim, enviamos um e-mail
        {user ? (
          <>
            {" "}
            para <span className="break-all font-medium">{user.email}</span>
          </>
        ) : null}
        . Cancele quando quiser, com um clique.
      </p>
      <SavedSearchFields criteria={criteria} back={back}>
        {user ? null : (
          <div className="min-w-0 flex-1 space-y-2">
            <RequiredLegend />
            <Field id="avise-me-email" label="Seu e-mail" required>
              <input id="avise-me-email" name="email" type="email" aria-required autoComplete="email" maxLength={254} className="input" />
            </Field>
          </div>
        )}
      </SavedSearchFields>
    </section>
  );
}

/** The form itself (the box above, and the page /alertas/novo with its errors). */
export function SavedSearchFields({
  criteria,
  back,
  children,
  formProps,
}: {
  criteria: string;
  back?: string;
  children?: ReactNode;
  formProps?: { id?: string; onSubmit?: React.FormEventHandler<HTMLFormElement>; noValidate?: boolean };
}) {
  const action = saveSearchAction(criteria, back);
  return (
    <Form method="post" action={action} className="relative mt-3 flex flex-wrap items-end gap-3" {...formProps}>
      {children}
      <Honeypot />
      <SubmitButton action={action} busyLabel="Salvando..." className="btn btn-primary">
        {SAVE_SEARCH_LABEL}
      </SubmitButton>
    </Form>
  );
}
