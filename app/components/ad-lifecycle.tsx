// The ads' lifecycle on screen (docs/decisions/0023): the closed banner, the owner's
// close/renew buttons and state line, the close and renew confirmations (plain POST
// forms: they work without JavaScript) and the home's "casos resolvidos" strip.
import { href, Link } from "react-router";
import { CardPhoto } from "~/components/cards/card-photo";
import { ItemCard, PlaceLine } from "~/components/cards/item-card";
import { Confirmation } from "~/components/confirmation";
import type { PetClosing } from "~/db/schema";
import {
  type AdState,
  CLOSED_VISIBLE_DAYS,
  CLOSING_ACTIONS,
  CLOSING_LABELS,
  closingFor,
  EXPIRE_AFTER_DAYS,
  REMIND_AFTER_DAYS,
} from "~/lib/ad-lifecycle";
import { formatShortDate } from "~/lib/format";
import { petTitle, type PetTitleFacts } from "~/lib/pet-title";

const withBack = (path: string, back?: string) => (back ? `${path}?voltar=${encodeURIComponent(back)}` : path);

/** '🎉 Reencontrado!' / '🎉 Adotado!' with the day, above a closed ad. */
export function ClosedBanner({ closedAs, closedAt }: { closedAs: PetClosing; closedAt: Date | null }) {
  const happyEnding = closedAs === "adotado" ? "encontrou uma família" : "voltou para casa";
  return (
    <div role="status" className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-900" data-testid="closed-banner">
      <p className="text-xl font-bold">
        <span aria-hidden="true">🎉 </span>
        {CLOSING_LABELS[closedAs]}
      </p>
      <p className="mt-1 text-sm">
        Este pet {happyEnding}
        {closedAt ? ` em ${formatShortDate(closedAt)}` : ""}. O anúncio foi encerrado e não aparece mais na busca.
      </p>
    </div>
  );
}

/** The state of an ad in words, for its owner. */
export function AdStateText({ state }: { state: AdState }) {
  if (state.kind === "closed") {
    return (
      <>
        Encerrado como {CLOSING_LABELS[state.closedAs]}
        {state.closedAt ? ` em ${formatShortDate(state.closedAt)}` : ""}
      </>
    );
  }
  if (state.kind === "expired")
    return (
      <>
        Fora da busca desde {formatShortDate(state.since)} (sem atualização há {EXPIRE_AFTER_DAYS} dias)
      </>
    );
  return <>Aberto{state.needsRenewal ? ` · sem atualização há mais de ${REMIND_AFTER_DAYS} dias` : ""}</>;
}

/**
 * The owner's lifecycle buttons (pet page and Meus Pets): close while open, renew when
 * the ad is old or out of the search. `back` is where the finished action returns.
 */
export function AdLifecycleActions({
  pet,
  state,
  back,
}: {
  pet: { id: number; title: string; status: string };
  state: AdState;
  back?: string;
}) {
  if (state.kind === "closed") return null;
  const closing = CLOSING_ACTIONS[closingFor(pet.status)];
  const renew = state.kind === "expired" || state.needsRenewal;
  return (
    <>
      {renew ? (
        <Link
          to={withBack(href("/pet/:id/renovar", { id: String(pet.id) }), back)}
          className="btn btn-primary"
          aria-label={`Renovar anúncio de ${pet.title}`}
        >
          Renovar anúncio
        </Link>
      ) : null}
      <Link
        to={withBack(href("/pet/:id/encerrar", { id: String(pet.id) }), back)}
        className="btn border border-emerald-400 text-emerald-800 hover:bg-emerald-50"
        // The visible words first, then whose ad (docs/decisions/0021: label in name).
        aria-label={`${closing}: anúncio de ${pet.title}`}
      >
        {closing}
      </Link>
    </>
  );
}

