import { Form, Link, useLocation } from "react-router";
import { CityFilterFields, CityFilterNotice } from "~/components/city-filter";
import { type CityFilterState, NO_CITY_FILTER } from "~/lib/city-filter";

/**
 * A GET search box for a listing page (name, description or location), with the city
 * filter (`cidade`, `raio`: docs/decisions/0032) and what the page says about that city.
 */
export function ListingSearch({
  q,
  placeholder,
  keep = {},
  city = NO_CITY_FILTER,
}: {
  q: string;
  placeholder: string;
  /** Other filters the search keeps (e.g. the category on /produtos). */
  keep?: Record<string, string>;
  city?: CityFilterState;
}) {
  const { pathname } = useLocation();
  return (
    <>
      <Form method="get" action={pathname} role="search" className="flex max-w-xl flex-col gap-2">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="flex flex-wrap gap-2">
          <label className="sr-only" htmlFor="listagem-q">
            Buscar
          </label>
          <input
            id="listagem-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder={placeholder}
            className="input min-w-0 flex-1"
            maxLength={100}
          />
          <button type="submit" className="icon-search btn btn-primary">
            Buscar
          </button>
          {q || city.state !== "none" ? (
            <Link to={pathname} className="btn btn-ghost">
              Limpar
            </Link>
          ) : null}
        </div>
        <CityFilterFields city={city} idPrefix="listagem" />
      </Form>
      <CityFilterNotice city={city} />
    </>
  );
}
