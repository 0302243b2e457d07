import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import type { Route } from "./+types/ong.dashboard.novo-evento";
import { EventForm, NoOrganizationNotice } from "~/components/event-form";
import { getDb } from "~/context.server";
import { eventSchema } from "~/forms/event";
import { getOwnOrganizationRef } from "~/models/events.server";
import { guardedAccount } from "~/platform/auth.server";
import { readFormData } from "~/platform/form-data.server";
import { checkEventImage, EVENT_PUBLISH_ERROR, saveEvent } from "~/services/ngo-events.server";
import { cityErrors, mergeFieldErrors, resolveCityField } from "~/services/places.server";
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
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: eventSchema });
  const place = await resolveCityField(getDb(context), formData);
  const image = await checkEventImage(context, formData);
  if (submission.status !== "success" || !place.ok || image.errors.length > 0) {
    const fieldErrors = mergeFieldErrors({ image: image.errors }, cityErrors(place));
    return data({ result: submission.reply({ fieldErrors }), noOrganization: false, cityChoices: place.choices }, { status: 400 });
  }
  // The INSERT itself reads the organization: an account without one writes nothing.
  const saved = await saveEvent(context, { userId: user.id }, submission.value, place, image.image);
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
    <section aria-labelledby="novo-evento-titulo" className="mt-6 space-y-4">
      <h2 id="novo-evento-titulo" className="text-xl font-bold text-slate-900">
        Novo Evento
      </h2>
      {hasOrganization ? (
        <>
          <p className="text-sm text-slate-600">
            Organização: <strong>{loaderData.organization!.name}</strong>
          </p>
          <EventForm action={href("/ong/dashboard/novo-evento")} lastResult={actionData?.result} cityChoices={actionData?.cityChoices} />
        </>
      ) : (
        <NoOrganizationNotice />
      )}
    </section>
  );
}
