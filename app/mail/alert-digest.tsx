// The daily digest of a saved search (docs/decisions/0026, 0040): the new pets, the
// search, and how to stop.
import { DIGEST_PETS_PER_MAIL } from "~/lib/saved-search";
import { type AlertPet, alertPetLink, UnsubscribeFooter } from "./alert-parts";
import { Link, LinkList, Mail, Paragraph } from "./layout";

export interface AlertDigestMailProps {
  /** The search in words ('São Paulo - SP · Perdido · Gato'). */
  description: string;
  /** The new pets, newest first; more than DIGEST_PETS_PER_MAIL says there are more. */
  pets: AlertPet[];
  searchLink: string;
  unsubscribe: string;
}

export function AlertDigestMail({ description, pets, searchLink, unsubscribe }: AlertDigestMailProps) {
  const shown = pets.slice(0, DIGEST_PETS_PER_MAIL);
  const more = pets.length > DIGEST_PETS_PER_MAIL;
  const count = shown.length === 1 && !more ? "Apareceu 1 pet novo" : `Apareceram ${more ? "mais de " : ""}${shown.length} pets novos`;
  return (
    <Mail subject="Novos pets para a sua busca">
      <Paragraph>Olá!</Paragraph>
      <Paragraph>
        {count} na sua busca: <strong>{description}</strong>.
      </Paragraph>
      <LinkList links={shown.map(alertPetLink)} />
      <Paragraph>
        <Link href={searchLink}>{more ? "Ver todos" : "Ver a busca"}</Link>
      </Paragraph>
      <UnsubscribeFooter href={unsubscribe} />
    </Mail>
  );
}
