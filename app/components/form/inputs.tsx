// Controls bound to a form's field, with a label and a Portuguese error under them.
import { type FormField, inputProps, selectProps, textareaProps } from "~/components/form/form-fields";
import type { InputHTMLAttributes } from "react";
import { Field } from "./field";

export function TextInput({
  meta,
  label,
  type = "text",
  hint,
  required,
  ...rest
}: {
  meta: FormField;
  label: string;
  type?: "text" | "email" | "password" | "tel" | "url" | "date" | "time" | "datetime-local" | "number";
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue">) {
  return (
    <Field id={meta.id} label={label} hint={hint} errors={meta.errors} errorId={meta.errorId} required={required}>
      <input {...inputProps(meta, { type })} {...rest} aria-required={required || undefined} className="input" />
    </Field>
  );
}

export function SelectInput({
  meta,
  label,
  options,
  placeholder = "Selecione...",
  required,
}: {
  meta: FormField;
  label: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string | null;
  required?: boolean;
}) {
  return (
    <Field id={meta.id} label={label} errors={meta.errors} errorId={meta.errorId} required={required}>
      <select {...selectProps(meta)} aria-required={required || undefined} className="input">
        {placeholder !== null ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function TextareaInput({
  meta,
  label,
  rows = 4,
  hint,
  required,
}: {
  meta: FormField;
  label: string;
  rows?: number;
  hint?: string;
  required?: boolean;
}) {
  return (
    <Field id={meta.id} label={label} hint={hint} errors={meta.errors} errorId={meta.errorId} required={required}>
      <textarea {...textareaProps(meta)} rows={rows} aria-required={required || undefined} className="input" />
    </Field>
  );
}

export function CheckboxInput({ meta, label }: { meta: FormField; label: string }) {
  return (
    <label htmlFor={meta.id} className="check-label rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800">
      <input {...inputProps(meta, { type: "checkbox" })} className="accent-brand-600" />
      {label}
    </label>
  );
}