export function CloseAdConfirmation({
  pet,
  cancelTo,
  error,
}: {
  pet: { id: number; title: string; closing: PetClosing; closedAs: PetClosing | null; closedAt: Date | null };
  cancelTo: string;
  error: string | null;
}) {
  const label = CLOSING_LABELS[pet.closing];
  if (pet.closedAs) {
    return (
      <Confirmation id="encerrar-titulo" title="Encerrar anúncio" tone="success" cancelTo={cancelTo}>
        <div className="mt-4">
          <ClosedBanner closedAs={pet.closedAs} closedAt={pet.closedAt} />
        </div>
      </Confirmation>
    );
  }
  return (
    <Confirmation
      id="encerrar-titulo"
      title="Encerrar anúncio"
      tone="success"
      error={error ? { title: "Não foi possível encerrar o anúncio", message: error } : null}
      confirm={{ label: <>Sim, {label}</>, busyLabel: "Encerrando...", fields: { closedAs: pet.closing } }}
      cancelTo={cancelTo}
    >
      <p className="mt-2 text-slate-700">
        <strong>{pet.title}</strong> {pet.closing === "adotado" ? "foi adotado?" : "voltou para casa?"} O anúncio sai da busca e mostra “
        {label}” por {CLOSED_VISIBLE_DAYS} dias.
      </p>
    </Confirmation>
  );
}

export function RenewAdConfirmation({
  pet,
  cancelTo,
  error,
}: {
  pet: { id: number; title: string; state: AdState };
  cancelTo: string;
  error: string | null;
}) {
  const closed = pet.state.kind === "closed";
  return (
    <Confirmation
      id="renovar-titulo"
      title="Renovar anúncio"
      tone="neutral"
      error={error ? { title: "Não foi possível renovar o anúncio", message: error } : null}
      confirm={closed ? undefined : { label: "Renovar anúncio", busyLabel: "Renovando..." }}
      cancelTo={cancelTo}
    >
      <p className="mt-2 text-sm text-slate-600">
        <strong className="text-slate-900">{pet.title}</strong>: <AdStateText state={pet.state} />
      </p>
      {closed ? null : (
        <p className="mt-2 text-slate-700">
          O anúncio continua ativo? Renove para que ele fique na busca por mais {EXPIRE_AFTER_DAYS} dias.
        </p>
      )}
    </Confirmation>
  );
}

export interface ResolvedCaseCard extends PetTitleFacts {
  id: number;
  mainImageUrl: string | null;
  closedAs: PetClosing | null;
  closedAt: Date | null;
}

/** The home's "Casos resolvidos": the latest happy endings. */
export function ResolvedCasesStrip({ cases }: { cases: ResolvedCaseCard[] }) {
  if (cases.length === 0) return null;
  return (
    <section id="casos-resolvidos" aria-labelledby="casos-resolvidos-titulo" className="py-5 sm:py-10">
      <div className="container-page">
        <h2 id="casos-resolvidos-titulo" className="text-xl font-bold text-slate-900 sm:text-2xl">
          Casos resolvidos
        </h2>
        <p className="mt-1 text-sm text-slate-600">Pets que voltaram para casa ou ganharam uma família pela Patas Conectadas.</p>
        {/* One row on a phone, as the home's sections (docs/decisions/0041); two cards in sight. */}
        <ul className="card-row mt-3 *:w-[45%] sm:mt-5 sm:grid-cols-4 sm:*:w-auto">
          {cases.map((pet) => (
            // The listings' card (docs/decisions/0041), the photo above the text, and no
            // heart or share: the ad is closed.
            <li key={pet.id} className="grid">
              <ItemCard
                anchor={`caso-${pet.id}`}
                testId="resolved-case"
                className="stacked"
                name={petTitle(pet)}
                path={href("/pet/:id", { id: String(pet.id) })}
                photo={<CardPhoto src={pet.mainImageUrl} kind="pet" alt={`Foto de ${petTitle(pet)}`} />}
                actions={null}
              >
                {pet.closedAs ? (
                  <p className="font-semibold text-emerald-700">
                    <span aria-hidden="true">🎉 </span>
                    {CLOSING_LABELS[pet.closedAs]}
                  </p>
                ) : null}
                <PlaceLine location={pet.location} />
              </ItemCard>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
