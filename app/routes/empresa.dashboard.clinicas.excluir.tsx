import { href, redirect } from "react-router";
import type { Route } from "./+types/empresa.dashboard.clinicas.excluir";
import { forgetPage } from "~/platform/edge-cache.server";
import { getDb } from "~/context.server";
import { parseId } from "~/lib/links";
import { getOwnedClinic } from "~/models/clinics.server";
import { deleteClinic } from "~/services/clinics.server";
import { guardedAccount } from "~/platform/auth.server";
import { flashToast } from "~/platform/session.server";
import { DeleteConfirmation } from "~/components/delete-confirmation";
import { notFound } from "~/lib/not-found";
import { OWNED_NOT_FOUND } from "~/lib/not-found-screens";

export const meta: Route.MetaFunction = () => [{ title: "Excluir clínica | Patas Conectadas" }];

// The confirmation step of a delete, as its own page: it works without JavaScript.
// Any company may delete its own clinics, Premium or not (docs/decisions/0015).
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const id = parseId(params.id);
  const clinic = id ? await getOwnedClinic(getDb(context), { id, userId: user.id }) : null;
  if (!clinic) throw notFound(OWNED_NOT_FOUND.clinic);
  return { clinic: { id: clinic.id, name: clinic.name } };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  const id = parseId(params.id);
  const list = href("/empresa/dashboard/clinicas");
  let deleted = false;
  try {
    // The owner is part of the DELETE itself: anyone else deletes nothing.
    deleted = id ? await deleteClinic(context, { id, userId: user.id }) : false;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error("Falha ao excluir clínica:", message);
    flashToast(context, { type: "error", title: "Erro ao excluir clínica", description: "Tente novamente em instantes." });
    return redirect(list, 303);
  }
  if (!deleted) throw notFound(OWNED_NOT_FOUND.clinic);
  forgetPage(context, request, "clinic", id!);
  flashToast(context, { type: "success", title: "Clínica excluída" });
  return redirect(list, 303);
}

export default function ExcluirClinica({ loaderData }: Route.ComponentProps) {
  const { clinic } = loaderData;
  const action = href("/empresa/dashboard/clinicas/:id/excluir", { id: String(clinic.id) });
  return (
    <section className="mt-6 max-w-lg">
      <DeleteConfirmation title="Excluir clínica" cancelTo={href("/empresa/dashboard/clinicas")} action={action}>
        Tem certeza que deseja excluir a clínica <strong>{clinic.name}</strong>? Esta ação não pode ser desfeita.
      </DeleteConfirmation>
    </section>
  );
}
