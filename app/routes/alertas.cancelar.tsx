import { data, Form, Link } from "react-router";
import type { Route } from "./+types/alertas.cancelar";
import { AlertLinkProblem } from "~/components/alert-link-problem";
import { AuthLayout } from "~/components/auth-layout";
import { SubmitButton } from "~/components/form/submit-button";
import { alertLinkState, unsubscribeSearchAlert } from "~/services/search-alerts.server";

export const meta: Route.MetaFunction = () => [
  { title: "Cancelar alerta | Patas Conectadas" },
  // The URL carries a secret (see /confirmar-email).
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

const UNKNOWN = "Este alerta não existe mais: ele já foi cancelado.";

// GET never unsubscribes (mail scanners open links); the page's button POSTs, and so do
// mail providers with RFC 8058's `List-Unsubscribe=One-Click` body. The token in the URL
// is the only key: no session, no form field is read (docs/decisions/0026).
export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await alertLinkState(context, params.token);
  return data(link, { status: link.state === "invalid" ? 404 : 200 });
}

export async function action({ params, context }: Route.ActionArgs) {
  const cancelled = await unsubscribeSearchAlert(context, params.token);
  if (cancelled === null) return data({ cancelled: null, error: UNKNOWN }, { status: 404 });
  // An explicit 200: the page's loader, run again after this, now finds no alert (404).
  return data({ cancelled, error: null }, { status: 200 });
}

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
  const error = actionData?.error ?? (loaderData.state === "invalid" ? UNKNOWN : null);
  return (
    <AuthLayout title="Cancelar alerta">
      {error || loaderData.state === "invalid" ? (
        <AlertLinkProblem message={error} />
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
