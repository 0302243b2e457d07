import { data, Link } from "react-router";
import type { Route } from "./+types/anunciar";
import { DraftNotice } from "~/components/draft-notice";
import { SignInToPostNotice } from "~/components/sign-in-to-post-notice";
import { PetAdForm } from "~/components/pet-ad-form";
import { TabLinks } from "~/components/tabs";
import { getCurrentUser } from "~/services/auth.server";
import { restoredDraft, submitPetAd } from "~/services/pet-ads.server";

export const meta: Route.MetaFunction = () => [
  { title: "Anunciar | Patas Conectadas" },
  { name: "description", content: "Anuncie pets para adoção ou perdidos, sua ONG ou seus produtos." },
];

const TABS = [
  { value: "adocao", label: "Adoção" },
  { value: "perdido", label: "Perdido" },
  { value: "ong", label: "ONG" },
  { value: "produto", label: "Produto" },
] as const;
type Tab = (typeof TABS)[number]["value"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("aba");
  const draft = await restoredDraft(context);
  const tab: Tab = TABS.find((t) => t.value === requested)?.value ?? draft?.kind ?? "adocao";
  const user = await getCurrentUser(context);
  return { tab, draft, accountType: user?.accountType ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await submitPetAd(context, request, "/anunciar");
  if (result instanceof Response) return result;
  return data(result, { status: result.status });
}

export default function Anunciar({ loaderData, actionData }: Route.ComponentProps) {
  const { draft, accountType } = loaderData;
  const tab: Tab = actionData?.kind ?? loaderData.tab;
  const action = `/anunciar?aba=${tab}`;
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-3xl font-bold text-slate-900">Anunciar</h1>
      <p className="mt-1 text-slate-600">Escolha o tipo de anúncio.</p>
      <div className="mt-6">
        <TabLinks
          label="Tipo de anúncio"
          tabs={TABS.map((t) => ({ to: `/anunciar?aba=${t.value}`, label: t.label, active: t.value === tab }))}
        />
      </div>
      <div className="mt-6 space-y-4">
        {tab === "adocao" || tab === "perdido" ? (
          <>
            {draft?.kind === tab ? <DraftNotice action={action} /> : <SignInToPostNotice back={action} />}
            <PetAdForm
              key={tab}
              kind={tab}
              action={action}
              lastResult={actionData?.result}
              cityChoices={actionData?.cityChoices}
              defaultValue={draft?.kind === tab ? draft.fields : undefined}
              keptPhotos={actionData?.keptPhotos ?? (draft?.kind === tab ? draft.photoUrls : undefined)}
            />
          </>
        ) : tab === "ong" ? (
          <section className="rounded-xl border border-slate-200 p-6">
            <h2 className="text-xl font-semibold text-slate-900">ONGs e voluntários</h2>
            {accountType === "ngo" ? (
              <>
                <p className="mt-2 text-slate-600">Gerencie o perfil da sua organização e publique eventos.</p>
                <Link to="/ong/dashboard" className="btn btn-primary mt-4">
                  Ir para o Dashboard ONG
                </Link>
              </>
            ) : (
              <>
                <p className="mt-2 text-slate-600">
                  Para divulgar uma ONG, abrigo ou trabalho voluntário e publicar eventos, crie uma
                  conta de ONG/Voluntário. O cadastro é gratuito.
                </p>
                <Link to="/cadastrar-ong" className="btn btn-primary mt-4">
                  Cadastrar ONG/Voluntário
                </Link>
              </>
            )}
          </section>
        ) : (
          <section className="rounded-xl border border-slate-200 p-6">
            <h2 className="text-xl font-semibold text-slate-900">Produtos e serviços</h2>
            {accountType === "company" ? (
              <>
                <p className="mt-2 text-slate-600">Cadastre e gerencie seus produtos e clínicas.</p>
                <Link to="/empresa/dashboard" className="btn btn-primary mt-4">
                  Ir para o Dashboard da Empresa
                </Link>
              </>
            ) : (
              <>
                <p className="mt-2 text-slate-600">
                  Produtos, serviços e clínicas são anunciados por contas de empresa. O Plano
                  Básico é gratuito, com até 5 produtos.
                </p>
                <Link to="/empresas" className="btn btn-primary mt-4">
                  Área de Empresas
                </Link>
              </>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
