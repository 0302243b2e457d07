import { Link } from "react-router";
import type { Route } from "./+types/links-uteis";
import { ExternalLinkIcon } from "~/components/icons";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { pagePolicy } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({ light: true, cache: { params: {} } });
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export const meta: Route.MetaFunction = () => [
  { title: "Links Úteis | Patas Conectadas" },
  {
    name: "description",
    content: "Links úteis sobre adoção, proteção animal, saúde, legislação, denúncias de maus-tratos e comportamento de pets no Brasil.",
  },
];

type UsefulLink = { title: string; description: string; url: string };

const GROUPS: { title: string; links: UsefulLink[] }[] = [
  {
    title: "Adoção e Proteção Animal",
    links: [
      {
        title: "Ampara Animal",
        description: "OSCIP que apoia protetores e abrigos e divulga animais para adoção em todo o país.",
        url: "https://amparanimal.org.br",
      },
      {
        title: "SUIPA",
        description: "Sociedade União Internacional Protetora dos Animais, abrigo histórico no Rio de Janeiro.",
        url: "https://www.suipa.org.br",
      },
      {
        title: "Instituto Luisa Mell",
        description: "Resgate, recuperação e adoção de animais vítimas de abandono e maus-tratos.",
        url: "https://www.ilm.org.br",
      },
      {
        title: "Fórum Animal",
        description: "Fórum Nacional de Proteção e Defesa Animal, articulação de entidades de proteção.",
        url: "https://www.forumanimal.org",
      },
    ],
  },
  {
    title: "Saúde e Bem-estar",
    links: [
      {
        title: "CFMV — Conselho Federal de Medicina Veterinária",
        description: "Consulte se um médico-veterinário está registrado e veja orientações oficiais.",
        url: "https://www.cfmv.gov.br",
      },
      {
        title: "CRMV-SP",
        description: "Conselho Regional de Medicina Veterinária de São Paulo, com guias para tutores.",
        url: "https://www.crmvsp.gov.br",
      },
      {
        title: "Ministério da Saúde",
        description: "Informações sobre raiva, zoonoses e campanhas de vacinação.",
        url: "https://www.gov.br/saude",
      },
      {
        title: "Ministério da Agricultura e Pecuária",
        description: "Regras para viajar com cães e gatos, inclusive ao exterior.",
        url: "https://www.gov.br/agricultura",
      },
    ],
  },
  {
    title: "Legislação e Denúncias",
    links: [
      {
        title: "IBAMA — Linha Verde",
        description: "Canal federal de denúncias ambientais e de crimes contra a fauna (0800 061 8080).",
        url: "https://www.gov.br/ibama",
      },
      {
        title: "Lei de Crimes Ambientais (Lei nº 9.605/1998)",
        description: "O artigo 32 define como crime praticar maus-tratos contra animais.",
        url: "https://www.planalto.gov.br/ccivil_03/leis/l9605.htm",
      },
      {
        title: "Lei Sansão (Lei nº 14.064/2020)",
        description: "Aumenta a pena para maus-tratos contra cães e gatos.",
        url: "https://www.planalto.gov.br/ccivil_03/_ato2019-2022/2020/lei/l14064.htm",
      },
      {
        title: "Disque Denúncia",
        description: "Denúncias anônimas, inclusive de maus-tratos a animais, no Rio de Janeiro.",
        url: "https://www.disquedenuncia.org.br",
      },
    ],
  },
  {
    title: "Educação e Comportamento",
    links: [
      {
        title: "Cão Cidadão",
        description: "Dicas de adestramento positivo e comportamento de cães e gatos.",
        url: "https://www.caocidadao.com.br",
      },
      {
        title: "Proteção Animal Mundial",
        description: "Conteúdos sobre guarda responsável e bem-estar animal (World Animal Protection).",
        url: "https://www.worldanimalprotection.org.br",
      },
      {
        title: "FMVZ-USP",
        description: "Faculdade de Medicina Veterinária e Zootecnia da USP, com hospital veterinário-escola.",
        url: "https://www.fmvz.usp.br",
      },
      {
        title: "Instituto Nina Rosa",
        description: "Projetos educativos sobre respeito e ética com os animais.",
        url: "https://www.institutoninarosa.org.br",
      },
    ],
  },
];

export default function LinksUteis() {
  return (
    <div className="container-page py-10">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold text-slate-900">Links Úteis</h1>
        <p className="mt-2 text-slate-600">
          Reunimos sites de referência sobre adoção, saúde, direitos e comportamento animal para ajudar tutores, protetores e voluntários.
        </p>
      </header>

      <p role="note" className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        Os links externos são indicados apenas como referência e não representam endosso da Patas Conectadas. Não temos controle sobre o
        conteúdo, a disponibilidade ou as políticas de privacidade desses sites.
      </p>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {GROUPS.map((group) => (
          <section key={group.title} aria-label={group.title} className="card p-5">
            <h2 className="text-xl font-bold text-slate-900">{group.title}</h2>
            <ul className="mt-4 divide-y divide-slate-100">
              {group.links.map((link) => (
                <li key={link.url} className="py-3 first:pt-0 last:pb-0">
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-start gap-1.5 font-semibold break-words text-brand-700 hover:underline"
                  >
                    {link.title}
                    <ExternalLinkIcon className="mt-0.5 shrink-0" width={16} height={16} />
                    <span className="sr-only"> (abre em nova aba)</span>
                  </a>
                  <p className="mt-0.5 text-sm text-slate-600">{link.description}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <section
        aria-labelledby="sugerir"
        className="mt-10 flex flex-col items-start gap-4 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="sugerir" className="text-lg font-semibold text-slate-900">
            Conhece um site que deveria estar aqui?
          </h2>
          <p className="text-sm text-slate-600">Envie sua sugestão e nossa equipe vai avaliar.</p>
        </div>
        <Link to="/contato?assunto=Sugest%C3%A3o%20de%20link" className="btn btn-primary">
          Sugerir Link
        </Link>
      </section>
    </div>
  );
}
