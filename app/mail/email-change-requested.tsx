// To the current address, at once, when a change to another one is asked for
// (docs/decisions/0011).
import { Mail, Paragraph } from "./layout";

export function EmailChangeRequestedMail({ newEmail }: { newEmail: string }) {
  return (
    <Mail subject="Pedido de troca de e-mail na Patas Conectadas">
      <Paragraph>
        Recebemos um pedido para trocar o e-mail da sua conta para <strong>{newEmail}</strong>. A troca só acontece quando o link enviado ao
        novo endereço for aberto.
      </Paragraph>
      <Paragraph>Se não foi você, redefina sua senha em "Esqueci minha senha".</Paragraph>
    </Mail>
  );
}
