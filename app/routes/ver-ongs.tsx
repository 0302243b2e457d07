import { href } from "react-router";
import type { Route } from "./+types/ver-ongs";
import { ORGANIZATION_LISTING_CACHE, ORGANIZATION_LISTING_META, OrganizationListing } from "~/components/organization-listing";
import { loadOrganizationListing } from "~/services/organizations.server";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { pagePolicy } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042), kept
// in the edge cache as the listing is under either URL.
export const handle = pagePolicy({ light: true, cache: ORGANIZATION_LISTING_CACHE });
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export const meta: Route.MetaFunction = () => [
  ...ORGANIZATION_LISTING_META,
  // The same list as /ongs: search engines index that one.
  { tagName: "link", rel: "canonical", href: "/ongs" },
];

// Spec §2: /ver-ongs is the organizations list, the same as /ongs under this URL
// ('Ver outras ONGs' links here; docs/decisions/0016).
export function loader({ request, context }: Route.LoaderArgs) {
  return loadOrganizationListing(context, request);
}

export default function VerOngs({ loaderData }: Route.ComponentProps) {
  return <OrganizationListing basePath={href("/ver-ongs")} {...loaderData} />;
}
