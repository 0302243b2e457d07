// To the poster of a lost pet: someone saw it (docs/decisions/0024), with all they sent.
import { Facts, Link, LostPetWarning, Mail, Paragraph } from "./layout";

export interface SightingMailProps {
  petTitle: string;
  place: string;
  /** When it was seen, already written out ('sex., 20 de novembro de 2026 às 14:30'). */
  when: string;
  notes?: string;
  contact?: string;
  hasPhoto: boolean;
  link: string;
}

export function SightingMail({ petTitle, place, when, notes, contact, hasPhoto, link }: SightingMailProps) {
  return (
    <Mail subject={`Alguém viu ${petTitle}!`}>
      <Paragraph>
        Alguém viu <strong>{petTitle}</strong> e avisou pela Patas Conectadas.
      </Paragraph>
      <Facts
        facts={[
          ["Onde", place],
          ["Quando", when],
          ...(notes ? [["Observações", notes] as const] : []),
          ["Contato de quem viu", contact ?? "não informado"],
        ]}
      />
      {hasPhoto ? <Paragraph>Quem viu enviou uma foto: veja na página do anúncio.</Paragraph> : null}
      <Paragraph>
        <Link href={link} textLabel="Veja o anúncio e todos os avistamentos">
          Ver o anúncio e todos os avistamentos
        </Link>
      </Paragraph>
      <LostPetWarning />
    </Mail>
  );
}
