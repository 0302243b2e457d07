// The link that lets an account choose a new password (docs/decisions/0007).
import { Mail, Paragraph } from "./layout";

export function PasswordResetMail({ link }: { link: string }) {
  return (
    <Mail subject="Redefinição de senha - Patas Conectadas">
      <Paragraph>Recebemos um pedido para redefinir sua senha.</Paragraph>
      <Paragraph text={`Para escolher uma nova senha, abra o link (válido por 1 hora, uma única vez):\n${link}`}>
        <a href={link}>Escolher uma nova senha</a> (link válido por 1 hora, uma única vez).
      </Paragraph>
      <Paragraph>Se não foi você, ignore esta mensagem: sua senha continua a mesma.</Paragraph>
    </Mail>
  );
}
