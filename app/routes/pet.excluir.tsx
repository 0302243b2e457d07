import { redirect, href } from "react-router";
import type { Route } from "./+types/pet.excluir";
import { forgetPage } from "~/platform/edge-cache.server";
import { notFound } from "~/lib/not-found";
import { PET_NOT_FOUND } from "~/lib/not-found-screens";
import { getActivityDb, getCloudflare, getDb } from "~/context.server";
import { personalTabsFor } from "~/lib/accounts";
import { parseId, safeRedirectPath } from "~/lib/links";
import { deletePetForOwner, getPet } from "~/models/pets.server";
import { deletePetArchive } from "~/platform/pet-archive.server";
import { requireUser } from "~/platform/auth.server";
import { deleteImagesByUrl } from "~/platform/images.server";
import { flashToast } from "~/platform/session.server";
import { DeleteConfirmation } from "~/components/delete-confirmation";

export const meta: Route.MetaFunction = () => [{ title: "Excluir pet | Patas Conectadas" }];

// The confirmation step of a delete, as its own page: it works without JavaScript.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const id = parseId(params.id);
  const pet = id ? await getPet(getDb(context), id) : null;
  if (!pet || pet.userId !== user.id) throw notFound(PET_NOT_FOUND);
  // Where "Cancelar" and the finished delete lead (the dashboard's list, or the pet page).
  const back = safeRedirectPath(new URL(request.url).searchParams.get("voltar"), href("/pet/:id", { id: String(pet.id) }));
  return { pet: { id: pet.id, name: pet.name }, back };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const id = parseId(params.id);
  const { env } = getCloudflare(context);
  // The owner is part of the DELETE itself: anyone else deletes nothing.
  const images = id ? await deletePetForOwner(getDb(context), getActivityDb(context), { id, userId: user.id }) : null;
  if (!images) throw notFound(PET_NOT_FOUND);
  // Its record in R2, if its sightings already left D1 (docs/decisions/0050), goes too.
  await deleteImagesByUrl(env.IMAGES, [...images, ...(await deletePetArchive(env.IMAGES, id!))]);
  forgetPage(context, request, "pet", id!);
  flashToast(context, { type: "success", title: "Pet removido" });
  const back = new URL(request.url).searchParams.get("voltar");
  // The pet page no longer exists: only another page may be the way back; else the
  // account's own Meus Pets, in whichever dashboard it has (docs/decisions/0033 §8).
  const myPets = personalTabsFor(user.accountType).pets;
  return redirect(back?.startsWith(href("/pet/:id", { id: String(id) })) ? myPets : safeRedirectPath(back, myPets), 303);
}

export default function PetExcluir({ loaderData }: Route.ComponentProps) {
  const { pet, back } = loaderData;
  return (
    <section className="container-page max-w-lg py-16">
      <DeleteConfirmation title="Excluir pet" cancelTo={back} heading="h1">
        Tem certeza que deseja excluir o anúncio de <strong>{pet.name}</strong>? Esta ação não pode ser desfeita.
      </DeleteConfirmation>
    </section>
  );
}
