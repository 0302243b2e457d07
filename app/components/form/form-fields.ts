// The browser half of our forms: a page shows the server's answer to a submission beside
// each field, and keeps what the person typed. The server checks every form and answers
// with Conform's `submission.reply()`; this module only reads that answer and gives each
// control its attributes (ids `${form}-${name}`, `form=`, `aria-invalid`,
// `aria-describedby`, the default values as a form sends them). It is ours, under our
// names: nothing is checked in the browser, so Conform's client (9 KB) stays out of the
// app pages and their 130 KB (docs/decisions/0042, "Our forms' own helper").
// tests/unit/conform-parity.test.ts renders forms with this module and with Conform's
// client and compares the HTML, so a form's markup stays what it was.
import { useId, useMemo } from "react";

/** The server's answer to a submission (Conform's `reply()`): what was sent back and the errors. */
export interface FormAnswer {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null | undefined> | null;
}

/** One field: its ids, the server's errors for it and the value to show. */
export interface FormField {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  /** The server's messages; undefined when it found nothing wrong. */
  errors: string[] | undefined;
  /** What the field shows: the value sent back by the server, else the default. */
  value: string | string[] | undefined;
}

/** The form itself: the same as a field, with every field's errors ("" is the form's own). */
export interface FormInfo extends FormField {
  errorsByField: Record<string, string[]>;
}

export type FormFields<Schema> = { [Name in keyof Required<Schema>]: FormField };

interface FormOptions<Schema> {
  /** The form's id, the prefix of its fields' ids; React's `useId` without one. */
  id?: string;
  answer?: FormAnswer | null;
  defaults?: { [Name in keyof Schema]?: unknown } | null;
}

/** A default value as a form sends it: strings, or nothing. */
function sentValue(value: unknown): string | string[] | undefined {
  if (typeof value === "string") return value === "" ? undefined : value;
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString().replace(/Z$/, "");
  if (Array.isArray(value)) {
    const items = value.map(sentValue).filter((item): item is string => typeof item === "string");
    return items.length ? items : undefined;
  }
  return undefined;
}

/**
 * `[form, fields]` of the form `id` from the server's last answer, or from `defaults`
 * before any: `fields.email.errors`, `fields.email.value`, and so on.
 */
export function useFormFields<Schema extends Record<string, unknown> = Record<string, unknown>>(
  options: FormOptions<Schema>,
): [FormInfo, FormFields<Schema>] {
  const { answer, defaults } = options;
  const generatedId = useId();
  const id = options.id ?? generatedId;
  return useMemo(() => {
    // The values the server sent back, else the defaults.
    const sent: Record<string, unknown> | null = answer?.initialValue ?? null;
    const errorsByField: Record<string, string[]> = {};
    for (const [name, list] of Object.entries(answer?.error ?? {})) {
      if (Array.isArray(list) && list.length) errorsByField[name] = list;
    }
    const field = (name: string): FormField => {
      const fieldId = name ? `${id}-${name}` : id;
      const raw = sent ? sent[name] : sentValue((defaults as Record<string, unknown> | null | undefined)?.[name]);
      return {
        id: fieldId,
        name,
        formId: id,
        errorId: `${fieldId}-error`,
        errors: errorsByField[name],
        value: typeof raw === "string" || Array.isArray(raw) ? (raw as string | string[]) : undefined,
      };
    };
    const form: FormInfo = { ...field(""), errorsByField };
    const fields = new Proxy({} as FormFields<Schema>, {
      get: (cache: Record<string, FormField>, name) => (typeof name === "string" ? (cache[name] ??= field(name)) : undefined),
    });
    return [form, fields] as [FormInfo, FormFields<Schema>];
  }, [id, answer, defaults]);
}

interface AriaOptions {
  /** More ids for `aria-describedby` (a hint), kept before and after an error. */
  describedBy?: string;
}

/** Drop the attributes with no value, so React writes none. */
function defined<Props extends Record<string, unknown>>(props: Props): Props {
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key];
  return props;
}

function aria(field: FormField, options: AriaOptions, control: boolean) {
  const invalid = field.errors !== undefined;
  return {
    "aria-invalid": (control && invalid) || undefined,
    "aria-describedby": invalid ? `${field.errorId} ${options.describedBy ?? ""}`.trim() : options.describedBy,
  };
}

function controlProps(field: FormField, options: AriaOptions) {
  return { id: field.id, name: field.name, form: field.formId, ...aria(field, options, true) };
}

/** The `<form>`'s attributes: its id, and no browser checks (the server answers). */
export function formProps(form: FormInfo, options: AriaOptions = {}) {
  return defined({ id: form.id, noValidate: true, ...aria(form, options, false) });
}

export function inputProps(
  field: FormField,
  options: AriaOptions & { type: string; value?: string | false },
): Record<string, string | boolean | undefined> {
  const props: Record<string, string | boolean | undefined> = { ...controlProps(field, options), type: options.type };
  if (options.value !== false) {
    if (options.type === "checkbox" || options.type === "radio") {
      props.value = options.value ?? "on";
      props.defaultChecked = Array.isArray(field.value) ? field.value.includes(options.value as string) : field.value === props.value;
    } else if (typeof field.value === "string") {
      props.defaultValue = field.value;
    }
  }
  return defined(props);
}

export function selectProps(field: FormField, options: AriaOptions = {}) {
  return defined({ ...controlProps(field, options), defaultValue: field.value });
}

export function textareaProps(field: FormField, options: AriaOptions = {}) {
  return defined({ ...controlProps(field, options), defaultValue: field.value?.toString() });
}
