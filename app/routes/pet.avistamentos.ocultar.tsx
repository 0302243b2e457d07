import { redirect, href } from "react-router";
import type { Route } from "./+types/pet.avistamentos.ocultar";
import { parseId } from "~/lib/links";
import { notFound } from "~/lib/not-found";
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
  if (!hidden) {
    throw notFound({
      title: "Avistamento não encontrado",
      message: "Ele já foi ocultado, ou não é de um anúncio seu.",
      back: petId ? { to: href("/pet/:id", { id: String(petId) }), label: "Voltar ao anúncio" } : { to: href("/pets"), label: "Voltar" },
    });
  }
  flashToast(context, { type: "success", title: "Avistamento ocultado" });
  return redirect(`${href("/pet/:id", { id: String(petId) })}#avistamentos`, 303);
}

export const meta: Route.MetaFunction = () => [{ title: "Avistamento não encontrado | Patas Conectadas" }];

// The page exists only for its answers: a GET redirects, a hidden sighting redirects, and
// a refused one (404) renders its screen in the general boundary (app/root.tsx).
export default function HideSighting() {
  return null;
}
