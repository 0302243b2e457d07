// What the saved-search alerts share (docs/decisions/0026, 0046): how a pet is listed and
// the way out.
import { labelOf, PET_SPECIES_LABELS, PET_STATUS_LABELS } from "~/lib/labels";
import { petTitle, type PetTitleFacts } from "~/lib/pet-title";
import { Link, Paragraph } from "./layout";

export type AlertPet = PetTitleFacts & { href: string };

/** 'Rex (Perdido, Cachorro) em Osasco - SP', linked to its ad. */
export function alertPetLink(pet: AlertPet) {
  return {
    href: pet.href,
    label: `${petTitle(pet)} (${labelOf(PET_STATUS_LABELS, pet.status)}, ${labelOf(PET_SPECIES_LABELS, pet.type)}) em ${pet.location}`,
  };
}

/** The last paragraph: one click cancels the alert (the List-Unsubscribe header too). */
export function UnsubscribeFooter({ href }: { href: string }) {
  return (
    // The plain text has always ended with a line break here.
    <Paragraph text={`Não quer mais receber este alerta? Cancele com um clique: ${href}\n`}>
      Não quer mais receber este alerta? <Link href={href}>Cancelar alerta</Link>
    </Paragraph>
  );
}
