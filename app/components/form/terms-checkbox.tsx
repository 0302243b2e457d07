import { Link } from "react-router";
import { errorAria, FieldError, RequiredMark } from "./field";
import type { FormField } from "./form-fields";

/**
 * The terms checkbox of every sign-up form, linking the terms and privacy pages. Always
 * required, marked like the other required fields (the form shows the RequiredLegend).
 */
export function TermsCheckbox({ field: { id, name, errors, errorId, value } }: { field: FormField }) {
  return (
    <div>
      <label htmlFor={id} className="check-label text-sm text-slate-700">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={value === "on"}
          {...errorAria(errors, errorId)}
          aria-required
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
          . <RequiredMark />
        </span>
      </label>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
