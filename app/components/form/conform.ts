// The browser half of our forms: the page shows the server's answer to a submission
// (`submission.reply()` of Conform on the server) beside each field, and keeps what the
// person typed. The names and the attributes are Conform's own (`useForm`, `getInputProps`,
// ids `${form}-${name}`, `form=`, `aria-invalid`, `aria-describedby`), so a form reads the
// same as with @conform-to/react; what is left out is what we no longer use: checking in
// the browser before sending, intents and lists. It costs under 1 KB where Conform's
// client was 9 KB, which is what brings the app pages under 130 KB
// (docs/decisions/0042, "The app pages and 130 KB"). tests/unit/conform-parity.test.ts
// renders the same forms with both and compares the HTML.
import type { SubmissionResult } from "@conform-to/react";
import { useId, useMemo } from "react";

export type { SubmissionResult };

/** One field: its ids, the server's errors for it and the value to show. */
export interface FieldMetadata<_Value = unknown, _Form = unknown, _Error = string[]> {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  /** The server's messages; undefined when it found nothing wrong. */
  errors: string[] | undefined;
  /** What the field shows: the value sent back by the server, else the default. */
  initialValue: string | string[] | undefined;
}

/** The whole form: the same as a field, with every field's errors. */
export interface FormMetadata extends FieldMetadata {
  allErrors: Record<string, string[]>;
  noValidate: true;
}

type Fields<Schema> = { [Name in keyof Required<Schema>]: FieldMetadata<Schema[Name]> };

interface FormOptions<Schema> {
  /** The form's id, the prefix of its fields' ids; React's `useId` without one, as Conform. */
  id?: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: { [Name in keyof Schema]?: unknown } | null;
}

/** A default value as a form sends it (Conform's serialization): strings, or nothing. */
function formValue(value: unknown): string | string[] | undefined {
  if (typeof value === "string") return value === "" ? undefined : value;
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString().replace(/Z$/, "");
  if (Array.isArray(value)) {
    const items = value.map(formValue).filter((item): item is string => typeof item === "string");
    return items.length ? items : undefined;
  }
  return undefined;
}

function messages(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.length ? (value as string[]) : undefined;
}

/**
 * `[form, fields]` of the form `id` from the server's last answer, or from `defaultValue`
 * before any: `fields.email.errors`, `fields.email.initialValue`, and so on.
 */
export function useForm<Schema extends Record<string, unknown> = Record<string, unknown>>(
  options: FormOptions<Schema>,
): [FormMetadata, Fields<Schema>] {
  const { lastResult, defaultValue } = options;
  const generatedId = useId();
  const id = options.id ?? generatedId;
  return useMemo(() => {
    // Conform's rule: the values the server sent back, else the defaults.
    const sent: Record<string, unknown> | null = lastResult?.initialValue ?? null;
    const errors: Record<string, string[]> = {};
    for (const [name, list] of Object.entries(lastResult?.error ?? {})) {
      const found = messages(list);
      if (found) errors[name] = found;
    }
    const field = (name: string): FieldMetadata => {
      const fieldId = name ? `${id}-${name}` : id;
      const raw = sent ? sent[name] : formValue((defaultValue as Record<string, unknown> | null | undefined)?.[name]);
      return {
        id: fieldId,
        name,
        formId: id,
        errorId: `${fieldId}-error`,
        errors: errors[name],
        initialValue: typeof raw === "string" || Array.isArray(raw) ? (raw as string | string[]) : undefined,
      };
    };
    const form: FormMetadata = { ...field(""), allErrors: errors, noValidate: true };
    const fields = new Proxy({} as Fields<Schema>, {
      get: (cache: Record<string, FieldMetadata>, name) => (typeof name === "string" ? (cache[name] ??= field(name)) : undefined),
    });
    return [form, fields] as [FormMetadata, Fields<Schema>];
  }, [id, lastResult, defaultValue]);
}

interface AriaOptions {
  /** More ids for `aria-describedby` (a hint), kept before and after an error. */
  ariaDescribedBy?: string;
}

/** Drop the attributes with no value, as Conform does, so React writes none. */
function defined<Props extends Record<string, unknown>>(props: Props): Props {
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key];
  return props;
}

function aria(meta: FieldMetadata, options: AriaOptions, control: boolean) {
  const invalid = meta.errors !== undefined;
  return {
    "aria-invalid": (control && invalid) || undefined,
    "aria-describedby": invalid ? `${meta.errorId} ${options.ariaDescribedBy ?? ""}`.trim() : options.ariaDescribedBy,
  };
}

function controlProps(meta: FieldMetadata, options: AriaOptions) {
  return { id: meta.id, name: meta.name, form: meta.formId, ...aria(meta, options, true) };
}

export function getFormProps(form: FormMetadata, options: AriaOptions = {}) {
  return defined({ id: form.id, noValidate: form.noValidate, ...aria(form, options, false) });
}

export function getInputProps(
  meta: FieldMetadata,
  options: AriaOptions & { type: string; value?: string | false },
): Record<string, string | boolean | undefined> {
  const props: Record<string, string | boolean | undefined> = { ...controlProps(meta, options), type: options.type };
  if (options.value !== false) {
    if (options.type === "checkbox" || options.type === "radio") {
      props.value = options.value ?? "on";
      props.defaultChecked = Array.isArray(meta.initialValue)
        ? meta.initialValue.includes(options.value as string)
        : meta.initialValue === props.value;
    } else if (typeof meta.initialValue === "string") {
      props.defaultValue = meta.initialValue;
    }
  }
  return defined(props);
}

export function getSelectProps(meta: FieldMetadata, options: AriaOptions = {}) {
  return defined({ ...controlProps(meta, options), defaultValue: meta.initialValue });
}

export function getTextareaProps(meta: FieldMetadata, options: AriaOptions = {}) {
  return defined({ ...controlProps(meta, options), defaultValue: meta.initialValue?.toString() });
}
