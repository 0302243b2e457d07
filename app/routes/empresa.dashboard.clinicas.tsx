import { href, Link } from "react-router";
import type { Route } from "./+types/empresa.dashboard.clinicas";
import { PremiumClinicNotice } from "~/components/clinic-form";
import { DashboardItemList } from "~/components/dashboard-item-list";
import { getCloudflare, getDb } from "~/context.server";
import { CLINIC_CATEGORY_LABELS, labelOf } from "~/lib/labels";
import { clinicsOfOwner } from "~/models/clinics.server";
import { guardedAccount } from "~/platform/auth.server";
import { clinicPlan } from "~/services/clinics.server";
import { withPendingViews } from "~/services/view-counter.server";

export const meta: Route.MetaFunction = () => [{ title: "Minhas Clínicas | Patas Conectadas" }];

// "Minhas Clínicas" (spec §2): the company's clinics. Creating and editing are Premium;
// clinics kept after Premium lapses stay listed here to be deleted (docs/decisions/0015).
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const [plan, clinics] = await Promise.all([
    clinicPlan(context, user.id),
    clinicsOfOwner(getDb(context), user.id).then((own) => withPendingViews(getCloudflare(context).env, "clinic", own)),
  ]);
  return { plan, clinics };
}

export default function MinhasClinicas({ loaderData }: Route.ComponentProps) {
  const { plan, clinics } = loaderData;
  const premium = plan === "premium";
  return (
    <section aria-labelledby="clinicas-titulo" className="mt-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="clinicas-titulo" className="text-xl font-bold text-slate-900">
          Minhas Clínicas
        </h2>
        {premium ? (
          <Link to={href("/empresa/dashboard/clinicas/nova")} className="btn btn-primary">
            Nova Clínica
          </Link>
        ) : null}
      </div>
      {premium ? null : <PremiumClinicNotice />}
      {!premium && clinics.length > 0 ? (
        <p className="text-sm text-slate-600">
          As clínicas cadastradas durante o Plano Premium continuam publicadas. Para editá-las, assine o Plano Premium de novo.
        </p>
      ) : null}
      {premium && clinics.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <p>Você ainda não cadastrou nenhuma clínica.</p>
          <Link to={href("/empresa/dashboard/clinicas/nova")} className="btn btn-primary mt-4">
            Cadastrar minha primeira clínica
          </Link>
        </div>
      ) : null}
      {clinics.length > 0 ? (
        <DashboardItemList
          items={clinics.map((clinic) => ({
            id: clinic.id,
            title: clinic.name,
            page: href("/clinica/:id", { id: String(clinic.id) }),
            imageUrl: clinic.mainImageUrl,
            category: labelOf(CLINIC_CATEGORY_LABELS, clinic.category),
            facts: [{ text: clinic.location }],
            views: clinic.views,
            // Editing is Premium; a lapsed plan still deletes (docs/decisions/0015).
            edit: premium ? href("/empresa/dashboard/clinicas/:id/editar", { id: String(clinic.id) }) : null,
            remove: href("/empresa/dashboard/clinicas/:id/excluir", { id: String(clinic.id) }),
          }))}
          kind="clinic"
          label="Clínicas da empresa"
          testId="minha-clinica"
        />
      ) : null}
    </section>
  );
}
