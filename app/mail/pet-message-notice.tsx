// To the poster at an address never confirmed: a message or a request to adopt came, and
// nothing anyone typed is quoted, the ad's name included (docs/decisions/0031): only our
// words and the link to the ad, where the signed-in poster reads it.
import type { PetMessageKind } from "~/db/values";
import { Lines, Mail, Paragraph } from "./layout";

export function PetMessageNoticeMail({ kind, link }: { kind: PetMessageKind; link: string }) {
  const adoption = kind === "adoption";
  const [came, howToRead] = adoption
    ? [
        "Alguém quer adotar o pet de um anúncio seu na Patas Conectadas e enviou um pedido.",
        "Para ler o pedido e o contato de quem escreveu, entre na sua conta e abra o anúncio:",
      ]
    : [
        "Alguém enviou uma mensagem sobre um anúncio seu na Patas Conectadas.",
        "Para ler a mensagem e o contato de quem escreveu, entre na sua conta e abra o anúncio:",
      ];
  return (
    <Mail subject={adoption ? "Você recebeu um pedido de adoção na Patas Conectadas" : "Você recebeu uma mensagem na Patas Conectadas"}>
      <Lines>
        <Paragraph text={`${came}\n${howToRead}`}>
          {came} {howToRead}
        </Paragraph>
        {/* In the plain text, the address alone on the line below. */}
        <Paragraph text={link}>
          <a href={link}>{adoption ? "Ver o anúncio e o pedido" : "Ver o anúncio e a mensagem"}</a>
        </Paragraph>
      </Lines>
      <Paragraph>
        Confirme o seu e-mail (pelo link que enviamos ao criar a conta, ou em Minha conta) para receber as próximas mensagens completas por
        e-mail.
      </Paragraph>
    </Mail>
  );
}
