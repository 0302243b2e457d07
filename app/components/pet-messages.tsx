// 'Enviar mensagem' (docs/decisions/0033) and 'Quero adotar' (docs/decisions/0047):
// what the poster sees on their own ad. The mail is the fast way; this list is where nothing is lost (a mail in the spam
// folder, or an address not yet confirmed, which gets no typed text: docs/decisions/0031).
import { formatLongDateTime } from "~/lib/format";
import { whatsappLink } from "~/lib/links";
import type { PetMessageKind } from "~/db/values";
import { PetInboxList } from "~/components/pet-inbox";

export interface PetMessageItem {
  id: number;
  senderName: string;
  senderEmail: string | null;
  senderPhone: string | null;
  message: string;
  /** A request to adopt, or a message (docs/decisions/0047). */
  kind: PetMessageKind;
  /** Brasília wall-clock "yyyy-MM-ddTHH:mm" (docs/decisions/0005). */
  sentAt: string;
}

export function PetMessagesForOwner({
  petName,
  items,
  adoption = false,
}: {
  petName: string;
  items: PetMessageItem[];
  adoption?: boolean;
}) {
  return (
    <PetInboxList
      id="mensagens"
      title="Mensagens recebidas"
      empty={
        items.length > 0
          ? null
          : adoption
            ? "Nenhuma mensagem ainda. Quem escrever pelos botões 'Quero adotar' e 'Enviar mensagem' aparece aqui, e avisamos você por e-mail."
            : "Nenhuma mensagem ainda. Quem escrever pelo botão 'Enviar mensagem' aparece aqui, e avisamos você por e-mail."
      }
      className="mt-10 space-y-3"
      listClassName="space-y-3"
    >
      {items.map((m) => {
        const chat = m.senderPhone
          ? whatsappLink(
              m.senderPhone,
              m.kind === "adoption"
                ? `Olá! Recebi seu pedido para adotar ${petName} na Patas Conectadas.`
                : `Olá! Recebi sua mensagem sobre ${petName} na Patas Conectadas.`,
            )
          : null;
        return (
          <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="mensagem">
            {m.kind === "adoption" ? <p className="badge w-fit bg-brand-100 text-brand-800">Quero adotar</p> : null}
            <p className="font-medium text-slate-900">
              {m.senderName} · <time dateTime={m.sentAt}>{formatLongDateTime(m.sentAt)}</time>
            </p>
            <p className="mt-1 whitespace-pre-line text-slate-700">{m.message}</p>
            <p className="mt-1 flex flex-wrap gap-x-3 text-slate-700">
              {m.senderEmail ? (
                <a href={`mailto:${m.senderEmail}`} className="font-medium text-brand-700 underline">
                  {m.senderEmail}
                </a>
              ) : null}
              {m.senderPhone ? (
                chat ? (
                  <a href={chat} className="font-medium text-brand-700 underline" rel="noopener noreferrer" target="_blank">
                    WhatsApp {m.senderPhone}
                  </a>
                ) : (
                  <span>{m.senderPhone}</span>
                )
              ) : null}
            </p>
          </li>
        );
      })}
    </PetInboxList>
  );
}
