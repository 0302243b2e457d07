import { Link } from "react-router";
import type { Route } from "./+types/quem-somos";
import { ArrowRightIcon, PawIcon } from "~/components/icons";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { pagePolicy } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({ light: true, cache: { params: {} } });
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export const meta: Route.MetaFunction = () => [
  { title: "Quem Somos | Patas Conectadas" },
  {
    name: "description",
    content:
      "Desde 2019 a Patas Conectadas une tutores, ONGs, voluntários e empresas para reencontrar pets perdidos e incentivar a adoção responsável.",
  },
];

const STATS = [
  { value: "+5.000", label: "pets reencontrados", color: "text-emerald-600" },
  { value: "3.500", label: "pets adotados", color: "text-accent-600" },
  { value: "+150", label: "ONGs e voluntários parceiros", color: "text-brand-700" },
];

const VALUES = [
  {
    title: "Amor pelos animais",
    text: "Cada pet importa. Tudo o que fazemos começa pelo bem-estar de cães, gatos e outros bichos.",
  },
  {
    title: "Adoção responsável",
    text: "Incentivamos a adoção consciente e não permitimos a venda de animais na plataforma.",
  },
  {
    title: "Comunidade",
    text: "Tutores, vizinhos, ONGs e empresas trabalhando juntos fazem um pet voltar para casa mais rápido.",
  },
  {
    title: "Transparência",
    text: "Regras claras, moderação ativa e respeito aos seus dados, de acordo com a LGPD.",
  },
];

const AUDIENCES = [
  {
    title: "Tutores",
    text: "Anuncie gratuitamente um pet perdido, encontrado ou para adoção, receba contatos pelo WhatsApp e acompanhe seus anúncios no painel.",
    to: "/cadastrar-pet",
    cta: "Cadastrar um pet",
  },
  {
    title: "ONGs e voluntários",
    text: "Crie o perfil da sua organização, divulgue animais para adoção, publique eventos e feiras e receba o apoio de quem mora perto.",
    to: "/cadastrar-ong",
    cta: "Cadastrar ONG",
  },
  {
    title: "Empresas e clínicas",
    text: "Apresente produtos, serviços e clínicas veterinárias para uma comunidade apaixonada por pets, com planos a partir de grátis.",
    to: "/empresa-landing",
    cta: "Conhecer os planos",
  },
];

export default function QuemSomos() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page pt-10 pb-8 text-center sm:pt-16">
          <PawIcon className="mx-auto text-accent-500" width={40} height={40} />
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">Quem Somos</h1>
          <p className="mx-auto mt-4 max-w-2xl text-base text-slate-600 sm:text-lg">
            A Patas Conectadas é uma comunidade brasileira que conecta corações e patas: ajudamos pets perdidos a voltar para casa e animais
            abandonados a encontrar uma família.
          </p>
          <dl className="mx-auto mt-8 grid max-w-3xl grid-cols-1 gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-3">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse">
                <dt className="text-sm text-slate-600">{stat.label}</dt>
                <dd className={`text-3xl font-extrabold ${stat.color}`}>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className="container-page py-10">
        <div className="prose-page mx-auto max-w-3xl">
          <h2>Nossa missão</h2>
          <p>
            Reduzir o número de animais perdidos e abandonados no Brasil, facilitando o reencontro entre pets e tutores e aproximando quem
            quer adotar de quem cuida de animais à espera de um lar. Acreditamos que informação rápida, no lugar certo, salva vidas.
          </p>

          <h2>Nossa história</h2>
          <p>
            Tudo começou em 2019, quando um grupo de amigos passou semanas colando cartazes para encontrar uma cachorrinha que havia fugido
            durante uma queima de fogos. Os anúncios estavam espalhados por grupos de mensagens e redes sociais, e ninguém conseguia ver
            tudo em um só lugar. Daquela busca nasceu a ideia de uma plataforma simples, gratuita e feita para a comunidade.
          </p>
          <p>
            Desde então, a Patas Conectadas cresceu com a ajuda de tutores, protetores independentes, ONGs, clínicas veterinárias e empresas
            do setor pet. Hoje somos mais de 5.000 pets reencontrados e 3.500 adoções realizadas, e cada história nos lembra por que
            começamos.
          </p>
        </div>

        <section aria-labelledby="valores" className="mt-12">
          <h2 id="valores" className="text-center text-2xl font-bold text-slate-900">
            Nossos valores
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((value) => (
              <li key={value.title} className="card p-5">
                <PawIcon className="text-brand-600" width={24} height={24} />
                <h3 className="mt-3 font-semibold text-slate-900">{value.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{value.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="como-funciona" className="mt-12">
          <h2 id="como-funciona" className="text-center text-2xl font-bold text-slate-900">
            Como funciona para você
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {AUDIENCES.map((audience) => (
              <li key={audience.title} className="card flex flex-col p-5">
                <h3 className="text-lg font-semibold text-slate-900">{audience.title}</h3>
                <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{audience.text}</p>
                <Link to={audience.to} className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
                  {audience.cta} <ArrowRightIcon width={16} height={16} />
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="faca-parte" className="mt-12 rounded-2xl bg-brand-700 px-6 py-10 text-center text-white">
          <h2 id="faca-parte" className="text-2xl font-bold">
            Faça parte dessa rede
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-brand-100">
            Cadastre um pet, compartilhe anúncios da sua região ou fale com a gente para criar uma parceria.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/cadastrar-pet" className="btn btn-accent px-6">
              Cadastrar Pet
            </Link>
            <Link to="/contato" className="btn border border-white px-6 text-white hover:bg-brand-800">
              Fale Conosco
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
