import type { Route } from "./+types/pet.quero-adotar";
import { PetMessageFormPage } from "~/components/pet-message-form";
import { petMessageFormTitle } from "~/lib/pet-messages";
import { loadPetMessageForm, submitPetMessageForm } from "~/services/pet-message-form.server";

// 'Quero adotar' (docs/decisions/0047): an adoption ad's own next step. A short request to
// the poster or the NGO behind the ad, without an account; a message of its own kind, with
// the limits, mails and rules of 'Enviar mensagem' (docs/decisions/0033).
export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData?.pet
      ? `${petMessageFormTitle("adoption", loaderData.pet.name)} | Patas Conectadas`
      : "Pet não encontrado | Patas Conectadas",
  },
  { name: "robots", content: "noindex" },
];

export function loader({ params, context }: Route.LoaderArgs) {
  return loadPetMessageForm(context, params, "adoption");
}

export function action({ params, request, context }: Route.ActionArgs) {
  return submitPetMessageForm(context, request, params, "adoption");
}

export default function PetQueroAdotar({ loaderData, actionData }: Route.ComponentProps) {
  return <PetMessageFormPage {...loaderData} actionData={actionData} />;
}
