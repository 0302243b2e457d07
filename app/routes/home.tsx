import type { ComponentProps, ReactNode } from "react";
import { href, Link } from "react-router";
import type { Route } from "./+types/home";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { DETAIL_KINDS, pagePolicy } from "~/lib/page-policy";
import { ClinicCard } from "~/components/cards/clinic-card";
import { EventCard } from "~/components/cards/event-card";
import { OrganizationCard } from "~/components/cards/organization-card";
import { PetCard } from "~/components/cards/pet-card";
import { ProductCard } from "~/components/cards/product-card";
import { ResolvedCasesStrip } from "~/components/ad-lifecycle";
import { HomeSection } from "~/components/home-section";
import { PawIcon } from "~/components/icons";
import { SearchBar } from "~/components/search-bar";
import { getDb } from "~/context.server";
import { brasiliaNow, formatCount } from "~/lib/format";
import { petAdChoiceOf } from "~/lib/pet-ad-choice";
import { pluralize } from "~/lib/text";
import { getHomePage } from "~/models/home.server";
import { NEARBY_CITY_ID, nearbyCityHtml } from "~/lib/nearby-city";
import { nearbyCityOf } from "~/platform/nearby-city.server";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({ light: true, cache: { params: {}, lists: DETAIL_KINDS } });
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export const meta: Route.MetaFunction = () => [
  { title: "Patas Conectadas | Pets perdidos, adoção, ONGs e serviços pet" },
  {
    name: "description",
    content: "Encontre pets perdidos, adote um amigo, conheça ONGs e eventos, produtos e clínicas veterinárias perto de você.",
  },
  { property: "og:title", content: "Patas Conectadas" },
  { property: "og:description", content: "Conectando corações e patas em todo o Brasil." },
  { property: "og:type", content: "website" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb(context);
  // 'Perto de você' (docs/decisions/0032): null on the shared cached copy, whose render
  // has no location; the Worker writes each visitor's link into that copy.
  const [home, nearby] = await Promise.all([getHomePage(db, brasiliaNow()), nearbyCityOf(db, request)]);
  return { ...home, nearby };
}

const CHIPS = [
  { href: "#pets-perdidos", label: "Pets Perdidos" },
  { href: "#adocao", label: "Pets para Adoção" },
  { href: "#ongs", label: "ONGs e Voluntários" },
  { href: "#produtos", label: "Produtos e Serviços Pets" },
  { href: "#clinicas", label: "Clínicas e Veterinários" },
];

// 'Perdi meu pet' and 'Encontrei um pet', in the words of the form they open.
const URGENT = [
  { ...petAdChoiceOf("perdido")!, style: "btn-primary" },
  { ...petAdChoiceOf("encontrado")!, style: "btn-accent" },
];

const STATS = [
  { key: "registered", label: "Pets Cadastrados", color: "text-brand-700", testId: "stat-registered" },
  { key: "found", label: "Pets Encontrados", color: "text-emerald-600", testId: "stat-found" },
  { key: "adopted", label: "Pets Adotados", color: "text-accent-600", testId: "stat-adopted" },
] as const;

type HomeList = "lostPets" | "adoptionPets" | "latestPets" | "products" | "clinics" | "organizations" | "events";

// The listing sections, in the page's order, every other one on a grey band.
const HOME_SECTIONS: ({ list: HomeList; count: (total: number) => string } & Omit<
  ComponentProps<typeof HomeSection>,
  "subtitle" | "isEmpty" | "tone" | "children"
>)[] = [
  {
    list: "lostPets",
    id: "pets-perdidos",
    title: "Pets Perdidos",
    count: (n) => `${pluralize(n, "pet perdido", "pets perdidos")} esperando para voltar para casa`,
    viewAllTo: "/pets?status=perdido",
    viewAllLabel: "Ver todos os perdidos",
    emptyMessage: "Nenhum pet encontrado.",
  },
  {
    list: "adoptionPets",
    id: "adocao",
    title: "Pets para Adoção",
    count: (n) => `${pluralize(n, "pet procurando", "pets procurando")} um lar`,
    viewAllTo: "/pets?status=adocao",
    viewAllLabel: "Ver todos para adoção",
    emptyMessage: "Nenhum pet encontrado.",
  },
  {
    list: "latestPets",
    id: "ultimos-pets",
    title: "Últimos Pets Cadastrados",
    // The ads listed now, not 'Pets Cadastrados' above, which counts every pet ever
    // registered, those gone home or adopted too (docs/decisions/0004).
    count: (n) => pluralize(n, "anúncio no ar", "anúncios no ar"),
    viewAllTo: "/pets",
    viewAllLabel: "Ver todos os pets",
    emptyMessage: "Nenhum pet encontrado.",
  },
  {
    list: "products",
    id: "produtos",
    title: "Produtos e Serviços",
    count: (n) => pluralize(n, "produto ou serviço", "produtos e serviços"),
    viewAllTo: "/produtos",
    viewAllLabel: "Ver todos os produtos",
    emptyMessage: "Nenhum produto encontrado.",
  },
  {
    list: "clinics",
    id: "clinicas",
    title: "Clínicas e Veterinários",
    count: (n) => pluralize(n, "clínica cadastrada", "clínicas cadastradas"),
    viewAllTo: "/clinicas",
    viewAllLabel: "Ver todas as clínicas",
    emptyMessage: "Nenhuma clínica encontrada.",
  },
  {
    list: "organizations",
    id: "ongs",
    title: "ONGs e Voluntários",
    count: (n) => pluralize(n, "organização", "organizações"),
    viewAllTo: "/ongs",
    viewAllLabel: "Ver todas as ONGs",
    emptyMessage: "Nenhuma organização encontrada.",
  },
  {
    list: "events",
    id: "eventos",
    title: "Próximos Eventos",
    count: (n) => pluralize(n, "evento agendado", "eventos agendados"),
    viewAllTo: "/eventos",
    viewAllLabel: "Ver todos os eventos",
    emptyMessage: "Nenhum evento encontrado no momento.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { stats, resolvedCases, lostPets, adoptionPets, latestPets, products, clinics, organizations, events, nearby } = loaderData;
  const cards: Record<HomeList, ReactNode> = {
    lostPets: lostPets.items.map((pet) => <PetCard key={pet.id} pet={pet} />),
    adoptionPets: adoptionPets.items.map((pet) => <PetCard key={pet.id} pet={pet} />),
    // A pet may be in a section above too: its card here has its own id (one id per page).
    latestPets: latestPets.items.map((pet) => <PetCard key={pet.id} pet={pet} idPrefix="ultimo-" />),
    products: products.items.map((product) => <ProductCard key={product.id} product={product} />),
    clinics: clinics.items.map((clinic) => <ClinicCard key={clinic.id} clinic={clinic} />),
    organizations: organizations.items.map((organization) => <OrganizationCard key={organization.id} organization={organization} />),
    events: events.items.map((event) => <EventCard key={event.id} event={event} />),
  };
  return (
    <>
      {/* On a phone the first screen holds the two urgent actions and the search; the
          spec's buttons, the welcome text and the counters follow them (docs/decisions/0041,
          "A home a thumb can cross"). */}
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page pt-5 text-center sm:pt-16">
          <PawIcon className="mx-auto hidden text-accent-500 sm:block" width={40} height={40} />
          <h1 className="mx-auto max-w-3xl text-2xl font-extrabold tracking-tight text-slate-900 sm:mt-3 sm:text-5xl">
            Conectando corações e patas
          </h1>
          {/* The two urgent jobs first, each straight to its form; the spec's two buttons
              follow (docs/decisions/0044). */}
          <ul className="mx-auto mt-4 grid max-w-xl gap-3 sm:mt-5 sm:grid-cols-2">
            {URGENT.map((choice) => (
              <li key={choice.aba}>
                <Link
                  to={`${href("/cadastrar-pet")}?aba=${choice.aba}`}
                  className={`btn ${choice.style} min-h-12 w-full text-base sm:min-h-14 sm:text-lg`}
                >
                  {choice.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div className="container-page mt-3 sm:mt-6">
          <SearchBar />
          {/* One escaped builder for this and the Worker's rewriter of the cached copy. */}
          <p
            id={NEARBY_CITY_ID}
            className="mt-3 text-center text-sm empty:hidden"
            dangerouslySetInnerHTML={{ __html: nearby ? nearbyCityHtml(nearby) : "" }}
          />
        </div>
        <div className="container-page pt-3 pb-5 text-center sm:pt-6 sm:pb-8">
          <div className="flex flex-wrap justify-center gap-3">
            <Link to={href("/cadastrar-pet")} className="btn btn-outline bg-white px-6">
              Cadastrar Pet
            </Link>
            <Link to={href("/buscar-pets")} className="btn btn-outline bg-white px-6">
              Buscar Pets
            </Link>
          </div>
          <p className="mx-auto mt-3 max-w-2xl text-sm text-slate-600 sm:mt-4 sm:text-lg">
            Ajude pets perdidos a voltar para casa, encontre um novo amigo para adotar e conheça quem cuida dos animais na sua cidade.
          </p>
          {/* Each counter is a dt/dd group (a div in a dl may only wrap those, term first);
              the number is shown above its label by flex-col-reverse. */}
          <dl className="mx-auto mt-3 grid max-w-2xl grid-cols-3 gap-2 rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200 sm:mt-8 sm:p-4">
            {STATS.map(({ key, label, color, testId }) => (
              <div key={key} className="flex flex-col-reverse">
                <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
                <dd className={`text-lg font-extrabold sm:text-3xl ${color}`} data-testid={testId}>
                  {formatCount(stats[key])}
                </dd>
              </div>
            ))}
          </dl>
          {/* One row that scrolls sideways on a phone, instead of four rows of chips. */}
          <nav aria-label="Atalhos" className="mt-3 sm:mt-4">
            <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:justify-center sm:px-0">
              {CHIPS.map((chip) => (
                <li key={chip.href} className="shrink-0">
                  <a href={chip.href} className="chip chip-light whitespace-nowrap">
                    {chip.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>

      <ResolvedCasesStrip cases={resolvedCases} />

      {HOME_SECTIONS.map(({ list, count, ...section }, index) => (
        <HomeSection
          key={section.id}
          {...section}
          subtitle={count(loaderData[list].total)}
          isEmpty={loaderData[list].items.length === 0}
          tone={index % 2 === 1 ? "muted" : "white"}
        >
          {cards[list]}
        </HomeSection>
      ))}
    </>
  );
}
