import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { CityFilterNotice, CityInput, RadiusField } from "~/components/city-filter";
import { type CityFilterState, NO_CITY_FILTER } from "~/lib/city-filter";

// A search starts with results on a phone (docs/decisions/0033, "One line of search, the
// rest behind 'Filtros'"): the words and the city on one line with the button, every
// other filter in a <details> closed on phones and always open from md up (app.css).

/** The words a line searches: the field's placeholder, and its label for screen readers. */
export interface SearchLineQuery {
  value: string;
  placeholder: string;
  label: string;
}

/** The line: the words (where the page searches words), the city and the button. */
export function SearchLine({
  idPrefix,
  query,
  city,
  submit,
}: {
  idPrefix: string;
  query?: SearchLineQuery;
  city: CityFilterState;
  submit: string;
}) {
  return (
    <div className="flex max-w-2xl gap-2">
      {query ? (
        <>
          <label className="sr-only" htmlFor={`${idPrefix}-q`}>
            {query.label}
          </label>
          <input
            id={`${idPrefix}-q`}
            name="q"
            type="search"
            defaultValue={query.value}
            placeholder={query.placeholder}
            className="input min-w-0 flex-1"
            maxLength={100}
          />
        </>
      ) : null}
      <CityInput city={city} id={`${idPrefix}-cidade`} />
      {/* Beside two fields a phone has room for the icon only; the word stays its name. */}
      <button type="submit" className="icon-search btn btn-primary shrink-0">
        <span className={query ? "max-sm:sr-only" : undefined}>{submit}</span>
      </button>
    </div>
  );
}

/** 'Filtros (n)': the other filters, folded on phones (unless `open`), open from md up. */
export function FiltersPanel({
  active,
  open = false,
  className = "",
  children,
}: {
  active: number;
  open?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <details className={`search-filters ${className}`} open={open}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-slate-300 px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50">
        Filtros{active ? ` (${active})` : ""}
      </summary>
      <div className="mt-3 space-y-3 md:mt-0">{children}</div>
    </details>
  );
}

/**
 * A listing's GET search (name, description or location, where the page searches words)
 * with the city (`cidade`, `raio`: docs/decisions/0032) and what the page says about that
 * city. The page's own filters (category links) go in 'Filtros' after the distance.
 */
export function ListingSearch({
  q,
  placeholder = "",
  keep = {},
  city = NO_CITY_FILTER,
  submit = "Buscar",
  active = 0,
  children,
}: {
  /** The words searched; absent where the page searches none (/eventos). */
  q?: string;
  placeholder?: string;
  /** Other filters the search keeps (e.g. the category on /produtos). */
  keep?: Record<string, string>;
  city?: CityFilterState;
  submit?: string;
  /** How many of the page's own filters (`children`) are on. */
  active?: number;
  children?: ReactNode;
}) {
  const { pathname } = useLocation();
  const query = q === undefined ? undefined : { value: q, placeholder, label: "Buscar" };
  const filtersOn = active + (city.radius ? 1 : 0);
  return (
    <>
      <Form method="get" action={pathname} role="search">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <SearchLine idPrefix="listagem" query={query} city={city} submit={submit} />
        <FiltersPanel active={filtersOn} className="mt-3">
          <div className="flex flex-wrap items-end gap-2">
            <RadiusField radius={city.radius} id="listagem-raio" />
            <button type="submit" className="btn btn-outline">
              Aplicar
            </button>
            {q || city.state !== "none" || city.radius ? (
              <Link to={{ pathname, search: new URLSearchParams(keep).toString() }} className="btn btn-ghost">
                Limpar
              </Link>
            ) : null}
          </div>
          {children}
        </FiltersPanel>
      </Form>
      <CityFilterNotice city={city} />
    </>
  );
}
