import { href, redirect } from "react-router";
import type { Route } from "./+types/ong.dashboard.evento.excluir";
import { forgetPage } from "~/platform/edge-cache.server";
import { DeleteConfirmation } from "~/components/delete-confirmation";
import { getDb } from "~/context.server";
import { parseId } from "~/lib/links";
import { getOwnedEvent } from "~/models/events.server";
import { guardedAccount } from "~/platform/auth.server";
import { deleteEvent } from "~/services/ngo-events.server";
import { flashToast } from "~/platform/session.server";
import { notFound } from "~/lib/not-found";
import { OWNED_NOT_FOUND } from "~/lib/not-found-screens";

export const meta: Route.MetaFunction = () => [{ title: "Excluir evento | Patas Conectadas" }];

// The confirmation step of a delete, as its own page: it works without JavaScript. After
// it the NGO lands on Meus Eventos, where the event was listed (docs/decisions/0016).
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const id = parseId(params.id);
  const event = id ? await getOwnedEvent(getDb(context), { id, userId: user.id }) : null;
  if (!event) throw notFound(OWNED_NOT_FOUND.event);
  return { event: { id: event.id, title: event.title } };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  const id = parseId(params.id);
  const list = href("/ong/dashboard/eventos");
  let deleted = false;
  try {
    // The owner is part of the DELETE itself: anyone else deletes nothing.
    deleted = id ? await deleteEvent(context, { id, userId: user.id }) : false;
  } catch (error) {
    console.error("Falha ao excluir evento:", error instanceof Error ? error.message : String(error));
    flashToast(context, { type: "error", title: "Erro", description: "Não foi possível excluir o evento." });
    return redirect(list, 303);
  }
  if (!deleted) throw notFound(OWNED_NOT_FOUND.event);
  forgetPage(context, request, "event", id!);
  flashToast(context, { type: "success", title: "Evento excluído", description: "O evento foi removido com sucesso." });
  return redirect(list, 303);
}

export default function ExcluirEvento({ loaderData }: Route.ComponentProps) {
  const { event } = loaderData;
  return (
    <section className="mt-6 max-w-lg">
      <DeleteConfirmation
        title="Excluir evento"
        cancelTo={href("/evento/:id", { id: String(event.id) })}
        action={href("/ong/dashboard/evento/:id/excluir", { id: String(event.id) })}
      >
        Tem certeza que deseja excluir este evento? Esta ação não pode ser desfeita.
      </DeleteConfirmation>
      <p className="mt-3 text-sm text-slate-600">
        Evento: <strong>{event.title}</strong>
      </p>
    </section>
  );
}
