import { href, Outlet } from "react-router";
import type { Route } from "./+types/ong.dashboard";
import { DashboardShell } from "~/components/dashboard-shell";
import { type DashboardTab, personalTabs } from "~/components/tabs";
import { personalTabsFor } from "~/lib/accounts";
import { guardedAccount } from "~/platform/auth.server";
import { ngoDashboardGuard } from "~/services/dashboard-guards.server";

// 'Painel', not the spec's 'Dashboard' (docs/decisions/0033, 'Dashboards on a phone'); the URLs stay.
export const meta: Route.MetaFunction = () => [{ title: "Painel ONG/Voluntário | Patas Conectadas" }];

// The layout of every NGO tab: the role's one guard (spec §2/§6: unauthenticated or
// non-NGO users -> /entrar), before any loader or action runs.
export const middleware: Route.MiddlewareFunction[] = [ngoDashboardGuard];

// Also makes the middleware run on client navigations between tabs.
export function loader({ context }: Route.LoaderArgs) {
  return { user: guardedAccount(context) };
}

// The event form and confirmation pages belong to Meus Eventos. Meus Pets, Meus Alertas
// and Meu Perfil are the personal dashboard's tabs (docs/decisions/0033 §8).
const TABS: DashboardTab[] = [
  { to: href("/ong/dashboard"), label: "Perfil da ONG", end: true },
  { to: href("/ong/dashboard/cadastrar"), label: "Cadastrar organização" },
  { to: href("/ong/dashboard/eventos"), label: "Meus Eventos", also: ["/ong/dashboard/evento/"] },
  { to: href("/ong/dashboard/novo-evento"), label: "Novo Evento" },
  ...personalTabs(personalTabsFor("ngo")),
];

export default function OngDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Painel ONG/Voluntário" user={loaderData.user} tabs={TABS} tabsLabel="Seções da ONG">
      <Outlet />
    </DashboardShell>
  );
}
