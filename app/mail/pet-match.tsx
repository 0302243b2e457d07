// To the poster of an earlier ad: a pet just posted may be theirs, or the one they found
// (docs/decisions/0025).
import { PET_STATUS_LABELS } from "~/lib/labels";
import { LOST_STATUS } from "~/lib/pet-match";
import { petTitle, type PetTitleFacts } from "~/lib/pet-title";
import { Item, List, Mail, Paragraph } from "./layout";

export interface PetMatchMailProps {
  ownerName: string | null;
  /** The earlier ad's title, and its page. */
  petName: string;
  petLink: string;
  newPet: PetTitleFacts & { href: string };
  perDay: number;
}

export function PetMatchMail({ ownerName, petName, petLink, newPet, perDay }: PetMatchMailProps) {
  // Each pet by its ad's one title: a found pet rarely has a name (docs/decisions/0045).
  const newTitle = petTitle(newPet);
  const status = (PET_STATUS_LABELS[newPet.status] ?? newPet.status).toLowerCase();
  const ownerLost = newPet.status !== LOST_STATUS;
  return (
    <Mail subject={`Possível correspondência para ${petName}`}>
      <Paragraph>{ownerName ? `Olá, ${ownerName}!` : "Olá!"}</Paragraph>
      <Paragraph>
        {ownerLost
          ? `Um pet ${status} foi publicado em ${newPet.location} e pode ser ${petName}.`
          : `Alguém publicou um pet perdido em ${newPet.location} que pode ser ${petName}, o pet que você anunciou.`}
      </Paragraph>
      <List>
        <Item text={`${newTitle}: ${newPet.href}`}>
          <a href={newPet.href}>{newTitle}</a> ({status})
        </Item>
        <Item text={`${petName}: ${petLink}`}>
          <a href={petLink}>{petName}</a> (seu anúncio)
        </Item>
      </List>
      <Paragraph>
        {ownerLost
          ? "Confira as fotos e fale com quem publicou. Atenção: nunca pague para receber notícias do seu pet."
          : "Confira as fotos e, se for o mesmo pet, fale com quem o procura."}
      </Paragraph>
      <Paragraph>
        Você recebe no máximo {perDay} avisos como este por dia; todas as correspondências ficam na página do pet perdido.
      </Paragraph>
    </Mail>
  );
}
