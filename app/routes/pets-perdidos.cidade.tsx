import type { Route } from "./+types/pets-perdidos.cidade";
import { CITY_PAGE_CACHE, cityPageMeta, CityPetsPage } from "~/components/city-pets-page";
import { loadCityPage } from "~/services/city-pages.server";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { pagePolicy } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042), kept
// in the edge cache as every city page is.
export const handle = pagePolicy({ light: true, cache: CITY_PAGE_CACHE });
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

// A city's page for people who search the web for "cachorro perdido jundiaí" (docs/decisions/0032, City pages).
export const meta: Route.MetaFunction = ({ loaderData }) => cityPageMeta(loaderData);

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadCityPage(context, request, params, "perdido");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CityPetsPage data={loaderData} />;
}
