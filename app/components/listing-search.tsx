import { Form, Link, useLocation } from "react-router";
import { SearchIcon } from "~/components/icons";

/** A GET search box for a listing page (name, description or location). */
export function ListingSearch({
  q,
  placeholder,
  keep = {},
}: {
  q: string;
  placeholder: string;
  /** Other filters the search keeps (e.g. the category on /produtos). */
  keep?: Record<string, string>;
}) {
  const { pathname } = useLocation();
  return (
    <Form method="get" action={pathname} role="search" className="flex max-w-xl flex-wrap gap-2">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
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
