import { href, Outlet } from "react-router";
import type { Route } from "./+types/dashboard";
import { DashboardShell } from "~/components/dashboard-shell";
import { type DashboardTab, personalTabs } from "~/components/tabs";
import { personalTabsFor } from "~/lib/accounts";
import { requireAccountType } from "~/platform/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Minha conta | Patas Conectadas" }];

// Spec §2/§6: no session -> /entrar?redirectTo=…; company -> /empresa/dashboard; NGO -> its
// dashboard. Each tab's own loader checks again (loaders run in parallel).
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAccountType(context, request, "personal");
  return { user };
}

// The overview first, the profile form in its own tab (docs/decisions/0033, finding 8).
// Meus Pets, Meus Alertas and Meu Perfil are shared with the NGO and company dashboards (issue 23).
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
