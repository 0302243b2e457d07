// Our forms' browser half (app/components/form/conform.ts) must render what
// @conform-to/react rendered: the same ids, values, `aria-*` and errors, from the same
// server answers (docs/decisions/0042, "The app pages and 130 KB"). Each case renders one
// form with both, on the server, and compares the HTML and what the page reads of it.
import * as conform from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { conformErrors } from "~/components/form/error-summary";
import * as ours from "~/components/form/conform";

const schema = z
  .object({
    name: z.string({ error: "Por favor, preencha seu nome." }).trim().min(2, "Por favor, preencha seu nome."),
    email: z.email("Informe um e-mail válido."),
    age: z.coerce.number().optional(),
    terms: z.literal("on", { error: "Aceite os termos." }),
    size: z.enum(["pequeno", "medio", "grande"], { error: "Escolha o porte." }).optional(),
    kind: z.enum(["perdido", "encontrado"]).optional(),
    bio: z.string().max(10, "Use no máximo 10 caracteres.").optional(),
    removeImage: z.array(z.string()).optional(),
  });

type Library = typeof ours;

function Form({ lib, options }: { lib: Library; options: Parameters<Library["useForm"]>[0] }): ReactNode {
  const [form, fields] = lib.useForm(options);
  const f = fields as unknown as Record<string, ours.FieldMetadata>;
  const read = (name: string) => ({ id: f[name]!.id, errorId: f[name]!.errorId, errors: f[name]!.errors, initialValue: f[name]!.initialValue });
  return h(
    "form",
    { ...lib.getFormProps(form) },
    h("input", { ...lib.getInputProps(f.name!, { type: "text" }) }),
    h("input", { ...lib.getInputProps(f.email!, { type: "email", ariaDescribedBy: "email-dica" }) }),
    h("input", { ...lib.getInputProps(f.age!, { type: "number" }) }),
    h("input", { ...lib.getInputProps(f.terms!, { type: "checkbox" }) }),
    h("input", { ...lib.getInputProps(f.kind!, { type: "radio", value: "perdido" }) }),
    h("input", { ...lib.getInputProps(f.kind!, { type: "radio", value: "encontrado" }) }),
    h("input", { ...lib.getInputProps(f.removeImage!, { type: "checkbox", value: "a.webp" }) }),
    h("input", { ...lib.getInputProps(f.removeImage!, { type: "checkbox", value: "b.webp" }) }),
    h("input", { ...lib.getInputProps(f.bio!, { type: "file", value: false }) }),
    h(
      "select",
      { ...lib.getSelectProps(f.size!) },
      ["", "pequeno", "medio", "grande"].map((value) => h("option", { key: value, value }, value)),
    ),
    h("textarea", { ...lib.getTextareaProps(f.bio!) }),
    h("pre", null, JSON.stringify({ form: { id: form.id, errors: form.errors }, summary: conformErrors(form), fields: ["name", "email", "age", "terms", "size", "kind", "bio", "removeImage"].map(read) })),
  );
}

function both(options: Parameters<Library["useForm"]>[0]) {
  return {
    conform: renderToStaticMarkup(h(Form, { lib: conform as unknown as Library, options })),
    ours: renderToStaticMarkup(h(Form, { lib: ours, options })),
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
  return parseWithZod(formData, { schema }).reply(replyOptions) as ours.SubmissionResult<string[]>;
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
