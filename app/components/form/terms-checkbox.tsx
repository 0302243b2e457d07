import { Link } from "react-router";
import { RequiredMark } from "./field";

/** The terms checkbox of every sign-up form, linking the terms and privacy pages. */
export function TermsCheckbox({
  id,
  name,
  errors,
  errorId,
  defaultChecked,
  required,
}: {
  id: string;
  name: string;
  errors?: string[];
  errorId?: string;
  defaultChecked?: boolean;
  /** Marked like the other required fields of a form with a RequiredLegend. */
  required?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className="check-label text-sm text-slate-700">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
          aria-required={required || undefined}
          className="rounded border-slate-300 accent-brand-600"
        />
        <span>
          Li e aceito os{" "}
          <Link to="/termos" className="font-medium text-brand-700 underline" target="_blank">
            Termos de Uso
          </Link>{" "}
          e a{" "}
          <Link to="/privacidade" className="font-medium text-brand-700 underline" target="_blank">
            Política de Privacidade
          </Link>
          .{required ? <> <RequiredMark /></> : null}
        </span>
      </label>
      {errors?.length ? (
        <p id={errorId} className="field-error">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}
