import type { z } from "zod";
import { formProps, useFormFields } from "~/components/form/form-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/cadastrar-ong";
import { AuthLayout } from "~/components/auth-layout";
import { RequiredLegend } from "~/components/form/field";
import { TextInput } from "~/components/form/inputs";
import { useResetKey } from "~/components/form/use-reset-key";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { Honeypot } from "~/components/form/honeypot";
import { NewAccountFields } from "~/components/form/new-account-fields";
import { SubmitButton } from "~/components/form/submit-button";
import { ngoSignUpSchema } from "~/forms/auth";
import { registerAccount, registrationFailure } from "~/services/accounts.server";
import { requireAnonymous } from "~/platform/auth.server";
import { flashToast, startUserSession } from "~/platform/session.server";
import { readFormData } from "~/platform/form-data.server";

export const meta: Route.MetaFunction = () => [
  { title: "Cadastro de ONG/Voluntário | Patas Conectadas" },
  { name: "description", content: "Cadastre sua ONG, abrigo ou trabalho voluntário." },
];

export async function loader({ context }: Route.LoaderArgs) {
  await requireAnonymous(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  // As the loader: a signed-in user does not create a second account from here.
  await requireAnonymous(context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ngoSignUpSchema });
  const hide = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") {
    return data({ result: submission.reply(hide) }, { status: 400 });
  }
  const { name, email, password, website } = submission.value;
  if (website) return redirect("/entrar");
  const result = await registerAccount(context, request, { name, email, password, accountType: "ngo" });
  if (!result.ok) {
    const { message, status } = registrationFailure(result.reason);
    return data({ result: submission.reply({ formErrors: [message], ...hide }) }, { status });
  }
  // Signed in on creation, as the personal and company sign-ups (docs/decisions/0007).
  startUserSession(context, result.user);
  flashToast(context, {
    type: "success",
    title: "Cadastro realizado com sucesso",
    description: "Sua conta de ONG foi criada com sucesso! Agora cadastre sua organização.",
  });
  return redirect(href("/ong/dashboard"));
}

export default function CadastrarOng({ actionData }: Route.ComponentProps) {
  const resetKey = useResetKey(actionData?.result);
  const [form, fields] = useFormFields<z.input<typeof ngoSignUpSchema>>({
    id: "cadastrar-ong",
    answer: actionData?.result,
  });
  return (
    <AuthLayout title="Cadastro de ONG/Voluntário" subtitle="Divulgue seu trabalho, seus eventos e seus animais para adoção.">
      <Form method="post" className="relative space-y-4" {...formProps(form)}>
        <ErrorSummary title="Erro no cadastro" errors={summaryErrors(form)} />
        <RequiredLegend />
        <TextInput meta={fields.name} label="Nome da ONG/Responsável" autoComplete="organization" required />
        <NewAccountFields fields={fields} resetKey={resetKey} />
        <p className="rounded-lg bg-slate-50 p-3 text-xs text-slate-600">
          Seus dados são usados somente para o funcionamento do site e não são compartilhados com terceiros. É proibido anunciar a venda de
          animais e publicar conteúdo político.
        </p>
        <Honeypot />
        <SubmitButton busyLabel="Cadastrando..." className="btn btn-primary w-full">
          Cadastrar ONG
        </SubmitButton>
      </Form>
      <p className="text-center text-sm text-slate-600">
        Já tem conta?{" "}
        <Link to="/entrar" className="font-semibold text-brand-700">
          Entrar
        </Link>
      </p>
    </AuthLayout>
  );
}
