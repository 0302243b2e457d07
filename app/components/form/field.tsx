import type { ReactNode } from "react";

interface FieldProps {
  id: string;
  label: string;
  errors?: string[];
  errorId?: string;
  hint?: string;
  children: ReactNode;
}

/** A label, the control, and its Portuguese error message (announced to screen readers). */
export function Field({ id, label, errors, errorId, hint, children }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      {errors?.length ? (
        <p id={errorId} className="field-error" role="alert">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}
