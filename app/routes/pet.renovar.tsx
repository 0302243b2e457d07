import { data, redirect } from "react-router";
import type { Route } from "./+types/pet.renovar";
import { RenewAdConfirmation } from "~/components/ad-lifecycle";
import { notFound } from "~/lib/not-found";
import { PET_NOT_FOUND } from "~/lib/not-found-screens";
import { getDb } from "~/context.server";
import { adState } from "~/lib/ad-lifecycle";
import { renewPetForOwner } from "~/models/ad-lifecycle.server";
import { forgetPage } from "~/platform/edge-cache.server";
import { ownedAdForLifecycle } from "~/services/ad-lifecycle.server";
import { readFormData } from "~/platform/form-data.server";
import { flashToast } from "~/platform/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Renovar anúncio | Patas Conectadas" }];

const view = (pet: NonNullable<Awaited<ReturnType<typeof ownedAdForLifecycle>>["pet"]>) => ({
  id: pet.id,
  title: pet.title,
  state: adState(pet, new Date()),
});

// 'Renovar anúncio' (docs/decisions/0023): a page with one button, reached from the
// reminder mail, Meus Pets and the pet page; the POST restarts the 60/90-day clock.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { pet, back } = await ownedAdForLifecycle(context, request, params.id);
  if (!pet) throw notFound(PET_NOT_FOUND);
  return { pet: view(pet), back, error: null };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { user, pet, back } = await ownedAdForLifecycle(context, request, params.id);
  if (!pet) throw notFound(PET_NOT_FOUND);
  // No fields to read, but a body that is not a form is still the client's 400.
  await readFormData(request);
  const renewed = pet.closedAs ? null : await renewPetForOwner(getDb(context), { id: pet.id, userId: user.id }, new Date());
  if (!renewed) {
    return data({ pet: view(pet), back, error: "Um anúncio encerrado não pode ser renovado." }, { status: 409 });
  }
  // An expired ad comes back to the listings: they forget their copies too.
  forgetPage(context, request, "pet", renewed.id);
  flashToast(context, { type: "success", title: "Anúncio renovado", description: `${pet.title} continua na busca por mais 90 dias.` });
  return redirect(back, 303);
}

export default function PetRenovar({ loaderData, actionData }: Route.ComponentProps) {
  const { pet, back } = actionData ?? loaderData;
  const error = actionData?.error ?? null;
  return (
    <section className="container-page max-w-lg py-16">
      <RenewAdConfirmation pet={pet} cancelTo={back} error={error} />
    </section>
  );
}
