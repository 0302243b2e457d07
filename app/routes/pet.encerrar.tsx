import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/pet.encerrar";
import { CloseAdConfirmation } from "~/components/ad-lifecycle";
import { notFound } from "~/lib/not-found";
import { PET_NOT_FOUND } from "~/lib/not-found-screens";
import { getDb } from "~/context.server";
import { PET_CLOSINGS } from "~/db/values";
import { CLOSING_LABELS, closingFor } from "~/lib/ad-lifecycle";
import { closePetForOwner } from "~/models/ad-lifecycle.server";
import { forgetPage } from "~/platform/edge-cache.server";
import { ownedAdForLifecycle } from "~/services/ad-lifecycle.server";
import { readFormData } from "~/platform/form-data.server";
import { flashToast } from "~/platform/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Encerrar anúncio | Patas Conectadas" }];

const closeSchema = z.object({
  closedAs: z.enum(PET_CLOSINGS, { message: "Escolha como o caso terminou: Reencontrado! ou Adotado!" }),
});

const view = (pet: NonNullable<Awaited<ReturnType<typeof ownedAdForLifecycle>>["pet"]>) => ({
  id: pet.id,
  title: pet.title,
  closing: closingFor(pet.status),
  closedAs: pet.closedAs,
  closedAt: pet.closedAt,
});

// The confirmation step, as its own page: closing works without JavaScript
// (docs/decisions/0023). Reached from the pet page, Meus Pets and the reminder mail.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { pet, back } = await ownedAdForLifecycle(context, request, params.id);
  if (!pet) throw notFound(PET_NOT_FOUND);
  return { pet: view(pet), back, error: null, typed: null };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { user, pet, back } = await ownedAdForLifecycle(context, request, params.id);
  if (!pet) throw notFound(PET_NOT_FOUND);
  const formData = await readFormData(request);
  const typed = typeof formData.get("closedAs") === "string" ? String(formData.get("closedAs")).slice(0, 40) : null;
  const parsed = closeSchema.safeParse({ closedAs: formData.get("closedAs") ?? undefined });
  if (!parsed.success) {
    return data({ pet: view(pet), back, error: parsed.error.issues[0]!.message, typed }, { status: 400 });
  }
  const closing = closingFor(pet.status);
  if (parsed.data.closedAs !== closing) {
    const error =
      pet.status === "adocao"
        ? "Um anúncio de adoção só pode ser encerrado como Adotado!"
        : "Este anúncio só pode ser encerrado como Reencontrado!";
    return data({ pet: view(pet), back, error, typed }, { status: 400 });
  }
  if (pet.closedAs) {
    return data({ pet: view(pet), back, error: "Este anúncio já foi encerrado.", typed }, { status: 409 });
  }
  const closed = await closePetForOwner(getDb(context), { id: pet.id, userId: user.id }, closing, new Date());
  if (!closed) return data({ pet: view(pet), back, error: "Este anúncio já foi encerrado.", typed }, { status: 409 });
  forgetPage(context, request, "pet", closed.id);
  flashToast(context, {
    type: "success",
    title: `${pet.title}: ${CLOSING_LABELS[closing]}`,
    description: "Obrigado por contar o final feliz!",
  });
  return redirect(back, 303);
}

export default function PetEncerrar({ loaderData, actionData }: Route.ComponentProps) {
  const { pet, back } = actionData ?? loaderData;
  const error = actionData?.error ?? null;
  return (
    <section className="container-page max-w-lg py-16">
      <CloseAdConfirmation pet={pet} cancelTo={back} error={error} />
    </section>
  );
}
