import { Link, href } from "react-router";
import { viewsLabel } from "~/lib/text";
import type { Route } from "./+types/dashboard.pets";
import { CardPhoto } from "~/components/cards/card-photo";
import { DeleteLink } from "~/components/owner-actions";
import { AdLifecycleActions, AdStateText } from "~/components/ad-lifecycle";
import { DashboardPanel } from "~/components/dashboard-panel";
import { adState } from "~/lib/ad-lifecycle";
import { getDb } from "~/context.server";
import { labelOf, PET_SPECIES_LABELS } from "~/lib/labels";
import { petTitle } from "~/lib/pet-title";
import { listPetsByOwner } from "~/models/pets.server";
import { sightingsSummaryForOwner } from "~/models/sightings.server";
import { DashboardPetSightings } from "~/components/sightings";
import { personalTabsFor } from "~/lib/accounts";
import { dashboardKind, guardedAccount } from "~/platform/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Meus Pets | Patas Conectadas" }];

// Meus Pets of the three dashboards: one module under /dashboard,
// /ong/dashboard and /empresa/dashboard (app/routes.ts), guarded by the layout it is under (docs/decisions/0034).
// An NGO posting twenty adoption ads edits, renews and closes them here, and comes back here.
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const db = getDb(context);
  const [pets, sightings] = await Promise.all([
    listPetsByOwner(db, user.id),
    // Each lost pet's sightings: count and newest few (docs/decisions/0024).
    sightingsSummaryForOwner(db, user.id),
  ]);
  const now = new Date();
  return {
    // Each ad by its one title (docs/decisions/0045).
    pets: pets.map((pet) => ({ ...pet, title: petTitle(pet), state: adState(pet, now) })),
    sightings: Object.fromEntries(sightings),
    back: personalTabsFor(dashboardKind(context)).pets,
  };
}

export default function MeusPets({ loaderData }: Route.ComponentProps) {
  const { pets, sightings, back } = loaderData;
  return (
    <DashboardPanel
      title="Meus Pets"
      aside={
        <Link to="/cadastrar-pet" className="btn btn-primary">
          Cadastrar Pet
        </Link>
      }
    >
      {pets.length === 0 ? (
        <div className="mt-5 rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <p className="text-slate-600">Você ainda não cadastrou nenhum pet.</p>
          <Link to="/cadastrar-pet" className="btn btn-outline mt-4">
            Cadastrar meu primeiro pet
          </Link>
        </div>
      ) : (
        <ul className="mt-5 grid gap-4 sm:grid-cols-2">
          {pets.map((pet) => (
            <li key={pet.id} className="card flex flex-col" data-testid="my-pet">
              <CardPhoto src={pet.mainImageUrl} kind="pet" alt={`Foto de ${pet.title}`} className="rounded-t-xl" />
              <div className="flex flex-1 flex-col gap-1 p-3">
                <h3 className="font-semibold text-slate-900">{pet.title}</h3>
                <p className="text-sm text-slate-600">{labelOf(PET_SPECIES_LABELS, pet.type)}</p>
                <p className="text-sm text-slate-500">{viewsLabel(pet.views)}</p>
                <p className="text-sm font-medium text-slate-700" data-testid="ad-state">
                  <AdStateText state={pet.state} />
                </p>
                {(pet.status === "perdido" && !pet.closedAs) || sightings[pet.id] ? (
                  <DashboardPetSightings petId={pet.id} summary={sightings[pet.id]} />
                ) : null}
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link to={href("/pet/:id", { id: String(pet.id) })} className="btn btn-primary">
                    Ver Detalhes
                  </Link>
                  <AdLifecycleActions pet={pet} state={pet.state} back={back} />
                  <Link to={href("/pet/:id/edit", { id: String(pet.id) })} className="btn btn-outline" aria-label={`Editar ${pet.title}`}>
                    Editar
                  </Link>
                  <DeleteLink
                    to={`${href("/pet/:id/excluir", { id: String(pet.id) })}?voltar=${encodeURIComponent(back)}`}
                    label={`Excluir ${pet.title}`}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}
