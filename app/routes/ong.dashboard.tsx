import type { Route } from "./+types/ong.dashboard";
import { DashboardShell } from "~/components/dashboard-shell";
import { requireAccountType } from "~/services/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard ONG/Voluntário | Patas Conectadas" }];

// Spec §2/§6: unauthenticated or non-NGO users -> /entrar.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAccountType(context, request, "ngo", { otherwise: "/entrar" });
  return { user };
}

export default function OngDashboard({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <DashboardShell title="Dashboard ONG/Voluntário" user={user}>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Olá, {user.name || user.email}!</h2>
        <p className="mt-1 text-slate-600">
          Esta é a conta da sua ONG ou trabalho voluntário. Aqui você gerencia o perfil da
          organização e os seus eventos.
        </p>
      </div>
    </DashboardShell>
  );
}
