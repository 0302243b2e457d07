// The link that confirms an address: the account's own after sign-up, or the new one the
// owner asked for (docs/decisions/0011).
import { Mail, Paragraph } from "./layout";

export function EmailConfirmationMail({ name, link }: { name: string; link: string }) {
  return (
    <Mail subject="Confirme seu e-mail na Patas Conectadas">
      <Paragraph>Olá, {name}!</Paragraph>
      <Paragraph text={`Para confirmar seu e-mail, abra o link e toque em "Confirmar e-mail":\n${link}`}>
        Para confirmar seu e-mail, <a href={link}>abra esta página</a> e toque em "Confirmar e-mail".
      </Paragraph>
      <Paragraph>Se você não pediu isso, ignore esta mensagem.</Paragraph>
    </Mail>
  );
}
