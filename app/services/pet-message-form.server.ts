// The two forms that write to an ad's poster, 'Enviar mensagem' (docs/decisions/0033)
// and 'Quero adotar' (docs/decisions/0047): their loader and action, written
// once. A sent message redirects back to the ad with a toast; one sent back (400, 403,
// 429) renders on the form's page with what was typed; a closed or unknown ad is a 404.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { getDb, type RequestContext } from "~/context.server";
import type { PetMessageKind } from "~/db/values";
import { petMessageSchema } from "~/forms/pet-message";
import { parseId } from "~/lib/links";
import { notFound } from "~/lib/not-found";
import { PET_NOT_FOUND } from "~/lib/not-found-screens";
import {
  ADOPTION_REQUEST_SENT,
  adoptionRequestStart,
  PET_MESSAGE_CLOSED,
  PET_MESSAGE_OWN_AD,
  PET_MESSAGE_SENT,
  type PetMessageFormPet,
  petMessageFormTitle,
  petMessageLimitAdvice,
  takesAdoptionRequests,
  takesMessages,
} from "~/lib/pet-messages";
import { getPetMessageTarget } from "~/models/pet-messages.server";
import { getCurrentUser } from "~/platform/auth.server";
import { readFormData } from "~/platform/form-data.server";
import { flashToast } from "~/platform/session.server";
import { sendPetMessage } from "./pet-messages.server";

/** The form's page: "open" for anyone but the poster, who reads "own". */
export type PetMessageFormState = "open" | "own";

export async function loadPetMessageForm(context: RequestContext, params: { id?: string }, kind: PetMessageKind) {
  const id = parseId(params.id);
  const pet = id ? await getPetMessageTarget(getDb(context), id) : null;
  if (!pet) throw notFound(PET_NOT_FOUND);
  const found: PetMessageFormPet = { id: pet.id, name: pet.title, organizationName: pet.organizationName };
  // A closed ad takes no more messages, as it takes no more calls (docs/decisions/0023).
  // Its screen says why, under the form's title, with the way back to the ad.
  if (!takesMessages(pet)) {
    const screen = {
      title: petMessageFormTitle(kind, found.name),
      message: PET_MESSAGE_CLOSED,
      back: { to: href("/pet/:id", { id: String(pet.id) }), label: `Voltar ao anúncio de ${found.name}` },
    };
    throw notFound(screen, { state: "closed", pet: found });
  }
  // 'Quero adotar' belongs to adoption ads; any other open ad has 'Enviar mensagem'.
  if (kind === "adoption" && !takesAdoptionRequests(pet)) throw redirect(href("/pet/:id/mensagem", { id: String(pet.id) }));
  const user = await getCurrentUser(context);
  const state: PetMessageFormState = user?.id === pet.ownerId ? "own" : "open";
  // A signed-in sender has less to type; they may still change everything.
  const signedIn = user && state === "open" ? { name: user.name ?? "", email: user.email } : {};
  const defaults = kind === "adoption" && state === "open" ? { ...signedIn, message: adoptionRequestStart(pet.title) } : signedIn;
  return { pet: found, state, kind, defaults };
}

export async function submitPetMessageForm(context: RequestContext, request: Request, params: { id?: string }, kind: PetMessageKind) {
  const id = parseId(params.id);
  if (!id) throw notFound(PET_NOT_FOUND);
  const submission = parseWithZod(await readFormData(request), { schema: petMessageSchema });
  const hide = { hideFields: ["website"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide), limited: false }, { status: 400 });
  const { website, ...message } = submission.value;
  const sent = () => {
    flashToast(context, { type: "success", ...(kind === "adoption" ? ADOPTION_REQUEST_SENT : PET_MESSAGE_SENT) });
    return redirect(href("/pet/:id", { id: String(id) }), 303);
  };
  // A filled honeypot gets the same answer as a person, and nothing is stored or mailed.
  if (website) return sent();

  const outcome = await sendPetMessage(context, request, id, message, kind);
  if (outcome.ok) return sent();
  switch (outcome.reason) {
    case "not-found":
    case "closed":
      throw notFound(PET_NOT_FOUND);
    case "own-ad":
      return data({ result: submission.reply({ formErrors: [PET_MESSAGE_OWN_AD], ...hide }), limited: false }, { status: 403 });
    case "rate-limited":
      // What was typed stays in the form; the advice says the real wait (docs/decisions/0030).
      return data(
        {
          result: submission.reply({ formErrors: [petMessageLimitAdvice(outcome.limit, outcome.retryAfterSeconds)], ...hide }),
          limited: true,
        },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
  }
}
