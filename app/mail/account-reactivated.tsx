// A moderator lifted the suspension (docs/decisions/0035).
import { Mail, Paragraph } from "./layout";

export function AccountReactivatedMail() {
  return (
    <Mail subject="Sua conta foi reativada">
      <Paragraph>
        Nossa equipe reativou a sua conta na Patas Conectadas: você já pode entrar de novo, e o que você publicou voltou ao site.
      </Paragraph>
    </Mail>
  );
}
