// To the poster, at a confirmed address: a message or a request to adopt, and the sender's
// contact (docs/decisions/0033, 0047). A request to adopt says so in the subject, where a
// shelter sorting its mail sees it.
import type { PetMessageKind } from "~/db/values";
import { Facts, Lines, Link, LostPetWarning, Mail, Paragraph, Quote } from "./layout";

export interface PetMessageMailProps {
  kind: PetMessageKind;
  petTitle: string;
  lostPet: boolean;
  senderName: string;
  senderEmail: string | null;
  senderPhone: string | null;
  message: string;
  link: string;
}

export function PetMessageMail({ kind, petTitle, lostPet, senderName, senderEmail, senderPhone, message, link }: PetMessageMailProps) {
  const adoption = kind === "adoption";
  const reply = senderEmail
    ? `Responder a este e-mail responde a ${senderName} (e mostra o seu endereço a essa pessoa).`
    : `${senderName} não deixou e-mail: responda pelo telefone.`;
  const privacy = "Quem escreveu não viu o seu e-mail nem o seu telefone.";
  return (
    <Mail subject={adoption ? `Pedido de adoção: ${senderName} quer adotar ${petTitle}` : `Nova mensagem sobre ${petTitle}`}>
      <Paragraph>
        {adoption ? (
          <>
            <strong>{senderName}</strong> quer adotar <strong>{petTitle}</strong> e enviou este pedido pela Patas Conectadas:
          </>
        ) : (
          <>
            <strong>{senderName}</strong> enviou uma mensagem sobre o anúncio de <strong>{petTitle}</strong> na Patas Conectadas:
          </>
        )}
      </Paragraph>
      <Quote text={message} />
      <Lines>
        <Paragraph>Contato de quem escreveu:</Paragraph>
        <Facts
          facts={[
            ...(senderEmail ? [["E-mail", senderEmail] as const] : []),
            ...(senderPhone ? [["WhatsApp ou telefone", senderPhone] as const] : []),
          ]}
        />
      </Lines>
      <Paragraph text={`${reply}\n${privacy}`}>
        {reply} {privacy}
      </Paragraph>
      <Paragraph>
        <Link href={link} textLabel="Veja o anúncio e todas as mensagens">
          Ver o anúncio e todas as mensagens
        </Link>
      </Paragraph>
      {lostPet ? <LostPetWarning /> : null}
    </Mail>
  );
}
