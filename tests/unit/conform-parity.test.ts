// Our forms' browser half (app/components/form/form-fields.ts) must render what
// @conform-to/react rendered: the same ids, values, `aria-*` and errors, from the same
// server answers (docs/decisions/0042, "The app pages and 130 KB" and "Our forms' own
// helper"). Each case renders one form with both, on the server, and compares the HTML and
// what the page reads of it.
import * as conform from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type SummaryError, summaryErrors } from "~/components/form/error-summary";
import * as ours from "~/components/form/form-fields";

const schema = z.object({
  name: z.string({ error: "Por favor, preencha seu nome." }).trim().min(2, "Por favor, preencha seu nome."),
  email: z.email("Informe um e-mail válido."),
  age: z.coerce.number().optional(),
  terms: z.literal("on", { error: "Aceite os termos." }),
  size: z.enum(["pequeno", "medio", "grande"], { error: "Escolha o porte." }).optional(),
  kind: z.enum(["perdido", "encontrado"]).optional(),
  bio: z.string().max(10, "Use no máximo 10 caracteres.").optional(),
  removeImage: z.array(z.string()).optional(),
});

interface Options {
  id?: string;
  lastResult?: ours.FormAnswer | null;
  defaultValue?: Record<string, unknown> | null;
}
type Props = Record<string, unknown>;
interface Aria {
  describedBy?: string;
}
/** What the test's form needs of a library, as each library gives it. */
interface Binding {
  form: { props: Props; id: string; errors: unknown; summary: SummaryError[] };
  read(name: string): { id: string; errorId: string; errors: unknown; initialValue: unknown };
  input(name: string, options: Aria & { type: string; value?: string | false }): Props;
  select(name: string): Props;
  textarea(name: string): Props;
}
type Library = (options: Options) => Binding;

const conformLibrary: Library = (options) => {
  const [form, fields] = conform.useForm(options as Parameters<typeof conform.useForm>[0]);
  const f = fields as unknown as Record<string, conform.FieldMetadata<string>>;
  const aria = (options: Aria) => (options.describedBy ? { ariaDescribedBy: options.describedBy } : {});
  return {
    form: {
      props: conform.getFormProps(form),
      id: form.id,
      errors: form.errors,
      summary: summaryErrors({ id: form.id, errorsByField: form.allErrors as Record<string, string[]> }),
    },
    read: (name) => ({ id: f[name]!.id, errorId: f[name]!.errorId, errors: f[name]!.errors, initialValue: f[name]!.initialValue }),
    input: (name, { describedBy, ...options }) => conform.getInputProps(f[name]!, { ...options, ...aria({ describedBy }) } as never),
    select: (name) => conform.getSelectProps(f[name]!),
    textarea: (name) => conform.getTextareaProps(f[name]!),
  };
};

const ourLibrary: Library = (options) => {
  const [form, fields] = ours.useFormFields({ id: options.id, answer: options.lastResult, defaults: options.defaultValue });
  const f = fields as Record<string, ours.FormField>;
  return {
    form: { props: ours.formProps(form), id: form.id, errors: form.errors, summary: summaryErrors(form) },
    read: (name) => ({ id: f[name]!.id, errorId: f[name]!.errorId, errors: f[name]!.errors, initialValue: f[name]!.value }),
    input: (name, options) => ours.inputProps(f[name]!, options),
    select: (name) => ours.selectProps(f[name]!),
    textarea: (name) => ours.textareaProps(f[name]!),
  };
};

