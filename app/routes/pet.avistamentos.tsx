import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, href } from "react-router";
import type { Route } from "./+types/pet.avistamentos";
import { notFound } from "~/lib/not-found";
import { PET_NOT_FOUND } from "~/lib/not-found-screens";
import { SightingForm } from "~/components/sightings";
import { PetFormPage, PetFormUnavailable } from "~/components/pet-inbox";
import { getDb } from "~/context.server";
import { SIGHTING_CLOSED_MESSAGE } from "~/forms/choices";
import { sightingSchema } from "~/forms/sighting";
import { brasiliaNow } from "~/lib/format";
import { municipalityLabel } from "~/lib/place-names";
import { parseId } from "~/lib/links";
import { sightingLimitMessage, takesSightings } from "~/lib/sightings";
import { getSightingTarget } from "~/models/sightings.server";
import { readFormData } from "~/platform/form-data.server";
import { chosenFiles } from "~/platform/images.server";
import { flashSentSighting, flashToast } from "~/platform/session.server";
import { mergeFieldErrors } from "~/services/places.server";
import { checkSightingAgainstPet, reportSighting } from "~/services/sightings.server";

// 'Vi este pet' (docs/decisions/0024-sightings.md). The pet page's form posts here; a
// sent report redirects back to the pet with a toast and a summary of what was sent. Without JavaScript, a report sent
// back (400, 409, 429) renders on this page with what was typed.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.pet ? `Vi ${loaderData.pet.title} | Patas Conectadas` : "Pet não encontrado | Patas Conectadas" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const pet = id ? await getSightingTarget(getDb(context), id) : null;
  if (!pet) throw notFound(PET_NOT_FOUND);
  const city = pet.cityName && pet.cityUf ? municipalityLabel({ name: pet.cityName, uf: pet.cityUf }) : "";
  return { pet: { id: pet.id, title: pet.title }, open: takesSightings(pet), now: brasiliaNow(), city };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound(PET_NOT_FOUND);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: sightingSchema });
  const hide = { hideFields: ["photo", "website"] };
  if (submission.status !== "success") {
    // The time, photo and city checks too, with what parsed, so one answer says all
    // (docs/decisions/0033 §14).
    const pet = await getSightingTarget(getDb(context), id);
    if (!pet) throw notFound(PET_NOT_FOUND);
    const seenAt = sightingSchema.shape.seenAt.safeParse(formData.get("seenAt") ?? undefined);
    const city = sightingSchema.shape.city.safeParse(formData.get("city") ?? undefined);
    const { fieldErrors, city: place } = await checkSightingAgainstPet(
      context,
      pet,
      { seenAt: seenAt.success ? seenAt.data : undefined, city: city.success ? city.data : undefined },
      chosenFiles(formData.getAll("photo")),
      String(formData.get("cityCode") ?? ""),
    );
    return data(
      {
        pet: { id },
        result: submission.reply({ fieldErrors: mergeFieldErrors(fieldErrors), ...hide }),
        cityChoices: place?.choices ?? null,
      },
      { status: 400 },
    );
  }
  const { website, ...sighting } = submission.value;
  const thanks = () => {
    flashToast(context, {
      type: "success",
      title: "Obrigado por avisar!",
      description: "Enviamos o seu avistamento para quem anunciou o pet.",
    });
    // The pet page shows the sender what was sent (docs/decisions/0024, After sending).
    flashSentSighting(context, {
      petId: id,
      place: sighting.place,
      seenAt: sighting.seenAt,
      city: sighting.city ?? null,
      notes: sighting.notes ?? null,
    });
    return redirect(`${href("/pet/:id", { id: String(id) })}#avistamentos`, 303);
  };
  // A filled honeypot gets the same answer as a person, and nothing is saved.
  if (website) return thanks();

  const cityCode = String(formData.get("cityCode") ?? "");
  const outcome = await reportSighting(context, request, id, sighting, chosenFiles(formData.getAll("photo")), cityCode);
  if (outcome.ok) return thanks();
  switch (outcome.reason) {
    case "not-found":
      throw notFound(PET_NOT_FOUND);
    case "closed":
      return data(
        { pet: { id }, result: submission.reply({ formErrors: [SIGHTING_CLOSED_MESSAGE], ...hide }), cityChoices: null },
        { status: 409 },
      );
    case "invalid":
      return data(
        { pet: { id }, result: submission.reply({ fieldErrors: outcome.fieldErrors, ...hide }), cityChoices: outcome.cityChoices ?? null },
        { status: 400 },
      );
    case "rate-limited":
      // What was typed stays in the form (docs/decisions/0012); the message says the real
      // wait (docs/decisions/0030).
      return data(
        {
          pet: { id },
          result: submission.reply({ formErrors: [sightingLimitMessage(outcome.limit, outcome.retryAfterSeconds)], ...hide }),
          cityChoices: null,
        },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
  }
}

export default function PetAvistamentos({ loaderData, actionData }: Route.ComponentProps) {
  const { pet, open, now, city } = loaderData;
  return (
    <PetFormPage pet={{ id: pet.id, name: pet.title }}>
      {open ? (
        <SightingForm
          heading="h1"
          petId={pet.id}
          defaultSeenAt={now}
          defaultCity={city}
          lastResult={actionData?.result}
          cityChoices={actionData?.cityChoices}
        />
      ) : (
        <PetFormUnavailable title="Vi este pet" text={SIGHTING_CLOSED_MESSAGE} />
      )}
    </PetFormPage>
  );
}
