// The daily job's reminder to renew or close an ad left alone (docs/decisions/0023).
import { REMIND_AFTER_DAYS, REMINDER_SUBJECT } from "~/lib/ad-lifecycle";
import { Mail, Paragraph } from "./layout";

export interface AdReminderMailProps {
  ownerName: string | null;
  petTitle: string;
  /** The day it leaves the search, written out ('30/11/2026'). */
  leavesOn: string;
  page: string;
  renew: string;
  close: string;
}

export function AdReminderMail({ ownerName, petTitle, leavesOn, page, renew, close }: AdReminderMailProps) {
  return (
    <Mail subject={REMINDER_SUBJECT}>
      <Paragraph>{ownerName ? `Olá, ${ownerName}!` : "Olá!"}</Paragraph>
      <Paragraph text={`O anúncio de ${petTitle} está há mais de ${REMIND_AFTER_DAYS} dias sem atualização: ${page}`}>
        O <a href={page}>anúncio de {petTitle}</a> está há mais de {REMIND_AFTER_DAYS} dias sem atualização.
      </Paragraph>
      <Paragraph text={`Se ele ainda está ativo, renove-o para continuar na busca:\n${renew}`}>
        Se ele ainda está ativo, <a href={renew}>renove o anúncio</a> para continuar na busca.
      </Paragraph>
      <Paragraph text={`Se o caso já foi resolvido, encerre o anúncio (e conte para todo mundo o final feliz):\n${close}`}>
        Se o caso já foi resolvido, <a href={close}>encerre o anúncio</a> e conte para todo mundo o final feliz.
      </Paragraph>
      <Paragraph>Sem renovação, o anúncio sai da busca em {leavesOn} (ele não é apagado e pode ser renovado depois).</Paragraph>
    </Mail>
  );
}
