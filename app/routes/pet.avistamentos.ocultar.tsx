import { data, redirect, href } from "react-router";
import type { Route } from "./+types/pet.avistamentos.ocultar";
import { parseId } from "~/lib/links";
import { requireUser } from "~/platform/auth.server";
import { flashToast } from "~/platform/session.server";
import { hideSighting } from "~/services/sightings.server";

// The owner hides a sighting (spam, a scam) for everyone (docs/decisions/0024). A POST from
// the 'Ocultar' button of the owner's timeline; the ownership is checked in the UPDATE.

// A GET (e.g. back here after signing in) just leads to the pet page.
export function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  return redirect(id ? `${href("/pet/:id", { id: String(id) })}#avistamentos` : "/pets");
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const petId = parseId(params.id);
  const id = parseId(params.sightingId);
  const hidden = petId && id ? await hideSighting(context, request, { id, petId, ownerId: user.id }) : false;
  // Not this owner's, already hidden, or no such sighting: the same answer.
  if (!hidden) return data({ error: "Avistamento não encontrado." }, { status: 404 });
  flashToast(context, { type: "success", title: "Avistamento ocultado" });
  return redirect(`${href("/pet/:id", { id: String(petId) })}#avistamentos`, 303);
}
