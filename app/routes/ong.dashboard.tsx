import { NavLink, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/ong.dashboard";
import { DashboardShell } from "~/components/dashboard-shell";
import { requireNgo } from "~/services/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard ONG/Voluntário | Patas Conectadas" }];

// The layout of every NGO tab: one guard for the role (spec §2/§6: unauthenticated or
// non-NGO users -> /entrar); each tab's loader and action check again.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireNgo(context, request);
  return { user };
}

// The event form and confirmation pages belong to Meus Eventos.
const TABS = [
  { to: "/ong/dashboard", label: "Perfil da ONG", end: true, also: null },
  { to: "/ong/dashboard/cadastrar", label: "Cadastrar ONG", end: false, also: null },
  { to: "/ong/dashboard/eventos", label: "Meus Eventos", end: false, also: "/ong/dashboard/evento/" },
  { to: "/ong/dashboard/novo-evento", label: "Novo Evento", end: false, also: null },
];

export default function OngDashboard({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const { pathname } = useLocation();
  return (
    <DashboardShell
      title="Dashboard ONG/Voluntário"
      user={user}
      nav={
        <nav aria-label="Seções da ONG" className="mt-5 flex flex-col gap-1 text-left">
          {TABS.map((tab) => {
            const alsoActive = tab.also !== null && pathname.startsWith(tab.also);
            return (
              <NavLink
                key={tab.to}
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  `rounded-lg px-3 py-2 text-sm font-semibold ${
                    isActive || alsoActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
                  }`
                }
                aria-current={alsoActive ? "page" : undefined}
              >
                {tab.label}
              </NavLink>
            );
          })}
        </nav>
      }
    >
      <Outlet />
    </DashboardShell>
  );
}
