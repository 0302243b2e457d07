// "N novos avistamentos hoje": after the day's first mails about one ad, one summary of how
// many more came (docs/decisions/0030, 0033). To an address never confirmed it names no ad
// (docs/decisions/0031): the service then passes no title.
import { pluralize } from "~/lib/text";
import { Lines, Link, LostPetWarning, Mail, Paragraph } from "./layout";

export interface AdInboxSummaryMailProps {
  inbox: "sightings" | "messages";
  /** The ad's title, or null to an address never confirmed. */
  petTitle: string | null;
  lostPet: boolean;
  /** Reports after the ones already mailed today. */
  more: number;
  /** How many were mailed one by one before this summary. */
  mailedPerDay: number;
  link: string;
}

export function AdInboxSummaryMail({ inbox, petTitle, lostPet, more, mailedPerDay: n, link }: AdInboxSummaryMailProps) {
  const sightings = inbox === "sightings";
  const what = sightings ? pluralize(more, "novo avistamento", "novos avistamentos") : pluralize(more, "nova mensagem", "novas mensagens");
  const about = petTitle !== null ? `${sightings ? "de" : "sobre"} ${petTitle}` : sightings ? "do seu anúncio" : "sobre o seu anúncio";
  const [came, why] = sightings
    ? [
        `Depois dos ${n} avisos que enviamos por e-mail, chegaram mais ${pluralize(more, "avistamento", "avistamentos")} ${about} hoje na Patas Conectadas.`,
        `Para não encher a sua caixa de entrada, depois dos ${n} primeiros do dia mandamos só este resumo. Até a meia-noite, os próximos aparecem só na página do anúncio; amanhã voltamos a avisar a cada um.`,
      ]
    : [
        `Depois das ${n} mensagens que enviamos por e-mail, chegaram mais ${pluralize(more, "mensagem", "mensagens")} ${about} hoje na Patas Conectadas.`,
        `Para não encher a sua caixa de entrada, depois das ${n} primeiras do dia mandamos só este resumo. Até a meia-noite, as próximas aparecem só na página do anúncio; amanhã voltamos a avisar a cada uma.`,
      ];
  return (
    <Mail subject={`${what} ${about} hoje`}>
      <Lines>
        <Paragraph>{came}</Paragraph>
        <Paragraph>{why}</Paragraph>
      </Lines>
      <Paragraph>
        <Link href={link}>{sightings ? "Ver todos os avistamentos" : "Ver todas as mensagens"}</Link>
      </Paragraph>
      {lostPet ? <LostPetWarning /> : null}
    </Mail>
  );
}
