// A moderator's decision on an item, with the reason (docs/decisions/0035): kept, removed
// or restored. A removed item has no page to link to.
import { Link, Mail, Paragraph } from "./layout";
import { itemName, type NamedItem } from "./moderated-item";

export interface ItemDecisionMailProps {
  item: NamedItem;
  decision: "keep" | "remove" | "restore";
  reason: string;
  link: string;
}

export function ItemDecisionMail({ item, decision, reason, link }: ItemDecisionMailProps) {
  const name = itemName(item);
  const seeIt = (
    <Paragraph>
      <Link href={link}>Ver o anúncio</Link>
    </Paragraph>
  );
  if (decision === "keep") {
    return (
      <Mail subject="Seu anúncio voltou ao ar">
        <Paragraph>Nossa equipe analisou as denúncias sobre {name} e não encontrou problema: ele voltou ao ar.</Paragraph>
        {seeIt}
      </Mail>
    );
  }
  if (decision === "restore") {
    return (
      <Mail subject="Seu anúncio foi restaurado">
        <Paragraph>Nossa equipe restaurou {name}: ele voltou ao ar.</Paragraph>
        <Paragraph>Motivo: {reason}</Paragraph>
        {seeIt}
      </Mail>
    );
  }
  return (
    <Mail subject="Seu anúncio foi removido">
      <Paragraph>Nossa equipe removeu {name} da Patas Conectadas.</Paragraph>
      <Paragraph>Motivo: {reason}</Paragraph>
      <Paragraph>Se você acha que foi um engano, responda pela página de contato do site.</Paragraph>
    </Mail>
  );
}
