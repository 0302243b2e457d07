import { href } from "react-router";
import type { Route } from "./+types/ongs";
import { OrganizationListing } from "~/components/organization-listing";
import { loadOrganizationListing } from "~/services/organizations.server";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { pagePolicy, radiusAsRead } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({
  light: true,
  cache: { params: { q: "first", categoria: "first", cidade: "first", raio: radiusAsRead, page: "first" }, lists: ["organization"] },
});
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export const meta: Route.MetaFunction = () => [
  { title: "Todas as ONGs | Patas Conectadas" },
  { name: "description", content: "ONGs, abrigos, protetores e voluntários da causa animal." },
];

// The same listing as /ver-ongs (docs/decisions/0016), with type filters as links.
export function loader({ request, context }: Route.LoaderArgs) {
  return loadOrganizationListing(context, request);
}

export default function Ongs({ loaderData }: Route.ComponentProps) {
  return <OrganizationListing basePath={href("/ongs")} {...loaderData} />;
}
