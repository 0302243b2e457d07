// A moderator suspended the account, with the reason (docs/decisions/0035).
import { Mail, Paragraph } from "./layout";

export function AccountSuspendedMail({ reason, contactEmail }: { reason: string; contactEmail: string }) {
  return (
    <Mail subject="Sua conta foi suspensa">
      <Paragraph>
        Nossa equipe suspendeu a sua conta na Patas Conectadas. Enquanto ela estiver suspensa, não é possível entrar, e o que você publicou
        não aparece no site.
      </Paragraph>
      <Paragraph>Motivo: {reason}</Paragraph>
      <Paragraph>Para falar conosco, escreva para {contactEmail}.</Paragraph>
    </Mail>
  );
}
