import { href, Link } from "react-router";
import { OwnerActions } from "~/components/owner-actions";
import { viewsLabel } from "~/lib/text";
import type { Route } from "./+types/evento";
import { ClockIcon, MapPinIcon } from "~/components/icons";
import { SafeImage } from "~/components/safe-image";
import { ShareMenu } from "~/components/share-menu";
import { eventTime, formatLongDate } from "~/lib/format";
import { EVENT_CATEGORY_LABELS, labelOf } from "~/lib/labels";
import { mapsSearchLink, whatsappLink } from "~/lib/links";
import { pageMeta } from "~/lib/page-meta";
import { getPublicEvent } from "~/models/events.server";
import { loadDetail } from "~/services/detail-page.server";
import { ModerationBanner, ReportLink } from "~/components/moderation";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { DETAIL_ID, pagePolicy } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({ light: true, cache: { params: {}, segments: { id: DETAIL_ID }, item: "event" } });
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

// /evento/{id} (spec §2 "Event page"). Loader data carries neither the owner's id nor the
// owner's e-mail (docs/decisions/0011): only whether the visitor is the owner.
export async function loader(args: Route.LoaderArgs) {
  // Id, moderation (the event's or its organization's, docs/decisions/0035), view and
  // owner flag: the detail pipeline (docs/decisions/0034, Detail pages).
  const { found, banner, isOwner, pendingViews } = await loadDetail("event", args, getPublicEvent);
  const { organizationWhatsapp, ...stored } = found.event;
  const event = { ...stored, views: stored.views + pendingViews };
  const origin = new URL(args.request.url).origin;
  return {
    event,
    banner,
    isOwner,
    // 'Como chegar' from the address as stored (place, city - UF), and the organization's
    // WhatsApp: public on its own page, so public here (docs/decisions/0022, 0033).
    directions: mapsSearchLink(event.location),
    organizationChat: whatsappLink(organizationWhatsapp),
    url: `${origin}${href("/evento/:id", { id: String(event.id) })}`,
    origin,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const event = loaderData?.event;
  if (!event) return [{ title: "Evento não encontrado | Patas Conectadas" }];
  const title = `${event.title} - ${formatLongDate(event.date)} | Patas Conectadas`;
  const description = event.description.split("\n")[0]!.slice(0, 200);
  const image = `${loaderData.origin}${event.mainImageUrl ?? "/placeholders/event.svg"}`;
  return pageMeta({
    title,
    description,
    url: loaderData.url,
    type: "article",
    previewTitle: event.title,
    image: { url: image, alt: `Imagem do evento ${event.title}` },
  });
};

export default function EventoPage({ loaderData }: Route.ComponentProps) {
  const { event, isOwner, banner, directions, organizationChat } = loaderData;
  const time = eventTime(event.date);
  const id = String(event.id);
  return (
    <article className="container-page py-8">
      {/* The whole image, a portrait flyer too: contained in a box of fixed height on a
          neutral background, so nothing is cropped and nothing shifts when it arrives
          (docs/decisions/0033, 'The event page on a phone'). */}
      <div className="relative">
        <SafeImage
          src={event.mainImageUrl}
          kind="event"
          alt={`Imagem do evento ${event.title}`}
          width={1200}
          height={500}
          loading="eager"
          fetchPriority="high"
          variant="detail"
          sizes="(min-width: 1152px) 70rem, 100vw"
          className="h-72 w-full rounded-2xl bg-slate-100 object-contain sm:h-96 lg:h-[28rem]"
        />
        <span className="badge absolute top-3 left-3 bg-white/95 text-slate-800">{labelOf(EVENT_CATEGORY_LABELS, event.category)}</span>
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ModerationBanner text={banner} />
          <div>
            <h1 className="text-3xl font-bold text-slate-900">{event.title}</h1>
            <p className="mt-2 text-slate-700">
              Organizado por{" "}
              <Link to={href("/ong/:id", { id: String(event.organizationId) })} className="font-medium text-brand-700 underline">
                {event.organizationName}
              </Link>
            </p>
            <p className="mt-1 text-sm text-slate-500">{viewsLabel(event.views)}</p>
          </div>
          <dl className="grid gap-3 sm:grid-cols-3" aria-label="Quando e onde">
            <div>
              <dt className="text-sm text-slate-500">Data</dt>
              <dd className="font-medium text-slate-900" data-testid="evento-data">
                {formatLongDate(event.date)}
              </dd>
            </div>
            {/* An event without a time shows none (docs/decisions/0016). */}
            {time ? (
              <div>
                <dt className="text-sm text-slate-500">Horário</dt>
                <dd className="flex items-center gap-1 font-medium text-slate-900" data-testid="evento-horario">
                  <ClockIcon width={16} height={16} className="shrink-0" />
                  {time}
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-sm text-slate-500">Local</dt>
              <dd className="flex items-start gap-1 font-medium text-slate-900" data-testid="evento-local">
                <MapPinIcon width={16} height={16} className="mt-1 shrink-0" />
                {event.location}
              </dd>
            </div>
          </dl>
          {directions || organizationChat ? (
            <div className="flex flex-wrap gap-2">
              {directions ? (
                <a href={directions} className="btn btn-outline" target="_blank" rel="noopener noreferrer">
                  <MapPinIcon width={16} height={16} className="shrink-0" />
                  Como chegar
                </a>
              ) : null}
              {organizationChat ? (
                <a
                  href={organizationChat}
                  className="btn bg-emerald-700 text-white hover:bg-emerald-800"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  WhatsApp da organização
                </a>
              ) : null}
            </div>
          ) : null}
          <section aria-labelledby="sobre-titulo">
            <h2 id="sobre-titulo" className="text-xl font-semibold text-slate-900">
              Sobre o evento
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-700">{event.description}</p>
          </section>
        </div>
        <aside aria-labelledby="acoes-titulo" className="h-fit space-y-3 rounded-xl border border-slate-200 p-4">
          <h2 id="acoes-titulo" className="text-lg font-semibold text-slate-900">
            Ações
          </h2>
          <div className="flex flex-wrap gap-2">
            <ShareMenu path={href("/evento/:id", { id: String(id) })} title={event.title} text={`Evento: ${event.title}`} withLabel />
            {/* An .ics file for any calendar app (docs/decisions/0016). */}
            <a href={href("/evento/:id/agenda.ics", { id })} className="btn btn-outline" download={`evento-${id}.ics`}>
              Adicionar à agenda
            </a>
          </div>
          {isOwner ? (
            <OwnerActions
              edit={{ to: href("/ong/dashboard/evento/:id/edit", { id }), label: "Editar Evento" }}
              remove={{ to: href("/ong/dashboard/evento/:id/excluir", { id }), label: "Excluir Evento" }}
            />
          ) : (
            <ReportLink kind="event" id={id} />
          )}
        </aside>
      </div>
    </article>
  );
}
