// Confirms a saved search for an address nobody has confirmed: nothing the requester typed
// goes in it, or the form would send our mail with a stranger's text to anyone
// (docs/decisions/0031); the service describes the search without the typed words.
import { Mail, Paragraph } from "./layout";

export function AlertConfirmationMail({ description, link }: { description: string; link: string }) {
  return (
    <Mail subject="Confirme seu alerta de pets na Patas Conectadas">
      <Paragraph>Olá!</Paragraph>
      <Paragraph>
        Pediram para avisar este e-mail quando aparecer um pet assim: <strong>{description}</strong>.
      </Paragraph>
      <Paragraph text={`Para começar a receber os avisos, abra o link e toque em "Confirmar alerta":\n${link}`}>
        Para começar a receber os avisos, <a href={link}>abra esta página</a> e toque em "Confirmar alerta".
      </Paragraph>
      <Paragraph>Se você não pediu isso, ignore esta mensagem: sem a confirmação nada será enviado.</Paragraph>
    </Mail>
  );
}
