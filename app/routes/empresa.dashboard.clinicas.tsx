import { href, Link } from "react-router";
import type { Route } from "./+types/empresa.dashboard.clinicas";
import { PremiumClinicNotice } from "~/components/clinic-form";
import { CardPhoto } from "~/components/cards/card-photo";
import { getDb } from "~/context.server";
import { CLINIC_CATEGORY_LABELS, labelOf } from "~/lib/labels";
import { clinicsOfOwner } from "~/models/clinics.server";
import { requireClinicEditor } from "~/services/clinics.server";

export const meta: Route.MetaFunction = () => [{ title: "Minhas Clínicas | Patas Conectadas" }];

// "Minhas Clínicas" (spec §2): the company's clinics. Creating and editing are Premium;
// clinics kept after Premium lapses stay listed here to be deleted (docs/decisions/0015).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, plan } = await requireClinicEditor(context, request);
  const clinics = await clinicsOfOwner(getDb(context), user.id);
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
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Clínicas da empresa">
          {clinics.map((clinic) => (
            <li key={clinic.id} className="card flex flex-col" data-testid="minha-clinica">
              <CardPhoto src={clinic.mainImageUrl} kind="clinic" alt={clinic.name} className="rounded-t-xl" />
              <div className="flex flex-1 flex-col gap-1 p-3">
                <p className="text-xs font-medium text-slate-500">{labelOf(CLINIC_CATEGORY_LABELS, clinic.category)}</p>
                <h3 className="font-semibold text-slate-900">
                  <Link to={href("/clinica/:id", { id: String(clinic.id) })} className="hover:text-brand-700">
                    {clinic.name}
                  </Link>
                </h3>
                <p className="text-sm text-slate-600">{clinic.location}</p>
                <p className="text-sm text-slate-500">{clinic.views} visualizações</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  {premium ? (
                    <Link
                      to={href("/empresa/dashboard/clinicas/:id/editar", { id: String(clinic.id) })}
                      className="btn btn-primary"
                      aria-label={`Editar ${clinic.name}`}
                    >
                      Editar
                    </Link>
                  ) : null}
                  <Link
                    to={href("/empresa/dashboard/clinicas/:id/excluir", { id: String(clinic.id) })}
                    className="btn border border-red-300 text-red-700 hover:bg-red-50"
                    aria-label={`Excluir ${clinic.name}`}
                  >
                    Excluir
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
