import { useEffect, useRef } from "react";

export interface SummaryError {
  message: string;
  /** The id of the control the error belongs to; none for an error of the whole form. */
  fieldId?: string;
}

/**
 * The errors of a refused form, at its top (docs/decisions/0033 §4), as
 * GOV.UK does: one alert with the form's title and every error, each a link to its field.
 * Without JavaScript the page comes back with it where the form starts; with JavaScript,
 * focus moves to it after each refused submit (never while the person types). The message
 * also stays beside its field.
 */
export function ErrorSummary({ title, errors }: { title: string; errors: SummaryError[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const submitted = useRef(false);
  useEffect(() => {
    const form = ref.current?.closest("form");
    if (!form) return;
    const onSubmit = () => {
      submitted.current = true;
      // The same errors again (the server refusing the same way) change nothing to
      // re-render for: focus the summary as it stands.
      setTimeout(() => {
        if (submitted.current && ref.current?.hasChildNodes()) {
          submitted.current = false;
          ref.current.focus();
        }
      }, 50);
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, []);
  const key = errors.map((error) => `${error.fieldId ?? ""}:${error.message}`).join("|");
  useEffect(() => {
    if (!key || !submitted.current) return;
    submitted.current = false;
    ref.current?.focus();
  }, [key]);
  return (
    <div
      ref={ref}
      role={errors.length ? "alert" : undefined}
      tabIndex={-1}
      className={
        errors.length
          ? "rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 focus:outline-2 focus:outline-red-700"
          : "hidden"
      }
    >
      {errors.length ? (
        <>
          <p className="font-semibold">{title}</p>
          <ul className="mt-1">
            {errors.map((error) => (
              <li key={`${error.fieldId ?? ""}:${error.message}`}>
                {error.fieldId ? (
                  <a
                    href={`#${error.fieldId}`}
                    className="inline-flex min-h-11 items-center underline"
                    onClick={(event) => {
                      // The browser scrolls to the field; focus it too, so typing fixes it.
                      const field = document.getElementById(error.fieldId!);
                      if (!field) return;
                      event.preventDefault();
                      field.focus();
                      field.scrollIntoView({ block: "center" });
                    }}
                  >
                    {error.message}
                  </a>
                ) : (
                  <p>{error.message}</p>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/**
 * A form's errors for the summary: the form's own first, then the first message of each
 * field (what the field shows), linked to `${form.id}-${name}`, the id of the field's
 * control, unless `fieldIds` names another.
 */
export function summaryErrors(
  form: { id: string; errorsByField: Record<string, string[] | undefined> },
  fieldIds: Record<string, string> = {},
): SummaryError[] {
  const errors: SummaryError[] = [];
  for (const [name, messages] of Object.entries(form.errorsByField)) {
    if (!messages?.length) continue;
    if (name === "") errors.unshift(...messages.map((message) => ({ message })));
    else errors.push({ message: messages[0]!, fieldId: fieldIds[name] ?? `${form.id}-${name}` });
  }
  return errors;
}