function Form({ lib, options }: { lib: Library; options: Options }): ReactNode {
  const form = lib(options);
  return h(
    "form",
    { ...form.form.props },
    h("input", { ...form.input("name", { type: "text" }) }),
    h("input", { ...form.input("email", { type: "email", describedBy: "email-dica" }) }),
    h("input", { ...form.input("age", { type: "number" }) }),
    h("input", { ...form.input("terms", { type: "checkbox" }) }),
    h("input", { ...form.input("kind", { type: "radio", value: "perdido" }) }),
    h("input", { ...form.input("kind", { type: "radio", value: "encontrado" }) }),
    h("input", { ...form.input("removeImage", { type: "checkbox", value: "a.webp" }) }),
    h("input", { ...form.input("removeImage", { type: "checkbox", value: "b.webp" }) }),
    h("input", { ...form.input("bio", { type: "file", value: false }) }),
    h(
      "select",
      { ...form.select("size") },
      ["", "pequeno", "medio", "grande"].map((value) => h("option", { key: value, value }, value)),
    ),
    h("textarea", { ...form.textarea("bio") }),
    h(
      "pre",
      null,
      JSON.stringify({
        form: { id: form.form.id, errors: form.form.errors },
        summary: form.form.summary,
        fields: ["name", "email", "age", "terms", "size", "kind", "bio", "removeImage"].map(form.read),
      }),
    ),
  );
}

function both(options: Options) {
  return {
    conform: renderToStaticMarkup(h(Form, { lib: conformLibrary, options })),
    ours: renderToStaticMarkup(h(Form, { lib: ourLibrary, options })),
  };
}

interface ReplyOptions {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
  resetForm?: boolean;
}

function reply(entries: [string, string][], replyOptions?: ReplyOptions) {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return parseWithZod(formData, { schema }).reply(replyOptions) as ours.FormAnswer;
}

describe("our forms' browser half renders as Conform did", () => {
  it("before any answer: the defaults, as a form sends them", () => {
    const { conform: theirs, ours: mine } = both({
      id: "perfil",
      defaultValue: { name: "Ana", email: "", age: 7, terms: true, size: null, kind: "encontrado", bio: "Oi", removeImage: ["b.webp"] },
    });
    expect(mine).toBe(theirs);
    expect(mine).toContain('value="Ana"');
  });

  it("with nothing at all, not even an id", () => {
    const { conform: theirs, ours: mine } = both({});
    expect(mine).toBe(theirs);
  });

  it("a refused answer: each field's errors, what was typed, the hint kept", () => {
    const lastResult = reply([
      ["name", "A"],
      ["email", "ana@"],
      ["age", "3"],
      ["kind", "perdido"],
      ["bio", "longo demais para caber"],
      ["removeImage", "a.webp"],
      ["removeImage", "b.webp"],
    ]);
    expect(Object.keys(lastResult.error ?? {})).toEqual(expect.arrayContaining(["name", "email", "terms", "bio"]));
    const { conform: theirs, ours: mine } = both({ id: "perfil", lastResult, defaultValue: { name: "Outro" } });
    expect(mine).toBe(theirs);
    expect(mine).toContain('aria-invalid="true"');
  });

  it("an answer with the form's own error and field errors set by the server", () => {
    const lastResult = reply(
      [
        ["name", "Ana"],
        ["email", "ana@example.com"],
        ["terms", "on"],
        ["size", "medio"],
      ],
      { formErrors: ["Muitas tentativas. Tente de novo em alguns minutos."], fieldErrors: { email: ["Este e-mail já está cadastrado."] } },
    );
    const { conform: theirs, ours: mine } = both({ id: "cadastrar", lastResult });
    expect(mine).toBe(theirs);
    expect(mine).toContain("Muitas tentativas");
  });

  it("an answer that hides fields (a password is never sent back)", () => {
    const lastResult = reply(
      [
        ["name", "Ana"],
        ["email", "x"],
      ],
      { hideFields: ["email"] },
    );
    const { conform: theirs, ours: mine } = both({ id: "entrar", lastResult, defaultValue: { email: "padrao@example.com" } });
    expect(mine).toBe(theirs);
  });

  it("an answer that resets the form shows the defaults again", () => {
    const lastResult = reply([["name", "Ana"]], { resetForm: true });
    const { conform: theirs, ours: mine } = both({ id: "contato", lastResult, defaultValue: { name: "Padrão" } });
    expect(mine).toBe(theirs);
  });
});
