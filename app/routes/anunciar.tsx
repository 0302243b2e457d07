import { data, href, Link } from "react-router";
import type { Route } from "./+types/anunciar";
import { DraftNotice } from "~/components/draft-notice";
import { ChosenPetAd, PetAdChoices } from "~/components/pet-ad-choice";
import { SignInToPostNotice } from "~/components/sign-in-to-post-notice";
import { PetAdForm } from "~/components/pet-ad-form";
import { petAdChoiceFor, petAdChoiceOf } from "~/lib/pet-ad-choice";
import { getCurrentUser } from "~/platform/auth.server";
import { restoredDraft, submitPetAd } from "~/services/pet-ads.server";

export const meta: Route.MetaFunction = () => [
  { title: "Anunciar | Patas Conectadas" },
  { name: "description", content: "Anuncie pets para adoção ou perdidos, sua ONG ou seus produtos." },
];

const PATH = href("/anunciar");

// Besides the pet ads, the two account kinds that post elsewhere (spec: the ONG and
// Produto tabs), asked in the same question (docs/decisions/0033 §9).
const OTHER_CHOICES = [
  { aba: "ong", label: "Sou ONG ou voluntário", hint: "Divulgue sua organização, animais para adoção e eventos." },
  { aba: "produto", label: "Tenho produtos ou serviços", hint: "Pet shops, serviços e clínicas veterinárias." },
] as const;
type OtherTab = (typeof OTHER_CHOICES)[number]["aba"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("aba");
  const draft = await restoredDraft(context);
  const user = await getCurrentUser(context);
  const other: OtherTab | null = OTHER_CHOICES.find((c) => c.aba === requested)?.aba ?? null;
  // Nothing preselected: the page asks first, unless the link or a kept draft says which.
  const choice = other ? null : (petAdChoiceOf(requested) ?? (draft ? petAdChoiceFor(draft.kind, draft.fields.category) : null));
  return { other, aba: choice?.aba ?? null, draft, accountType: user?.accountType ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await submitPetAd(context, request, PATH);
  if (result instanceof Response) return result;
  return data(result, { status: result.status });
}

export default function Anunciar({ loaderData, actionData }: Route.ComponentProps) {
  const { draft, accountType, other } = loaderData;
  const choice = petAdChoiceOf(loaderData.aba) ?? (actionData ? petAdChoiceFor(actionData.kind, null) : null);
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-3xl font-bold text-slate-900">Anunciar</h1>
      {choice ? (
        <div className="mt-4 space-y-4">
          <ChosenPetAd label={choice.label} path={PATH} />
          {draft?.kind === choice.kind ? (
            <DraftNotice action={`${PATH}?aba=${choice.aba}`} />
          ) : (
            <SignInToPostNotice back={`${PATH}?aba=${choice.aba}`} />
          )}
          <PetAdForm
            key={choice.aba}
            kind={choice.kind}
            category={choice.category}
            action={`${PATH}?aba=${choice.aba}`}
            lastResult={actionData?.result}
            cityChoices={actionData?.cityChoices}
            accountStep={actionData?.accountStep}
            defaultValue={draft?.kind === choice.kind ? draft.fields : undefined}
            keptPhotos={actionData?.keptPhotos ?? (draft?.kind === choice.kind ? draft.photoUrls : undefined)}
          />
        </div>
      ) : other ? (
        <div className="mt-4 space-y-4">
          <ChosenPetAd label={OTHER_CHOICES.find((c) => c.aba === other)!.label} path={PATH} />
          {other === "ong" ? <NgoChoice accountType={accountType} /> : <ProductChoice accountType={accountType} />}
        </div>
      ) : (
        <>
          <p className="mt-1 text-slate-600">O que você quer anunciar?</p>
          <div className="mt-6">
            <PetAdChoices path={PATH} extra={OTHER_CHOICES.map((c) => ({ to: `${PATH}?aba=${c.aba}`, label: c.label, hint: c.hint }))} />
          </div>
        </>
      )}
    </div>
  );
}

function NgoChoice({ accountType }: { accountType: string | null }) {
  return (
    <section className="rounded-xl border border-slate-200 p-6">
      <h2 className="text-xl font-semibold text-slate-900">ONGs e voluntários</h2>
      {accountType === "ngo" ? (
        <>
          <p className="mt-2 text-slate-600">Gerencie o perfil da sua organização e publique eventos.</p>
          <Link to={href("/ong/dashboard")} className="btn btn-primary mt-4">
            Ir para o Painel da ONG
          </Link>
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-600">
            Para divulgar uma ONG, abrigo ou trabalho voluntário e publicar eventos, crie uma conta de ONG/Voluntário. O cadastro é
            gratuito.
          </p>
          <Link to={href("/cadastrar-ong")} className="btn btn-primary mt-4">
            Cadastrar ONG/Voluntário
          </Link>
        </>
      )}
    </section>
  );
}

function ProductChoice({ accountType }: { accountType: string | null }) {
  return (
    <section className="rounded-xl border border-slate-200 p-6">
      <h2 className="text-xl font-semibold text-slate-900">Produtos e serviços</h2>
      {accountType === "company" ? (
        <>
          <p className="mt-2 text-slate-600">Cadastre e gerencie seus produtos e clínicas.</p>
          <Link to={href("/empresa/dashboard")} className="btn btn-primary mt-4">
            Ir para o Painel da Empresa
          </Link>
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-600">
            Produtos, serviços e clínicas são anunciados por contas de empresa. O Plano Básico é gratuito, com até 5 produtos.
          </p>
          <Link to={href("/empresas")} className="btn btn-primary mt-4">
            Área de Empresas
          </Link>
        </>
      )}
    </section>
  );
}
