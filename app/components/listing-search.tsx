import { Form, Link, useLocation } from "react-router";
import { SearchIcon } from "~/components/icons";

/** A GET search box for a listing page (name, description or location). */
export function ListingSearch({ q, placeholder }: { q: string; placeholder: string }) {
  const { pathname } = useLocation();
  return (
    <Form method="get" action={pathname} role="search" className="flex max-w-xl flex-wrap gap-2">
      <label className="sr-only" htmlFor="listagem-q">
        Buscar
      </label>
      <input id="listagem-q" name="q" type="search" defaultValue={q} placeholder={placeholder} className="input min-w-0 flex-1" maxLength={100} />
      <button type="submit" className="btn btn-primary">
        <SearchIcon width={18} height={18} /> Buscar
      </button>
      {q ? (
        <Link to={pathname} className="btn btn-ghost">
          Limpar
        </Link>
      ) : null}
    </Form>
  );
}
