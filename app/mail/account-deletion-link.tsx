// An account without a password confirms its deletion by a link mailed to its address
// (docs/decisions/0036).
import { Mail, Paragraph } from "./layout";

export function AccountDeletionLinkMail({ link }: { link: string }) {
  return (
    <Mail subject="Confirme a exclusão da sua conta na Patas Conectadas">
      <Paragraph>Recebemos um pedido para excluir a sua conta na Patas Conectadas.</Paragraph>
      <Paragraph text={`Para confirmar, abra o link (válido por 1 hora, uma única vez) e toque em "Excluir minha conta":\n${link}`}>
        Para confirmar, <a href={link}>abra esta página</a> (link válido por 1 hora, uma única vez) e toque em "Excluir minha conta".
      </Paragraph>
      <Paragraph>Se não foi você, ignore esta mensagem: nada será excluído.</Paragraph>
    </Mail>
  );
}
