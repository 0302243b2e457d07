import { href } from "react-router";
import { CardPhoto } from "~/components/cards/card-photo";
import { ItemCard, PlaceLine, TimeAgo } from "~/components/cards/item-card";
import type { PetClosing } from "~/db/schema";
import { CLOSING_LABELS } from "~/lib/ad-lifecycle";
import { labelOf, PET_SPECIES_LABELS, PET_STATUS_LABELS } from "~/lib/labels";
import { petTitle } from "~/lib/pet-title";

export interface PetCardData {
  id: number;
  name: string;
  type: string;
  breed: string | null;
  age: string | null;
  /** The built title agrees with it: 'Cadela encontrada em …' (docs/decisions/0045). */
  gender: string | null;
  status: string;
  location: string;
  mainImageUrl: string | null;
  /** Set once the owner closed the ad (docs/decisions/0023): the card says how it ended. */
  closedAs?: PetClosing | null;
  /** When it was posted: the card says how long ago (docs/decisions/0041). */
  createdAt?: Date | number | string;
  /** From the city the visitor gave, when a list was filtered by one (docs/decisions/0041). */
  distanceKm?: number | null;
}

const STATUS_STYLES: Record<string, string> = {
  perdido: "bg-red-100 text-red-800",
  encontrado: "bg-emerald-100 text-emerald-800",
  adocao: "bg-brand-100 text-brand-800",
  avistado: "bg-amber-100 text-amber-800",
};

// The badge names the category, as the search's filters do ('Perdido', 'Encontrado'):
// it is not worded by the pet's sex; sentences are (docs/decisions/0045).
export function PetStatusBadge({ status }: { status: string }) {
  return <span className={`badge ${STATUS_STYLES[status] ?? "bg-slate-100 text-slate-800"}`}>{labelOf(PET_STATUS_LABELS, status)}</span>;
}

/**
 * Over a pet card's photo: how a closed ad ended ('Reencontrado!'), or its category. White
 * on emerald-700: emerald-600 gave its 12 px text 3.65:1, under WCAG's 4.5:1.
 */
export function PetCardBadge({ status, closedAs }: { status: string; closedAs?: PetClosing | null }) {
  return closedAs ? (
    <span className="badge bg-emerald-700 text-white">{CLOSING_LABELS[closedAs]}</span>
  ) : (
    <PetStatusBadge status={status} />
  );
}

/** `idPrefix` tells apart two cards of one pet on a page (the home's sections). */
export function PetCard({ pet, idPrefix = "" }: { pet: PetCardData; idPrefix?: string }) {
  const anchor = `${idPrefix}pet-${pet.id}`;
  const details = [labelOf(PET_SPECIES_LABELS, pet.type), pet.breed, pet.age].filter(Boolean).join(" · ");
  const page = href("/pet/:id", { id: String(pet.id) });
  // The name, or what is known: 'Gato encontrado em Osasco - SP' (docs/decisions/0045).
  const title = petTitle(pet);
  return (
    <ItemCard
      anchor={anchor}
      testId="pet-card"
      kind="pets"
      id={pet.id}
      name={title}
      path={page}
      photo={<CardPhoto src={pet.mainImageUrl} kind="pet" alt={`Foto de ${title}`} />}
      badges={<PetCardBadge status={pet.status} closedAs={pet.closedAs} />}
    >
      {details ? <p>{details}</p> : null}
      {pet.createdAt === undefined ? null : <TimeAgo date={pet.createdAt} />}
      <PlaceLine location={pet.location} distanceKm={pet.distanceKm} />
    </ItemCard>
  );
}
