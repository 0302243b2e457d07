import { href, Link } from "react-router";
import type { Route } from "./+types/ong.dashboard.eventos";
import { type DashboardItem, DashboardItemList } from "~/components/dashboard-item-list";
import { getCloudflare, getDb } from "~/context.server";
import { brasiliaToday, formatEventDate } from "~/lib/format";
import { EVENT_CATEGORY_LABELS, labelOf } from "~/lib/labels";
import { eventsOfOwner, getOwnOrganizationRef } from "~/models/events.server";
import { guardedAccount } from "~/platform/auth.server";
import { withPendingViews } from "~/services/view-counter.server";

export const meta: Route.MetaFunction = () => [{ title: "Meus Eventos | Patas Conectadas" }];

// "Meus Eventos" (spec §2): the events of the account's own organization, the next ones
// first, then the past ones (docs/decisions/0016).
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const db = getDb(context);
  const [organization, events] = await Promise.all([getOwnOrganizationRef(db, user.id), eventsOfOwner(db, user.id, brasiliaToday())]);
  const { env } = getCloudflare(context);
  const [upcoming, past] = await Promise.all([
    withPendingViews(env, "event", events.upcoming),
    withPendingViews(env, "event", events.past),
  ]);
  return { hasOrganization: organization !== null, upcoming, past };
}

type OwnEvent = Route.ComponentProps["loaderData"]["upcoming"][number];

function EventList({ events, label }: { events: OwnEvent[]; label: string }) {
  const items: DashboardItem[] = events.map((event) => ({
    id: event.id,
    title: event.title,
    page: href("/evento/:id", { id: String(event.id) }),
    imageUrl: event.mainImageUrl,
    category: labelOf(EVENT_CATEGORY_LABELS, event.category),
    facts: [{ text: formatEventDate(event.date) }, { text: event.location }],
    views: event.views,
    edit: href("/ong/dashboard/evento/:id/edit", { id: String(event.id) }),
    remove: href("/ong/dashboard/evento/:id/excluir", { id: String(event.id) }),
  }));
  return <DashboardItemList items={items} kind="event" label={label} testId="meu-evento" />;
}

export default function MeusEventos({ loaderData }: Route.ComponentProps) {
  const { hasOrganization, upcoming, past } = loaderData;
  return (
    <section aria-labelledby="meus-eventos-titulo" className="mt-6 space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="meus-eventos-titulo" className="text-xl font-bold text-slate-900">
          Meus Eventos
        </h2>
        {hasOrganization ? (
          <Link to={href("/ong/dashboard/novo-evento")} className="btn btn-primary">
            Novo Evento
          </Link>
        ) : null}
      </div>
      {!hasOrganization ? (
        <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <p className="font-semibold">Você precisa selecionar uma organização para criar um evento</p>
          <Link to={href("/ong/dashboard/cadastrar")} className="btn btn-primary mt-3">
            Cadastrar organização
          </Link>
        </div>
      ) : upcoming.length === 0 && past.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <p>Você ainda não publicou nenhum evento.</p>
          <Link to={href("/ong/dashboard/novo-evento")} className="btn btn-primary mt-4">
            Publicar meu primeiro evento
          </Link>
        </div>
      ) : null}
      {upcoming.length > 0 ? (
        <section aria-labelledby="proximos-titulo" className="space-y-3">
          <h3 id="proximos-titulo" className="text-lg font-semibold text-slate-900">
            Próximos eventos
          </h3>
          <EventList events={upcoming} label="Próximos eventos" />
        </section>
      ) : null}
      {past.length > 0 ? (
        <section aria-labelledby="passados-titulo" className="space-y-3">
          <h3 id="passados-titulo" className="text-lg font-semibold text-slate-900">
            Eventos passados
          </h3>
          <EventList events={past} label="Eventos passados" />
        </section>
      ) : null}
    </section>
  );
}
