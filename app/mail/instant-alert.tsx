// One pet, just published, for one saved search (docs/decisions/0046): what it is, the
// search, the daily cap and how to stop.
import { labelOf, PET_STATUS_LABELS } from "~/lib/labels";
import { petTitle } from "~/lib/pet-title";
import { type AlertPet, alertPetLink, UnsubscribeFooter } from "./alert-parts";
import { Link, LinkList, Mail, Paragraph } from "./layout";

export interface InstantAlertMailProps {
  description: string;
  pet: AlertPet;
  perDay: number;
  searchLink: string;
  unsubscribe: string;
}

export function InstantAlertMail({ description, pet, perDay, searchLink, unsubscribe }: InstantAlertMailProps) {
  const status = labelOf(PET_STATUS_LABELS, pet.status).toLowerCase();
  return (
    // The ad's one title: a found pet rarely has a name (docs/decisions/0045).
    <Mail subject={`Novo pet ${status} na sua região: ${petTitle(pet)}`}>
      <Paragraph>Olá!</Paragraph>
      <Paragraph>
        Acabou de ser publicado um pet {status} na sua busca: <strong>{description}</strong>.
      </Paragraph>
      <LinkList links={[alertPetLink(pet)]} />
      <Paragraph>Se você o viu, abra o anúncio e avise quem publicou.</Paragraph>
      <Paragraph>
        <Link href={searchLink}>Ver a busca</Link>
      </Paragraph>
      <Paragraph>Você recebe até {perDay} avisos imediatos como este por dia; os demais chegam no resumo diário.</Paragraph>
      <UnsubscribeFooter href={unsubscribe} />
    </Mail>
  );
}
