// Enough reports took an item off the site until a moderator decides (docs/decisions/0035).
import { Link, Mail, Paragraph } from "./layout";
import { capitalize, itemName, type NamedItem } from "./moderated-item";

export function ItemHeldMail({ item, link }: { item: NamedItem; link: string }) {
  return (
    <Mail subject="Seu anúncio está em análise">
      <Paragraph>{capitalize(itemName(item))} recebeu denúncias de outras pessoas e saiu do ar até a nossa equipe analisar.</Paragraph>
      <Paragraph>
        Enquanto isso, só você o vê, com o aviso 'Em análise', quando entra na sua conta. Quando a equipe decidir, você recebe outro e-mail.
      </Paragraph>
      <Paragraph>Não dizemos quem denunciou.</Paragraph>
      <Paragraph>
        <Link href={link}>Ver o anúncio</Link>
      </Paragraph>
    </Mail>
  );
}
