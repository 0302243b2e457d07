import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/meus-dados.excluir.confirmar";
import { secretLinkMeta } from "~/lib/page-meta";
import { AuthLayout } from "~/components/auth-layout";
import { SubmitButton } from "~/components/form/submit-button";
import { type ErrorScreen, gone } from "~/lib/not-found";
import { flashToast } from "~/platform/session.server";
import { ACCOUNT_DELETED_TOAST, deleteAccountByLink, deletionLinkAccount } from "~/services/account-deletion.server";

export const meta: Route.MetaFunction = () => secretLinkMeta("Excluir minha conta | Patas Conectadas");

// A used or expired link: why, and how to get a new one.
const INVALID_LINK: ErrorScreen = {
  title: "Excluir minha conta",
  message: "Este link de exclusão já foi usado ou expirou.",
  note: "Entre na sua conta e peça um novo link em “Meus dados”.",
  look: "card",
  back: { to: href("/meus-dados/excluir"), label: "Pedir um novo link" },
};

// The link mailed to an account without a password (docs/decisions/0036). GET only shows
// the button: mail scanners and link previews open links on their own, and must never
// delete an account (as /confirmar-email, docs/decisions/0011).
export async function loader({ params, context }: Route.LoaderArgs) {
  const account = await deletionLinkAccount(context, params.token);
  // A used or expired link is gone (410), as /confirmar-email's (docs/decisions/0034).
  if (!account) throw gone(undefined, INVALID_LINK);
  return { email: account.email };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!(await deleteAccountByLink(context, request, params.token))) throw gone(undefined, INVALID_LINK);
  flashToast(context, ACCOUNT_DELETED_TOAST);
  return redirect("/", 303);
}

export default function ConfirmarExclusao({ loaderData }: Route.ComponentProps) {
  return (
    <AuthLayout title="Excluir minha conta">
      <Form method="post" className="space-y-4">
        <p className="text-sm text-slate-700">
          A conta <strong className="[overflow-wrap:anywhere]">{loaderData.email}</strong> e tudo o que está ligado a ela serão apagados:
          perfil, anúncios e fotos, organização e eventos, produtos, clínicas, favoritos, alertas e sessões. Os registros de pagamento ficam
          guardados pelo prazo da legislação tributária, sem o seu nome, e-mail ou conta.
        </p>
        <p className="font-semibold text-red-800">Não dá para desfazer.</p>
        <SubmitButton busyLabel="Excluindo..." className="btn w-full bg-red-600 text-white hover:bg-red-700">
          Excluir minha conta
        </SubmitButton>
        <Link to="/" className="btn btn-ghost w-full">
          Cancelar
        </Link>
      </Form>
    </AuthLayout>
  );
}
