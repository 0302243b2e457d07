// To whoever just posted an ad: the pets it matched now, best first (docs/decisions/0046).
// A lost pet's owner learns of found and sighted pets, a finder of the lost pets theirs
// may be.
import { labelOf, PET_STATUS_LABELS } from "~/lib/labels";
import { LOST_STATUS } from "~/lib/pet-match";
import { petTitle, type PetTitleFacts } from "~/lib/pet-title";
import { Link, LinkList, Mail, Paragraph } from "./layout";

type LinkedPet = PetTitleFacts & { href: string };

export interface PosterMatchMailProps {
  ownerName: string | null;
  pet: LinkedPet;
  others: LinkedPet[];
  perDay: number;
}

export function PosterMatchMail({ ownerName, pet, others, perDay }: PosterMatchMailProps) {
  const title = petTitle(pet);
  const one = others.length === 1;
  const posterLost = pet.status === LOST_STATUS;
  const line = (other: LinkedPet) => ({
    href: other.href,
    label: `${petTitle(other)} (${labelOf(PET_STATUS_LABELS, other.status).toLowerCase()}) em ${other.location}`,
  });
  return (
    <Mail subject={`Possível correspondência para ${title}`}>
      <Paragraph>{ownerName ? `Olá, ${ownerName}!` : "Olá!"}</Paragraph>
      <Paragraph>
        {posterLost
          ? `Encontramos ${one ? "um pet encontrado ou avistado" : `${others.length} pets encontrados ou avistados`} perto daqui que ${one ? "pode" : "podem"} ser ${title}.`
          : `Encontramos ${one ? "um pet perdido" : `${others.length} pets perdidos`} perto daqui parecido${one ? "" : "s"} com o que você anunciou.`}
      </Paragraph>
      <LinkList links={others.map(line)} />
      <Paragraph>
        <Link href={pet.href} textLabel="Seu anúncio">
          Seu anúncio: {title}
        </Link>
      </Paragraph>
      <Paragraph>
        {posterLost
          ? "Confira as fotos e fale com quem publicou. Atenção: nunca pague para receber notícias do seu pet."
          : "Confira as fotos e, se for o mesmo pet, fale com quem o procura pelo anúncio."}
      </Paragraph>
      <Paragraph>Você recebe no máximo {perDay} avisos como este por dia; todas as correspondências ficam na página do anúncio.</Paragraph>
    </Mail>
  );
}
