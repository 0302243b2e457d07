import type { Route } from "./+types/dev.caixa-de-saida";
import { getCloudflare } from "~/context.server";
import { listOutbox } from "~/platform/mail.server";
import { notFound } from "~/lib/not-found";

export const meta: Route.MetaFunction = () => [
  { title: "Caixa de saída (desenvolvimento) | Patas Conectadas" },
  { name: "robots", content: "noindex" },
];

// Local development only (DEV_OUTBOX=1 in .dev.vars): the e-mails the app "sent".
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  if (env.DEV_OUTBOX !== "1" || env.MAIL_API_KEY) throw notFound();
  return { messages: await listOutbox(env.KV) };
}

const LINK = /(https?:\/\/[^\s]+)/g;

export default function CaixaDeSaida({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-2xl font-bold text-slate-900">Caixa de saída local</h1>
      <p className="mt-1 text-sm text-slate-600">E-mails enviados pelo app neste ambiente de desenvolvimento (guardados por 24 horas).</p>
      {loaderData.messages.length === 0 ? (
        <p className="mt-6 text-slate-600">Nenhum e-mail enviado.</p>
      ) : (
        <ol className="mt-6 space-y-4">
          {loaderData.messages.map((message) => (
            <li key={message.id} className="rounded-lg border border-slate-200 p-4" data-testid="outbox-message">
              <p className="text-sm text-slate-500">
                Para <span className="font-medium text-slate-900">{message.to}</span> ·{" "}
                {new Date(message.sentAt).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" })}
              </p>
              <h2 className="mt-1 font-semibold text-slate-900">{message.subject}</h2>
              {message.replyTo ? (
                <p className="mt-1 text-xs text-slate-500" data-testid="outbox-reply-to">
                  Responder para: <span className="break-all">{message.replyTo}</span>
                </p>
              ) : null}
              {/* Extra headers such as List-Unsubscribe (docs/decisions/0026), to check them here. */}
              {message.headers ? (
                <dl className="mt-1 text-xs text-slate-500" data-testid="outbox-headers">
                  {Object.entries(message.headers).map(([name, value]) => (
                    <div key={name}>
                      <dt className="inline font-medium">{name}:</dt> <dd className="inline break-all">{value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              <p className="mt-2 text-sm whitespace-pre-line text-slate-700">
                {message.text.split(LINK).map((part, i) =>
                  /^https?:\/\//.test(part) ? (
                    <a key={i} href={part} className="break-all text-brand-700 underline">
                      {part}
                    </a>
                  ) : (
                    part
                  ),
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
