import { formProps, type FormAnswer, useFormFields } from "~/components/form/form-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/empresas";
import { AuthLayout } from "~/components/auth-layout";
import { RequiredLegend } from "~/components/form/field";
import { TextInput } from "~/components/form/inputs";
import { useResetKey } from "~/components/form/use-reset-key";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { Honeypot } from "~/components/form/honeypot";
import { NewAccountFields } from "~/components/form/new-account-fields";
import { SubmitButton } from "~/components/form/submit-button";
import { SignInForm } from "~/components/sign-in-form";
import { TabLinks } from "~/components/tabs";
import { getCloudflare } from "~/context.server";
import { companySignUpSchema } from "~/forms/auth";
import { CNPJ_HINT } from "~/lib/cnpj";
import { safeRedirectPath } from "~/lib/links";
import { registerAccount, registrationFailure } from "~/services/accounts.server";
import { getCurrentUser } from "~/platform/auth.server";
import { flashToast, startUserSession } from "~/platform/session.server";
import { passwordSignInAction, SECRET_FIELDS } from "~/services/sign-in.server";
import { readFormData } from "~/platform/form-data.server";

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
    // Filled in by the basic-plan dialog of /empresa-landing (docs/decisions/0014).
    signUpDefaults: {
      companyName: (url.searchParams.get("companyName") ?? "").slice(0, 120),
      cnpj: (url.searchParams.get("cnpj") ?? "").slice(0, 18),
      email: (url.searchParams.get("email") ?? "").slice(0, 254),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // As the loader (spec §2): a company account goes to its dashboard, whatever it posts.
  if ((await getCurrentUser(context))?.accountType === "company") throw redirect("/empresa/dashboard");
  const formData = await readFormData(request);
  const intent = formData.get("intent") === "cadastrar" ? "cadastrar" : "entrar";

  if (intent === "entrar") return passwordSignInAction(context, request, formData);

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
    const { message, status } = registrationFailure(result.reason, getCloudflare(context).env.CONTACT_EMAIL);
    return data({ intent, result: submission.reply({ formErrors: [message], hideFields: SECRET_FIELDS }) }, { status });
  }
  startUserSession(context, result.user);
  flashToast(context, {
    type: "success",
    title: "Cadastro realizado com sucesso",
    description: "Verifique seu e-mail para confirmar o cadastro",
  });
  return redirect("/empresa/dashboard");
}

type LastResult = FormAnswer | undefined;

export default function Empresas({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, redirectTo, signUpDefaults } = loaderData;
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
        <SignInForm
          id="empresa-entrar"
          action="/empresas"
          emailLabel="E-mail da empresa"
          lastResult={actionData?.intent === "entrar" ? actionData.result : undefined}
          redirectTo={redirectTo}
        />
      ) : (
        <CompanySignUp lastResult={actionData?.intent === "cadastrar" ? actionData.result : undefined} defaults={signUpDefaults} />
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

function CompanySignUp({
  lastResult,
  defaults,
}: {
  lastResult: LastResult;
  defaults: { companyName: string; cnpj: string; email: string };
}) {
  const resetKey = useResetKey(lastResult);
  const [form, fields] = useFormFields<z.input<typeof companySignUpSchema>>({
    id: "empresa-cadastrar",
    answer: lastResult,
    defaults,
  });
  return (
    <Form method="post" action="/empresas?aba=cadastrar" className="relative space-y-4" {...formProps(form)}>
      <input type="hidden" name="intent" value="cadastrar" />
      <ErrorSummary title="Erro no cadastro" errors={summaryErrors(form)} />
      <RequiredLegend />
      <TextInput meta={fields.companyName} label="Nome da Empresa" autoComplete="organization" required />
      <TextInput meta={fields.cnpj} label="CNPJ" hint={CNPJ_HINT} inputMode="text" maxLength={18} required />
      <NewAccountFields fields={fields} resetKey={resetKey} />
      <Honeypot />
      <SubmitButton busyLabel="Cadastrando..." className="btn btn-primary w-full">
        Cadastrar Empresa
      </SubmitButton>
    </Form>
  );
}
