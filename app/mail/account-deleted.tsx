// After an account was deleted: what went, what the law makes us keep, and whom to tell
// if it was not them (docs/decisions/0036).
import { Mail, Paragraph } from "./layout";

export function AccountDeletedMail({ name, contactEmail }: { name: string | null; contactEmail: string }) {
  return (
    <Mail subject="Sua conta na Patas Conectadas foi excluída">
      <Paragraph>{name ? `Olá, ${name}!` : "Olá!"}</Paragraph>
      <Paragraph>
        A sua conta na Patas Conectadas foi excluída, como você pediu. Apagamos o seu perfil, os seus anúncios, fotos, eventos, produtos,
        clínicas, favoritos, alertas e sessões.
      </Paragraph>
      <Paragraph>
        Os registros de pagamento de planos ficam guardados pelo prazo da legislação tributária, sem o seu nome, e-mail ou conta.
      </Paragraph>
      <Paragraph>Se não foi você, fale conosco em {contactEmail}.</Paragraph>
    </Mail>
  );
}
