import type { ReactNode } from "react";

interface FieldProps {
  id: string;
  /** Text, or text whose words CSS picks (the finder's date: docs/decisions/0045). */
  label: ReactNode;
  errors?: string[];
  errorId?: string;
  hint?: string;
  /**
   * Marks the field as one the form cannot go without: an asterisk beside the label
   * (outside it, so the field's name stays its label) and, on the control, aria-required
   * (docs/decisions/0033 §1, "One form style"). Never the `required` attribute: the server's
   * message explains (FilePicker's file input is the one exception, in a noValidate form).
   */
  required?: boolean;
  children: ReactNode;
}

/** A label, the control, and its Portuguese error message (announced to screen readers). */
export function Field({ id, label, errors, errorId, hint, required, children }: FieldProps) {
  return (
    <div>
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="label">
          {label}
        </label>
        {required ? <RequiredMark /> : null}
      </div>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** A field's first error in Portuguese, the id its control's `aria-describedby` names. */
export function FieldError({ id, errors }: { id: string | undefined; errors: string[] | undefined }) {
  return errors?.length ? (
    <p id={id} className="field-error">
      {errors[0]}
    </p>
  ) : null;
}

/** A control's error state, for one not built from a form field (a file input, a box). */
export function errorAria(errors: string[] | undefined, errorId: string | undefined) {
  return {
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": errors?.length ? errorId : undefined,
  };
}

/** The asterisk of a required field (its meaning is said once at the top of the form). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="font-bold text-red-700">
      *
    </span>
  );
}

/** The line at the top of a form that says what the asterisk means. */
export function RequiredLegend() {
  return (
    <p className="text-sm text-slate-600">
      Campos com <RequiredMark /> são obrigatórios.
    </p>
  );
}
