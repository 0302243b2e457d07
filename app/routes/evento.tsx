import { href, Link } from "react-router";
import { OwnerActions } from "~/components/owner-actions";
import { viewsLabel } from "~/lib/text";
import type { Route } from "./+types/evento";
import { DetailErrorBoundary } from "~/components/detail-not-found";
import { ClockIcon, MapPinIcon } from "~/components/icons";
import { SafeImage } from "~/components/safe-image";
import { ShareMenu } from "~/components/share-menu";
import { getCloudflare, getDb } from "~/context.server";
import { formatLongDate, formatTime } from "~/lib/format";
import { EVENT_CATEGORY_LABELS, labelOf } from "~/lib/labels";
import { parseId } from "~/lib/links";
import { getPublicEvent, incrementEventViews } from "~/models/events.server";
import { getCurrentUser } from "~/platform/auth.server";
import { countView } from "~/services/views.server";
import { notFound } from "~/lib/not-found";
import { ModerationBanner, ReportLink } from "~/components/moderation";
import { moderationBannerFor } from "~/services/moderation.server";
import { LIGHT_PAGE, LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042).
export const handle = LIGHT_PAGE;
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

// /evento/{id} (spec §2 "Event page"). Loader data carries neither the owner's id nor the
// owner's e-mail (docs/decisions/0011): only whether the visitor is the owner.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb(context);
  const found = id ? await getPublicEvent(db, id) : null;
  if (!found) throw notFound();
  const { event, ownerId } = found;
  // Held, removed or suspended (or its organization is): its owner and the admins only
  // (docs/decisions/0035).
  const banner = await moderationBannerFor(context, found.moderation, ownerId);
  const { ctx } = getCloudflare(context);
  // +1 view, at most once a day per visitor (docs/decisions/0012).
  const increment = () => incrementEventViews(db, event.id);
  ctx.waitUntil(countView(context, request, { kind: "event", id: event.id }, increment).catch(() => {}));
  const user = await getCurrentUser(context);
  const origin = new URL(request.url).origin;
  return { event, banner, isOwner: user?.id === ownerId, url: `${origin}${href("/evento/:id", { id: String(event.id) })}`, origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const event = loaderData?.event;
  if (!event) return [{ title: "Evento não encontrado | Patas Conectadas" }];
  const title = `${event.title} - ${formatLongDate(event.date)} | Patas Conectadas`;
  const description = event.description.split("\n")[0]!.slice(0, 200);
  const image = `${loaderData.origin}${event.mainImageUrl ?? "/placeholders/event.svg"}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: loaderData.url },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "Patas Conectadas" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: event.title },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: `Imagem do evento ${event.title}` },
    { property: "og:url", content: loaderData.url },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: event.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
};

export default function EventoPage({ loaderData }: Route.ComponentProps) {
  const { event, isOwner, banner } = loaderData;
  const id = String(event.id);
  return (
    <article className="container-page py-8">
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
          className="aspect-[12/5] w-full rounded-2xl bg-slate-100 object-cover"
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
            <div>
              <dt className="text-sm text-slate-500">Horário</dt>
              <dd className="flex items-center gap-1 font-medium text-slate-900" data-testid="evento-horario">
                <ClockIcon width={16} height={16} className="shrink-0" />
                {formatTime(event.date)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500">Local</dt>
              <dd className="flex items-start gap-1 font-medium text-slate-900" data-testid="evento-local">
                <MapPinIcon width={16} height={16} className="mt-1 shrink-0" />
                {event.location}
              </dd>
            </div>
          </dl>
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DetailErrorBoundary
      error={error}
      notFound={{
        title: "Evento não encontrado",
        message: "O evento que você está procurando não existe ou foi removido.",
        back: { to: href("/eventos"), label: "Voltar" },
      }}
    />
  );
}
