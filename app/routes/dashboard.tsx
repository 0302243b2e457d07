import { href, Outlet } from "react-router";
import type { Route } from "./+types/dashboard";
import { DashboardShell } from "~/components/dashboard-shell";
import { type DashboardTab, personalTabs } from "~/components/tabs";
import { personalTabsFor } from "~/lib/accounts";
import { guardedAccount } from "~/platform/auth.server";
import { personalDashboardGuard } from "~/services/dashboard-guards.server";

export const meta: Route.MetaFunction = () => [{ title: "Minha conta | Patas Conectadas" }];

// The one guard of every tab (spec §2/§6: no session -> /entrar?redirectTo=…; company ->
// /empresa/dashboard; NGO -> its dashboard), before any loader or action runs.
export const middleware: Route.MiddlewareFunction[] = [personalDashboardGuard];

// Also makes the middleware run on client navigations between tabs.
export function loader({ context }: Route.LoaderArgs) {
  return { user: guardedAccount(context) };
}

// The overview first, the profile form in its own tab (docs/decisions/0033 §8).
// Meus Pets, Meus Alertas and Meu Perfil are shared with the NGO and company dashboards (0033 §8).
const [pets, alerts, profile] = personalTabs(personalTabsFor("personal"));
const TABS: DashboardTab[] = [
  { to: href("/dashboard"), label: "Visão geral", end: true },
  pets,
  { to: href("/dashboard/favoritos/:tipo?"), label: "Meus Favoritos" },
  alerts,
  profile,
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Minha conta" user={loaderData.user} tabs={TABS} tabsLabel="Seções da conta">
      <Outlet />
    </DashboardShell>
  );
}
