import { href, Link } from "react-router";
import { PetCard } from "~/components/cards/pet-card";
import { NearbyOrganizations } from "~/components/nearby-organizations";
import { pageMeta } from "~/lib/page-meta";
import { CITY_SEGMENTS, type PageCachePolicy } from "~/lib/page-policy";
import type { OrganizationCardData } from "~/components/cards/organization-card";

type Status = "perdido" | "adocao";

const TEXTS: Record<
  Status,
  { heading: (city: string) => string; description: (city: string) => string; empty: (city: string) => string; alert: string }
> = {
  perdido: {
    heading: (city) => `Pets perdidos em ${city} e região`,
    description: (city) => `Cachorros, gatos e outros pets perdidos em ${city} e nas cidades a até 25 km. Viu algum? Avise o tutor.`,
    empty: (city) => `Nenhum pet perdido anunciado em ${city} e região no momento.`,
    alert: "Avise-me quando aparecer um pet perdido aqui",
  },
  adocao: {
    heading: (city) => `Pets para adoção em ${city} e região`,
    description: (city) => `Cachorros, gatos e outros pets para adoção em ${city} e nas cidades a até 25 km.`,
    empty: (city) => `Nenhum pet para adoção anunciado em ${city} e região no momento.`,
    alert: "Avise-me quando aparecer um pet para adoção aqui",
  },
};

/**
 * How the edge cache keeps a city page, for cookie-less visitors (docs/decisions/0019): no
 * query parameter is read, and no write purges it: it ages out within the fresh window
 * (docs/decisions/0032).
 */
export const CITY_PAGE_CACHE: PageCachePolicy = { params: {}, segments: CITY_SEGMENTS };

/** Title, description and Open Graph tags of a city page (docs/decisions/0032, City pages). */
export function cityPageMeta(data: { status: Status; label: string; url: string } | undefined) {
  if (!data) return [{ title: "Cidade não encontrada | Patas Conectadas" }];
  const texts = TEXTS[data.status];
  const title = `${texts.heading(data.label)} | Patas Conectadas`;
  const description = texts.description(data.label);
  return pageMeta({ title, description, url: data.url, type: "website" });
}

export interface CityPageData {
  status: Status;
  label: string;
  items: Parameters<typeof PetCard>[0]["pet"][];
  more: boolean;
  searchPath: string;
  alertCriteria: string;
  nearby: { label: string; path: string }[];
  /** An adoption page without pets: the NGOs near the city (docs/decisions/0047). */
  nearbyOrganizations: { place: string; items: OrganizationCardData[]; allPath: string } | null;
}

/** The open ads of a city and its region, 'Avise-me' for it, and the nearby cities. */
export function CityPetsPage({ data }: { data: CityPageData }) {
  const texts = TEXTS[data.status];
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold text-slate-900">{texts.heading(data.label)}</h1>
      <p className="mt-2 text-slate-600">{texts.description(data.label)}</p>
      <p className="mt-4">
        <Link to={`${href("/alertas/novo")}?${data.alertCriteria}`} className="btn btn-outline">
          {texts.alert}
        </Link>
      </p>
      <section aria-labelledby="anuncios" className="mt-6">
        <h2 id="anuncios" className="sr-only">
          Anúncios
        </h2>
        {data.items.length === 0 ? (
          <>
            <p className="rounded-lg border border-dashed border-slate-300 p-10 text-center text-slate-600">{texts.empty(data.label)}</p>
            {data.nearbyOrganizations ? <NearbyOrganizations offer={data.nearbyOrganizations} /> : null}
          </>
        ) : (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.items.map((pet) => (
              <PetCard key={pet.id} pet={pet} />
            ))}
          </div>
        )}
        {data.more ? (
          <p className="mt-6 text-center">
            <Link to={data.searchPath} className="btn btn-primary">
              Ver todos os anúncios
            </Link>
          </p>
        ) : null}
      </section>
      {data.nearby.length ? (
        <nav aria-labelledby="cidades-proximas" className="mt-10">
          <h2 id="cidades-proximas" className="text-lg font-semibold text-slate-900">
            Cidades próximas
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {data.nearby.map((city) => (
              <li key={city.path}>
                <Link to={city.path} className="chip border-slate-300 font-normal text-slate-700 hover:border-brand-500">
                  {city.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
