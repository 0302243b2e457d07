import { data } from "react-router";
import type { Route } from "./+types/cadastrar-pet";
import { DraftNotice } from "~/components/draft-notice";
import { SignInToPostNotice } from "~/components/sign-in-to-post-notice";
import { PetAdForm, type PetAdKind } from "~/components/pet-ad-form";
import { TabLinks } from "~/components/tabs";
import { restoredDraft, submitPetAd } from "~/services/pet-ads.server";

export const meta: Route.MetaFunction = () => [
  { title: "Cadastrar Pet | Patas Conectadas" },
  { name: "description", content: "Anuncie um pet perdido, encontrado, avistado ou para adoção." },
];

function kindFrom(url: URL): PetAdKind {
  return url.searchParams.get("aba") === "adocao" ? "adocao" : "perdido";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const draft = await restoredDraft(context);
  return { kind: draft?.kind ?? kindFrom(new URL(request.url)), draft };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await submitPetAd(context, request, "/cadastrar-pet");
  if (result instanceof Response) return result;
  return data(result, { status: result.status });
}

export default function CadastrarPet({ loaderData, actionData }: Route.ComponentProps) {
  const kind = actionData?.kind ?? loaderData.kind;
  const draft = loaderData.draft?.kind === kind ? loaderData.draft : null;
  const action = `/cadastrar-pet?aba=${kind}`;
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-3xl font-bold text-slate-900">Cadastrar Pet</h1>
      <p className="mt-1 text-slate-600">Uma foto e os dados principais bastam: o anúncio fica no ar na hora.</p>
      <div className="mt-6">
        <TabLinks
          label="Tipo de anúncio"
          tabs={[
            { to: "/cadastrar-pet?aba=perdido", label: "Perdido ou encontrado", active: kind === "perdido" },
            { to: "/cadastrar-pet?aba=adocao", label: "Para adoção", active: kind === "adocao" },
          ]}
        />
      </div>
      <div className="mt-6 space-y-4">
        {draft ? <DraftNotice action={action} /> : <SignInToPostNotice back={action} />}
        <PetAdForm
          key={kind}
          kind={kind}
          action={action}
          lastResult={actionData?.result}
          cityChoices={actionData?.cityChoices}
          defaultValue={draft?.fields}
          keptPhotos={actionData?.keptPhotos ?? draft?.photoUrls}
        />
      </div>
    </div>
  );
}
