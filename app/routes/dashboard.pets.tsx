import { Link, href } from "react-router";
import { viewsLabel } from "~/lib/text";
import type { Route } from "./+types/dashboard.pets";
import { CardPhoto } from "~/components/cards/card-photo";
import { ItemCard, TimeAgo } from "~/components/cards/item-card";
import { PetCardBadge } from "~/components/cards/pet-card";
import { DeleteLink } from "~/components/owner-actions";
import { AdLifecycleActions, AdStateText } from "~/components/ad-lifecycle";
import { DashboardPanel } from "~/components/dashboard-panel";
import { adState } from "~/lib/ad-lifecycle";
import { getActivityDb, getCloudflare, getDb } from "~/context.server";
import { CLOSING_LABELS } from "~/lib/ad-lifecycle";
import { formatShortDate } from "~/lib/format";
import { labelOf, PET_SPECIES_LABELS, PET_STATUS_LABELS } from "~/lib/labels";
import { petTitle } from "~/lib/pet-title";
import { listPetsByOwner } from "~/models/pets.server";
import { archivedAdsOf } from "~/platform/pet-archive.server";
import { sightingsSummaryForOwner } from "~/models/sightings.server";
import { DashboardPetSightings } from "~/components/sightings";
import { personalTabsFor } from "~/lib/accounts";
import { dashboardKind, guardedAccount } from "~/platform/auth.server";
import { withPendingViews } from "~/services/view-counter.server";

export const meta: Route.MetaFunction = () => [{ title: "Meus Pets | Patas Conectadas" }];

// Meus Pets of the three dashboards: one module under /dashboard,
// /ong/dashboard and /empresa/dashboard (app/routes.ts), guarded by the layout it is under (docs/decisions/0034).
// An NGO posting twenty adoption ads edits, renews and closes them here, and comes back here.
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const db = getDb(context);
  const [pets, sightings, archived] = await Promise.all([
    // 'N visualizações' exact: D1's count plus what each ad's counter holds (docs/decisions/0051).
    listPetsByOwner(db, user.id).then((own) => withPendingViews(getCloudflare(context).env, "pet", own)),
    // Each lost pet's sightings: count and newest few (docs/decisions/0024).
    sightingsSummaryForOwner(db, getActivityDb(context), user.id),
    // Ads archived a year after they were posted, from their markers in R2 (docs/decisions/0050).
    archivedAdsOf(getCloudflare(context).env.IMAGES, user.id),
  ]);
  const now = new Date();
  return {
    // Each ad by its one title (docs/decisions/0045).
    pets: pets.map((pet) => ({ ...pet, title: petTitle(pet), state: adState(pet, now) })),
    sightings: Object.fromEntries(sightings),
    archived,
    back: personalTabsFor(dashboardKind(context)).pets,
  };
}

export default function MeusPets({ loaderData }: Route.ComponentProps) {
  const { pets, sightings, archived, back } = loaderData;
  return (
    <DashboardPanel
      title="Meus Pets"
      aside={
        <Link to="/cadastrar-pet" className="btn btn-primary">
          Cadastrar Pet
        </Link>
      }
    >
      {pets.length === 0 && archived.length === 0 ? (
        <div className="mt-5 rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <p className="text-slate-600">Você ainda não cadastrou nenhum pet.</p>
          <Link to="/cadastrar-pet" className="btn btn-outline mt-4">
            Cadastrar meu primeiro pet
          </Link>
        </div>
      ) : pets.length === 0 ? null : (
        // The listings' card with the owner's actions at its foot, the photo above the text
        // on phones as the other dashboard lists (docs/decisions/0041).
        <ul className="mt-5 grid gap-4 sm:grid-cols-2">
          {pets.map((pet) => (
            <li key={pet.id} className="grid">
              <ItemCard
                anchor={`meu-pet-${pet.id}`}
                testId="my-pet"
                className="stacked"
                name={pet.title}
                path={href("/pet/:id", { id: String(pet.id) })}
                photo={<CardPhoto src={pet.mainImageUrl} kind="pet" alt={`Foto de ${pet.title}`} />}
                badges={<PetCardBadge status={pet.status} closedAs={pet.closedAs} />}
                actions={
                  <>
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
                  </>
                }
              >
                <p>{labelOf(PET_SPECIES_LABELS, pet.type)}</p>
                <TimeAgo date={pet.createdAt} />
                <p>{viewsLabel(pet.views)}</p>
                <p className="font-medium text-slate-700" data-testid="ad-state">
                  <AdStateText state={pet.state} />
                </p>
                {(pet.status === "perdido" && !pet.closedAs) || sightings[pet.id] ? (
                  // Above the title link's cover, as the card's actions: it has a link of its own.
                  <div className="relative z-10 px-3">
                    <DashboardPetSightings petId={pet.id} summary={sightings[pet.id]} />
                  </div>
                ) : null}
              </ItemCard>
            </li>
          ))}
        </ul>
      )}
      {archived.length > 0 ? (
        <details className="mt-6 rounded-lg border border-slate-200 bg-white p-3" data-testid="anuncios-arquivados">
          <summary className="min-h-11 cursor-pointer content-center font-semibold text-slate-800">
            Anúncios arquivados ({archived.length})
          </summary>
          <p className="mt-2 text-sm text-slate-600">
            Anúncios publicados há mais de um ano e fora do ar há 30 dias não aparecem mais no site. Ficam guardados, com fotos, mensagens e
            avistamentos, e vêm inteiros no arquivo de{" "}
            <Link to={href("/meus-dados")} className="font-medium text-brand-700 underline">
              Meus dados
            </Link>
            .
          </p>
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {archived.map((ad) => (
              <li key={ad.petId} className="py-2" data-testid="anuncio-arquivado">
                <span className="font-medium text-slate-900">{ad.name || labelOf(PET_STATUS_LABELS, ad.status)}</span>
                <span className="text-slate-600">
                  {" · "}
                  {ad.closedAs && ad.closedAs in CLOSING_LABELS
                    ? CLOSING_LABELS[ad.closedAs as keyof typeof CLOSING_LABELS]
                    : labelOf(PET_STATUS_LABELS, ad.status)}
                  {" · publicado em "}
                  {formatShortDate(new Date(ad.createdAt))}
                  {" · arquivado em "}
                  {formatShortDate(new Date(ad.archivedAt))}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </DashboardPanel>
  );
}
