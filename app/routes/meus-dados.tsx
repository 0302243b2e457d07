import { href, Link } from "react-router";
import type { Route } from "./+types/meus-dados";
import { dashboardPathFor } from "~/lib/accounts";
import { requireUser } from "~/platform/auth.server";
import { TitledSection } from "~/components/titled-section";

export const meta: Route.MetaFunction = () => [{ title: "Meus dados | Patas Conectadas" }];

// 'Meus dados' (LGPD art. 18; docs/decisions/0036): one page for every account type, linked
// from each dashboard's header; the guard is only "signed in" (it is the account's own data).
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return { dashboard: dashboardPathFor(user.accountType) };
}

export default function MeusDados({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page max-w-3xl space-y-4 py-6 md:py-10">
      <Link to={loaderData.dashboard} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline">
        Voltar ao painel
      </Link>
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">Meus dados</h1>
      <p className="text-slate-700">
        A Lei Geral de Proteção de Dados (LGPD, art. 18) garante a você o acesso aos seus dados, a portabilidade e a eliminação. Aqui você
        faz isso sem precisar pedir a ninguém. Veja também a nossa{" "}
        <Link to={href("/privacidade")} className="font-medium text-brand-700 underline">
          Política de Privacidade
        </Link>
        .
      </p>

      <TitledSection id="baixar-titulo" title="Baixar meus dados" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="mt-2 text-sm text-slate-700">
          Um arquivo JSON com tudo o que está ligado à sua conta: conta e perfil, pets e os endereços das fotos, organização, eventos,
          produtos, clínicas e veterinários, favoritos, alertas, avistamentos enviados e recebidos, mensagens recebidas nos anúncios,
          pagamentos e as sessões abertas (quando começaram e o último acesso).
        </p>
        {/* A file, not a page: a plain link (no client navigation); the answer says "attachment". */}
        <a href={href("/meus-dados/baixar")} className="btn btn-primary mt-4">
          Baixar meus dados
        </a>
      </TitledSection>

      <TitledSection id="excluir-titulo" title="Excluir minha conta" className="rounded-xl border border-red-200 bg-white p-5 shadow-sm">
        <p className="mt-2 text-sm text-slate-700">
          Apaga a sua conta e tudo o que está ligado a ela, inclusive as fotos. Os registros de pagamento de planos ficam guardados pelo
          prazo da legislação tributária, sem o seu nome, e-mail ou conta. Não dá para desfazer.
        </p>
        <Link to={href("/meus-dados/excluir")} className="btn mt-4 border border-red-300 bg-white text-red-700 hover:bg-red-50">
          Excluir minha conta
        </Link>
      </TitledSection>
    </div>
  );
}
