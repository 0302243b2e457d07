import type { Route } from "./+types/empresa.dashboard";
import { DashboardShell } from "~/components/dashboard-shell";
import { getDb } from "~/context.server";
import { formatCnpj } from "~/lib/cnpj";
import { formatShortDate } from "~/lib/format";
import { getCompany } from "~/models/companies.server";
import { requireAccountType } from "~/services/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard da Empresa | Patas Conectadas" }];

// Spec §2/§6: no session -> /empresas; another account type -> /dashboard.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAccountType(context, request, "company", {
    signInBase: "/empresas",
    otherwise: "/dashboard",
  });
  const company = await getCompany(getDb(context), user.id);
  return { user, company };
}

export default function EmpresaDashboard({ loaderData }: Route.ComponentProps) {
  const { user, company } = loaderData;
  return (
    <DashboardShell title="Dashboard da Empresa" user={{ ...user, name: company?.companyName ?? user.name }}>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Perfil da Empresa</h2>
        {company ? (
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">Nome da Empresa</dt>
              <dd className="font-medium text-slate-900">{company.companyName}</dd>
            </div>
            <div>
              <dt className="text-slate-500">CNPJ</dt>
              <dd className="font-medium text-slate-900">{formatCnpj(company.cnpj)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">E-mail</dt>
              <dd className="font-medium break-all text-slate-900">{company.email}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Plano</dt>
              <dd className="font-medium text-slate-900">
                {company.plan === "premium" ? "Premium" : "Básico (até 5 produtos)"}
                {company.plan === "premium" && company.planExpiresAt
                  ? ` · válido até ${formatShortDate(company.planExpiresAt)}`
                  : ""}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="mt-2 text-slate-600">Não foi possível carregar os dados da sua empresa.</p>
        )}
      </div>
    </DashboardShell>
  );
}
