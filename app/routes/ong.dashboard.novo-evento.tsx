import { data, href, redirect } from "react-router";
import type { Route } from "./+types/ong.dashboard.novo-evento";
import { TitledSection } from "~/components/titled-section";
import { EventForm, NoOrganizationNotice } from "~/components/event-form";
import { getDb } from "~/context.server";
import { getOwnOrganizationRef } from "~/models/events.server";
import { guardedAccount } from "~/platform/auth.server";
import { EVENT_PUBLISH_ERROR, readEventForm, saveEvent } from "~/services/ngo-events.server";
import { flashToast } from "~/platform/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Novo Evento | Patas Conectadas" }];

// The event belongs to the account's own organization (one per user, docs/decisions/0016).
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const organization = await getOwnOrganizationRef(getDb(context), user.id);
  return { organization };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  const form = await readEventForm(context, request);
  if (!form.ok) return data({ ...form.answer, noOrganization: false }, { status: 400 });
  const { submission, place, image } = form;
  // The INSERT itself reads the organization: an account without one writes nothing.
  const saved = await saveEvent(context, { userId: user.id }, submission.value, place, image);
  if (!saved.ok) {
    const noOrganization = saved.reason === "no-organization";
    return data(
      { result: submission.reply({ formErrors: [saved.message ?? EVENT_PUBLISH_ERROR] }), noOrganization, cityChoices: null },
      { status: noOrganization ? 403 : 500 },
    );
  }
  flashToast(context, { type: "success", title: "Evento publicado", description: "Seu evento foi publicado com sucesso!" });
  return redirect(href("/evento/:id", { id: String(saved.id) }), 303);
}

export default function NovoEvento({ loaderData, actionData }: Route.ComponentProps) {
  const hasOrganization = loaderData.organization !== null && !actionData?.noOrganization;
  return (
    <TitledSection id="novo-evento-titulo" title="Novo Evento" className="mt-6 space-y-4">
      {hasOrganization ? (
        <>
          <p className="text-sm text-slate-600">
            Organização: <strong>{loaderData.organization!.name}</strong>
          </p>
          <EventForm action={href("/ong/dashboard/novo-evento")} answer={actionData} />
        </>
      ) : (
        <NoOrganizationNotice />
      )}
    </TitledSection>
  );
}
