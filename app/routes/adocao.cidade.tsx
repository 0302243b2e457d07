import type { Route } from "./+types/adocao.cidade";
import { CityPageErrorBoundary, cityPageMeta, CityPetsPage } from "~/components/city-pets-page";
import { loadCityPage } from "~/services/city-pages.server";
import { LIGHT_PAGE, LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042).
export const handle = LIGHT_PAGE;
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

// A city's page for people who search the web for "adotar gato jundiaí" (docs/decisions/0032, City pages).
export const meta: Route.MetaFunction = ({ loaderData }) => cityPageMeta(loaderData);

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadCityPage(context, request, params, "adocao");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CityPetsPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CityPageErrorBoundary error={error} />;
}
