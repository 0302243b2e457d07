import type { Route } from "./+types/pet.mensagem";
import { PetMessageFormPage } from "~/components/pet-message-form";
import { loadPetMessageForm, submitPetMessageForm } from "~/services/pet-message-form.server";

// 'Enviar mensagem' (docs/decisions/0033 §2): a second way to reach the poster of
// any open ad, without an account and without showing anyone's address or number. The
// form and its answers are shared with 'Quero adotar' (services/pet-message-form.server.ts).
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.pet ? `Enviar mensagem sobre ${loaderData.pet.name} | Patas Conectadas` : "Pet não encontrado | Patas Conectadas" },
  { name: "robots", content: "noindex" },
];

export function loader({ params, context }: Route.LoaderArgs) {
  return loadPetMessageForm(context, params, "message");
}

export function action({ params, request, context }: Route.ActionArgs) {
  return submitPetMessageForm(context, request, params, "message");
}

export default function PetMensagem({ loaderData, actionData }: Route.ComponentProps) {
  return <PetMessageFormPage {...loaderData} actionData={actionData} />;
}
