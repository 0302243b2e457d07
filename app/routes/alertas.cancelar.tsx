import { createContext, data, Form, Link, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/alertas.cancelar";
import { secretLinkMeta } from "~/lib/page-meta";
import { AlertLinkProblem, invalidAlertLinkScreen } from "~/components/alert-link-problem";
import { AuthLayout } from "~/components/auth-layout";
import { SubmitButton } from "~/components/form/submit-button";
import { notFound } from "~/lib/not-found";
import { alertLinkState, unsubscribeSearchAlert } from "~/services/search-alerts.server";

export const meta: Route.MetaFunction = () => secretLinkMeta("Cancelar alerta | Patas Conectadas");

const UNKNOWN = "Este alerta não existe mais: ele já foi cancelado.";
// An unknown, cancelled or malformed link (404), in the page's own frame.
const INVALID = invalidAlertLinkScreen("Cancelar alerta", UNKNOWN);

// GET never unsubscribes (mail scanners open links); the page's button POSTs, and so do
// mail providers with RFC 8058's `List-Unsubscribe=One-Click` body. The token in the URL
// is the only key: no session, no form field is read (docs/decisions/0026).
export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await alertLinkState(context, params.token);
  // Right after this request's own cancelling POST the alert is gone, and that is no 404:
  // the page says what was cancelled.
  if (link.state === "invalid" && !context.get(cancelledNow)) throw notFound(INVALID);
  return link;
}

// The description of what this request's POST cancelled, for the loader that runs after it.
const cancelledNow = createContext<string | null>(null);

export async function action({ params, context }: Route.ActionArgs) {
  const cancelled = await unsubscribeSearchAlert(context, params.token);
  if (cancelled === null) throw notFound(INVALID);
  context.set(cancelledNow, cancelled);
  // An explicit 200, for mail providers' one-click POST (RFC 8058).
  return data({ cancelled }, { status: 200 });
}

// With JavaScript, the page keeps the action's answer instead of asking again for an
// alert that no longer exists.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

export default function CancelarAlerta({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.cancelled) {
    return (
      <AuthLayout title="Alerta cancelado">
        <p role="status" className="text-center text-sm text-slate-700">
          Você não receberá mais e-mails da busca <span className="font-medium">{actionData.cancelled}</span>.
        </p>
        <Link to="/buscar-pets" className="btn btn-outline w-full">
          Buscar pets
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Cancelar alerta">
      {loaderData.state === "invalid" ? (
        <AlertLinkProblem message={UNKNOWN} />
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-center text-sm text-slate-700">
            Busca: <span className="font-medium">{loaderData.description}</span>
          </p>
          <p className="text-center text-sm text-slate-600">Toque no botão para não receber mais e-mails desta busca.</p>
          <SubmitButton busyLabel="Cancelando..." className="btn btn-primary w-full">
            Cancelar alerta
          </SubmitButton>
        </Form>
      )}
    </AuthLayout>
  );
}
