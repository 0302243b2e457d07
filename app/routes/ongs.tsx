import { href } from "react-router";
import type { Route } from "./+types/ongs";
import { ORGANIZATION_LISTING_CACHE, ORGANIZATION_LISTING_META, OrganizationListing } from "~/components/organization-listing";
import { loadOrganizationListing } from "~/services/organizations.server";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { pagePolicy } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042), kept
// in the edge cache as the listing is under either URL.
export const handle = pagePolicy({ light: true, cache: ORGANIZATION_LISTING_CACHE });
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export const meta: Route.MetaFunction = () => ORGANIZATION_LISTING_META;

// The same listing as /ver-ongs (docs/decisions/0016), with type filters as links.
export function loader({ request, context }: Route.LoaderArgs) {
  return loadOrganizationListing(context, request);
}

export default function Ongs({ loaderData }: Route.ComponentProps) {
  return <OrganizationListing basePath={href("/ongs")} {...loaderData} />;
}
