import { data, href } from "react-router";
import type { Route } from "./+types/cadastrar-pet";
import { DraftNotice } from "~/components/draft-notice";
import { ChosenPetAd, PetAdChoices } from "~/components/pet-ad-choice";
import { SignInToPostNotice } from "~/components/sign-in-to-post-notice";
import { PetAdForm } from "~/components/pet-ad-form";
import { petAdChoiceFor, petAdChoiceOf } from "~/lib/pet-ad-choice";
import { restoredDraft, submitPetAd } from "~/services/pet-ads.server";

export const meta: Route.MetaFunction = () => [
  { title: "Cadastrar Pet | Patas Conectadas" },
  { name: "description", content: "Anuncie um pet perdido, encontrado, avistado ou para adoção." },
];

const PATH = href("/cadastrar-pet");

export async function loader({ request, context }: Route.LoaderArgs) {
  const draft = await restoredDraft(context);
  // Nothing preselected: the page asks first, unless the link or a kept draft says which
  // (docs/decisions/0033 §9).
  const choice =
    petAdChoiceOf(new URL(request.url).searchParams.get("aba")) ?? (draft ? petAdChoiceFor(draft.kind, draft.fields.category) : null);
  return { aba: choice?.aba ?? null, draft };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await submitPetAd(context, request, PATH);
  if (result instanceof Response) return result;
  return data(result, { status: result.status });
}

export default function CadastrarPet({ loaderData, actionData }: Route.ComponentProps) {
  const choice = petAdChoiceOf(loaderData.aba) ?? (actionData ? petAdChoiceFor(actionData.kind, null) : null);
  if (!choice) {
    return (
      <div className="container-page max-w-3xl py-8">
        <h1 className="text-3xl font-bold text-slate-900">Cadastrar Pet</h1>
        <p className="mt-1 text-slate-600">O que aconteceu? Uma foto e os dados principais bastam: o anúncio fica no ar na hora.</p>
        <div className="mt-6">
          <PetAdChoices path={PATH} />
        </div>
      </div>
    );
  }
  const draft = loaderData.draft?.kind === choice.kind ? loaderData.draft : null;
  const action = `${PATH}?aba=${choice.aba}`;
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-3xl font-bold text-slate-900">Cadastrar Pet</h1>
      <div className="mt-4 space-y-4">
        <ChosenPetAd label={choice.label} path={PATH} />
        {draft ? <DraftNotice action={action} /> : <SignInToPostNotice back={action} />}
        <PetAdForm
          key={choice.aba}
          kind={choice.kind}
          category={choice.category}
          action={action}
          lastResult={actionData?.result}
          cityChoices={actionData?.cityChoices}
          accountStep={actionData?.accountStep}
          defaultValue={draft?.fields}
          keptPhotos={actionData?.keptPhotos ?? draft?.photoUrls}
        />
      </div>
    </div>
  );
}
