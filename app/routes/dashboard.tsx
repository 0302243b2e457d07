import { Link, redirect } from "react-router";
import type { Route } from "./+types/dashboard";
import { DashboardShell } from "~/components/dashboard-shell";
import { requireUser } from "~/services/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Minha conta | Patas Conectadas" }];

// Spec §2/§6: no session -> /entrar; company -> /empresa/dashboard; NGO -> its dashboard.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  if (user.accountType === "company") throw redirect("/empresa/dashboard");
  if (user.accountType === "ngo") throw redirect("/ong/dashboard");
  return { user };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <DashboardShell title="Minha conta" user={user}>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Olá, {user.name || user.email}!</h2>
        <p className="mt-1 text-slate-600">
          Esta é sua conta pessoal. Aqui você acompanha seus anúncios de pets e seus favoritos.
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to="/pets" className="btn btn-primary">
            Ver pets
          </Link>
          <Link to="/buscar-pets" className="btn btn-outline">
            Buscar pets
          </Link>
        </div>
      </div>
    </DashboardShell>
  );
}
