import { href } from "react-router";
import { CardPhoto } from "~/components/cards/card-photo";
import { ItemCard, PlaceLine, TimeAgo } from "~/components/cards/item-card";
import { PetStatusBadge } from "~/components/cards/pet-card";
import { formatShortDate } from "~/lib/format";
import { petStatusWord, petTitle, type PetTitleFacts } from "~/lib/pet-title";

export interface PetMatchCardData extends PetTitleFacts {
  id: number;
  mainImageUrl: string | null;
  missingSince: string | null;
  createdAt: Date;
}

/** "2026-11-20" -> "20/11/2026"; the ad's day when the pet has no date of its own. */
function seenOn(pet: PetMatchCardData) {
  if (pet.missingSince && /^\d{4}-\d{2}-\d{2}$/.test(pet.missingSince)) return pet.missingSince.split("-").reverse().join("/");
  return formatShortDate(pet.createdAt);
}

/**
 * 'Possíveis correspondências' on a lost pet's page, for its owner only (the loader sends
 * the list only to them): found and sighted pets that may be theirs, best first
 * (docs/decisions/0025).
 */
export function PetMatches({ matches }: { matches: PetMatchCardData[] }) {
  return (
    <section id="correspondencias" aria-labelledby="correspondencias-titulo" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="correspondencias-titulo" className="text-xl font-bold text-slate-900">
        Possíveis correspondências
      </h2>
      {matches.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          Ainda não encontramos pets encontrados ou avistados parecidos na mesma cidade. Avisaremos você por e-mail quando alguém publicar
          um.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Pets encontrados ou avistados na mesma cidade que se parecem com o seu, do mais parecido ao menos. Só você vê esta lista.
          </p>
          <MatchCards matches={matches} />
        </>
      )}
    </section>
  );
}

/** "Encontrada em 20/11/2026" (by the pet's sex); a lost pet's day is the one it went missing. */
function seenLine(pet: PetMatchCardData) {
  return `${pet.status === "perdido" ? "Sumiu em" : `${petStatusWord(pet.status, pet.gender)} em`} ${seenOn(pet)}`;
}

/**
 * The cards of a list of matches, best first: one card for both lists, the listings' pet
 * card (docs/decisions/0041) with the day the pet was seen, titled as every card (0045).
 */
function MatchCards({ matches }: { matches: PetMatchCardData[] }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {matches.map((match) => {
        const title = petTitle(match);
        return (
          <li key={match.id} className="grid">
            <ItemCard
              anchor={`correspondencia-${match.id}`}
              testId="pet-match"
              kind="pets"
              id={match.id}
              name={title}
              path={href("/pet/:id", { id: String(match.id) })}
              photo={<CardPhoto src={match.mainImageUrl} kind="pet" alt={`Foto de ${title}`} />}
              badges={<PetStatusBadge status={match.status} />}
            >
              <p>{seenLine(match)}</p>
              <TimeAgo date={match.createdAt} />
              <PlaceLine location={match.location} />
            </ItemCard>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * 'Pets perdidos parecidos perto daqui' on a found or sighted pet's page, for everyone
 * (docs/decisions/0046): the lost pets the matcher paired with it, best first. Whoever
 * recognises one can tell the finder, or the owner, from there.
 */
export function SimilarLostPets({ matches, isOwner }: { matches: PetMatchCardData[]; isOwner: boolean }) {
  return (
    <section id="perdidos-parecidos" aria-labelledby="perdidos-parecidos-titulo" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="perdidos-parecidos-titulo" className="text-xl font-bold text-slate-900">
        Pets perdidos parecidos perto daqui
      </h2>
      {matches.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          Nenhum pet perdido parecido foi anunciado perto daqui até agora.
          {isOwner ? " Avisaremos você por e-mail quando alguém publicar um." : null}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Pets perdidos na região que se parecem com este, do mais parecido ao menos. Se um deles for este pet, fale com quem o procura
            pelo anúncio.
          </p>
          <MatchCards matches={matches} />
        </>
      )}
    </section>
  );
}
