import { data } from "react-router";
import { NotFound } from "~/components/not-found";

// Any path no other route claims: the 404 page, inside the normal layout, status 404.
export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Página não encontrada | Patas Conectadas" }];

export default function NotFoundRoute() {
  return <NotFound />;
}
