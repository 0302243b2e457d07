import { href } from "react-router";
import type { Route } from "./+types/evento.agenda";
import { getDb } from "~/context.server";
import { eventToIcs } from "~/lib/ics";
import { parseId } from "~/lib/links";
import { getPublicEvent } from "~/models/events.server";
import { notFound } from "~/lib/not-found";

// 'Adicionar à agenda': the event as an iCalendar file (RFC 5545; docs/decisions/0016).
// A resource route: no component, nothing written, not a view.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const found = id ? await getPublicEvent(getDb(context), id) : null;
  // A held, removed or suspended event is nobody's to add (docs/decisions/0035).
  if (!found || found.moderation) throw notFound("Evento não encontrado");
  const { event } = found;
  const url = new URL(request.url);
  const body = eventToIcs({
    id: event.id,
    title: event.title,
    description: event.description,
    location: event.location,
    date: event.date,
    url: `${url.origin}${href("/evento/:id", { id: String(event.id) })}`,
    host: url.hostname,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="evento-${event.id}.ics"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
