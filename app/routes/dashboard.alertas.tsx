import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/dashboard.alertas";
import { DashboardPanel } from "~/components/dashboard-panel";
import { getDb } from "~/context.server";
import { deleteSavedSearchSchema } from "~/forms/saved-search";
import { formatShortDate } from "~/lib/format";
import { savedSearchPath } from "~/lib/saved-search";
import { deleteSavedSearchOf, listSavedSearchesOf } from "~/models/saved-searches.server";
import { personalTabsFor } from "~/lib/accounts";
import { dashboardKind, guardedAccount } from "~/platform/auth.server";
import { describeStoredCriteria } from "~/services/search-alerts.server";
import { readFormData } from "~/platform/form-data.server";
import { flashToast } from "~/platform/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Meus Alertas | Patas Conectadas" }];

// 'Avise-me' (docs/decisions/0026): the saved searches of the account (and the confirmed
// ones of its verified e-mail, saved before signing up). One module for the three
// dashboards, guarded by the layout it is under (docs/decisions/0034, Guards as middleware).
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const db = getDb(context);
  const rows = await listSavedSearchesOf(db, user);
  // Cities named from our table ("Jundiaí - SP"), not the stored "jundiai-sp" (docs/decisions/0032).
  const descriptions = await Promise.all(rows.map((row) => describeStoredCriteria(db, row.criteria)));
  return {
    alerts: rows.map((row, i) => ({
      id: row.id,
      description: descriptions[i]!,
      searchPath: savedSearchPath(row.criteria),
      confirmed: row.confirmedAt !== null,
      createdOn: formatShortDate(row.createdAt),
      lastDigestOn: row.lastDigestAt ? formatShortDate(row.lastDigestAt) : null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  const submission = parseWithZod(await readFormData(request), { schema: deleteSavedSearchSchema });
  if (submission.status !== "success") return data({ error: "Alerta inválido." }, { status: 400 });
  // The owner condition is in the DELETE itself: someone else's id deletes nothing.
  if (!(await deleteSavedSearchOf(getDb(context), user, submission.value.id))) {
    return data({ error: "Alerta não encontrado." }, { status: 404 });
  }
  flashToast(context, { type: "success", title: "Alerta excluído" });
  return redirect(personalTabsFor(dashboardKind(context)).alerts, 303);
}

export default function MeusAlertas({ loaderData, actionData }: Route.ComponentProps) {
  const { alerts } = loaderData;
  return (
    <DashboardPanel
      title="Meus Alertas"
      aside={
        <Link to="/buscar-pets" className="btn btn-primary">
          Buscar Pets
        </Link>
      }
    >
      <p className="mt-1 text-sm text-slate-600">Uma vez por dia enviamos por e-mail os novos pets de cada busca salva com “Avise-me”.</p>
      {actionData?.error ? (
        <p role="alert" className="field-error mt-3">
          {actionData.error}
        </p>
      ) : null}
      {alerts.length === 0 ? (
        <div className="mt-5 rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <p className="text-slate-600">Você ainda não tem alertas.</p>
          <p className="mt-1 text-sm text-slate-500">Faça uma busca e toque em “Avise-me quando aparecer um pet assim”.</p>
        </div>
      ) : (
        <ul className="mt-5 space-y-3">
          {alerts.map((alert) => (
            <li key={alert.id} className="rounded-lg border border-slate-200 p-4" data-testid="saved-search">
              <p className="font-semibold text-slate-900">{alert.description}</p>
              <p className="mt-1 text-sm text-slate-600">
                {alert.confirmed ? "Ativo" : "Aguardando confirmação por e-mail"} · criado em {alert.createdOn}
                {alert.lastDigestOn ? ` · último e-mail em ${alert.lastDigestOn}` : ""}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link to={alert.searchPath} className="btn btn-outline">
                  Ver a busca
                </Link>
                <Form method="post">
                  <input type="hidden" name="id" value={alert.id} />
                  <button
                    type="submit"
                    className="btn border border-red-300 text-red-700 hover:bg-red-50"
                    aria-label={`Excluir o alerta ${alert.description}`}
                  >
                    Excluir
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}
