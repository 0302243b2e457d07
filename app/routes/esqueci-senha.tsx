import type { z } from "zod";
import { formProps, useFormFields } from "~/components/form/form-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/esqueci-senha";
import { AuthLayout } from "~/components/auth-layout";
import { RequiredLegend } from "~/components/form/field";
import { TextInput } from "~/components/form/inputs";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { Honeypot } from "~/components/form/honeypot";
import { SubmitButton } from "~/components/form/submit-button";
import { forgotPasswordSchema } from "~/forms/auth";
import { requestPasswordReset } from "~/services/accounts.server";
import { RATE_LIMITED_MESSAGE } from "~/platform/rate-limit.server";
import { readFormData } from "~/platform/form-data.server";

export const meta: Route.MetaFunction = () => [{ title: "Recuperar senha | Patas Conectadas" }];

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("enviado") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  if (!submission.value.website) {
    const result = await requestPasswordReset(context, request, submission.value.email);
    if (!result.ok) {
      return data({ result: submission.reply({ formErrors: [RATE_LIMITED_MESSAGE] }) }, { status: 429 });
    }
  }
  return redirect("/esqueci-senha?enviado=1");
}

export default function EsqueciSenha({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useFormFields<z.input<typeof forgotPasswordSchema>>({
    id: "esqueci-senha",
    answer: actionData?.result,
  });
  if (loaderData.sent) {
    return (
      <AuthLayout title="Verifique seu e-mail">
        <p className="text-center text-slate-700" role="status">
          Se existir uma conta com esse e-mail, enviamos um link para você escolher uma nova senha. O link vale por 1 hora e pode ser usado
          uma única vez.
        </p>
        <Link to="/entrar" className="btn btn-primary w-full">
          Voltar para o login
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Recuperar senha" subtitle="Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha.">
      <Form method="post" className="relative space-y-4" {...formProps(form)}>
        <ErrorSummary title="Não foi possível enviar" errors={summaryErrors(form)} />
        <RequiredLegend />
        <TextInput meta={fields.email} label="E-mail" type="email" autoComplete="email" required />
        <Honeypot />
        <SubmitButton busyLabel="Enviando..." className="btn btn-primary w-full">
          Enviar link de recuperação
        </SubmitButton>
      </Form>
      <p className="text-center text-sm">
        <Link to="/entrar" className="font-medium text-brand-700">
          Lembrou a senha? Entrar
        </Link>
      </p>
    </AuthLayout>
  );
}
