import { href, Outlet } from "react-router";
import type { Route } from "./+types/ong.dashboard";
import { DashboardShell } from "~/components/dashboard-shell";
import { type DashboardTab, personalTabs } from "~/components/tabs";
import { personalTabsFor } from "~/lib/accounts";
import { requireNgo } from "~/platform/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard ONG/Voluntário | Patas Conectadas" }];

// The layout of every NGO tab: one guard for the role (spec §2/§6: unauthenticated or
// non-NGO users -> /entrar); each tab's loader and action check again.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireNgo(context, request);
  return { user };
}

// The event form and confirmation pages belong to Meus Eventos. Meus Pets, Meus Alertas
// and Meu Perfil are the personal dashboard's tabs (issue 23).
const TABS: DashboardTab[] = [
  { to: href("/ong/dashboard"), label: "Perfil da ONG", end: true },
  { to: href("/ong/dashboard/cadastrar"), label: "Cadastrar ONG" },
  { to: href("/ong/dashboard/eventos"), label: "Meus Eventos", also: ["/ong/dashboard/evento/"] },
  { to: href("/ong/dashboard/novo-evento"), label: "Novo Evento" },
  ...personalTabs(personalTabsFor("ngo")),
];

export default function OngDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Dashboard ONG/Voluntário" user={loaderData.user} tabs={TABS} tabsLabel="Seções da ONG">
      <Outlet />
    </DashboardShell>
  );
}
