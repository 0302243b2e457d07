import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/empresas";
import { AuthLayout } from "~/components/auth-layout";
import { Field } from "~/components/form/field";
import { useResetKey } from "~/components/form/use-reset-key";
import { FormAlert } from "~/components/form/form-alert";
import { Honeypot } from "~/components/form/honeypot";
import { SubmitButton } from "~/components/form/submit-button";
import { TermsCheckbox } from "~/components/form/terms-checkbox";
import { TabLinks } from "~/components/tabs";
import { companySignUpSchema, signInSchema } from "~/forms/auth";
import { dashboardPathFor } from "~/lib/accounts";
import { safeRedirectPath } from "~/lib/links";
import { registerAccount, signInWithPassword } from "~/services/accounts.server";
import { getCurrentUser } from "~/services/auth.server";
import { RATE_LIMITED_MESSAGE } from "~/services/rate-limit.server";
import { flashToast, startUserSession } from "~/services/session.server";

export const meta: Route.MetaFunction = () => [
  { title: "Área de Empresas | Patas Conectadas" },
  { name: "description", content: "Entre ou cadastre sua empresa pet na Patas Conectadas." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(context);
  // Spec §2: a company user here goes to the company dashboard.
  if (user?.accountType === "company") throw redirect("/empresa/dashboard");
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  return {
    tab: url.searchParams.get("aba") === "cadastrar" ? ("cadastrar" as const) : ("entrar" as const),
    // An unsafe target is dropped, so sign-in falls back to the user's dashboard.
    redirectTo: safeRedirectPath(redirectTo, "") || null,
  };
}

const SECRET_FIELDS = ["password", "confirmPassword"];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent") === "cadastrar" ? "cadastrar" : "entrar";

  if (intent === "entrar") {
    const submission = parseWithZod(formData, { schema: signInSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
    }
    const result = await signInWithPassword(context, request, submission.value);
    if (!result.ok) {
      const message =
        result.reason === "rate-limited" ? RATE_LIMITED_MESSAGE : "Credenciais incorretas ou usuário não existe";
      return data(
        { intent, result: submission.reply({ formErrors: [message], hideFields: SECRET_FIELDS }) },
        { status: result.reason === "rate-limited" ? 429 : 400 },
      );
    }
    flashToast(context, { type: "success", title: "Login realizado com sucesso", description: "Você está conectado!" });
    return redirect(safeRedirectPath(submission.value.redirectTo, dashboardPathFor(result.user.accountType)));
  }

  const submission = parseWithZod(formData, { schema: companySignUpSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  }
  const { companyName, cnpj, email, password, website } = submission.value;
  if (website) return redirect("/");
  const result = await registerAccount(context, request, {
    name: companyName,
    email,
    password,
    accountType: "company",
    company: { companyName, cnpj },
  });
  if (!result.ok) {
    const message = {
      "rate-limited": RATE_LIMITED_MESSAGE,
      "email-taken": "Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.",
      "cnpj-taken": "Este CNPJ já está cadastrado.",
    }[result.reason];
    return data(
      { intent, result: submission.reply({ formErrors: [message], hideFields: SECRET_FIELDS }) },
      { status: result.reason === "rate-limited" ? 429 : 400 },
    );
  }
  startUserSession(context, result.user);
  flashToast(context, {
    type: "success",
    title: "Cadastro realizado com sucesso",
    description: "Verifique seu e-mail para confirmar o cadastro",
  });
  return redirect("/empresa/dashboard");
}

type LastResult = SubmissionResult<string[]> | undefined;

export default function Empresas({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, redirectTo } = loaderData;
  return (
    <AuthLayout title="Área de Empresas" subtitle="Anuncie produtos e serviços e cadastre suas clínicas.">
      <TabLinks
        label="Entrar ou cadastrar empresa"
        tabs={[
          { to: "/empresas?aba=entrar", label: "Entrar", active: tab === "entrar" },
          { to: "/empresas?aba=cadastrar", label: "Cadastrar Empresa", active: tab === "cadastrar" },
        ]}
      />
      {tab === "entrar" ? (
        <CompanySignIn lastResult={actionData?.intent === "entrar" ? actionData.result : undefined} redirectTo={redirectTo} />
      ) : (
        <CompanySignUp lastResult={actionData?.intent === "cadastrar" ? actionData.result : undefined} />
      )}
      <p className="text-center text-sm text-slate-600">
        Não é empresa?{" "}
        <Link to="/entrar" className="font-semibold text-brand-700">
          Voltar para o login pessoal
        </Link>
      </p>
    </AuthLayout>
  );
}

function CompanySignIn({ lastResult, redirectTo }: { lastResult: LastResult; redirectTo: string | null }) {
  const resetKey = useResetKey(lastResult);
  const [form, fields] = useForm({
    id: "empresa-entrar",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action="/empresas" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="entrar" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormAlert title="Erro no login" messages={form.errors} />
      <Field id={fields.email.id} label="E-mail da empresa" errors={fields.email.errors} errorId={fields.email.errorId}>
        <input {...getInputProps(fields.email, { type: "email" })} className="input" autoComplete="email" />
      </Field>
      <Field id={fields.password.id} label="Senha" errors={fields.password.errors} errorId={fields.password.errorId}>
        <input {...getInputProps(fields.password, { type: "password" })} key={`password-${resetKey}`} className="input" autoComplete="current-password" />
      </Field>
      <p className="text-right text-sm">
        <Link to="/esqueci-senha" className="font-medium text-brand-700">
          Esqueceu sua senha?
        </Link>
      </p>
      <SubmitButton busyLabel="Entrando..." className="btn btn-primary w-full">
        Entrar
      </SubmitButton>
    </Form>
  );
}

function CompanySignUp({ lastResult }: { lastResult: LastResult }) {
  const resetKey = useResetKey(lastResult);
  const [form, fields] = useForm({
    id: "empresa-cadastrar",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companySignUpSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action="/empresas?aba=cadastrar" className="relative space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="cadastrar" />
      <FormAlert title="Erro no cadastro" messages={form.errors} />
      <Field id={fields.companyName.id} label="Nome da Empresa" errors={fields.companyName.errors} errorId={fields.companyName.errorId}>
        <input {...getInputProps(fields.companyName, { type: "text" })} className="input" autoComplete="organization" />
      </Field>
      <Field id={fields.cnpj.id} label="CNPJ" hint="Somente números ou no formato 00.000.000/0000-00." errors={fields.cnpj.errors} errorId={fields.cnpj.errorId}>
        <input {...getInputProps(fields.cnpj, { type: "text" })} className="input" inputMode="text" maxLength={18} />
      </Field>
      <Field id={fields.email.id} label="E-mail" errors={fields.email.errors} errorId={fields.email.errorId}>
        <input {...getInputProps(fields.email, { type: "email" })} className="input" autoComplete="email" />
      </Field>
      <Field id={fields.password.id} label="Senha" hint="Pelo menos 8 caracteres." errors={fields.password.errors} errorId={fields.password.errorId}>
        <input {...getInputProps(fields.password, { type: "password" })} key={`password-${resetKey}`} className="input" autoComplete="new-password" />
      </Field>
      <Field id={fields.confirmPassword.id} label="Confirmar senha" errors={fields.confirmPassword.errors} errorId={fields.confirmPassword.errorId}>
        <input {...getInputProps(fields.confirmPassword, { type: "password" })} key={`confirmPassword-${resetKey}`} className="input" autoComplete="new-password" />
      </Field>
      <TermsCheckbox
        id={fields.terms.id}
        name={fields.terms.name}
        errors={fields.terms.errors}
        errorId={fields.terms.errorId}
        defaultChecked={fields.terms.initialValue === "on"}
      />
      <Honeypot />
      <SubmitButton busyLabel="Cadastrando..." className="btn btn-primary w-full">
        Cadastrar Empresa
      </SubmitButton>
    </Form>
  );
}
