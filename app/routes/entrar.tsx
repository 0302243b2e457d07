import type { z } from "zod";
import { formProps, inputProps, type FormAnswer, useFormFields } from "~/components/form/form-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigate, href } from "react-router";
import type { Route } from "./+types/entrar";
import { AuthLayout } from "~/components/auth-layout";
import { Field, RequiredLegend } from "~/components/form/field";
import { useResetKey } from "~/components/form/use-reset-key";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { Honeypot } from "~/components/form/honeypot";
import { NewAccountFields } from "~/components/form/new-account-fields";
import { SubmitButton } from "~/components/form/submit-button";
import { GoogleSignIn } from "~/components/google-sign-in";
import { SignInForm } from "~/components/sign-in-form";
import { TabLinks } from "~/components/tabs";
import { getCloudflare } from "~/context.server";
import { personalSignUpSchema } from "~/forms/auth";
import { ACCOUNT_TYPE_CHOICES } from "~/forms/choices";
import { safeRedirectPath } from "~/lib/links";
import { registerAccount, registrationFailure } from "~/services/accounts.server";
import { requireAnonymous } from "~/platform/auth.server";
import { isGoogleConfigured } from "~/platform/google.server";
import { flashToast, startUserSession } from "~/platform/session.server";
import { passwordSignInAction, SECRET_FIELDS } from "~/services/sign-in.server";
import { readFormData } from "~/platform/form-data.server";

export const meta: Route.MetaFunction = () => [
  { title: "Entrar | Patas Conectadas" },
  { name: "description", content: "Entre ou crie sua conta na Patas Conectadas." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(context);
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  return {
    tab: url.searchParams.get("aba") === "cadastrar" ? ("cadastrar" as const) : ("entrar" as const),
    // An unsafe target is dropped, so sign-in falls back to the user's dashboard.
    redirectTo: safeRedirectPath(redirectTo, "") || null,
    googleAvailable: isGoogleConfigured(getCloudflare(context).env),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // As the loader: a signed-in user neither signs up again nor signs in over the session.
  await requireAnonymous(context);
  const formData = await readFormData(request);
  const intent = formData.get("intent") === "cadastrar" ? "cadastrar" : "entrar";

  if (intent === "cadastrar") {
    // The type selector: companies and NGOs have their own sign-up pages.
    const type = formData.get("accountType");
    if (type === "company") return redirect("/empresas?aba=cadastrar");
    if (type === "ngo") return redirect("/cadastrar-ong");

    const submission = parseWithZod(formData, { schema: personalSignUpSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
    }
    const { name, email, password, website, redirectTo } = submission.value;
    const destination = safeRedirectPath(redirectTo, "/dashboard");
    if (website) return redirect("/");
    const result = await registerAccount(context, request, { name, email, password, accountType: "personal" });
    if (!result.ok) {
      const { message, status } = registrationFailure(result.reason);
      return data({ intent, result: submission.reply({ formErrors: [message], hideFields: SECRET_FIELDS }) }, { status });
    }
    startUserSession(context, result.user);
    flashToast(context, {
      type: "success",
      title: "Cadastro realizado com sucesso",
      description: "Verifique seu e-mail para confirmar o cadastro",
    });
    return redirect(destination);
  }

  return passwordSignInAction(context, request, formData);
}

export default function Entrar({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, redirectTo, googleAvailable } = loaderData;
  const query = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return (
    <AuthLayout title={tab === "entrar" ? "Entrar" : "Criar conta"} subtitle="Ajude pets a voltarem para casa e encontre um novo amigo.">
      <TabLinks
        label="Entrar ou cadastrar"
        tabs={[
          { to: `${href("/entrar")}?aba=entrar${query}`, label: "Entrar", active: tab === "entrar" },
          { to: `${href("/entrar")}?aba=cadastrar${query}`, label: "Cadastrar", active: tab === "cadastrar" },
        ]}
      />
      {tab === "entrar" ? (
        <SignInForm
          id="entrar"
          action="/entrar"
          lastResult={actionData?.intent === "entrar" ? actionData.result : undefined}
          redirectTo={redirectTo}
        />
      ) : (
        <SignUpForm lastResult={actionData?.intent === "cadastrar" ? actionData.result : undefined} redirectTo={redirectTo} />
      )}
      <div className="flex items-center gap-3 text-xs text-slate-500">
        <span className="h-px flex-1 bg-slate-200" /> ou <span className="h-px flex-1 bg-slate-200" />
      </div>
      <GoogleSignIn available={googleAvailable} />
      <p className="text-center text-sm text-slate-600">
        É uma empresa?{" "}
        <Link to="/empresas" className="font-semibold text-brand-700">
          Acesse a área de empresas
        </Link>
      </p>
    </AuthLayout>
  );
}

type LastResult = FormAnswer | undefined;

function SignUpForm({ lastResult, redirectTo }: { lastResult: LastResult; redirectTo: string | null }) {
  const resetKey = useResetKey(lastResult);
  const navigate = useNavigate();
  const [form, fields] = useFormFields<z.input<typeof personalSignUpSchema>>({
    id: "cadastrar",
    answer: lastResult,
  });
  return (
    <Form method="post" action="/entrar?aba=cadastrar" className="relative space-y-4" {...formProps(form)}>
      <input type="hidden" name="intent" value="cadastrar" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <ErrorSummary title="Erro no cadastro" errors={summaryErrors(form)} />
      <RequiredLegend />
      <fieldset>
        <legend className="label">Tipo de conta</legend>
        <div className="grid gap-2">
          {ACCOUNT_TYPE_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="accountType"
                value={choice.value}
                defaultChecked={choice.value === "personal"}
                className="accent-brand-600"
                onChange={(event) => {
                  // With JavaScript the choice takes effect at once; without it, on submit.
                  if (event.currentTarget.value === "company") navigate("/empresas?aba=cadastrar");
                  if (event.currentTarget.value === "ngo") navigate("/cadastrar-ong");
                }}
              />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{choice.label}</span>
                <span className="block text-xs text-slate-600">{choice.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field id={fields.name.id} label="Nome" errors={fields.name.errors} errorId={fields.name.errorId} required>
        <input {...inputProps(fields.name, { type: "text" })} aria-required className="input" autoComplete="name" />
      </Field>
      <NewAccountFields fields={fields} resetKey={resetKey} />
      <Honeypot />
      <SubmitButton busyLabel="Cadastrando..." className="btn btn-primary w-full">
        Cadastrar
      </SubmitButton>
    </Form>
  );
}
