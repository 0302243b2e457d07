import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/dashboard";
import { DashboardShell } from "~/components/dashboard-shell";
import { requireAccountType } from "~/services/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Minha conta | Patas Conectadas" }];

// Spec §2/§6: no session -> /entrar?redirectTo=…; company -> /empresa/dashboard; NGO -> its
// dashboard. Each tab's own loader checks again (loaders run in parallel).
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAccountType(context, request, "personal");
  return { user };
}

const TABS = [
  { to: "/dashboard", label: "Meu Perfil", end: true },
  { to: "/dashboard/pets", label: "Meus Pets", end: false },
  { to: "/dashboard/favoritos", label: "Meus Favoritos", end: false },
  { to: "/dashboard/alertas", label: "Meus Alertas", end: false },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <DashboardShell
      title="Minha conta"
      user={user}
      nav={
        <nav aria-label="Seções da conta" className="mt-5 flex flex-col gap-1 text-left">
          {TABS.map((tab) => (
            <NavLink
              key={tab.to}
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                `rounded-lg px-3 py-2 text-sm font-semibold ${
                  isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
                }`
              }
            >
              {tab.label}
            </NavLink>
          ))}
        </nav>
      }
    >
      <Outlet />
    </DashboardShell>
  );
}
