import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/alertas.confirmar";
import { secretLinkMeta } from "~/lib/page-meta";
import { AlertLinkProblem, invalidAlertLinkScreen } from "~/components/alert-link-problem";
import { AuthLayout } from "~/components/auth-layout";
import { SubmitButton } from "~/components/form/submit-button";
import { notFound } from "~/lib/not-found";
import { MAX_SAVED_SEARCHES } from "~/lib/saved-search";
import { alertLinkState, confirmSearchAlert } from "~/services/search-alerts.server";
import { flashToast } from "~/platform/session.server";

export const meta: Route.MetaFunction = () => secretLinkMeta("Confirmar alerta | Patas Conectadas");

const INVALID_LINK = "Este link de confirmação não vale mais: o alerta foi cancelado ou o link expirou.";
// An unknown, cancelled or expired link (404), in the page's own frame.
const INVALID = invalidAlertLinkScreen("Confirmar alerta", INVALID_LINK);
const LIMIT = `Este e-mail já tem ${MAX_SAVED_SEARCHES} alertas ativos. Cancele um deles pelo link no fim de um e-mail de alerta para ativar este.`;

// The link in the mail only shows a button: mail scanners and link previews open links
// (GET) on their own, and must not confirm an alert for the address's owner (0026).
export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await alertLinkState(context, params.token);
  if (link.state === "invalid") throw notFound(INVALID);
  return link;
}

export async function action({ params, context }: Route.ActionArgs) {
  const result = await confirmSearchAlert(context, params.token);
  if (!result.ok && result.reason === "invalid") throw notFound(INVALID);
  if (!result.ok) return data({ error: LIMIT }, { status: 409 });
  flashToast(
    context,
    result.already
      ? { type: "info", title: "Este alerta já está ativo" }
      : { type: "success", title: "Alerta confirmado!", description: "Você receberá por e-mail os novos pets desta busca." },
  );
  return redirect(result.searchPath, 303);
}

export default function ConfirmarAlerta({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error ?? null;
  return (
    <AuthLayout title="Confirmar alerta">
      {error ? (
        <AlertLinkProblem message={error} />
      ) : (
        <>
          <p className="text-center text-sm text-slate-700">
            Busca: <span className="font-medium">{loaderData.description}</span>
          </p>
          {loaderData.state === "confirmed" ? (
            <>
              <p className="text-center text-sm text-slate-600">Este alerta já está ativo.</p>
              <Link to={loaderData.searchPath} className="btn btn-primary w-full">
                Ver a busca
              </Link>
            </>
          ) : (
            <Form method="post" className="space-y-4">
              <p className="text-center text-sm text-slate-600">
                Toque no botão para receber, uma vez por dia, os novos pets desta busca por e-mail.
              </p>
              <SubmitButton busyLabel="Confirmando..." className="btn btn-primary w-full">
                Confirmar alerta
              </SubmitButton>
            </Form>
          )}
        </>
      )}
    </AuthLayout>
  );
}
