import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/confirmar-email";
import { secretLinkMeta } from "~/lib/page-meta";
import { AuthLayout } from "~/components/auth-layout";
import { SubmitButton } from "~/components/form/submit-button";
import { dashboardPathFor, profilePathFor } from "~/lib/accounts";
import { confirmEmail, isConfirmationTokenValid } from "~/services/accounts.server";
import { getCurrentUser } from "~/platform/auth.server";
import { flashToast } from "~/platform/session.server";

export const meta: Route.MetaFunction = () => secretLinkMeta("Confirmar e-mail | Patas Conectadas");

const INVALID_LINK = "Este link de confirmação já foi usado ou expirou.";

// The link in the mail only shows a button: mail scanners and link previews open links
// (GET) on their own, and must not confirm an address for its owner (docs/decisions/0011).
export async function loader({ params, context }: Route.LoaderArgs) {
  const valid = await isConfirmationTokenValid(context, params.token);
  return data({ valid }, { status: valid ? 200 : 410 });
}

export async function action({ params, context }: Route.ActionArgs) {
  const result = await confirmEmail(context, params.token);
  if (!result.ok) {
    const description = result.reason === "email-taken" ? "Este e-mail já está em uso por outra conta." : INVALID_LINK;
    return data({ error: description }, { status: result.reason === "email-taken" ? 409 : 410 });
  }
  flashToast(
    context,
    result.kind === "changed"
      ? { type: "success", title: "E-mail alterado", description: "Seu novo e-mail está confirmado." }
      : { type: "success", title: "E-mail confirmado", description: "Obrigado! Seu cadastro está completo." },
  );
  const user = await getCurrentUser(context);
  if (!user) return redirect("/", 303);
  // A changed address is shown where it is edited: the profile tab (0033 §8).
  return redirect(result.kind === "changed" ? profilePathFor(user.accountType) : dashboardPathFor(user.accountType), 303);
}

export default function ConfirmarEmail({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error ?? (loaderData.valid ? null : INVALID_LINK);
  return (
    <AuthLayout title="Confirmar e-mail">
      {error ? (
        <>
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
          <p className="text-center text-sm text-slate-600">Entre na sua conta e peça um novo link em "Reenviar confirmação".</p>
          <Link to="/entrar" className="btn btn-primary w-full">
            Entrar
          </Link>
        </>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-center text-sm text-slate-600">Toque no botão para confirmar seu endereço de e-mail.</p>
          <SubmitButton busyLabel="Confirmando..." className="btn btn-primary w-full">
            Confirmar e-mail
          </SubmitButton>
        </Form>
      )}
    </AuthLayout>
  );
}
