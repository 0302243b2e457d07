import type { z } from "zod";
import { formProps, type FormAnswer, useFormFields } from "~/components/form/form-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/meus-dados.excluir";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { RequiredLegend } from "~/components/form/field";
import { TextInput } from "~/components/form/inputs";
import { FormAlert } from "~/components/form/form-alert";
import { SubmitButton } from "~/components/form/submit-button";
import { useResetKey } from "~/components/form/use-reset-key";
import { getDb } from "~/context.server";
import { deleteAccountSchema } from "~/forms/account-deletion";
import { findUserById } from "~/models/users.server";
import { requireUser } from "~/platform/auth.server";
import { readFormData } from "~/platform/form-data.server";
import { RATE_LIMITED_MESSAGE } from "~/platform/rate-limit.server";
import { flashToast } from "~/platform/session.server";
import { ACCOUNT_DELETED_TOAST, deleteAccountWithPassword, sendDeletionLink } from "~/services/account-deletion.server";
import { PASSWORD_ATTEMPTS_MESSAGE } from "~/services/accounts.server";

export const meta: Route.MetaFunction = () => [{ title: "Excluir minha conta | Patas Conectadas" }];

// The confirmation step of 'Excluir minha conta' (docs/decisions/0036): the password, or
// for an account without one (Google only) a link mailed to its address.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const account = await findUserById(getDb(context), user.id);
  return {
    email: user.email,
    hasPassword: account?.hasPassword ?? false,
    sent: new URL(request.url).searchParams.get("enviado") === "1",
  };
}

const FAILED = "Não foi possível excluir a conta";

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const formData = await readFormData(request);
  if (formData.get("intent") === "enviar-link") {
    const sent = await sendDeletionLink(context, request, user.id);
    if (sent.ok) return redirect(`${href("/meus-dados/excluir")}?enviado=1`, 303);
    const message = {
      "has-password": "Sua conta tem senha: confirme a exclusão com ela.",
      "rate-limited": RATE_LIMITED_MESSAGE,
      gone: "Esta conta não existe mais.",
    }[sent.reason];
    return data({ result: null, linkError: message }, { status: sent.reason === "rate-limited" ? 429 : 400 });
  }
  const submission = parseWithZod(formData, { schema: deleteAccountSchema });
  const hide = { hideFields: ["password"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide), linkError: null }, { status: 400 });
  const deleted = await deleteAccountWithPassword(context, request, user.id, submission.value.password);
  if (!deleted.ok) {
    const reply =
      deleted.reason === "wrong-password"
        ? submission.reply({ fieldErrors: { password: ["Senha incorreta."] }, ...hide })
        : deleted.reason === "too-many-attempts"
          ? // The session is signed out with this answer (docs/decisions/0011).
            submission.reply({ formErrors: [PASSWORD_ATTEMPTS_MESSAGE], ...hide })
          : submission.reply({ formErrors: ["Sua conta não tem senha. Peça o link de confirmação por e-mail."], ...hide });
    return data({ result: reply, linkError: null }, { status: deleted.reason === "too-many-attempts" ? 429 : 400 });
  }
  flashToast(context, ACCOUNT_DELETED_TOAST);
  return redirect("/", 303);
}

export default function ExcluirConta({ loaderData, actionData }: Route.ComponentProps) {
  const { email, hasPassword, sent } = loaderData;
  return (
    <section className="container-page max-w-lg py-10">
      <div className="rounded-2xl border border-red-200 bg-white p-6 shadow-sm" role="region" aria-labelledby="excluir-conta-titulo">
        <h1 id="excluir-conta-titulo" className="text-2xl font-bold text-slate-900">
          Excluir minha conta
        </h1>
        <p className="mt-3 text-slate-700">
          A conta <strong className="[overflow-wrap:anywhere]">{email}</strong> e tudo o que está ligado a ela serão apagados de uma vez:
          perfil, anúncios e fotos, organização e eventos, produtos, clínicas, favoritos, alertas e sessões. Os registros de pagamento ficam
          guardados pelo prazo da legislação tributária, sem o seu nome, e-mail ou conta.
        </p>
        <p className="mt-2 font-semibold text-red-800">Não dá para desfazer. Se quiser, baixe seus dados antes.</p>
        {hasPassword ? (
          <PasswordForm result={actionData?.result ?? undefined} />
        ) : (
          <LinkForm email={email} sent={sent} error={actionData?.linkError ?? null} />
        )}
      </div>
    </section>
  );
}

function PasswordForm({ result }: { result: FormAnswer | undefined }) {
  const resetKey = useResetKey(result);
  const [form, fields] = useFormFields<z.input<typeof deleteAccountSchema>>({
    id: "excluir-conta",
    answer: result,
  });
  return (
    <Form method="post" className="mt-5 space-y-4" {...formProps(form)}>
      <ErrorSummary title={FAILED} errors={summaryErrors(form)} />
      <RequiredLegend />
      <TextInput
        key={`password-${resetKey}`}
        meta={fields.password}
        label="Sua senha"
        hint="Para confirmar que é você."
        type="password"
        autoComplete="current-password"
        required
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busyLabel="Excluindo..." className="btn bg-red-600 text-white hover:bg-red-700">
          Excluir minha conta
        </SubmitButton>
        <Link to={href("/meus-dados")} className="btn btn-ghost">
          Cancelar
        </Link>
      </div>
    </Form>
  );
}

function LinkForm({ email, sent, error }: { email: string; sent: boolean; error: string | null }) {
  return (
    <div className="mt-5 space-y-4">
      {error ? <FormAlert title={FAILED} messages={[error]} /> : null}
      {sent ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          Enviamos um link para <strong className="[overflow-wrap:anywhere]">{email}</strong>. Abra-o em até 1 hora e toque em “Excluir
          minha conta” para concluir.
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          Você entra com o Google e sua conta não tem senha. Para confirmar que é você, enviaremos um link para{" "}
          <strong className="[overflow-wrap:anywhere]">{email}</strong>.
        </p>
      )}
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="enviar-link" />
        <SubmitButton busyLabel="Enviando..." className="btn bg-red-600 text-white hover:bg-red-700">
          {sent ? "Enviar outro link" : "Enviar link de confirmação"}
        </SubmitButton>
        <Link to={href("/meus-dados")} className="btn btn-ghost">
          Cancelar
        </Link>
      </Form>
    </div>
  );
}
