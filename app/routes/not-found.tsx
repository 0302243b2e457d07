import { NotFound } from "~/components/not-found";
import { notFound } from "~/lib/not-found";

// Any path no other route claims: the 404 page, inside the normal layout, status 404.
export function loader() {
  throw notFound();
}

export function action() {
  throw notFound();
}

export const meta = () => [{ title: "Página não encontrada | Patas Conectadas" }];

// Rendered only through the boundary (the loader throws); the default export makes this a
// page that renders HTML rather than a resource route.
export default function NotFoundRoute() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
