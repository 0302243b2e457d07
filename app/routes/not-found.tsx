import { NotFound } from "~/components/not-found";
import { notFound } from "~/lib/not-found";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { pagePolicy } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042).
export const handle = pagePolicy({ light: true });
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

// Any path no other route claims: the 404 page, inside the normal layout, status 404.
export function loader() {
  throw notFound();
}

export function action() {
  throw notFound();
}

// Rendered only through the general boundary (app/root.tsx: the page and its title, the
// loader throws); the default export makes this a page that renders HTML rather than a
// resource route.
export default function NotFoundRoute() {
  return <NotFound />;
}
