import { data, href, Link, redirect } from "react-router";
import { forgetPage } from "~/platform/edge-cache.server";
import type { Route } from "./+types/ong.dashboard.evento.edit";
import { EventForm } from "~/components/event-form";
import { getDb } from "~/context.server";
import { parseId } from "~/lib/links";
import { getOwnedEvent } from "~/models/events.server";
import { guardedAccount } from "~/platform/auth.server";
import { EVENT_PUBLISH_ERROR, readEventForm, saveEvent } from "~/services/ngo-events.server";
import { storedCity } from "~/services/places.server";
import { flashToast } from "~/platform/session.server";
import { notFound } from "~/lib/not-found";
import { OWNED_NOT_FOUND } from "~/lib/not-found-screens";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.event ? `Editar ${loaderData.event.title}` : "Editar evento"} | Patas Conectadas` },
];

/** The owned event, or a 404 (an event of another NGO is not found either). */
async function ownedEventOr404(params: Route.LoaderArgs["params"], userId: string, context: Route.LoaderArgs["context"]) {
  const id = parseId(params.id);
  const event = id ? await getOwnedEvent(getDb(context), { id, userId }) : null;
  if (!event) throw notFound(OWNED_NOT_FOUND.event);
  return event;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const event = await ownedEventOr404(params, user.id, context);
  // Cidade and Local from the stored text (docs/decisions/0032, Forms).
  return { event: { ...event, ...(await storedCity(getDb(context), event)) } };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  const event = await ownedEventOr404(params, user.id, context);
  const form = await readEventForm(context, request);
  if (!form.ok) return data(form.answer, { status: 400 });
  const { submission, place, image } = form;
  // The UPDATE checks the owner again (WHERE … organization_id IN the user's own).
  const saved = await saveEvent(
    context,
    { userId: user.id, id: event.id, currentImage: event.mainImageUrl },
    submission.value,
    place,
    image,
  );
  if (!saved.ok) {
    if (saved.reason === "not-found") throw notFound(OWNED_NOT_FOUND.event);
    return data({ result: submission.reply({ formErrors: [saved.message ?? EVENT_PUBLISH_ERROR] }), cityChoices: null }, { status: 500 });
  }
  forgetPage(context, request, "event", event.id);
  flashToast(context, { type: "success", title: "Evento atualizado", description: "As alterações foram salvas." });
  return redirect(href("/evento/:id", { id: String(event.id) }), 303);
}

export default function EditarEvento({ loaderData, actionData }: Route.ComponentProps) {
  const { event } = loaderData;
  return (
    <section aria-labelledby="editar-evento-titulo" className="mt-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="editar-evento-titulo" className="text-xl font-bold text-slate-900">
          Editar evento
        </h2>
        <Link to={href("/evento/:id", { id: String(event.id) })} className="tap-link text-sm font-medium text-brand-700 underline">
          Ver página do evento
        </Link>
      </div>
      <EventForm action={href("/ong/dashboard/evento/:id/edit", { id: String(event.id) })} event={event} answer={actionData} />
    </section>
  );
}
