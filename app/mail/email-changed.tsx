// To the old address, once the new one was confirmed (docs/decisions/0011).
import { Mail, Paragraph } from "./layout";

export function EmailChangedMail({ newEmail }: { newEmail: string }) {
  return (
    <Mail subject="Seu e-mail na Patas Conectadas foi alterado">
      <Paragraph>
        O e-mail da sua conta na Patas Conectadas agora é <strong>{newEmail}</strong>.
      </Paragraph>
      <Paragraph>Se não foi você, redefina sua senha em "Esqueci minha senha" e fale conosco pela página de contato.</Paragraph>
    </Mail>
  );
}
